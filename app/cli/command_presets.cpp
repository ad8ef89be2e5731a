// reducelab-cli presets [--json]: the seed examples, their documented answers and the options
// that reproduce them (run one with `reducelab-cli run --preset NAME`).
#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "commands.h"
#include "reducelab/presets.h"
#include "reducelab/result_json.h"

namespace reducelab::cli {

Command add_presets_command(CLI::App& app) {
    auto* sub =
        app.add_subcommand("presets", "list the seed examples (run one with run --preset NAME)");
    auto json = std::make_shared<bool>(false);
    sub->add_flag("--json", *json, "one JSON object");
    return [json](Context& ctx) {
        if (*json) {
            nlohmann::json list = nlohmann::json::array();
            for (const Preset& p : presets())
                list.push_back({{"name", p.name},
                                {"title", p.title},
                                {"source", p.source},
                                {"description", p.description},
                                {"request", to_json(p.request)},
                                {"expected", to_json(p.expected)},
                                {"expected_text", p.expected.to_string()},
                                {"options", command_line(p)}});
            ctx.out << nlohmann::json{{"presets", list}}.dump(2) << "\n";
            return 0;
        }
        for (const Preset& p : presets()) {
            ctx.out << p.name << "  " << p.title << "\n";
            ctx.out << "  expected " << p.expected.to_string() << "; from " << p.source << "\n";
            ctx.out << "  reducelab-cli run --preset " << p.name << "   (= run " << command_line(p)
                    << ")\n";
        }
        return 0;
    };
}

}  // namespace reducelab::cli
