// The files a command will write, checked before it measures anything.
#pragma once

#include <iosfwd>
#include <string>
#include <vector>

namespace CLI {
class Option;
}

namespace reducelab::cli {

// Marks `option` as a file path: an empty value (`--out ''`) is refused by the parser (exit 2,
// naming the option) instead of reading as "not given" and falling back to a default.
CLI::Option* path_option(CLI::Option* option);

struct OutputPath {
    std::string option;  // "--out", "--csv", ...
    std::string path;    // empty: this output is not wanted
};

// Throws Error(InvalidArgument) (exit 2) when one path is named for two outputs (compared after
// normalising; /dev/null may repeat), and Error(Io) (exit 6) naming the path when one could not
// be written: a missing or read-only folder, a folder as the path, a read-only file.
// "-" as a path names standard output, which is never checked as a file; two outputs cannot both
// be "-".
void check_output_paths(const std::vector<OutputPath>& outputs);

// True for "-": the output goes to standard output, not to a file named "-".
bool is_standard_output(const std::string& path);
// True when one of `outputs` is standard output: a command's own report then goes to stderr, so
// that standard output holds the data alone.
bool any_standard_output(const std::vector<OutputPath>& outputs);
// "standard output" for "-", the path otherwise (for messages).
std::string output_name(const std::string& path);
// Writes `bytes` to `path` with write_file_safely, or to `out` for "-".
void write_output(std::ostream& out, const std::string& path, const std::string& bytes);

}  // namespace reducelab::cli
