// The sample files of tests/engine/data (files earlier versions wrote, kept to check that they
// still read), as JSON. Needs REDUCELAB_SOURCE_DIR (tests/CMakeLists.txt defines it).
#pragma once

#include <fstream>
#include <nlohmann/json.hpp>
#include <stdexcept>
#include <string>

namespace reducelab::test {

inline nlohmann::json read_sample(const std::string& name) {
    const std::string path = std::string(REDUCELAB_SOURCE_DIR) + "/tests/engine/data/" + name;
    std::ifstream in(path);
    if (!in) throw std::runtime_error("cannot open the sample " + path);
    return nlohmann::json::parse(in);
}

}  // namespace reducelab::test
