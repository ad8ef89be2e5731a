// The CSV of a results file: one row per point and one column per scalar of the point as the
// results JSON writes it (to_json(ResultsFile)), so the two never disagree and the CSV drops
// nothing but the lists (repeat_us, stages, finish_groups), which stay in the JSON.
#pragma once

#include <string>
#include <vector>

#include "reducelab/results_file.h"

namespace reducelab {

struct ResultsCsvColumn {
    std::string header;  // the JSON field's name ("median_us"); request fields "request_<name>"
    // Where the cell comes from: a JSON pointer into the point ("/launched/local_size"; a null
    // (non-finite) value gives its value_text), or empty for a column worked out from the
    // file's ceiling (percent_of_copy_ceiling, percent_of_read_ceiling, served_from_cache).
    std::string json_pointer;
};

// The columns of results_csv, in order.
const std::vector<ResultsCsvColumn>& results_csv_columns();

}  // namespace reducelab
