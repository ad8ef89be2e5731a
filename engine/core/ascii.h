// ASCII case folding for the names users type (operations, types, device specs, file
// extensions): the engine's words are ASCII, so no locale takes part.
#pragma once

#include <algorithm>
#include <cctype>
#include <string>
#include <string_view>

namespace reducelab {

inline std::string ascii_lower(std::string_view text) {
    std::string out(text);
    std::ranges::transform(out, out.begin(),
                           [](unsigned char c) { return static_cast<char>(std::tolower(c)); });
    return out;
}

}  // namespace reducelab
