// Every lesson step's "what to look for" holds on the trace the lesson computes for it on PoCL:
// the step's own setup (local size, warp width, fill, n) applied to this step and to the step
// before it, as the lesson's two panels show them.
#include <QtTest>

#include "lessons/lesson.h"
#include "reducelab/catalog.h"
#include "reducelab/engine.h"
#include "reducelab/step_trace.h"
#include "test_device.h"

namespace reducelab::ui {

class LessonClaimsTest : public QObject {
    Q_OBJECT
  private:
    static TraceRequest requestFor(const LessonStep& step, const QString& variant) {
        TraceRequest r;
        r.variant = variant.toStdString();
        r.local_size = step.setup.localSize;
        r.warp_width = step.setup.warpWidth;
        r.fill = step.setup.fill;
        r.n = step.setup.n;
        return r;
    }

  private slots:
    void everyStepShowsWhatItSays() {
        Engine engine(test::device_spec());
        const std::vector<LessonStep> steps = lessonSteps();
        int checked = 0;
        QString previousTree;
        for (const LessonStep& step : steps) {
            const Variant& v = find_variant(step.variant.toStdString());
            const bool steppable = v.steppable() && v.group_combine == GroupCombine::Partials;
            // A claim on a step without a tree could never be shown.
            QCOMPARE(step.claim == LessonClaim::None, !steppable);
            if (!steppable) continue;
            const StepTrace trace = run_trace(engine, requestFor(step, step.variant));
            QVERIFY(trace.groups.front().matches_uninstrumented);
            std::optional<StepTrace> before;
            if (!previousTree.isEmpty()) before = run_trace(engine, requestFor(step, previousTree));
            QString why;
            QVERIFY2(lessonClaimHolds(step.claim, trace, before ? &*before : nullptr, &why),
                     qPrintable(step.variant + QStringLiteral(": ") + why));
            previousTree = step.variant;
            ++checked;
        }
        QCOMPARE(checked, 8);
    }

    // The predicates can fail: step 2's setup of old (local size 16, warp 4) shows no conflicts.
    void theOldStep2DefaultsFailItsClaim() {
        Engine engine(test::device_spec());
        LessonStep step = lessonSteps()[1];
        QVERIFY(step.claim == LessonClaim::GrowingBankConflicts);
        step.setup = {16, 4, Fill::Ramp, 0};
        const StepTrace trace = run_trace(engine, requestFor(step, step.variant));
        const StepTrace before = run_trace(engine, requestFor(step, QStringLiteral("interleaved")));
        QString why;
        QVERIFY(!lessonClaimHolds(step.claim, trace, &before, &why));
        QVERIFY(!why.isEmpty());
    }
};

}  // namespace reducelab::ui

QTEST_GUILESS_MAIN(reducelab::ui::LessonClaimsTest)
#include "lesson_claims_test.moc"
