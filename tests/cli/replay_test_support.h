// Helpers shared by the replay export tests: a scratch folder, reading a written file, and the
// data embedded in an HTML replay.
#pragma once

#include <unistd.h>

#include <filesystem>
#include <fstream>
#include <nlohmann/json.hpp>
#include <sstream>
#include <string>

namespace reducelab::test {

inline std::filesystem::path scratch_folder(const std::string& name) {
    const auto dir = std::filesystem::temp_directory_path() /
                     ("reducelab-" + name + "-" + std::to_string(::getpid()));
    std::filesystem::remove_all(dir);
    std::filesystem::create_directories(dir);
    return dir;
}

inline std::string read_whole_file(const std::filesystem::path& path) {
    std::ifstream in(path, std::ios::binary);
    std::ostringstream text;
    text << in.rdbuf();
    return text.str();
}

// The JSON inside <script type="application/json" id="replay-data">; throws when missing.
inline nlohmann::json embedded_replay_data(const std::string& html) {
    const std::string open = R"(<script type="application/json" id="replay-data">)";
    const std::size_t begin = html.find(open);
    if (begin == std::string::npos) throw std::runtime_error("no replay-data script");
    const std::size_t end = html.find("</script>", begin);
    if (end == std::string::npos) throw std::runtime_error("replay-data script not closed");
    return nlohmann::json::parse(html.substr(begin + open.size(), end - begin - open.size()));
}

}  // namespace reducelab::test
