// Lookup of embedded kernel sources.
#include "kernel_sources.h"

#include <algorithm>

#include "error.h"

namespace reducelab {

std::string_view kernel_source(std::string_view file) {
    for (const auto& source : embedded_kernel_sources())
        if (source.file == file) return source.text;
    throw Error(ErrorKind::InvalidArgument, "no embedded kernel file named '" + std::string(file) + "'");
}

std::string program_source(std::string_view file) {
    std::string text(kernel_source("common.cl"));
    text += "\n#line 1 \"";
    text += file;
    text += "\"\n";
    text += kernel_source(file);
    return text;
}

}  // namespace reducelab
