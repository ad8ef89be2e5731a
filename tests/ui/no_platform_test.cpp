// Started with no OpenCL platform at all (OCL_ICD_VENDORS points at an empty directory): the window
// says so clearly, refuses runs with a message, and still opens and charts results files.
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/performance_view.h"
#include "charts/throughput_chart.h"
#include "common/engine_jobs.h"
#include "common/message_banner.h"
#include "gui_test_support.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "step/step_canvas.h"
#include "step/step_view.h"

using namespace reducelab;
using namespace reducelab::ui;

class NoPlatformTest : public QObject {
    Q_OBJECT
  private slots:
    void initTestCase() {
        test::isolateSettings();
        // The suite means nothing if the loader can still see a driver.
        QVERIFY2(!qEnvironmentVariable("OCL_ICD_VENDORS").isEmpty(),
                 "run through CTest: OCL_ICD_VENDORS must be set");
    }

    void showsTheMessageAndKeepsWorking() {
        MainWindow window;
        window.show();
        QVERIFY(test::waitForDevices(window));
        QVERIFY(window.devices().empty());
        QVERIFY(window.controlPanel()->currentDevice() == nullptr);
        QVERIFY(window.banner()->isVisible());
        QVERIFY(window.banner()->level() == MessageBanner::Level::Error);
        QVERIFY2(window.banner()->text().contains(QStringLiteral("No OpenCL platform")),
                 qPrintable(window.banner()->text()));
        QVERIFY(window.banner()->text().contains(QStringLiteral("open results files")));
        QVERIFY(
            window.stepView()->canvas(0)->message().contains(QStringLiteral("No OpenCL device")));

        // Run, trace and sweep say why they cannot, without queueing anything.
        window.banner()->clear();
        window.runSelected();
        QVERIFY(window.banner()->text().contains(QStringLiteral("no OpenCL device")));
        window.traceSelected();
        window.sweepLocalSizes();
        QVERIFY(!window.jobs()->isBusy());

        // Results measured elsewhere still open and chart.
        QTemporaryDir dir;
        ResultsFile file;
        file.suite = "tuning";
        file.tool = "reducelab-cli 0.1.0";
        file.created_utc = "2026-11-29T10:00:00Z";
        file.device.name = "NVIDIA H200";
        file.device.type = "GPU";
        file.ceiling = BandwidthCeiling{4200.0, 4400.0, 1u << 30, 20};
        for (std::size_t local : {64, 128, 256, 512}) {
            RunResult r;
            r.request.variant = "vector";
            r.n = 1u << 28;
            r.launched.variant = "vector";
            r.launched.local_size = local;
            r.total_ms = 0.3 + 0.1 * static_cast<double>(local) / 512;
            r.gbps = 4.0 * static_cast<double>(r.n) / r.total_ms / 1e6;
            r.verified = true;
            file.points.push_back(r);
        }
        const QString path = dir.filePath(QStringLiteral("h200.json"));
        write_results(path.toStdString(), file);
        QSignalSpy opened(&window, &MainWindow::resultsFileOpened);
        window.openResultsFile(path);
        QVERIFY(opened.wait(30000));
        QCOMPARE(opened.takeFirst().at(0).toBool(), true);
        QCOMPARE(window.performanceView()->localSizeChart()->pointCount(), 4);
        QVERIFY(window.performanceView()->localSizeChart()->title().contains(
            QStringLiteral("NVIDIA H200")));
    }
};

QTEST_MAIN(NoPlatformTest)
#include "no_platform_test.moc"
