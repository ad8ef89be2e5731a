// The results CSV: a column for every scalar of a point's JSON, RFC 4180 quoting, and empty
// cells (never 0) for what was not measured. The CLI's round trip through Python's csv module and
// numpy is tests/cli/results_csv_check.py.
#include <gtest/gtest.h>

#include <cmath>
#include <map>
#include <set>

#include "io/results_csv.h"
#include "reducelab/csv.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"

namespace reducelab {
namespace {

using nlohmann::json;

// An argmax point with every optional field set (an input file, a measured ceiling it beats).
ResultsFile argmax_file(bool with_ceiling) {
    RunResult r;
    r.request.op = Operation::ArgMax;
    r.request.type = ElementType::Float32;
    r.request.variant = "contiguous";
    r.request.input_path = "in, \"quoted\".npy";
    r.launched.variant = "contiguous";
    r.launched.build_options = "-DT=float -DOP_ARGMAX";
    r.n = 1024;
    r.input_bytes = 4096;
    r.value = Value::of_float(-0.5, true);
    r.value.index = 24365;
    r.reference = r.value;
    r.verified = true;
    r.verification_rule = "exact: every partial sum, whatever the order";
    r.repeat_ms = {0.004, 0.002, 0.003};
    summarise_timing(r);
    r.gbps = 300.0;
    r.p90_us = 4096 / (280.0 * 1e3);  // even the slower runs beat the ceiling: from cache
    ResultsFile file;
    file.suite = "sizes";
    file.points = {r};
    if (with_ceiling) file.ceiling = BandwidthCeiling{100.0, 200.0, 1 << 20, 5};
    return file;
}

// Every pointer to a scalar in `j` (arrays are lists, kept in the JSON only).
void scalar_pointers(const json& j, const std::string& at, std::set<std::string>& out) {
    if (j.is_object()) {
        for (const auto& [key, value] : j.items()) scalar_pointers(value, at + "/" + key, out);
    } else if (!j.is_array()) {
        out.insert(at);
    }
}

std::map<std::string, std::string> row_of(const std::string& csv) {
    // The header and the one row, split at commas outside quotes.
    std::vector<std::vector<std::string>> lines(1);
    std::string cell;
    bool quoted = false;
    for (std::size_t i = 0; i < csv.size(); ++i) {
        const char c = csv[i];
        if (quoted) {
            if (c == '"' && i + 1 < csv.size() && csv[i + 1] == '"') {
                cell += '"';
                ++i;
            } else if (c == '"') {
                quoted = false;
            } else {
                cell += c;
            }
        } else if (c == '"') {
            quoted = true;
        } else if (c == ',') {
            lines.back().push_back(cell);
            cell.clear();
        } else if (c == '\r' && i + 1 < csv.size() && csv[i + 1] == '\n') {
            lines.back().push_back(cell);
            cell.clear();
            lines.emplace_back();
            ++i;
        } else {
            cell += c;
        }
    }
    EXPECT_EQ(lines.size(), 3u);  // header, row, the empty line after the last CRLF
    EXPECT_EQ(lines[0].size(), lines[1].size());
    std::map<std::string, std::string> row;
    for (std::size_t i = 0; i < lines[0].size() && i < lines[1].size(); ++i)
        row[lines[0][i]] = lines[1][i];
    return row;
}

TEST(ResultsCsv, EveryScalarOfThePointJsonHasAColumn) {
    const json point = to_json(argmax_file(true))["points"][0];
    ASSERT_TRUE(point.contains("served_from_cache"));
    std::set<std::string> scalars;
    scalar_pointers(point, "", scalars);
    std::set<std::string> covered;
    for (const ResultsCsvColumn& c : results_csv_columns()) covered.insert(c.json_pointer);
    covered.insert("/served_from_cache");  // worked out from the ceiling, for every point
    for (const std::string& pointer : scalars)
        EXPECT_TRUE(covered.contains(pointer)) << pointer << " has no CSV column";
    std::set<std::string> headers;
    for (const ResultsCsvColumn& c : results_csv_columns())
        EXPECT_TRUE(headers.insert(c.header).second) << "two columns named " << c.header;
}

TEST(ResultsCsv, CellsAreTheJsonsValuesAndTheIndexHasItsOwnColumn) {
    const ResultsFile file = argmax_file(true);
    const json point = to_json(file)["points"][0];
    auto row = row_of(results_csv(file));
    EXPECT_EQ(row["timing_method"], "kernel");
    EXPECT_EQ(row["value"], point["value"].dump());
    EXPECT_EQ(row["index"], "24365");
    EXPECT_EQ(row["reference_index"], "24365");
    EXPECT_EQ(row["median_us"], point["median_us"].dump());
    EXPECT_EQ(row["p10_us"], point["p10_us"].dump());
    EXPECT_EQ(row["p90_us"], point["p90_us"].dump());
    EXPECT_EQ(row["runs"], "3");
    EXPECT_EQ(row["percent_of_copy_ceiling"], "300.0");
    EXPECT_EQ(row["percent_of_read_ceiling"], "150.0");
    EXPECT_EQ(row["served_from_cache"], "true");
    EXPECT_EQ(row["request_input"], "in, \"quoted\".npy");  // quoted, read back whole
    EXPECT_EQ(row["verification_rule"], "exact: every partial sum, whatever the order");
}

TEST(ResultsCsv, WhatWasNotMeasuredIsEmptyNotZero) {
    ResultsFile file = argmax_file(false);
    file.points[0].value = Value::of_float(1.5, true);  // a sum: no index
    file.points[0].request.input_path.clear();
    auto row = row_of(results_csv(file));
    for (const char* empty : {"percent_of_copy_ceiling", "percent_of_read_ceiling",
                              "served_from_cache", "index", "request_input"})
        EXPECT_EQ(row.at(empty), "") << empty;
    EXPECT_EQ(row["value"], "1.5");
}

TEST(ResultsCsv, ANonFiniteValueIsSpelledAsItsText) {
    // null in the JSON (one type: a number or null), its value_text in the CSV, which numpy
    // and pandas read as NaN and infinities.
    ResultsFile file = argmax_file(false);
    file.points[0].request.op = Operation::Sum;
    file.points[0].value = Value::of_float(std::nan(""), true);
    file.points[0].reference = Value::of_float(-INFINITY, true);
    const json point = to_json(file)["points"][0];
    EXPECT_TRUE(point["value"].is_null());
    EXPECT_EQ(point["value_text"], "nan");
    EXPECT_FALSE(point.contains("index"));
    auto row = row_of(results_csv(file));
    EXPECT_EQ(row["value"], "nan");
    EXPECT_EQ(row["reference"], "-inf");
    EXPECT_EQ(row["index"], "");
}

TEST(Csv, QuotesOnlyWhatRfc4180Needs) {
    EXPECT_EQ(csv_field("plain text"), "plain text");
    EXPECT_EQ(csv_field("a,b"), "\"a,b\"");
    EXPECT_EQ(csv_field("say \"hi\""), "\"say \"\"hi\"\"\"");
    EXPECT_EQ(csv_field("two\nlines"), "\"two\nlines\"");
    EXPECT_EQ(csv_field("cr\r"), "\"cr\r\"");
    EXPECT_EQ(csv_table({"a", "b"}, {{"1", std::nullopt}, {"", "x,y"}}),
              "a,b\r\n1,\r\n,\"x,y\"\r\n");
    EXPECT_THROW(csv_table({"a", "b"}, {{"1"}}), Error);
}

}  // namespace
}  // namespace reducelab
