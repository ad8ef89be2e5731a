// The texts of the determinism chapter and the settings each step opens the view with.
#include "lessons/determinism_lesson.h"

#include <QCoreApplication>

namespace reducelab::ui {
namespace {

// lupdate files these texts under the class's context, the one tr() looks them up in.
class DeterminismLesson {
    Q_DECLARE_TR_FUNCTIONS(DeterminismLesson)

  public:
    static std::vector<DeterminismLessonStep> allSteps();
};

DeterminismStudySettings settingsFor(std::vector<std::string> variants,
                                     std::vector<std::size_t> localSizes,
                                     std::vector<std::uint64_t> workGroups, int runs,
                                     Fill fill = Fill::Cancel) {
    DeterminismStudySettings settings;
    settings.fill = fill;
    settings.type = ElementType::Float32;
    settings.n = std::uint64_t{1} << 16;
    settings.runs = runs;
    settings.variants = std::move(variants);
    settings.local_sizes = std::move(localSizes);
    settings.work_groups = std::move(workGroups);
    return settings;
}

}  // namespace

std::vector<DeterminismLessonStep> DeterminismLesson::allSteps() {
    const QString histogram = QStringLiteral("histogram");
    const QString frontier = QStringLiteral("frontier");
    std::vector<DeterminismLessonStep> steps;

    steps.push_back(
        {tr("Float addition is not associative"),
         tr("(a + b) + c and a + (b + c) can round differently: each addition rounds its exact "
            "sum to the nearest float, and which roundings happen depends on which partial sums "
            "are formed. A parallel reduction chooses its order by its tree, so every change of "
            "the tree can change the last bits. The cancel input makes this visible: large "
            "terms that cancel exactly, hiding a small sum."),
         tr("On the frontier, variants that add the same numbers in different orders land at "
            "different errors. Sorting the same values (cancel-sorted) moves them again: only "
            "the order changed."),
         settingsFor({"contiguous", "grid-stride", "kahan", "pairwise"}, {256}, {16}, 1), false,
         frontier});
    steps.push_back(
        {tr("The local size changes the tree"),
         tr("A work-group adds its elements in a tree whose shape is set by the local size: 64 "
            "work-items pair elements differently from 256. Each work-group's partial, and so "
            "the sum, changes with it."),
         tr("The same variant on the same device gives one result per local size: several "
            "bars, and the class run-to-run (each launch repeats its bits, launches differ)."),
         settingsFor({"contiguous"}, {32, 64, 128, 256}, {16}, 3), false, histogram});
    steps.push_back(
        {tr("The work-group count changes the partials"),
         tr("Grid-stride variants walk the input with a chosen number of work-groups: each "
            "work-item first adds every (global size)-th element in a register. More work-groups "
            "mean shorter chains and more partials, in a different order."),
         tr("One local size, three work-group counts: three launch shapes, and usually three "
            "different bit patterns."),
         settingsFor({"grid-stride"}, {64}, {3, 16, 128}, 3), false, histogram});
    steps.push_back(
        {tr("The finish adds the partials in its own order"),
         tr("The partials of the work-groups are added on the host (in work-group order), by a "
            "second kernel (another tree) or by the last work-group. Each finish is another "
            "order for the same partials."),
         tr("The same input and launch shapes, variants that differ in their finish: compare "
            "their bars, and their errors on the frontier."),
         settingsFor({"contiguous", "single-pass", "best"}, {64, 256}, {16}, 3), false, histogram});
    steps.push_back(
        {tr("Float atomics add in arrival order"),
         tr("With an atomic finish, each work-group adds its partial into one global value when "
            "it finishes. Which work-group arrives first depends on timing, so on a GPU two "
            "identical launches can add the partials in different orders: the result changes "
            "from run to run. This is CUB's not_guaranteed level."),
         tr("Several identical runs of each shape: a GPU usually shows several bars even for "
            "one shape and the class nondeterministic; a CPU device that runs work-groups in a "
            "fixed order may not."),
         settingsFor({"atomic", "contiguous"}, {64, 256}, {16}, 8), false, histogram});
    steps.push_back(
        {tr("Another device, another order"),
         tr("Devices differ in their default local sizes, their sub-group widths, their "
            "compilers' contraction of a * b + c into fma, and the tuned settings that best "
            "picks. A sum that is launch-invariant on one device can still differ between two."),
         tr("Run the same variants on the two devices side by side: each device's bars in its "
            "own colour, and the class device-invariant only where every device gave the same "
            "bits."),
         settingsFor({"contiguous", "best", "kahan"}, {64, 256}, {16, 128}, 2), true, histogram});
    steps.push_back(
        {tr("Reproducible: accumulate exactly, round once"),
         tr("Compensated sums (kahan, pairwise) shrink the error but still round at every "
            "step, so their bits still depend on the order. A reproducible sum removes the "
            "cause: every term is added into an exact fixed-point accumulator "
            "(exponent-indexed bins, as in ExBLAS or ReproBLAS), where addition is associative, "
            "and the exact sum is rounded once at the end. Any order, any launch and any device "
            "then give the correctly rounded result."),
         tr("The reproducible variant shows one bar on every device, the class "
            "device-invariant, and sits on the frontier's exact floor; look at what its "
            "exactness costs in GB/s against best."),
         settingsFor({"reproducible", "kahan", "pairwise", "contiguous", "best"}, {32, 64, 256},
                     {3, 16, 128}, 2),
         true, frontier});
    return steps;
}

std::vector<DeterminismLessonStep> determinismLessonSteps() {
    return DeterminismLesson::allSteps();
}

}  // namespace reducelab::ui
