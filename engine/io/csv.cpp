// RFC 4180 CSV: quoted fields where needed, CRLF line ends, empty fields for missing values.
#include "reducelab/csv.h"

#include "reducelab/error.h"

namespace reducelab {
namespace {

void append_line(std::string& out, const std::vector<CsvCell>& cells) {
    for (std::size_t i = 0; i < cells.size(); ++i) {
        if (i > 0) out += ',';
        if (cells[i]) out += csv_field(*cells[i]);
    }
    out += "\r\n";
}

}  // namespace

std::string csv_field(std::string_view text) {
    if (text.find_first_of(",\"\r\n") == std::string_view::npos) return std::string(text);
    std::string quoted = "\"";
    for (const char c : text) {
        if (c == '"') quoted += '"';
        quoted += c;
    }
    quoted += '"';
    return quoted;
}

std::string csv_table(const std::vector<std::string>& header,
                      const std::vector<std::vector<CsvCell>>& rows) {
    std::string out;
    append_line(out, std::vector<CsvCell>(header.begin(), header.end()));
    for (std::size_t r = 0; r < rows.size(); ++r) {
        if (rows[r].size() != header.size())
            throw Error(ErrorKind::InvalidArgument, "CSV row " + std::to_string(r + 1) + " has " +
                                                        std::to_string(rows[r].size()) +
                                                        " cells for " +
                                                        std::to_string(header.size()) + " columns");
        append_line(out, rows[r]);
    }
    return out;
}

}  // namespace reducelab
