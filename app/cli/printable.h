// Text that reaches the terminal: every argument a message echoes (a path, a name, a value) goes
// through printable(), so that a control byte cannot move the cursor, recolour the terminal or
// split the one line of an error.
#pragma once

#include <iosfwd>
#include <string>
#include <string_view>

namespace reducelab::cli {

// `text` with control characters escaped: \n, \t and \r as C writes them, other bytes below 0x20
// and 0x7f as \xHH. Other bytes (UTF-8 included) are kept.
std::string printable(std::string_view text);

// One line on `err`: "reducelab-cli: error: MESSAGE" with the message made printable.
void print_error(std::ostream& err, std::string_view message);

// One line on `err` that is no error (a file written, a point skipped): "reducelab-cli: MESSAGE",
// made printable.
void print_note(std::ostream& err, std::string_view message);

}  // namespace reducelab::cli
