// Making the inputs a request describes: generated arrays or .npy files.
#include "reducelab/inputs.h"

#include <atomic>
#include <new>

#include "reducelab/error.h"
#include "reducelab/npy.h"
#include "reducelab/run_types.h"

namespace reducelab {
namespace {

std::uint64_t next_input_id() {
    static std::atomic<std::uint64_t> counter{0};
    return ++counter;
}

std::shared_ptr<const HostArray> load_or_generate(const RunRequest& request,
                                                  const std::string& path, std::uint64_t seed) {
    if (!path.empty()) {
        auto array = std::make_shared<HostArray>(read_npy(path));
        if (array->type() != request.type)
            throw Error(ErrorKind::InvalidArgument, path + " holds " +
                                                        std::string(to_string(array->type())) +
                                                        " elements but the run asks for " +
                                                        std::string(to_string(request.type)));
        if (array->size() == 0)
            throw Error(ErrorKind::InvalidArgument,
                        path + " holds no elements: n must be at least 1");
        return array;
    }
    if (request.n == 0) throw Error(ErrorKind::InvalidArgument, "n must be at least 1 (got 0)");
    return std::make_shared<HostArray>(generate(request.type, request.n, request.fill, seed));
}

}  // namespace

Inputs make_inputs(const RunRequest& request) {
    try {
        Inputs inputs;
        inputs.first = load_or_generate(request, request.input_path, request.seed);
        if (needs_two_inputs(request.op)) {
            RunRequest second = request;
            second.n = inputs.first->size();
            inputs.second = load_or_generate(second, request.second_input_path, request.seed + 1);
            if (inputs.second->size() != inputs.first->size())
                throw Error(ErrorKind::InvalidArgument,
                            "dot needs two inputs of the same length (" +
                                std::to_string(inputs.first->size()) + " and " +
                                std::to_string(inputs.second->size()) + ")");
        }
        inputs.id = next_input_id();
        return inputs;
    } catch (const std::bad_alloc&) {
        throw Error(ErrorKind::OutOfResources,
                    "not enough host memory for an input of " + std::to_string(request.n) + " " +
                        std::string(to_string(request.type)) + " elements");
    } catch (const std::length_error&) {
        throw Error(ErrorKind::OutOfResources, "an input of " + std::to_string(request.n) +
                                                   " elements is too large for this host");
    }
}

}  // namespace reducelab
