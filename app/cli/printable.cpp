#include "printable.h"

#include <fmt/format.h>
#include <ostream>

namespace reducelab::cli {

std::string printable(std::string_view text) {
    std::string out;
    out.reserve(text.size());
    for (const char c : text) {
        const auto byte = static_cast<unsigned char>(c);
        switch (c) {
            case '\n':
                out += "\\n";
                continue;
            case '\t':
                out += "\\t";
                continue;
            case '\r':
                out += "\\r";
                continue;
            default:
                break;
        }
        if (byte < 0x20 || byte == 0x7f) {
            out += fmt::format("\\x{:02x}", byte);
        } else {
            out += c;
        }
    }
    return out;
}

void print_error(std::ostream& err, std::string_view message) {
    err << "reducelab-cli: error: " << printable(message) << "\n";
}

void print_note(std::ostream& err, std::string_view message) {
    err << "reducelab-cli: " << printable(message) << "\n";
}

}  // namespace reducelab::cli
