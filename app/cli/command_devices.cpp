// reducelab-cli devices [--json]: every OpenCL platform and device with the facts that matter.
#include <CLI/CLI.hpp>
#include <memory>
#include <ostream>

#include "commands.h"
#include "reducelab/device_info.h"
#include "reducelab/devices.h"
#include "reducelab/result_json.h"

namespace reducelab::cli {

Command add_devices_command(CLI::App& app) {
    auto* sub = app.add_subcommand("devices", "list OpenCL platforms and devices");
    auto json = std::make_shared<bool>(false);
    sub->add_flag("--json", *json, "one JSON object");
    return [json](Context& ctx) {
        const auto devices = list_devices();
        const DeviceInfo& chosen = select_device(devices, ctx.device_spec);
        if (*json) {
            nlohmann::json list = nlohmann::json::array();
            for (const auto& d : devices) list.push_back(to_json(d));
            ctx.out << nlohmann::json{{"devices", list}, {"selected", chosen.index}}.dump(2)
                    << "\n";
            return 0;
        }
        for (const auto& d : devices) {
            ctx.out << (d.index == chosen.index ? "* " : "  ") << "[" << d.index << "] " << d.name
                    << "\n";
            ctx.out << "      " << d.type << ", " << d.vendor << ", platform " << d.platform_name
                    << " (" << d.platform_version << ")\n";
            ctx.out << "      " << d.opencl_c_version << ", " << d.compute_units
                    << " compute units, max work-group " << d.max_work_group_size << "\n";
            ctx.out << "      local memory " << format_bytes(d.local_mem_bytes)
                    << ", global memory " << format_bytes(d.global_mem_bytes) << ", largest buffer "
                    << format_bytes(d.max_alloc_bytes) << "\n";
            ctx.out << "      sub-groups " << (d.has_subgroups ? "yes" : "no")
                    << ", work-group collectives " << (d.has_work_group_collectives ? "yes" : "no")
                    << ", fp64 " << (d.has_fp64 ? "yes" : "no") << ", 64-bit atomics "
                    << (d.has_int64_extended_atomics ? "base+extended"
                        : d.has_int64_base_atomics   ? "base"
                                                     : "no")
                    << "\n";
        }
        ctx.out << "(* = selected: " << (ctx.device_spec.empty() ? "default" : ctx.device_spec)
                << ")\n";
        return 0;
    };
}

}  // namespace reducelab::cli
