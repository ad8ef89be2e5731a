// JSON form of a step trace (nlohmann::json), for the CLI's --json and saved traces.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/trace_types.h"

namespace reducelab {

nlohmann::json to_json(const TraceRequest& request);
nlohmann::json to_json(const TraceRound& round);
nlohmann::json to_json(const GroupTrace& group);
nlohmann::json to_json(const StepTrace& trace);

}  // namespace reducelab
