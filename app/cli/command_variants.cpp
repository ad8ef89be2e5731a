// reducelab-cli variants [--json]: the kernel catalog, with availability on the chosen device.
#include <CLI/CLI.hpp>
#include <iomanip>
#include <memory>
#include <optional>
#include <ostream>

#include "commands.h"
#include "reducelab/catalog.h"
#include "reducelab/catalog_json.h"
#include "reducelab/devices.h"
#include "reducelab/error.h"
#include "reducelab/result_json.h"

namespace reducelab::cli {

Command add_variants_command(CLI::App& app) {
    auto* sub = app.add_subcommand("variants", "list the kernel catalog");
    auto json = std::make_shared<bool>(false);
    sub->add_flag("--json", *json, "one JSON object");
    return [json](Context& ctx) {
        // Availability needs a device; without any platform the catalog still lists.
        std::optional<DeviceInfo> device;
        try {
            const auto devices = list_devices();
            device = select_device(devices, ctx.device_spec);
        } catch (const Error& e) {
            if (e.kind() != ErrorKind::NoPlatform) throw;
        }
        if (*json) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& v : catalog()) list.push_back(to_json(v, device ? &*device : nullptr));
            nlohmann::json out{{"variants", list}};
            if (device) out["device"] = to_json(*device);
            ctx.out << out.dump(2) << "\n";
            return 0;
        }
        for (const auto& v : catalog()) {
            ctx.out << std::left << std::setw(22) << v.name << v.summary;
            if (v.unsafe) ctx.out << " [UNSAFE: racy teaching variant]";
            if (v.group_combine != GroupCombine::Partials)
                ctx.out << " [finish: " << finish_names(v) << "]";
            if (device) {
                const Availability a = availability(v, *device);
                if (!a.available) ctx.out << " [unavailable: " << a.reason << "]";
            }
            ctx.out << "\n";
        }
        return 0;
    };
}

}  // namespace reducelab::cli
