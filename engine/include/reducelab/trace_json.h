// JSON form of a step trace (nlohmann::json), for the CLI's --json and saved traces.
#pragma once

#include <nlohmann/json.hpp>

#include "reducelab/trace_types.h"

namespace reducelab {

// The step trace's version (trace --json, a session's traces; docs/schema/trace.schema.json):
// 3 writes its cells and partials in the results file's value shape (put_value: numbers, null
// spelled in *_text, argmin/argmax's indices in *_index) and the bank width as bank_width_bytes;
// 2 wrote the cells as to_json(Value) and bank_width; 1 had no "schema" field and wrote the wall
// time in ms (elapsed_ms, since elapsed_us). 1 and 2 still read (trace_from_json,
// reducelab/session_file.h).
inline constexpr const char* kTraceSchema = "reducelab-trace/3";
inline constexpr const char* kTraceSchemaV2 = "reducelab-trace/2";

nlohmann::json to_json(const TraceRequest& request);
// `indexed_cells`: argmin/argmax, whose cells carry an index (written even for no cell).
nlohmann::json to_json(const TraceRound& round, bool indexed_cells);
nlohmann::json to_json(const GroupTrace& group, bool indexed_cells);
nlohmann::json to_json(const StepTrace& trace);

}  // namespace reducelab
