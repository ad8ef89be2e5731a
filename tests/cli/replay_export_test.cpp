// trace --export: the HTML replay decoded (its embedded trace is the device's, it has no network
// reference), the GIF decoded with giflib (frames, size, delay), and bad exports refused.
#include <gif_lib.h>
#include <gtest/gtest.h>

#include <regex>

#include "process.h"
#include "replay_test_support.h"

namespace reducelab {
namespace {

namespace fs = std::filesystem;

test::ProcessResult trace(std::vector<std::string> args) {
    args.insert(args.begin(), "trace");
    return test::run_process(REDUCELAB_CLI, args);
}

const std::vector<std::string> kInterleaved16{"--variant", "interleaved", "--local-size", "16"};

std::vector<std::string> with(std::vector<std::string> args, const std::vector<std::string>& more) {
    args.insert(args.end(), more.begin(), more.end());
    return args;
}

class ReplayExport : public ::testing::Test {
  protected:
    void SetUp() override { dir_ = test::scratch_folder("replay-export"); }
    void TearDown() override { fs::remove_all(dir_); }
    fs::path dir_;
};

TEST_F(ReplayExport, HtmlHoldsTheDevicesLastRoundAndNoNetworkReference) {
    const fs::path html_path = dir_ / "t.html";
    const auto r = trace(with(kInterleaved16, {"--export", html_path.string()}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    EXPECT_NE(r.err.find("replay written to " + html_path.string()), std::string::npos) << r.err;
    const std::string html = test::read_whole_file(html_path);
    ASSERT_FALSE(html.empty());

    const auto data = test::embedded_replay_data(html);
    EXPECT_EQ(data["format"], "reducelab-replay");
    EXPECT_EQ(data["version"], 1);
    ASSERT_EQ(data["traces"].size(), 1u);
    const auto& embedded = data["traces"][0];
    EXPECT_EQ(embedded["variant"], "interleaved");
    // The same trace as --json prints (the input is seeded): the device's values of every round.
    const auto printed = trace(with(kInterleaved16, {"--json"}));
    ASSERT_EQ(printed.exit_code, 0) << printed.err;
    const auto expected = nlohmann::json::parse(printed.out);
    const auto& rounds = embedded["groups"][0]["rounds"];
    ASSERT_EQ(rounds.size(), 4u);
    EXPECT_EQ(rounds.back()["values"], expected["groups"][0]["rounds"].back()["values"]);
    EXPECT_EQ(rounds.back()["values"][0], embedded["groups"][0]["partial"]);
    EXPECT_EQ(embedded["groups"][0]["initial"], expected["groups"][0]["initial"]);

    // Offline: nothing fetched from anywhere.
    const std::regex network(
        R"((https?:)?//[A-Za-z0-9.-]+\.[A-Za-z]{2,}|\b(src|href)\s*=|@import|url\()",
        std::regex::icase);
    std::smatch found;
    EXPECT_FALSE(std::regex_search(html, found, network)) << "network reference: " << found.str();
}

TEST_F(ReplayExport, CompareEmbedsBothVariantsAndJsonListsBoth) {
    const fs::path html_path = dir_ / "both.html";
    const auto r = trace(with(
        kInterleaved16, {"--compare", "contiguous", "--json", "--export", html_path.string()}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const auto printed = nlohmann::json::parse(r.out);
    ASSERT_TRUE(printed.is_array());
    ASSERT_EQ(printed.size(), 2u);
    const auto data = test::embedded_replay_data(test::read_whole_file(html_path));
    ASSERT_EQ(data["traces"].size(), 2u);
    EXPECT_EQ(data["traces"][0]["variant"], "interleaved");
    EXPECT_EQ(data["traces"][1]["variant"], "contiguous");
    EXPECT_EQ(data["traces"][1]["groups"], printed[1]["groups"]);
}

struct DecodedGif {
    int width = 0, height = 0;
    std::vector<std::vector<GifByteType>> screens;  // the composed picture after each frame
    std::vector<int> delays_cs;
};

DecodedGif decode(const fs::path& path) {
    int error = 0;
    GifFileType* gif = DGifOpenFileName(path.c_str(), &error);
    if (!gif) throw std::runtime_error(std::string("DGifOpenFileName: ") + GifErrorString(error));
    if (DGifSlurp(gif) != GIF_OK) {
        DGifCloseFile(gif, &error);
        throw std::runtime_error("DGifSlurp failed");
    }
    DecodedGif out;
    out.width = gif->SWidth;
    out.height = gif->SHeight;
    std::vector<GifByteType> screen(static_cast<std::size_t>(out.width * out.height),
                                    static_cast<GifByteType>(gif->SBackGroundColor));
    for (int i = 0; i < gif->ImageCount; ++i) {
        const SavedImage& image = gif->SavedImages[i];
        const GifImageDesc& d = image.ImageDesc;
        for (int y = 0; y < d.Height; ++y)
            for (int x = 0; x < d.Width; ++x)
                screen[static_cast<std::size_t>((d.Top + y) * out.width + d.Left + x)] =
                    image.RasterBits[y * d.Width + x];
        out.screens.push_back(screen);
        GraphicsControlBlock control{};
        DGifSavedExtensionToGCB(gif, i, &control);
        out.delays_cs.push_back(control.DelayTime);
    }
    DGifCloseFile(gif, &error);
    return out;
}

TEST_F(ReplayExport, GifHasAFramePerRoundThatDiffer) {
    const fs::path gif_path = dir_ / "t.gif";
    const auto r =
        trace(with(kInterleaved16, {"--export", gif_path.string(), "--gif-delay", "700"}));
    ASSERT_EQ(r.exit_code, 0) << r.err;
    const DecodedGif gif = decode(gif_path);
    // The loaded state and 4 rounds (16 -> 8 -> 4 -> 2 -> 1).
    ASSERT_GE(gif.screens.size(), 5u);
    EXPECT_GT(gif.width, 16 * 28);
    EXPECT_GT(gif.height, 28);
    for (std::size_t f = 1; f < gif.screens.size(); ++f)
        EXPECT_NE(gif.screens[f], gif.screens[f - 1]) << "frame " << f << " repeats the one before";
    for (const int delay : gif.delays_cs) EXPECT_EQ(delay, 70);

    // Bigger cells give a bigger picture; frame differences keep the file small.
    const fs::path big_path = dir_ / "big.gif";
    ASSERT_EQ(trace(with(kInterleaved16, {"--export", big_path.string(), "--gif-cell-size", "48"}))
                  .exit_code,
              0);
    const DecodedGif big = decode(big_path);
    EXPECT_GT(big.height, gif.height);
    EXPECT_EQ(big.screens.size(), gif.screens.size());
    EXPECT_LT(fs::file_size(gif_path), 40000u);
}

TEST_F(ReplayExport, GifOfTwoVariantsStacksThem) {
    const fs::path one = dir_ / "one.gif", two = dir_ / "two.gif";
    ASSERT_EQ(trace(with(kInterleaved16, {"--export", one.string()})).exit_code, 0);
    ASSERT_EQ(trace(with(kInterleaved16, {"--compare", "contiguous", "--export", two.string()}))
                  .exit_code,
              0);
    EXPECT_GT(decode(two).height, decode(one).height);
}

TEST_F(ReplayExport, BadExportsAreRefusedAndWriteNothing) {
    const std::vector<std::pair<std::vector<std::string>, std::pair<int, std::string>>> cases{
        {{"--export", (dir_ / "t.png").string()},
         {2, "give a file ending in .html, .gif or .reducelab"}},
        {{"--export", (dir_ / "missing" / "t.html").string()}, {6, "missing"}},
        {{"--export", (dir_ / "t.gif").string(), "--gif-cell-size", "4"}, {2, "--gif-cell-size"}},
        {{"--export", (dir_ / "t.gif").string(), "--gif-delay", "0"}, {2, "--gif-delay"}},
        {{"--export", (dir_ / "t.gif").string(), "--export", (dir_ / "t.gif").string()},
         {2, "name the same file"}},
        {{"--export", (dir_ / "t.html").string(), "--compare", "work-group-builtin"},
         {2, "cannot be stepped"}},
    };
    for (const auto& [args, expected] : cases) {
        const auto r = trace(with(kInterleaved16, args));
        EXPECT_EQ(r.exit_code, expected.first) << args.back() << "\n" << r.err;
        EXPECT_NE(r.err.find(expected.second), std::string::npos) << r.err;
    }
    EXPECT_FALSE(fs::exists(dir_ / "t.png"));
    EXPECT_FALSE(fs::exists(dir_ / "t.gif"));
    EXPECT_FALSE(fs::exists(dir_ / "t.html"));
}

}  // namespace
}  // namespace reducelab
