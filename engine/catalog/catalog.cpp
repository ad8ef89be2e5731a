// The rows of the kernel catalog.
#include "reducelab/catalog.h"

#include <array>

#include "reducelab/error.h"
#include "reducelab/racy_behaviour.h"

// Marks a catalog text for translation without Qt: the text itself here, while lupdate reads the
// macro as QT_TRANSLATE_NOOP (ui/CMakeLists.txt passes -tr-function-alias), so the summaries and
// explanations reach the .ts files from this table and nowhere else. ui/common/catalog_text.cpp
// translates them at run time in the context "Catalog".
#define RL_TRANSLATABLE(context, text) text

namespace reducelab {
namespace {

constexpr std::uint32_t kCollectiveOnly = op_bit(Operation::Product) | op_bit(Operation::BitAnd) |
                                          op_bit(Operation::BitOr) | op_bit(Operation::BitXor) |
                                          op_bit(Operation::ArgMin) | op_bit(Operation::ArgMax);
constexpr std::uint32_t kNoPairs = op_bit(Operation::ArgMin) | op_bit(Operation::ArgMax);

// The optimization ladder, in teaching order.
constexpr std::array kVariants{
    Variant{
        .name = "interleaved",
        .file = "interleaved.cl",
        .kernel = "reduce_interleaved",
        .summary = RL_TRANSLATABLE(
            "Catalog", "naive tree: interleaved addressing, divergent `tid % (2*s) == 0` test"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Each work-item loads one element into local memory; then, for s = 1, 2, 4, ..., "
            "work-item tid adds scratch[tid + s] into scratch[tid] when tid % (2*s) == 0. Only "
            "every (2s)-th work-item works, so the active lanes are spread across every warp: all "
            "warps stay busy while most of their lanes idle (divergence), and the modulo is "
            "expensive. The starting point of the optimization ladder."),
        .coverage = Coverage::OnePerItem,
        .tree = TreeShape::Interleaved,
    },
    Variant{
        .name = "interleaved-strided",
        .file = "interleaved_strided.cl",
        .kernel = "reduce_interleaved_strided",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "interleaved addressing with index = 2*s*tid: no divergence, but bank conflicts"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "The same pairs as the naive tree, but work-item tid handles the pair at index "
            "2*s*tid, so the active work-items are the first ones: whole warps work or idle "
            "together (no divergence, no modulo). The price moves to local memory: in round s "
            "neighbouring lanes access addresses 2s apart, which fall into the same banks, so a "
            "warp's accesses are serialised 2-, 4-, 8-way... (bank conflicts). Sequential "
            "addressing removes them. "
            "No divergence and no modulo any more, but the conflicts remain."),
        .compared_with = "interleaved",
        .coverage = Coverage::OnePerItem,
        .tree = TreeShape::InterleavedStrided,
    },
    Variant{
        .name = "contiguous",
        .file = "contiguous.cl",
        .kernel = "reduce_contiguous",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "sequential (contiguous) addressing: packed active work-items, no bank conflicts"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "The stride starts at half the local size and halves every round; work-item tid adds "
            "scratch[tid + s] into scratch[tid] while tid < s. Active work-items stay packed at "
            "the left, so whole warps retire instead of diverging, and the consecutive addresses "
            "of a warp fall in different banks (no conflicts). Half the work-items already idle "
            "in the first round, which the first-add step removes. "
            "The bank conflicts are gone."),
        .compared_with = "interleaved-strided",
        .coverage = Coverage::OnePerItem,
    },
    Variant{
        .name = "first-add",
        .file = "first_add.cl",
        .kernel = "reduce_first_add",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "first add during the global load: two elements per work-item, half the work-groups"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Each work-item reads two elements, a work-group's width apart, and combines them "
            "while loading, before the contiguous tree. A work-group now covers twice as many "
            "elements, so half as many work-groups run and no work-item is idle in the first "
            "round. The tree itself is unchanged; what improves is the ratio of useful work to "
            "loads and barriers. "
            "Half the work-groups, and every work-item does useful work in the first step."),
        .compared_with = "contiguous",
        .coverage = Coverage::TwoPerItem,
    },
    Variant{
        .name = "unroll-last",
        .file = "unroll_last.cl",
        .kernel = "reduce_unroll_last",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "the last rounds unrolled, correctly: sub-group reduce where available, else barriers"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "CUDA's classic step unrolls the last six rounds and drops their barriers because a "
            "warp runs in lockstep. OpenCL makes no such promise, so that form is a data race "
            "(see unroll-last-racy). The correct forms: on a device with sub-groups the tree "
            "stops at one sub-group's worth of values and sub_group_reduce_* finishes them in "
            "registers (add, min, max and the logical operations); elsewhere the last six rounds "
            "are written out one by one and each keeps its barrier, so only the loop's "
            "bookkeeping goes away. Like the classic ladder it builds on first-add: two elements "
            "per work-item, added during the load. "
            "With the barriers kept, unrolling removes only loop bookkeeping, which measures as no "
            "gain at all."),
        .compared_with = "first-add",
        .coverage = Coverage::TwoPerItem,
    },
    Variant{
        .name = "unroll-last-racy",
        .file = "unroll_last_racy.cl",
        .kernel = "reduce_unroll_last_racy",
        .summary = RL_TRANSLATABLE(
            "Catalog", "UNSAFE: CUDA-style warp-synchronous tail without barriers (wrong on PoCL)"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "A teaching variant that is wrong on purpose. Below 32 active work-items it drops the "
            "barriers and reads local memory through a volatile pointer, trusting that a warp's "
            "32 lanes run in lockstep. OpenCL gives no such guarantee: work-item t may read "
            "scratch[t + s] before work-item t + s has written it, a data race. PoCL runs the "
            "work-items of a region one after the other, so work-item 0 finishes its whole tail "
            "first and a work-group of 256 ones sums to 28; Oclgrind reports the race. Newer "
            "NVIDIA GPUs (independent thread scheduling) can break it too. Use unroll-last."),
        .coverage = Coverage::OnePerItem,
        .tree = std::nullopt,
        .unsafe = true,
    },
    Variant{
        .name = "unrolled",
        .file = "unrolled.cl",
        .kernel = "reduce_unrolled",
        .summary = RL_TRANSLATABLE(
            "Catalog", "complete unroll: local size as a compile-time constant (-DWGS), first add"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "The local size becomes a compile-time constant, WGS, like CUDA's template parameter: "
            "one build per local size. Every round of the tree is written out and the tests "
            "`WGS >= 2*s` disappear at compile time, so no loop counter, no loop branch, and the "
            "compiler knows exactly which work-items are active in each round. The kernel "
            "demands that local size (reqd_work_group_size). Loads use the first add. The cost: "
            "a new program build for every local size you try. "
            "A compile-time local size changes little once barriers dominate; the lesson is that "
            "the CUDA-era gains came from dropping synchronisation OpenCL requires."),
        .compared_with = "unroll-last",
        .coverage = Coverage::TwoPerItem,
        .local_size_is_define = true,
    },
    Variant{
        .name = "grid-stride",
        .file = "grid_stride.cl",
        .kernel = "reduce_grid_stride",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "algorithm cascading: a grid-stride loop, many elements per work-item, then the tree"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "A fixed number of work-groups walks the whole input: work-item gid reads elements "
            "gid, "
            "gid + global size, gid + 2 * global size, ... with scalar loads and combines them in "
            "a register, then its work-group runs the contiguous tree once. Consecutive "
            "work-items read consecutive elements (coalesced), the tree and its barriers are paid "
            "once per many elements, and only a few partials are left to finish. Choose the "
            "global size or the elements per work-item; the default fills the device. "
            "A few work-groups per compute unit instead of one per few hundred elements, each "
            "work-item summing hundreds of elements in registers before the tree."),
        .compared_with = "unrolled",
        .coverage = Coverage::GridStride,
    },
    Variant{
        .name = "vector",
        .file = "vector.cl",
        .kernel = "reduce_vector",
        .summary = RL_TRANSLATABLE("Catalog",
                                   "seed 000: grid-stride loop with 16-byte vector loads "
                                   "(int4/uint4/float4), then a tree"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "A fixed number of work-groups walks the whole input in a grid-stride loop, each "
            "work-item loading four elements at a time as one 16-byte vector and accumulating "
            "four lanes in registers. The lanes are folded and the work-group finishes with a "
            "contiguous tree. Few, busy work-items with wide loads keep many memory requests in "
            "flight: this is the kernel that reaches memory bandwidth. The last n % 4 elements "
            "are added by the first work-items. "
            "16-byte loads move four times the bytes per instruction."),
        .compared_with = "grid-stride",
        .coverage = Coverage::GridStride,
        .vector_width = 4,
    },
    Variant{
        .name = "subgroup",
        .file = "subgroup.cl",
        .kernel = "reduce_subgroup",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "sub_group_reduce_* in registers, then a small tree over one value per sub-group"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "After a grid-stride loop, sub_group_reduce_add/min/max (cl_khr_subgroups) reduces "
            "each sub-group's values in registers, with no local memory and no barrier; only one "
            "value per sub-group goes through a small tree in local memory. This is what the "
            "unrolled warp tail was reaching for, in a form the language guarantees. Sub-group "
            "functions only add and take minima and maxima (logical and/or included); devices "
            "without cl_khr_subgroups (PoCL, NVIDIA) cannot run it."),
        .coverage = Coverage::GridStride,
        .needs_power_of_two = false,
        .tree = std::nullopt,
        .feature = Feature::SubGroups,
        .unsupported_ops = kCollectiveOnly,
        .unsupported_ops_reason =
            "sub_group_reduce_* only adds, takes minima and takes maxima (sum, dot, mean, min, "
            "max, land, lor)",
    },
    Variant{
        .name = "warp-shuffle",
        .file = "warp_shuffle.cl",
        .kernel = "reduce_warp_shuffle",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "NVIDIA only: warp reduction with inline PTX shfl.sync.bfly, then one value per warp"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "NVIDIA's OpenCL has no sub-groups, but it accepts inline PTX. After a grid-stride "
            "loop each warp of 32 work-items reduces in registers with five butterfly shuffles "
            "(shfl.sync.bfly, offsets 16, 8, 4, 2, 1): lane l combines its value with lane l ^ "
            "offset's, no local memory, no barrier, since shfl.sync synchronises the lanes it "
            "names. Lane 0 of each warp writes one value to local memory and, after one barrier, "
            "the first warp reduces those the same way. 64-bit values and argmin/argmax pairs "
            "travel as several 32-bit words. Vendor-specific: only on NVIDIA devices. "
            "With many elements per work-item the tree is no longer the bottleneck, so a faster "
            "tree does not show."),
        .compared_with = "grid-stride",
        .coverage = Coverage::GridStride,
        .tree = std::nullopt,
        .feature = Feature::NvidiaInlinePtx,
        .extra_options = "-DRL_INLINE_PTX=1",
    },
    Variant{
        .name = "work-group-builtin",
        .file = "work_group_builtin.cl",
        .kernel = "reduce_work_group_builtin",
        .summary = RL_TRANSLATABLE(
            "Catalog", "OpenCL 2.0 work_group_reduce_* does the whole tree in one call"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "After a grid-stride loop one call, work_group_reduce_add/min/max, returns the "
            "work-group's result to every work-item; the implementation chooses sub-group "
            "shuffles, local memory and barriers for the device. The shortest kernel, and usually "
            "close to the best hand-written tree. Built with -cl-std=CL2.0. Collectives only add "
            "and take minima and maxima (logical and/or included). PoCL 3.1 cannot link it; "
            "NVIDIA builds and runs it although it does not advertise collectives. "
            "The built-in is as good as a hand-written tree, and the load loop decides the speed."),
        .compared_with = "grid-stride",
        .coverage = Coverage::GridStride,
        .needs_power_of_two = false,
        .tree = std::nullopt,
        .feature = Feature::WorkGroupCollectives,
        .extra_options = "-cl-std=CL2.0",
        .unsupported_ops = kCollectiveOnly,
        .unsupported_ops_reason =
            "work_group_reduce_* only adds, takes minima and takes maxima (sum, dot, mean, min, "
            "max, land, lor)",
    },
    Variant{
        .name = "atomic",
        .file = "atomic.cl",
        .kernel = "reduce_atomic",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "seed 002: each work-group's result folded into one value with global atomics"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Each work-group reduces its elements in local memory, then work-item 0 folds the "
            "result into out[0] with one atomic: atomic_add for 32-bit integer sums and dots, "
            "atom_add for 64-bit ones (cl_khr_int64_base_atomics), native atomic min/max/and/or/"
            "xor, and an atomic_cmpxchg loop for floats and products. One launch, no partials "
            "array, no host fold. The host writes the operation's identity into out[0] before "
            "the launch; seed 002 zeroes it inside the kernel, which races (see "
            "atomic-zeroing-racy). Atomics on one address serialise, so this suits thousands of "
            "work-groups, not millions. argmin/argmax pairs cannot be combined atomically. "
            "That is one atomic_add per work-group of one element per work-item; for float32 the "
            "compare-and-swap loops of all the work-groups on one address are far slower: float "
            "atomics contend."),
        .compared_with = "contiguous",
        .coverage = Coverage::OnePerItem,
        .tree = std::nullopt,
        .group_combine = GroupCombine::Atomics,
        .unsupported_ops = kNoPairs,
        .unsupported_ops_reason = "OpenCL atomics cannot combine (value, index) pairs",
    },
    Variant{
        .name = "atomic-zeroing-racy",
        .file = "atomic_zeroing_racy.cl",
        .kernel = "reduce_atomic_zeroing_racy",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "UNSAFE: seed 002 as written, zeroing the destination from inside the kernel"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "A teaching variant that is wrong on purpose. Like seed 002, global work-item 0 "
            "'initialises' the destination with atomic_xchg(dst, 0) while the other work-groups "
            "add their results into it with atomics. Nothing orders that exchange before the "
            "other work-groups' adds: work-groups run in no guaranteed order, so any result "
            "added before work-group 0 gets there is wiped out. It often looks right when "
            "work-group 0 happens to run first. The host leaves the destination alone, as the "
            "seed's host does. Race detectors do not flag it either: every access to the "
            "destination is atomic, so there is no data race in the memory-model sense (Oclgrind "
            "reports none); the bug is the missing ordering between work-groups. The fix is the "
            "atomic variant: the host initialises the destination before the launch."),
        .coverage = Coverage::OnePerItem,
        .tree = std::nullopt,
        .unsafe = true,
        .group_combine = GroupCombine::Atomics,
        .kernel_initialises_destination = true,
        .unsupported_ops = kNoPairs,
        .unsupported_ops_reason = "OpenCL atomics cannot combine (value, index) pairs",
    },
    Variant{
        .name = "single-pass",
        .file = "single_pass.cl",
        .kernel = "reduce_single_pass",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "one launch: the last work-group to finish (atomic ticket) reduces all partials"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Every work-group reduces its share (grid-stride loop, contiguous tree) and writes "
            "one partial. Work-item 0 then issues a global memory fence, so the partial is "
            "visible, and takes a ticket with atomic_inc; the work-group that draws the last "
            "ticket knows every partial is in place and reduces them all, writing the final "
            "value. The whole reduction is one kernel launch, with no second kernel and no host "
            "round trip, for the price of one atomic per work-group. The host zeroes the ticket "
            "once; the work-group that draws the last ticket sets it back to zero for the next "
            "launch. Its finish is 'kernel', done inside the same launch. "
            "As fast as grid-stride with a host finish, and in one launch: its advantage shows at "
            "small n, where launch latency dominates."),
        .compared_with = "grid-stride",
        .coverage = Coverage::GridStride,
        .tree = std::nullopt,
        .group_combine = GroupCombine::LastGroup,
    },
    Variant{
        .name = "best",
        .file = "best.cl",
        .kernel = "reduce_best",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "tuned for this device: 16-byte loads, several in flight, one launch (last "
            "work-group finishes)"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Everything the ladder taught, in one kernel, with the launch configuration measured "
            "for this device (reducelab-cli tune). Each work-item walks the input in a "
            "grid-stride loop issuing several independent 16-byte vector loads per iteration "
            "(UNROLL of them in flight, VW elements each), so the memory system always has "
            "enough requests to stay busy; the lanes fold in registers, the work-group reduces in "
            "local memory (on NVIDIA: warp shuffles first, then one barrier), and the last "
            "work-group to finish (atomic ticket after a global fence) "
            "reduces the partials and resets the ticket. One launch, no host round trip, no "
            "memset: the time is the time to read the input once, which is the ceiling of any "
            "reduction. "
            "At small n its single launch is what counts, where CUB launches two kernels."),
        .compared_with = "vector",
        .coverage = Coverage::GridStride,
        .tree = std::nullopt,
        .nvidia_options = "-DRL_INLINE_PTX=1",  // warp shuffles and ld.global.nc (best.cl)
        .group_combine = GroupCombine::LastGroup,
        .tuned = true,
    },
    Variant{
        .name = "kahan",
        .file = "kahan.cl",
        .kernel = "reduce_kahan",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "accuracy rung: compensated (Neumaier) sums in a grid-stride loop and the tree"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Float addition rounds, and a running sum of millions of terms loses the small ones "
            "against the large partial sum. Compensated summation (Kahan; Neumaier's variant "
            "also handles terms larger than the sum) keeps a second accumulator for the exact "
            "rounding error of every addition, (a - s) + b with the larger operand first, and "
            "adds it back at the end. Each work-item compensates its grid-stride loop, the "
            "work-group's tree compensates its additions, and a second tree sums the error "
            "terms. A work-group's partial is then nearly as accurate as its sum rounded once; "
            "only the finish over the partials rounds as usual. The price: four more flops per "
            "element, hidden behind memory on a GPU. Integer and min/max reductions are exact "
            "and run the plain loop. Try it on the cancel fill against grid-stride."),
        .coverage = Coverage::GridStride,
        .tree = std::nullopt,
    },
    Variant{
        .name = "pairwise",
        .file = "pairwise.cl",
        .kernel = "reduce_pairwise",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "accuracy rung: pairwise (cascade) sums per work-item, then the tree: log2(n) depth"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "A running sum passes its first element through every later addition, so its "
            "worst-case error grows with the number of terms. Pairwise summation adds as a "
            "balanced binary tree instead: every element passes through about log2(n) "
            "additions, and the error bound grows with log2(n) (NumPy's sum does the same in "
            "blocks). Here each work-item sums its grid-stride elements with a binary counter, "
            "one partial per level, a new element carrying through the full levels like an "
            "increment through set bits; the work-group's tree and the finish are balanced "
            "already. Cheaper than compensation (no extra flops), though the per-level partials "
            "live in private memory; less accurate than kahan when terms cancel."),
        .coverage = Coverage::GridStride,
        .tree = std::nullopt,
    },
    Variant{
        .name = "reproducible",
        .file = "reproducible.cl",
        .kernel = "reduce_reproducible",
        .summary = RL_TRANSLATABLE(
            "Catalog",
            "exact integer accumulation, one rounding: the same bits for every launch and device"),
        .explanation = RL_TRANSLATABLE(
            "Catalog",
            "Float addition is not associative, so every other variant's bits depend on the local "
            "size, the number of work-groups, the finish and the device. This one rounds nothing "
            "until the end: each element, a significand times a power of two, is added exactly "
            "into a long fixed-point number (a superaccumulator, as in ExBLAS) of 32-bit digits "
            "held in 64-bit integers, and integer addition gives the same total in any order. "
            "The fast path keeps a window of exponents per work-item: an element inside it is "
            "scaled by a power of two into an integer and summed exactly in registers (in double "
            "vector lanes on a CPU, as 64-bit integers on a GPU), folded into the digits now and "
            "then; a vector outside moves the window, and scattered, tiny, infinite or NaN "
            "elements go to the work-group's digits with local atomics. The work-groups add "
            "their digits with 64-bit atomics and the last one rounds the exact total once, to "
            "nearest with ties to even: the correctly rounded sum, whatever the launch. It takes "
            "best's tuned loads and launch. Float32 and float64 sums only: integer sums are "
            "exact in every variant."),
        .compared_with = "best",
        .coverage = Coverage::GridStride,
        .needs_power_of_two = false,
        .tree = std::nullopt,
        .group_combine = GroupCombine::LastGroup,
        .unsupported_ops = ~op_bit(Operation::Sum),
        .unsupported_ops_reason =
            "it sums float32 and float64 elements exactly and rounds once (sum only)",
        .tuned = true,
        .correctly_rounded = true,
    },
};

}  // namespace

