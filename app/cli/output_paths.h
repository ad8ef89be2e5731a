// The files a command will write, checked before it measures anything.
#pragma once

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
void check_output_paths(const std::vector<OutputPath>& outputs);

}  // namespace reducelab::cli
