// libFuzzer target: results files (engine/include/reducelab/results_file.h). Arbitrary bytes are
// parsed as JSON the way read_results does; a document either reads or throws reducelab::Error(Io),
// and whatever reads is written back and reads again with the same points.
#include <cstdint>
#include <string_view>

#include <nlohmann/json.hpp>

#include "reducelab/error.h"
#include "reducelab/results_file.h"

extern "C" int LLVMFuzzerTestOneInput(const std::uint8_t* data, std::size_t size) {
    const nlohmann::json json = nlohmann::json::parse(data, data + size, nullptr, false);
    if (json.is_discarded()) return 0;  // not JSON: read_results reports the parser's error
    reducelab::ResultsFile file;
    try {
        file = reducelab::results_from_json(json);
    } catch (const reducelab::Error& e) {
        if (e.kind() != reducelab::ErrorKind::Io) __builtin_trap();
        return 0;
    }
    (void)reducelab::results_csv(file);
    const reducelab::ResultsFile again = reducelab::results_from_json(reducelab::to_json(file));
    if (again.points.size() != file.points.size() || again.device.name != file.device.name)
        __builtin_trap();
    return 0;
}
