// JSON forms of a split run's records (reducelab/split_plan.h), for results and session files.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/split_plan.h"

namespace reducelab {

nlohmann::json to_json(const DeviceShare& share);
DeviceShare device_share_from_json(const nlohmann::json& json);
nlohmann::json to_json(const SplitResult& result);
// Strict inverse of to_json(SplitResult) (a GUI session keeps the split window's last result):
// throws Error(Io) "split result: <where>: <why>". The plan's split overhead is not in the JSON.
SplitResult split_result_from_json(const nlohmann::json& json);

}  // namespace reducelab
