// Runs a program as a child process and captures its exit code, stdout and stderr.
#pragma once

#include <sys/types.h>

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

// Starts `program` with its stdout and stderr written to these files and returns at once: the
// child's pid, or -1 when it could not be started. For tests that signal a running command.
pid_t spawn_process(const std::string& program, const std::vector<std::string>& args,
                    const std::string& out_path, const std::string& err_path);
// Waits for the child; its exit code, 128 + signal when killed by one.
int wait_exit_code(pid_t pid);
// Polls the file at `path` until it holds `text`: true once it does, false when `pid` ended first
// or after `limit_s` seconds (a bound for a hung child, not a timing the test relies on).
bool wait_for_text(const std::string& path, const std::string& text, pid_t pid, int limit_s = 120);

}  // namespace reducelab::test
