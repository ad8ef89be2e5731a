// JSON forms of a split run's records (reducelab/split_plan.h), for results and session files.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/accumulator.h"
#include "reducelab/split_plan.h"

namespace reducelab {

// The split file's version (run --json --devices/--split, run --mpi;
// docs/schema/split.schema.json): 2 writes µs (*_us) and the results file's value shape; version 1
// had no "schema" field, wrote ms
// (*_ms) and mixed value shapes, and is still read.
inline constexpr const char* kSplitSchema = "reducelab-split/2";
inline constexpr int kSplitVersion = 2;

nlohmann::json to_json(const DeviceShare& share);
// A share as to_json(DeviceShare) of `version` wrote it; `spec`, the split's accumulator, says
// whether the partial is a float and has an index (without it: a float, indexed if it has one).
DeviceShare device_share_from_json(const nlohmann::json& json, int version = kSplitVersion,
                                   const AccumulatorSpec* spec = nullptr);
nlohmann::json to_json(const SplitResult& result);
// Strict inverse of to_json(SplitResult) (a GUI session keeps the split window's last result):
// throws Error(Io) "split result: <where>: <why>". The plan's split overhead is not in the JSON.
SplitResult split_result_from_json(const nlohmann::json& json);

}  // namespace reducelab
