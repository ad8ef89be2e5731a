// Runs a program as a child process and captures its exit code, stdout and stderr.
#pragma once

#include <map>
#include <string>
#include <vector>

namespace reducelab::test {

struct ProcessResult {
    int exit_code = -1;  // 128 + signal when killed by a signal
    std::string out;
    std::string err;
};

// `env` entries are added to (or replace those of) the current environment.
ProcessResult run_process(const std::string& program, const std::vector<std::string>& args,
                          const std::map<std::string, std::string>& env = {});

}  // namespace reducelab::test
