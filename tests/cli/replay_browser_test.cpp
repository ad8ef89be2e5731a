// The HTML replay in a real browser: headless Chromium opens the file at its last round
// (#round=last) and its DOM must show the device's values of that round in every panel.
// Exits 77 (CTest SKIP_RETURN_CODE) when no chromium is installed.
#include <gtest/gtest.h>

#include <cstdio>
#include <regex>

#include "process.h"
#include "replay_test_support.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

std::string chromium_path() {
    for (const char* candidate : {"/usr/bin/chromium", "/usr/bin/chromium-browser"})
        if (fs::exists(candidate)) return candidate;
    return {};
}

// The DOM Chromium ends up with after running the page's script.
std::string rendered_dom(const fs::path& html, const std::string& fragment) {
    const fs::path profile = html.parent_path() / "chromium-profile";
    const auto r = test::run_process(
        chromium_path(), {"--headless", "--no-sandbox", "--disable-gpu", "--no-first-run",
                          "--user-data-dir=" + profile.string(), "--virtual-time-budget=2000",
                          "--dump-dom", "file://" + fs::absolute(html).string() + fragment});
    if (r.exit_code != 0) throw std::runtime_error("chromium failed: " + r.err);
    return r.out;
}

std::string value_text(const nlohmann::json& v) {
    return v.is_string() ? v.get<std::string>() : v.dump();
}

TEST(ReplayBrowser, PlayerShowsTheLastRoundOfBothVariants) {
    const fs::path dir = test::scratch_folder("replay-browser");
    const fs::path html = dir / "t.html";
    const auto r =
        test::run_process(REDUCELAB_CLI, {"trace", "--variant", "interleaved", "--local-size", "16",
                                          "--compare", "contiguous", "--export", html.string()});
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto data = test::embedded_replay_data(test::read_whole_file(html));
    const std::string dom = rendered_dom(html, "#round=last");

    const std::regex panel_re(
        R"re(<section class="panel" data-variant="([^"]+)" data-round="(\d+)">)re");
    const std::regex cell_re(R"re(<div class="cell[^"]*" data-index="(\d+)">([^<]*)</div>)re");
    auto begin = std::sregex_iterator(dom.begin(), dom.end(), panel_re);
    std::size_t checked_panels = 0;
    for (auto it = begin; it != std::sregex_iterator(); ++it, ++checked_panels) {
        ASSERT_LT(checked_panels, data["traces"].size());
        const auto& trace = data["traces"][checked_panels];
        const auto& rounds = trace["groups"][0]["rounds"];
        EXPECT_EQ((*it)[1].str(), trace["variant"].get<std::string>());
        EXPECT_EQ(std::stoul((*it)[2].str()), rounds.size());
        const std::size_t from = static_cast<std::size_t>(it->position() + it->length());
        const std::size_t to = dom.find("</section>", from);
        const std::string body = dom.substr(from, to - from);
        std::size_t cells = 0;
        for (auto c = std::sregex_iterator(body.begin(), body.end(), cell_re);
             c != std::sregex_iterator(); ++c, ++cells) {
            const std::size_t index = std::stoul((*c)[1].str());
            EXPECT_EQ((*c)[2].str(), value_text(rounds.back()["values"][index]))
                << trace["variant"] << " cell " << index;
        }
        EXPECT_EQ(cells, 16u);
        EXPECT_NE(body.find("round 4 of 4"), std::string::npos) << body;
    }
    EXPECT_EQ(checked_panels, 2u) << dom.substr(0, 2000);

    // Opened plainly, the player starts at the loaded state.
    const std::string first = rendered_dom(html, "");
    EXPECT_NE(first.find("data-round=\"0\""), std::string::npos);
    EXPECT_NE(first.find("loaded: local memory before the first round"), std::string::npos);
    fs::remove_all(dir);
}

}  // namespace
}  // namespace reducelab

int main(int argc, char** argv) {
    ::testing::InitGoogleTest(&argc, argv);
    if (reducelab::chromium_path().empty()) {
        std::printf("chromium is not installed (Debian package chromium): skipped\n");
        return 77;
    }
    return RUN_ALL_TESTS();
}
