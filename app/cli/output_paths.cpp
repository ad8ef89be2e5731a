// Output paths checked up front, so that a typo or a read-only folder is reported before minutes
// of measuring, not after.
#include "output_paths.h"

#include <CLI/CLI.hpp>
#include <ostream>

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
            if (is_standard_output(a.path) && is_standard_output(b.path))
                throw Error(ErrorKind::InvalidArgument,
                            a.option + " and " + b.option +
                                " both name standard output (-); give one of them a file");
            if (b.path.empty() || is_standard_output(a.path) || is_standard_output(b.path) ||
                !same_file_path(a.path, b.path))
                continue;
            if (same_file_path(a.path, "/dev/null")) continue;
            throw Error(ErrorKind::InvalidArgument, a.option + " and " + b.option +
                                                        " name the same file (" + a.path +
                                                        "); give each output its own path");
        }
    }
    for (const OutputPath& o : outputs)
        if (!o.path.empty() && !is_standard_output(o.path)) check_writable(o.path);
}

bool is_standard_output(const std::string& path) {
    return path == "-";
}

bool any_standard_output(const std::vector<OutputPath>& outputs) {
    for (const OutputPath& o : outputs)
        if (is_standard_output(o.path)) return true;
    return false;
}

std::string output_name(const std::string& path) {
    return is_standard_output(path) ? "standard output" : path;
}

void write_output(std::ostream& out, const std::string& path, const std::string& bytes) {
    if (is_standard_output(path))
        out << bytes << std::flush;  // its errors are close_standard_output's (exit 6)
    else
        write_file_safely(path, bytes);
}

}  // namespace reducelab::cli
