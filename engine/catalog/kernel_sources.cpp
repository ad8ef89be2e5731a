// Lookup of embedded kernel sources, and the on-disk override for teaching and testing.
#include "reducelab/kernel_sources.h"

#include <algorithm>
#include <cstdlib>
#include <filesystem>
#include <fstream>
#include <sstream>

#include "reducelab/error.h"

namespace reducelab {

std::string_view kernel_source(std::string_view file) {
    for (const auto& source : embedded_kernel_sources())
        if (source.file == file) return source.text;
    throw Error(ErrorKind::InvalidArgument,
                "no embedded kernel file named '" + std::string(file) + "'");
}

std::string kernel_text(std::string_view file) {
    const char* dir = std::getenv("REDUCELAB_KERNEL_OVERRIDE_DIR");
    if (dir && *dir) {
        namespace fs = std::filesystem;
        std::error_code ec;
        if (!fs::is_directory(dir, ec))
            throw Error(ErrorKind::Io, std::string("REDUCELAB_KERNEL_OVERRIDE_DIR=") + dir +
                                           " is not a directory");
        const fs::path path = fs::path(dir) / std::string(file);
        if (fs::exists(path, ec)) {
            std::ifstream in(path, std::ios::binary);
            std::ostringstream text;
            text << in.rdbuf();
            if (!in || !fs::is_regular_file(path, ec))
                throw Error(ErrorKind::Io, path.string() + ": cannot read the kernel override");
            return text.str();
        }
    }
    return std::string(kernel_source(file));
}

std::string program_source(std::string_view file) {
    std::string text = kernel_text("common.cl");
    text += "\n#line 1 \"";
    text += file;
    text += "\"\n";
    text += kernel_text(file);
    return text;
}

}  // namespace reducelab
