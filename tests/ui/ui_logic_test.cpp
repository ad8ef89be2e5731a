// The GUI's pure logic, no device needed: how counts are typed and shown, and what sweeps ask for.
#include <QtTest>
#include <algorithm>

#include "common/size_text.h"
#include "reducelab/catalog.h"
#include "shell/sweep_planner.h"
#include "size_expression_cases.h"

using namespace reducelab;
using namespace reducelab::ui;

class UiLogicTest : public QObject {
    Q_OBJECT
  private slots:
    // The table the CLI test reads too (tests/support/size_expression_cases.h): one parser, one
    // meaning for every text, plus the GUI's own preset annotation "1048576 (2^20)".
    void readsTheSharedTableLikeTheCli() {
        for (const test::SizeCase& c : test::size_expression_cases()) {
            QString error;
            const auto parsed = SizeText::parse(QString::fromUtf8(c.text), &error);
            if (c.value) {
                QVERIFY2(parsed.has_value(), qPrintable(QString::fromUtf8(c.text) + ": " + error));
                QCOMPARE(static_cast<qulonglong>(*parsed), static_cast<qulonglong>(*c.value));
            } else {
                QVERIFY2(!parsed.has_value(), c.text);
                QVERIFY2(error.contains(QString::fromUtf8(c.reason)),
                         qPrintable(QString::fromUtf8(c.text) + ": " + error));
            }
        }
        QString error;
        QCOMPARE(SizeText::parse(QStringLiteral("1048576 (2^20)"), &error).value_or(0),
                 std::uint64_t{1048576});
    }

    void describesCounts() {
        QCOMPARE(SizeText::describe(1u << 20), QStringLiteral("1048576 (2^20)"));
        QCOMPARE(SizeText::describe((1u << 20) + 7), QStringLiteral("1048583 (2^20+7)"));
        QCOMPARE(SizeText::describe(1000), QStringLiteral("1000"));
        QCOMPARE(SizeText::compact(1u << 26), QStringLiteral("64 Mi"));
    }

    void sweepPlans() {
        DeviceInfo device;
        device.name = "test device";
        device.max_work_group_size = 256;
        device.max_alloc_bytes = 1ull << 30;
        device.global_mem_bytes = 4ull << 30;
        const std::vector<std::size_t> sizes = SweepPlanner::localSizes(device);
        QCOMPARE(sizes, (std::vector<std::size_t>{1, 2, 4, 8, 16, 32, 64, 128, 256}));

        RunRequest base;
        base.n = 1 << 20;
        const auto local = SweepPlanner::localSizeSweep(
            base, {QStringLiteral("interleaved"), QStringLiteral("contiguous")}, device);
        QCOMPARE(local.size(), std::size_t{18});
        QCOMPARE(local.front().variant, std::string("interleaved"));
        QCOMPARE(local.back().local_size, std::size_t{256});

        // n stops where one input would no longer fit a quarter of memory (int32: 2^28 elements).
        const auto n =
            SweepPlanner::sizeSweep(base, {QStringLiteral("contiguous")}, device, 10, 30);
        QCOMPARE(n.front().n, std::uint64_t{1} << 10);
        QCOMPARE(n.back().n, std::uint64_t{1} << 28);

        // Auto-tune: grid-stride variants get items per work-item; tree variants only local sizes.
        base.variant = "vector";
        const auto grid = SweepPlanner::autoTune(base, device);
        QVERIFY(grid.size() > sizes.size());
        for (const RunRequest& r : grid) QVERIFY(r.items_per_work_item >= 4);
        base.variant = "contiguous";
        std::vector<std::size_t> tuned;
        for (const RunRequest& r : SweepPlanner::autoTune(base, device)) {
            QCOMPARE(r.items_per_work_item, 0u);
            tuned.push_back(r.local_size);
        }
        // Issue 14: every valid local size, the small ones too (4 and 8 won the PoCL sweep).
        QCOMPARE(tuned, sizes);
        QVERIFY(std::ranges::count(tuned, std::size_t{4}) == 1);

        // The ladder keeps racy kernels out and names what this device cannot run.
        QStringList skipped;
        const auto ladder = SweepPlanner::ladder(base, device, &skipped);
        QVERIFY(!ladder.empty());
        QCOMPARE(ladder.front().variant, std::string(catalog().front().name));
        for (const RunRequest& r : ladder) QVERIFY(!find_variant(r.variant).unsafe);
    }
};

QTEST_MAIN(UiLogicTest)
#include "ui_logic_test.moc"
