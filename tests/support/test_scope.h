// How much of a long test matrix to run. The sanitizer stage checks the host code's memory, which
// a few cases of a matrix reach as well as all of them; the kernel verdicts the matrices are about
// are checked whole in the release stage. The dev-asan test preset sets
// REDUCELAB_TEST_SCOPE=sample, so the slowest suites there run a fixed sample of their cases and
// the stage stays inside CI's time budget.
#pragma once

#include <cstddef>
#include <cstdlib>
#include <string_view>

namespace reducelab::test_scope {

inline bool sampled() {
    const char* scope = std::getenv("REDUCELAB_TEST_SCOPE");
    return scope != nullptr && std::string_view(scope) == "sample";
}

// In the sampled scope, every `stride`-th case of a matrix (counting from 0); otherwise all.
inline bool includes(std::size_t index, std::size_t stride) {
    return !sampled() || index % stride == 0;
}

}  // namespace reducelab::test_scope
