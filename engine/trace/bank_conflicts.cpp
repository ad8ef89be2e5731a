// Derived figures of a round: warps, divergence and bank conflicts.
#include "trace/bank_conflicts.h"

#include <algorithm>
#include <string>
#include <tuple>

#include "reducelab/error.h"

namespace reducelab {
namespace {

bool power_of_two(std::uint64_t x) {
    return x != 0 && (x & (x - 1)) == 0;
}

// One bank-width word a lane touches.
struct Touch {
    std::uint32_t warp;
    std::uint32_t transaction;
    std::uint32_t bank;
    std::uint64_t word;
    std::uint32_t work_item;
    std::uint64_t index;

    auto key() const { return std::tie(warp, transaction, bank, word, work_item, index); }
};

}  // namespace

void check_model(const AnalysisModel& model) {
    const unsigned w = model.warp_width;
    if (w < 4 || w > 64 || !power_of_two(w))
        throw Error(ErrorKind::InvalidArgument,
                    "warp width " + std::to_string(w) +
                        " is not one of 16, 32, 64 (device widths) or 4, 8 (to zoom in on small "
                        "work-groups)");
    if (model.bank_count < 1 || model.bank_count > 64 || !power_of_two(model.bank_count))
        throw Error(ErrorKind::InvalidArgument, "bank count " + std::to_string(model.bank_count) +
                                                    " is not a power of two from 1 to 64");
    if (model.bank_width != 4 && model.bank_width != 8)
        throw Error(ErrorKind::InvalidArgument,
                    "bank width " + std::to_string(model.bank_width) + " bytes is not 4 or 8");
    if (model.element_bytes < 1 || model.element_bytes > 64)
        throw Error(ErrorKind::InvalidArgument, "a local-memory cell of " +
                                                    std::to_string(model.element_bytes) +
                                                    " bytes is outside 1 to 64");
}

unsigned lanes_per_transaction(const AnalysisModel& model) {
    const std::size_t bytes = std::size_t{model.bank_count} * model.bank_width;
    const std::size_t lanes = bytes / std::max<std::size_t>(1, model.element_bytes);
    return static_cast<unsigned>(std::clamp<std::size_t>(lanes, 1, model.warp_width));
}

std::uint32_t bank_of(std::uint64_t byte_address, const AnalysisModel& model) {
    return static_cast<std::uint32_t>((byte_address / model.bank_width) % model.bank_count);
}

std::vector<BankConflict> find_bank_conflicts(std::span<const LaneAccess> lanes,
                                              const AnalysisModel& model, std::string_view phase) {
    const unsigned per_transaction = lanes_per_transaction(model);
    std::vector<Touch> touches;
    touches.reserve(lanes.size() * 2);
    for (const LaneAccess& lane : lanes) {
        const std::uint64_t first_byte = lane.index * model.element_bytes;
        const std::uint64_t last_byte = first_byte + model.element_bytes - 1;
        const auto lane_in_warp = lane.work_item % model.warp_width;
        for (std::uint64_t word = first_byte / model.bank_width;
             word <= last_byte / model.bank_width; ++word)
            touches.push_back({lane.work_item / model.warp_width, lane_in_warp / per_transaction,
                               static_cast<std::uint32_t>(word % model.bank_count), word,
                               lane.work_item, lane.index});
    }
    std::ranges::sort(touches, {}, [](const Touch& t) { return t.key(); });

    std::vector<BankConflict> conflicts;
    for (std::size_t begin = 0; begin < touches.size();) {
        std::size_t end = begin;
        std::uint32_t distinct_words = 0;
        for (; end < touches.size() && touches[end].warp == touches[begin].warp &&
               touches[end].transaction == touches[begin].transaction &&
               touches[end].bank == touches[begin].bank;
             ++end)
            if (end == begin || touches[end].word != touches[end - 1].word) ++distinct_words;
        if (distinct_words >= 2) {
            BankConflict conflict;
            conflict.warp = touches[begin].warp;
            conflict.transaction = touches[begin].transaction;
            conflict.phase = std::string(phase);
            conflict.bank = touches[begin].bank;
            conflict.degree = distinct_words;
            std::vector<std::pair<std::uint32_t, std::uint64_t>> lanes_here;
            for (std::size_t i = begin; i < end; ++i)
                lanes_here.emplace_back(touches[i].work_item, touches[i].index);
            std::ranges::sort(lanes_here);
            // std::unique, not std::ranges::unique: clang 14 (the fuzz build) cannot compile
            // libstdc++ 12's subrange.
            lanes_here.erase(std::unique(lanes_here.begin(), lanes_here.end()), lanes_here.end());
            for (const auto& [work_item, index] : lanes_here) {
                conflict.work_items.push_back(work_item);
                conflict.indices.push_back(static_cast<std::uint32_t>(index));
            }
            conflicts.push_back(std::move(conflict));
        }
        begin = end;
    }
    return conflicts;
}

void analyse_round(TraceRound& round, const AnalysisModel& model) {
    const std::size_t size = round.active.size();
    round.active_work_items = static_cast<unsigned>(std::ranges::count(round.active, true));
    round.active_warps = 0;
    round.divergent_warps = 0;
    for (std::size_t first = 0; first < size; first += model.warp_width) {
        const std::size_t last = std::min(size, first + model.warp_width);
        std::size_t active = 0;
        for (std::size_t i = first; i < last; ++i) active += round.active[i] ? 1 : 0;
        if (active > 0) ++round.active_warps;
        if (active > 0 && active < last - first) ++round.divergent_warps;
    }

    std::vector<LaneAccess> read_a, read_b, write;
    for (const Access& a : round.accesses) {
        read_a.push_back({a.work_item, a.read_a});
        read_b.push_back({a.work_item, a.read_b});
        write.push_back({a.work_item, a.write});
    }
    round.conflicts.clear();
    for (auto [lanes, phase] :
         {std::pair{&read_a, "read a"}, std::pair{&read_b, "read b"}, std::pair{&write, "write"}}) {
        auto found = find_bank_conflicts(*lanes, model, phase);
        round.conflicts.insert(round.conflicts.end(), std::make_move_iterator(found.begin()),
                               std::make_move_iterator(found.end()));
    }
    round.bank_conflicts = 0;
    round.max_conflict_degree = 1;
    for (const BankConflict& c : round.conflicts) {
        round.bank_conflicts += c.degree - 1;
        round.max_conflict_degree = std::max(round.max_conflict_degree, c.degree);
    }
}

}  // namespace reducelab