std::span<const Variant> catalog() {
    return kVariants;
}

const Variant& find_variant(std::string_view name) {
    for (const auto& v : kVariants)
        if (v.name == name) return v;
    std::string names;
    for (const auto& v : kVariants) names += (names.empty() ? "" : ", ") + std::string(v.name);
    throw Error(ErrorKind::InvalidArgument,
                "unknown variant '" + std::string(name) + "' (known: " + names + ")");
}

std::string_view racy_behaviour(const Variant& variant, const DeviceInfo& device) {
    if (!variant.unsafe) return {};
    const bool warp_tail = !variant.kernel_initialises_destination;
    if (device.is_nvidia && device.is_gpu())
        return warp_tail
                   ? RL_TRANSLATABLE(
                         "Catalog",
                         "On this NVIDIA GPU it usually gives the right sum: the last 32 "
                         "work-items are one warp, and for this short tail the warp's lanes load "
                         "and store in step, so each read finds its neighbour's value already "
                         "written. That is luck, not a guarantee: it is still a data race, the "
                         "compiler may keep a value in a register or reorder the accesses, and "
                         "independent thread scheduling (Volta and later) lets a warp's lanes "
                         "drift apart. A right answer here proves nothing; use unroll-last.")
                   : RL_TRANSLATABLE(
                         "Catalog",
                         "On this NVIDIA GPU it often gives the right sum: work-groups are "
                         "dispatched roughly in index order, so work-group 0 usually zeroes the "
                         "destination before the others add. Nothing guarantees that order: with "
                         "more work-groups than fit on the GPU at once, or another kernel "
                         "sharing it, a group that adds first is wiped out.");
    if (!device.is_gpu())
        return warp_tail
                   ? RL_TRANSLATABLE(
                         "Catalog",
                         "On this CPU device it gives the wrong sum: the work-items of a region "
                         "between barriers run one after the other in a loop, so work-item 0 "
                         "finishes its whole tail before its neighbours write their values (256 "
                         "ones per work-group sum to 28 on PoCL). There are no warps in lockstep "
                         "here at all.")
                   : RL_TRANSLATABLE(
                         "Catalog",
                         "On this CPU device the work-groups run on several threads in no fixed "
                         "order, so whether work-group 0 zeroes the destination first changes "
                         "from run to run: the sum is sometimes right and sometimes too small.");
    return warp_tail
               ? RL_TRANSLATABLE(
                     "Catalog",
                     "On this GPU the result depends on how it groups work-items: where the last "
                     "32 work-items run as one hardware wave in lockstep (AMD's wavefronts of 64) "
                     "the sum usually comes out right; where sub-groups are narrower (Intel's 8 "
                     "or 16) the tail reads values not yet written and the sum is wrong. Either "
                     "way it is a data race; use unroll-last.")
               : RL_TRANSLATABLE(
                     "Catalog",
                     "On this GPU work-groups start in no guaranteed order, so any result added "
                     "before work-group 0 zeroes the destination is lost: the sum may be right "
                     "or too small from one run to the next.");
}

