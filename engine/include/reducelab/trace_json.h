// JSON form of a step trace (nlohmann::json), for the CLI's --json and saved traces.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/trace_types.h"

namespace reducelab {

// The step trace's version (trace --json, a session's traces; docs/schema/trace.schema.json):
// 2 writes the trace's wall time in µs (elapsed_us); version 1 had no "schema" field and wrote
// elapsed_ms, and still reads (trace_from_json, reducelab/session_file.h).
inline constexpr const char* kTraceSchema = "reducelab-trace/2";

nlohmann::json to_json(const TraceRequest& request);
nlohmann::json to_json(const TraceRound& round);
nlohmann::json to_json(const GroupTrace& group);
nlohmann::json to_json(const StepTrace& trace);

}  // namespace reducelab
