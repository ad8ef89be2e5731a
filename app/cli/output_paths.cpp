// Output paths checked up front, so that a typo or a read-only folder is reported before minutes
// of measuring, not after.
#include "output_paths.h"

#include <CLI/CLI.hpp>

#include "reducelab/error.h"
#include "reducelab/safe_write.h"

namespace reducelab::cli {

CLI::Option* path_option(CLI::Option* option) {
    return option->check(CLI::Validator(
        [](const std::string& path) {
            return path.empty() ? std::string("an empty path names no file; give a file name")
                                : std::string();
        },
        ""));
}

void check_output_paths(const std::vector<OutputPath>& outputs) {
    for (std::size_t i = 0; i < outputs.size(); ++i) {
        const OutputPath& a = outputs[i];
        if (a.path.empty()) continue;
        for (std::size_t j = i + 1; j < outputs.size(); ++j) {
            const OutputPath& b = outputs[j];
            if (b.path.empty() || !same_file_path(a.path, b.path)) continue;
            if (same_file_path(a.path, "/dev/null")) continue;
            throw Error(ErrorKind::InvalidArgument, a.option + " and " + b.option +
                                                        " name the same file (" + a.path +
                                                        "); give each output its own path");
        }
    }
    for (const OutputPath& o : outputs)
        if (!o.path.empty()) check_writable(o.path);
}

}  // namespace reducelab::cli
