// The derived figures of a step-mode round: active work-items, active and divergent warps, and
// local-memory bank conflicts, for a hardware model (warp width, banks, bank width, cell bytes).
#pragma once

#include <cstdint>
#include <span>
#include <string_view>
#include <vector>

#include "reducelab/trace_types.h"

namespace reducelab {

// Throws Error(InvalidArgument) naming the bad figure: the warp width must be 4, 8, 16, 32 or
// 64, the bank count a power of two from 1 to 64, the bank width 4 or 8 bytes, the cell 1 to
// 64 bytes.
void check_model(const AnalysisModel& model);

// Consecutive lanes a warp access is served in at once: bank count x bank width bytes of cells,
// at least 1 and at most the warp width.
unsigned lanes_per_transaction(const AnalysisModel& model);

// The bank of a byte address: (address / bank width) mod bank count.
std::uint32_t bank_of(std::uint64_t byte_address, const AnalysisModel& model);

// One lane's access to local memory in one phase of a round.
struct LaneAccess {
    std::uint32_t work_item = 0;
    std::uint64_t index = 0;  // cell index in local memory (byte address = index x cell bytes)
};

// The bank conflicts of one phase ("read a", "read b", "write") of a round: lanes are grouped
// into warps and transactions by work-item id; a cell spanning several banks touches each. In
// every bank, accesses to the same bank-width word are one broadcast; the degree is the number
// of distinct words. Only banks with degree >= 2 are returned, ordered by warp, transaction, bank.
std::vector<BankConflict> find_bank_conflicts(std::span<const LaneAccess> lanes,
                                              const AnalysisModel& model, std::string_view phase);

// Fills a round's derived figures (counts, warps, conflicts) from its active mask and accesses.
void analyse_round(TraceRound& round, const AnalysisModel& model);

}  // namespace reducelab
