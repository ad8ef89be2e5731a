// CSV as RFC 4180 writes it: the one CSV writer of the tool (results points in results_csv.h, the
// GUI's determinism charts through csv_table).
#pragma once

#include <optional>
#include <string>
#include <string_view>
#include <vector>

namespace reducelab {

// A cell; nullopt is a missing value, written as an empty field (never as 0).
using CsvCell = std::optional<std::string>;

// `text` as one field: quoted (with quotes doubled) when it holds a comma, a quote, CR or LF.
std::string csv_field(std::string_view text);

// A header line and one line per row, each ended by CRLF. Throws Error(InvalidArgument) when a
// row has a different number of cells than the header.
std::string csv_table(const std::vector<std::string>& header,
                      const std::vector<std::vector<CsvCell>>& rows);

}  // namespace reducelab
