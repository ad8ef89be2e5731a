// run --mpi (built with REDUCELAB_MPI): under mpirun every rank generates the request's input
// (deterministic from the request), reduces its shard on its own device through Engine::run, and
// MPI_Reduce combines the partials with the catalog's combine rules; rank 0 gathers every rank's
// share as JSON, verifies the value against the reference of the whole input and reports it.
#include <mpi.h>
#include <unistd.h>

#include <array>
#include <chrono>
#include <cmath>
#include <cstring>
#include <iostream>

#include "cli.h"
#include "printable.h"
#include "reducelab/devices.h"
#include "reducelab/engine.h"
#include "reducelab/error.h"
#include "reducelab/inputs.h"
#include "reducelab/statistics.h"
#include "run_split.h"

namespace reducelab::cli {
namespace {

// MPI user functions take no context: the operation and accumulator of this process's one
// reduction, set before MPI_Reduce.
Operation g_op = Operation::Sum;
AccumulatorSpec g_acc;

void combine_wire_partials(void* in, void* inout, int* count, MPI_Datatype*) {
    const std::size_t bytes = g_acc.device_bytes;
    for (int i = 0; i < *count; ++i) {
        auto* a = static_cast<std::byte*>(in) + i * bytes;
        auto* b = static_cast<std::byte*>(inout) + i * bytes;
        const Value combined =
            combine_partial_values(g_op, g_acc, decode_accumulator(g_acc, {a, bytes}),
                                   decode_accumulator(g_acc, {b, bytes}));
        const std::vector<std::byte> out = encode_partial(g_acc, combined);
        std::memcpy(b, out.data(), bytes);
    }
}

MPI_Datatype mpi_type_of(ElementType type) {
    switch (type) {
        case ElementType::Int32:
            return MPI_INT32_T;
        case ElementType::UInt32:
            return MPI_UINT32_T;
        case ElementType::Int64:
            return MPI_INT64_T;
        case ElementType::UInt64:
            return MPI_UINT64_T;
        case ElementType::Float32:
            return MPI_FLOAT;
        case ElementType::Float64:
            return MPI_DOUBLE;
    }
    return MPI_BYTE;
}

// The builtin MPI operation with the catalog's semantics, if there is one: wrapping integer
// sums and products on the unsigned type of the accumulator's width, bitwise and logical ops
// (0/1 in uint32), integer min/max, float sums and products. Pairs (argmin/argmax) and float
// min/max (NaN propagates, which MPI_MIN does not promise) take the custom operation.
struct MpiReduction {
    MPI_Op op = MPI_OP_NULL;
    MPI_Datatype type = MPI_DATATYPE_NULL;
    bool custom = false;
};

MpiReduction mpi_reduction_for(Operation op, const AccumulatorSpec& acc) {
    const bool float_acc = is_float(acc.value_type);
    ElementType wire = acc.value_type;
    if (acc.wraps) wire = size_of(acc.value_type) == 8 ? ElementType::UInt64 : ElementType::UInt32;
    switch (shard_operation(op)) {
        case Operation::Sum:
        case Operation::Dot:
            return {MPI_SUM, mpi_type_of(wire)};
        case Operation::Product:
            return {MPI_PROD, mpi_type_of(wire)};
        case Operation::BitAnd:
        case Operation::LogicalAnd:
            return {MPI_BAND, mpi_type_of(wire)};
        case Operation::BitOr:
        case Operation::LogicalOr:
            return {MPI_BOR, mpi_type_of(wire)};
        case Operation::BitXor:
            return {MPI_BXOR, mpi_type_of(wire)};
        case Operation::Min:
            if (!float_acc) return {MPI_MIN, mpi_type_of(wire)};
            break;
        case Operation::Max:
            if (!float_acc) return {MPI_MAX, mpi_type_of(wire)};
            break;
        default:
            break;
    }
    MpiReduction custom;
    custom.custom = true;
    MPI_Type_contiguous(static_cast<int>(acc.device_bytes), MPI_BYTE, &custom.type);
    MPI_Type_commit(&custom.type);
    MPI_Op_create(&combine_wire_partials, 1, &custom.op);  // pairs and NaN-first min/max commute
    return custom;
}

// The device of this rank: --device (or $REDUCELAB_DEVICE) on every rank, else the device whose
// index is the rank's position among the ranks of its node.
DeviceInfo rank_device(const std::string& spec) {
    const std::vector<DeviceInfo> devices = list_devices();
    if (!spec.empty()) return select_device(devices, spec);
    MPI_Comm node;
    MPI_Comm_split_type(MPI_COMM_WORLD, MPI_COMM_TYPE_SHARED, 0, MPI_INFO_NULL, &node);
    int local_rank = 0;
    MPI_Comm_rank(node, &local_rank);
    MPI_Comm_free(&node);
    return devices[static_cast<std::size_t>(local_rank) % devices.size()];
}

std::string host_name() {
    char name[256] = {};
    gethostname(name, sizeof name - 1);
    return name;
}

// Every rank's text, on rank 0 (empty elsewhere).
std::vector<std::string> gather_texts(const std::string& mine, int rank, int ranks) {
    int length = static_cast<int>(mine.size());
    std::vector<int> lengths(static_cast<std::size_t>(ranks)), offsets(lengths.size());
    MPI_Gather(&length, 1, MPI_INT, lengths.data(), 1, MPI_INT, 0, MPI_COMM_WORLD);
    std::string all;
    if (rank == 0) {
        for (std::size_t r = 1; r < lengths.size(); ++r)
            offsets[r] = offsets[r - 1] + lengths[r - 1];
        all.resize(static_cast<std::size_t>(offsets.back() + lengths.back()));
    }
    MPI_Gatherv(mine.data(), length, MPI_CHAR, all.data(), lengths.data(), offsets.data(), MPI_CHAR,
                0, MPI_COMM_WORLD);
    std::vector<std::string> texts;
    if (rank == 0)
        for (std::size_t r = 0; r < lengths.size(); ++r)
            texts.push_back(all.substr(static_cast<std::size_t>(offsets[r]),
                                       static_cast<std::size_t>(lengths[r])));
    return texts;
}

int run_rank(Context& ctx, const RunRequest& request, const SplitOptions& options, bool json,
             int rank, int ranks) {
    check_splittable(request);
    const SplitPolicy policy = parse_split_option(options.split);
    const AccumulatorSpec acc = accumulator_for(request.op, request.type, request.accumulator);
    Engine engine(rank_device(ctx.device_spec));
    check_split_host_memory(request, engine.device().type == "CPU");
    const Inputs whole = make_inputs(request);
    const std::uint64_t n = whole.first->size();
    // Each rank fits its device's model on its own sizes; all ranks get every rank's model and
    // compute the same plan.
    const DeviceModel mine_model = calibrate_device(engine, request, whole, 0);
    std::array<double, 5> facts_out{mine_model.alpha_ms, mine_model.gbps, mine_model.spread,
                                    mine_model.upload_gbps,
                                    static_cast<double>(mine_model.max_elements)};
    std::vector<double> all_facts(facts_out.size() * static_cast<std::size_t>(ranks));
    MPI_Allgather(facts_out.data(), static_cast<int>(facts_out.size()), MPI_DOUBLE,
                  all_facts.data(), static_cast<int>(facts_out.size()), MPI_DOUBLE, MPI_COMM_WORLD);
    std::vector<DeviceModel> models(static_cast<std::size_t>(ranks));
    for (std::size_t r = 0; r < models.size(); ++r) {
        const double* f = all_facts.data() + r * facts_out.size();
        models[r].name = "rank " + std::to_string(r);
        models[r].alpha_ms = f[0];
        models[r].gbps = f[1];
        models[r].spread = f[2];
        models[r].upload_gbps = f[3];
        // max_elements went through a double: round down so that the shard still fits
        models[r].max_elements = static_cast<std::uint64_t>(std::nextafter(f[4], 0.0));
    }
    models[static_cast<std::size_t>(rank)] = mine_model;
    PlanOptions plan_options;
    plan_options.bytes_per_element =
        static_cast<double>(size_of(request.type)) * (needs_two_inputs(request.op) ? 2.0 : 1.0);
    const SplitPlan plan = plan_split(models, n, policy, plan_options);
    const std::vector<std::uint64_t>& counts = plan.counts;
    std::uint64_t offset = 0;
    for (int r = 0; r < rank; ++r) offset += counts[static_cast<std::size_t>(r)];
    const std::uint64_t count = counts[static_cast<std::size_t>(rank)];
    if (count > 0) check_input_fits(engine.device(), request, count);
    DeviceShare share = run_shard(engine, request, shard_of(whole, offset, count), offset, n);
    share.rank = rank;
    share.model = mine_model;
    share.calibrated_gbps = mine_model.gbps;
    share.predicted_ms = plan.predicted_ms[static_cast<std::size_t>(rank)];
    share.plan_note = plan.notes[static_cast<std::size_t>(rank)];
    // A rank without elements sends the identity.
    const std::vector<std::byte> mine = count > 0
                                            ? encode_partial(acc, share.partial)
                                            : identity_bytes(shard_operation(request.op), acc);
    std::vector<std::byte> combined_bytes(mine.size());
    g_op = request.op;
    g_acc = acc;
    MpiReduction reduction = mpi_reduction_for(request.op, acc);
    // The combine is timed alone (after a barrier, not the wait for the slowest rank), after one
    // untimed reduce that sets up the connections: the median of five.
    std::vector<double> reduce_ms;
    for (int r = 0; r < 6; ++r) {
        MPI_Barrier(MPI_COMM_WORLD);
        const auto start = std::chrono::steady_clock::now();
        MPI_Reduce(mine.data(), combined_bytes.data(), 1, reduction.type, reduction.op, 0,
                   MPI_COMM_WORLD);
        if (r > 0)
            reduce_ms.push_back(
                std::chrono::duration<double, std::milli>(std::chrono::steady_clock::now() - start)
                    .count());
    }
    const double combine_ms = median(reduce_ms);
    if (reduction.custom) {
        MPI_Op_free(&reduction.op);
        MPI_Type_free(&reduction.type);
    }
    nlohmann::json facts = to_json(share);
    facts["host"] = host_name();
    const std::vector<std::string> texts = gather_texts(facts.dump(), rank, ranks);
    int verified = 0;
    int code = kOk;
    if (rank == 0) {
        std::vector<DeviceShare> shares;
        nlohmann::json hosts = nlohmann::json::array();
        for (const std::string& text : texts) {
            const auto j = nlohmann::json::parse(text);
            shares.push_back(device_share_from_json(j, kSplitVersion, &acc));
            hosts.push_back(j.value("host", ""));
        }
        const Value combined = decode_accumulator(acc, combined_bytes);
        SplitResult result =
            verify_split(request, policy, whole, std::move(shares), combined, combine_ms);
        std::vector<DeviceModel> shown;
        for (const DeviceShare& s : result.devices)
            shown.push_back(s.model.value_or(DeviceModel{}));
        record_plan(result, plan, shown, 0.0);
        if (json) {
            nlohmann::json out = to_json(result);
            out["mpi"] = {
                {"ranks", ranks}, {"reduce", "MPI_Reduce"}, {"custom_op", reduction.custom}};
            for (std::size_t r = 0; r < out["devices"].size(); ++r)
                out["devices"][r]["host"] = hosts[r];
            ctx.out << out.dump(2) << "\n";
        } else {
            print_split_text(ctx.out, result);
        }
        if (!result.verified) {
            ctx.err << "reducelab-cli: the MPI result " << result.value.to_string()
                    << " does not match the CPU reference " << result.reference.to_string() << "\n";
            code = kNotVerified;
        }
        verified = result.verified ? 1 : 0;
    }
    MPI_Bcast(&verified, 1, MPI_INT, 0, MPI_COMM_WORLD);
    return rank == 0 ? code : (verified ? kOk : kNotVerified);
}

}  // namespace

int run_with_mpi(Context& ctx, const RunRequest& request, const SplitOptions& options, bool json) {
    int initialized = 0;
    MPI_Initialized(&initialized);
    if (!initialized) MPI_Init(nullptr, nullptr);
    int rank = 0, ranks = 1;
    MPI_Comm_rank(MPI_COMM_WORLD, &rank);
    MPI_Comm_size(MPI_COMM_WORLD, &ranks);
    int code = kOk;
    try {
        code = run_rank(ctx, request, options, json, rank, ranks);
    } catch (const Error& e) {
        // The other ranks wait in a collective: end them all, with this rank's reason.
        std::cerr << "reducelab-cli: rank " << rank << ": error: " << printable(e.what()) << "\n";
        MPI_Abort(MPI_COMM_WORLD, exit_code_for(e.kind()));
    }
    MPI_Finalize();
    return code;
}

}  // namespace reducelab::cli
