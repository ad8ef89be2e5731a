// libFuzzer target: size expressions as typed after --n, --local-size, ... (engine/size_expression,
// used by the CLI and the GUI). Every text either gives a value or an error message, quickly.
#include <cstdint>
#include <string>
#include <string_view>

#include "reducelab/size_expression.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const std::string_view text(reinterpret_cast<const char*>(data), size);
    std::string error;
    const auto value = reducelab::parse_size_expression(text, error);
    if (!value && error.empty()) __builtin_trap();  // a refusal always says why
    return 0;
}