Availability availability(const Variant& variant, const DeviceInfo& device) {
    switch (variant.feature) {
        case Feature::None:
            return {};
        case Feature::SubGroups:
            if (device.has_subgroups) return {};
            return {false, device.name +
                               " has no OpenCL sub-groups (no cl_khr_subgroups and no "
                               "OpenCL 3.0 sub-group support)"};
        case Feature::WorkGroupCollectives:
            if (device.has_work_group_collectives || device.is_nvidia) return {};
            return {false, device.name +
                               " does not support work_group_reduce_* (OpenCL C 2.0 "
                               "work-group collective functions)"};
        case Feature::NvidiaInlinePtx:
            if (device.is_nvidia) return {};
            return {false, "inline PTX warp shuffles need NVIDIA's OpenCL; " + device.name +
                               " is from " + device.vendor};
    }
    return {};
}

Finish natural_finish(const Variant& variant) {
    switch (variant.group_combine) {
        case GroupCombine::Partials:
            return Finish::Host;
        case GroupCombine::Atomics:
            return Finish::Atomic;
        case GroupCombine::LastGroup:
            return Finish::Kernel;
    }
    return Finish::Host;
}

bool accepts_finish(const Variant& variant, Finish finish) {
    return variant.group_combine == GroupCombine::Partials || finish == natural_finish(variant);
}

