// The header of a .npy file is a Python literal: a dict of strings, booleans, integers and
// tuples. This parses the subset a header can hold as Python's ast.literal_eval would, and
// describes a value for messages; io/npy.cpp reads the file around it.
#pragma once

#include <string>
#include <string_view>
#include <vector>

namespace reducelab::detail {

// Throws Error(Io) "<source>: not a usable .npy file: <what>", the error of every refusal.
[[noreturn]] void fail_npy(std::string_view source, const std::string& what);

// Header text for a one-line message: control and non-ASCII bytes become '?'.
std::string printable(std::string_view text);

// The subset of Python literals a header can hold; anything else is a malformed header.
struct Literal {
    enum class Kind { String, Bytes, Integer, Bool, None, Tuple, List, Dict, Number };
    Kind kind = Kind::None;
    std::string text;            // String: the value; Integer: the digits; Number: the token
    bool negative = false;       // Integer
    bool truth = false;          // Bool
    std::vector<Literal> items;  // Tuple, List; Dict: key, value, key, value ...
};

// `text` as one literal; anything else fails with the offset where it stops being one.
// `long_suffix`: integers may end in 'L' (format versions 1 and 2, written by Python 2).
Literal parse_literal(std::string_view text, bool long_suffix, std::string_view source);

// A value in a message: a string or number as written, a container by its kind.
std::string describe(const Literal& value);

}  // namespace reducelab::detail
