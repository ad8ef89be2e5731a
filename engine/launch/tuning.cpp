// Tuning files: JSON, strict parsing and the layered lookup.
#include "reducelab/tuning.h"

#include <cstdlib>
#include <fstream>

#include "io/json_fields.h"
#include "reducelab/error.h"
#include "reducelab/launch_plan.h"
#include "reducelab/safe_write.h"

namespace reducelab {

using nlohmann::json;

// Generated from resources/tuning/*.json by the build (see engine/CMakeLists.txt).
std::vector<std::string_view> embedded_tuning_texts();

namespace {

const detail::JsonFields fields{"tuning file"};

TunedConfig config_from_json(const json& c, const std::string& where) {
    TunedConfig config;
    config.local_size = fields.get_positive(c, "local_size", where);
    if (!is_power_of_two(config.local_size) || config.local_size > 4096)
        fields.bad(where + ".local_size", "must be a power of two up to 4096");
    config.groups_per_compute_unit = fields.get_positive(c, "groups_per_compute_unit", where);
    if (config.groups_per_compute_unit > 4096)
        fields.bad(where + ".groups_per_compute_unit", "too large");
    if (!c.contains("vector_width") || !c["vector_width"].is_number_unsigned())
        fields.bad(where, "missing field 'vector_width' (0, 1, 2, 4, 8 or 16)");
    // Range checks before narrowing: 2^32 + 4 must not pass as 4.
    const std::uint64_t vector_width = c["vector_width"].get<std::uint64_t>();
    if (vector_width > 16 || (vector_width & (vector_width - 1)) != 0)
        fields.bad(where + ".vector_width", "must be 0, 1, 2, 4, 8 or 16");
    config.vector_width = static_cast<unsigned>(vector_width);
    const std::uint64_t unroll = fields.get_positive(c, "unroll", where);
    if (unroll > 16) fields.bad(where + ".unroll", "must be 1 to 16");
    config.unroll = static_cast<unsigned>(unroll);
    const auto layout = parse_access_layout(fields.get_string(c, "layout", where));
    if (!layout) fields.bad(where + ".layout", "must be 'strided' or 'blocked'");
    config.layout = *layout;
    if (c.contains("source")) {
        const json& s = c["source"];
        config.source_device = fields.get_string(s, "device", where + ".source");
        config.source_date = fields.get_string(s, "date", where + ".source");
        if (!s.contains("gbps") || !s["gbps"].is_number())
            fields.bad(where + ".source", "missing number 'gbps'");
        config.source_gbps = s["gbps"].get<double>();
        if (!s.contains("n") || !s["n"].is_number_unsigned())
            fields.bad(where + ".source", "missing integer 'n'");
        config.source_n = s["n"].get<std::uint64_t>();
        if (s.contains("timing")) {  // absent in files written before tune --timing: kernel
            const auto timing =
                parse_timing_method(fields.get_string(s, "timing", where + ".source"));
            if (!timing)
                fields.bad(where + ".source.timing", "must be 'kernel', 'sustained' or 'latency'");
            config.source_timing = *timing;
        }
    }
    return config;
}

json config_to_json(const TunedConfig& c) {
    return json{{"local_size", c.local_size},
                {"groups_per_compute_unit", c.groups_per_compute_unit},
                {"vector_width", c.vector_width},
                {"unroll", c.unroll},
                {"layout", to_string(c.layout)},
                {"source",
                 {{"device", c.source_device},
                  {"date", c.source_date},
                  {"gbps", c.source_gbps},
                  {"n", c.source_n},
                  {"timing", to_string(c.source_timing)}}}};
}

// 0, 1, 2 for an exact device, a vendor- or platform-wide and an any-vendor file.
int file_rank(const TuningFile& f, const DeviceInfo& d) {
    if (f.vendor != "*" && f.vendor != d.vendor) return -1;
    if (f.platform != "*" && f.platform != d.platform_name) return -1;
    if (f.device != "*" && f.device != d.name) return -1;
    if (f.device != "*") return 0;
    return f.vendor != "*" || f.platform != "*" ? 1 : 2;
}

}  // namespace

json to_json(const TuningFile& file) {
    json entries = json::array();
    for (const auto& e : file.entries) {
        json entry = config_to_json(e.config);
        entry["type"] = e.type;
        entry["op"] = e.op;
        if (e.max_n != 0) entry["max_n"] = e.max_n;
        entries.push_back(entry);
    }
    json j{{"schema", kTuningSchema}, {"vendor", file.vendor}, {"device", file.device}};
    if (file.platform != "*") j["platform"] = file.platform;
    j["entries"] = entries;
    return j;
}

TuningFile tuning_from_json(const json& j) {
    if (fields.get_string(j, "schema", "top level") != kTuningSchema)
        fields.bad("schema", std::string("expected ") + kTuningSchema);
    TuningFile file;
    file.vendor = fields.get_string(j, "vendor", "top level");
    file.device = fields.get_string(j, "device", "top level");
    if (j.contains("platform")) file.platform = fields.get_string(j, "platform", "top level");
    if (!j.contains("entries") || !j["entries"].is_array())
        fields.bad("top level", "missing array 'entries'");
    for (std::size_t i = 0; i < j["entries"].size(); ++i) {
        const std::string where = "entries[" + std::to_string(i) + "]";
        const json& e = j["entries"][i];
        TuningEntry entry;
        entry.type = fields.get_string(e, "type", where);
        entry.op = fields.get_string(e, "op", where);
        if (entry.type != "*" && !parse_element_type(entry.type))
            fields.bad(where + ".type", "unknown type '" + entry.type + "'");
        if (entry.op != "*" && !parse_operation(entry.op))
            fields.bad(where + ".op", "unknown operation '" + entry.op + "'");
        entry.config = config_from_json(e, where);
        if (e.contains("max_n")) entry.max_n = fields.get_positive(e, "max_n", where);
        file.entries.push_back(entry);
    }
    return file;
}

TuningFile read_tuning(const std::filesystem::path& path) {
    std::error_code ec;
    if (std::filesystem::exists(path, ec) && !std::filesystem::is_regular_file(path, ec))
        throw Error(ErrorKind::Io,
                    path.string() + ": not a regular file (a tuning JSON is needed)");
    std::ifstream in(path, std::ios::binary);
    if (!in) throw Error(ErrorKind::Io, path.string() + ": cannot open the tuning file");
    try {
        return tuning_from_json(json::parse(in));
    } catch (const json::exception& e) {
        throw Error(ErrorKind::Io, path.string() + ": not valid JSON: " + e.what());
    } catch (const Error& e) {
        throw Error(ErrorKind::Io, path.string() + ": " + e.what());
    }
}

void write_tuning(const std::filesystem::path& path, const TuningFile& file) {
    write_file_safely(path, to_json(file).dump(2) + "\n");
}

std::vector<TuningFile> runtime_tuning_files() {
    // The embedded files are parsed once per process (every run of a tuned variant looks them
    // up); the user's file is read on every call, so that an edit to it takes effect.
    static const std::vector<TuningFile> embedded = [] {
        std::vector<TuningFile> parsed;
        for (std::string_view text : embedded_tuning_texts())
            parsed.push_back(tuning_from_json(json::parse(text)));
        return parsed;
    }();
    std::vector<TuningFile> files = embedded;
    if (const char* path = std::getenv("REDUCELAB_TUNING_FILE"); path && *path)
        files.push_back(read_tuning(path));
    return files;
}

TuningLookup lookup_tuning(const DeviceInfo& device, ElementType type, Operation op,
                           std::uint64_t n, const std::vector<TuningFile>& extra) {
    std::vector<TuningFile> files = runtime_tuning_files();
    files.insert(files.end(), extra.begin(), extra.end());
    const std::string type_name(to_string(type));
    const std::string op_name(to_string(op));
    // Best match: the most specific file, then the most specific entry; later files win ties.
    long long best_score = -1;
    std::uint64_t best_range = 0;
    TuningLookup found;
    found.matched = "built-in default";
    for (const TuningFile& f : files) {
        const int rank = file_rank(f, device);
        if (rank < 0) continue;
        for (const TuningEntry& e : f.entries) {
            if ((e.type != "*" && e.type != type_name) || (e.op != "*" && e.op != op_name))
                continue;
            if (e.max_n != 0 && n > e.max_n) continue;
            const int entry_rank = (e.type == "*") * 2 + (e.op == "*");
            const long long score = (2 - rank) * 4 + (3 - entry_rank);
            // Equal specificity: the tightest size range wins (0 means unbounded).
            const std::uint64_t range = e.max_n == 0 ? ~std::uint64_t{0} : e.max_n;
            if (score > best_score || (score == best_score && range <= best_range)) {
                best_score = score;
                best_range = range;
                found.config = e.config;
                found.matched = (f.platform != "*" ? f.platform + " / " : std::string()) +
                                f.vendor + " / " + f.device + " / " + e.type + " " + e.op;
            }
        }
    }
    if (found.config.vector_width == 0)
        found.config.vector_width = static_cast<unsigned>(16 / size_of(type));
    return found;
}

}  // namespace reducelab
