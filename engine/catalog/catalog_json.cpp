// A catalog row as JSON: what `reducelab-cli variants --json` lists.
#include "reducelab/catalog_json.h"

#include "reducelab/measured_figures.h"

namespace reducelab {

using nlohmann::json;

json to_json(const Variant& v, const DeviceInfo* device) {
    json out{
        {"name", v.name},
        {"file", v.file},
        {"kernel", v.kernel},
        {"summary", v.summary},
        {"explanation", explanation_with_figures(v)},
        {"coverage", to_string(v.coverage)},
        {"vector_width", v.vector_width},
        {"needs_power_of_two", v.needs_power_of_two},
        {"steppable", v.steppable()},
        {"unsafe", v.unsafe},
        {"requires", to_string(v.feature)},
        {"extra_build_options", v.extra_options},
        {"nvidia_build_options", v.nvidia_options},
        {"group_combine", to_string(v.group_combine)},
        {"finishes", json::array()},
        {"natural_finish", to_string(natural_finish(v))},
        {"local_size_is_build_define", v.local_size_is_define},
    };
    for (Finish f : all_finishes())
        if (accepts_finish(v, f)) out["finishes"].push_back(to_string(f));
    json unsupported = json::array();
    for (Operation op : all_operations())
        if ((v.unsupported_ops & op_bit(op)) != 0) unsupported.push_back(to_string(op));
    out["unsupported_ops"] = unsupported;
    if (!unsupported.empty()) out["unsupported_ops_reason"] = v.unsupported_ops_reason;
    if (device) {
        const Availability a = availability(v, *device);
        out["available"] = a.available;
        if (!a.available) out["unavailable_reason"] = a.reason;
    }
    return out;
}

}  // namespace reducelab
