// The results CSV, read off the same point JSON the results file writes: the columns name JSON
// fields, the cells are the JSON's own numbers (shortest round-trip form), and what the file
// does not hold (no ceiling measured, no index) stays empty.
#include "io/results_csv.h"

#include "reducelab/csv.h"

namespace reducelab {

using nlohmann::json;

namespace {

// Free text (which may hold commas, so is quoted) comes last: numpy.genfromtxt, which does not
// read quotes, can still take the columns before it with usecols.
const std::vector<ResultsCsvColumn> kColumns{
    {"variant", "/launched/variant"},
    {"op", "/request/op"},
    {"type", "/request/type"},
    {"n", "/n"},
    {"timing_method", "/timing_method"},
    {"cold", "/cold"},
    {"result_path", "/result_path"},
    {"median_us", "/median_us"},
    {"p10_us", "/p10_us"},
    {"p90_us", "/p90_us"},
    {"runs", "/runs"},
    {"total_us", "/total_us"},
    {"kernel_us", "/kernel_us"},
    {"gbps", "/gbps"},
    {"percent_of_copy_ceiling", ""},
    {"percent_of_read_ceiling", ""},
    {"served_from_cache", ""},
    {"input_bytes", "/input_bytes"},
    {"moved_bytes", "/moved_bytes"},
    {"value", "/value"},
    {"index", "/index"},
    {"value_text", "/value_text"},
    {"reference", "/reference"},
    {"reference_index", "/reference_index"},
    {"reference_text", "/reference_text"},
    {"verified", "/verified"},
    {"abs_error", "/abs_error"},
    {"rel_error", "/rel_error"},
    {"error_bound", "/error_bound"},
    {"accumulator", "/accumulator"},
    {"kernel", "/launched/kernel"},
    {"local_size", "/launched/local_size"},
    {"global_size", "/launched/global_size"},
    {"work_groups", "/launched/work_groups"},
    {"items_per_work_item", "/launched/items_per_work_item"},
    {"vector_width", "/launched/vector_width"},
    {"unroll", "/launched/unroll"},
    {"layout", "/launched/layout"},
    {"tuning", "/launched/tuning"},
    {"finish", "/launched/finish"},
    {"finish_local_size", "/launched/finish_local_size"},
    {"launches", "/launched/launches"},
    {"chain_length", "/launched/chain_length"},
    {"request_variant", "/request/variant"},
    {"request_n", "/request/n"},
    {"request_local_size", "/request/local_size"},
    {"request_global_size", "/request/global_size"},
    {"request_items_per_work_item", "/request/items_per_work_item"},
    {"request_finish", "/request/finish"},
    {"request_accumulator", "/request/accumulator"},
    {"request_fill", "/request/fill"},
    {"request_seed", "/request/seed"},
    {"request_repeat", "/request/repeat"},
    {"request_warmup", "/request/warmup"},
    {"request_timing", "/request/timing"},
    {"request_batch", "/request/batch"},
    {"request_cold", "/request/cold"},
    {"request_result_path", "/request/result_path"},
    {"verification_rule", "/verification_rule"},
    {"build_options", "/launched/build_options"},
    {"request_input", "/request/input"},
};

CsvCell text_of(const json& scalar) {
    if (scalar.is_null()) return std::nullopt;
    if (scalar.is_string()) return scalar.get<std::string>();
    return scalar.dump();  // numbers as the JSON has them, true/false
}

CsvCell cell_at(const json& point, const std::string& pointer) {
    const json::json_pointer at(pointer);
    if (!point.contains(at)) return std::nullopt;
    const json& found = point.at(at);
    // A non-finite value is null in the JSON, spelled in its *_text field: "nan", "inf" or
    // "-inf" here, which numpy and pandas read as NaN and infinities.
    if (found.is_null() && (pointer == "/value" || pointer == "/reference"))
        return cell_at(point, pointer + "_text");
    if (found.is_structured()) return std::nullopt;
    return text_of(found);
}

CsvCell percent_of(double gbps, double ceiling_gbps) {
    if (!(ceiling_gbps > 0)) return std::nullopt;  // not measured: unknown, not 0 %
    return json(100.0 * gbps / ceiling_gbps).dump();
}

CsvCell derived_cell(const std::string& header, const ResultsFile& file, const RunResult& point) {
    if (!file.ceiling) return std::nullopt;
    if (header == "percent_of_copy_ceiling") return percent_of(point.gbps, file.ceiling->copy_gbps);
    if (header == "percent_of_read_ceiling") return percent_of(point.gbps, file.ceiling->read_gbps);
    return served_from_cache(point, *file.ceiling) ? "true" : "false";
}

}  // namespace

const std::vector<ResultsCsvColumn>& results_csv_columns() {
    return kColumns;
}

std::string results_csv(const ResultsFile& file) {
    const json points = to_json(file)["points"];
    std::vector<std::string> header;
    for (const ResultsCsvColumn& c : kColumns) header.push_back(c.header);
    std::vector<std::vector<CsvCell>> rows;
    for (std::size_t i = 0; i < file.points.size(); ++i) {
        std::vector<CsvCell>& row = rows.emplace_back();
        for (const ResultsCsvColumn& c : kColumns)
            row.push_back(c.json_pointer.empty() ? derived_cell(c.header, file, file.points[i])
                                                 : cell_at(points[i], c.json_pointer));
    }
    return csv_table(header, rows);
}

}  // namespace reducelab