std::string finish_names(const Variant& variant) {
    std::string names;
    for (Finish f : all_finishes())
        if (accepts_finish(variant, f))
            names += (names.empty() ? "" : ", ") + std::string(to_string(f));
    return names;
}

std::string op_unsupported_reason(const Variant& variant, Operation op, ElementType type) {
    // The correctly rounded variant rounds floats once; integer sums are exact in every variant.
    if (variant.correctly_rounded && !is_float(type))
        return "the " + std::string(variant.name) + " variant cannot do " +
               std::string(to_string(type)) + " " + std::string(to_string(op)) +
               ": it sums float32 and float64 elements exactly and rounds once (integer sums "
               "are exact in every variant; use best)";
    if ((variant.unsupported_ops & op_bit(op)) != 0)
        return "the " + std::string(variant.name) + " variant cannot do " +
               std::string(to_string(op)) + ": " + std::string(variant.unsupported_ops_reason);
    return {};
}

void check_variant_request(const Variant& variant, Operation op, ElementType type, Finish finish) {
    if (!accepts_finish(variant, finish)) {
        std::string why;
        switch (variant.group_combine) {
            case GroupCombine::Partials:
                break;
            case GroupCombine::Atomics:
                why = "its work-groups combine their results with atomics inside the kernel";
                break;
            case GroupCombine::LastGroup:
                why = "its last work-group reduces the partials inside the same launch";
                break;
        }
        throw Error(ErrorKind::InvalidArgument, "the " + std::string(variant.name) +
                                                    " variant cannot use --finish " +
                                                    std::string(to_string(finish)) + " (" + why +
                                                    "); use --finish " + finish_names(variant));
    }
    if (std::string reason = op_unsupported_reason(variant, op, type); !reason.empty())
        throw Error(ErrorKind::Unsupported, reason);
}

std::string_view to_string(Coverage coverage) {
    switch (coverage) {
        case Coverage::OnePerItem:
            return "one element per work-item";
        case Coverage::TwoPerItem:
            return "two elements per work-item (first add during load)";
        case Coverage::GridStride:
            return "grid-stride (many elements per work-item)";
    }
    return "?";
}

std::string_view to_string(GroupCombine combine) {
    switch (combine) {
        case GroupCombine::Partials:
            return "partials (host, kernel or atomic finish)";
        case GroupCombine::Atomics:
            return "atomics in the kernel";
        case GroupCombine::LastGroup:
            return "last work-group in the same launch";
    }
    return "?";
}

std::string_view to_string(Feature feature) {
    switch (feature) {
        case Feature::None:
            return "none";
        case Feature::SubGroups:
            return "sub-groups";
        case Feature::WorkGroupCollectives:
            return "work-group collectives";
        case Feature::NvidiaInlinePtx:
            return "NVIDIA inline PTX";
    }
    return "?";
}

std::string_view measured_figure_template() {
    return RL_TRANSLATABLE("Catalog",
                           "Measured on {device} ({type} {op}, n = {n}): {us} us, {gbps} GB/s, "
                           "{ceiling} % of the copy ceiling.");
}

std::string_view measured_comparison_template() {
    return RL_TRANSLATABLE("Catalog", "{speedup}x the speed of {baseline} ({baseline_us} us).");
}

}  // namespace reducelab
