// Opening results JSON files like the ones reducelab-cli writes on a GPU server: measured here
// through the same engine calls, written with write_results, then opened and charted.
#include <QFile>
#include <QProcess>
#include <QSignalSpy>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/ladder_chart.h"
#include "charts/performance_view.h"
#include "charts/throughput_chart.h"
#include "common/message_banner.h"
#include "gui_test_support.h"
#include "reducelab/engine.h"
#include "reducelab/sweep.h"
#include "shell/main_window.h"
#include "shell/results_model.h"

using namespace reducelab;
using namespace reducelab::ui;
using Chart = PerformanceView::Chart;

class ResultsOpenTest : public QObject {
    Q_OBJECT
  private:
    QTemporaryDir dir_;

    // A real sweep over n, saved the way `reducelab-cli bench` saves it.
    QString measuredSizesFile() {
        Engine engine;
        std::vector<RunRequest> requests;
        for (const char* variant : {"contiguous", "vector"})
            for (std::uint64_t n :
                 {std::uint64_t{1} << 12, std::uint64_t{1} << 14, std::uint64_t{1} << 16}) {
                RunRequest r;
                r.variant = variant;
                r.n = n;
                r.repeat = 2;
                requests.push_back(r);
            }
        ResultsFile file = run_sweep(engine, requests);
        file.suite = "sizes";
        file.tool = "reducelab-cli 0.1.0";
        file.created_utc = utc_now_iso8601();
        file.device = engine.device();
        file.ceiling = measure_ceiling(engine, 1 << 22, 3);
        const QString path = dir_.filePath(QStringLiteral("bench-sizes.json"));
        write_results(path.toStdString(), file);
        return path;
    }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(dir_.isValid());
    }

    void opensAndChartsAResultsFile() {
        const QString path = measuredSizesFile();
        const ResultsFile expected = read_results(path.toStdString());
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QSignalSpy opened(&window, &MainWindow::resultsFileOpened);
        window.openResultsFile(path);
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.takeFirst().at(0).toBool(), true);
        QCOMPARE(window.performanceView()->currentChart(), Chart::Size);
        ThroughputChart* chart = window.performanceView()->sizeChart();
        QCOMPARE(chart->pointCount(), 6);
        QCOMPARE(chart->seriesCount(), 2);  // contiguous and vector
        QVERIFY(chart->results().ceiling.has_value());
        QCOMPARE(chart->results().ceiling->copy_gbps, expected.ceiling->copy_gbps);
        for (std::size_t i = 0; i < expected.points.size(); ++i)
            QCOMPARE(chart->results().points[i].gbps, expected.points[i].gbps);
        QVERIFY(chart->title().contains(QString::fromStdString(expected.device.name)));
        QVERIFY(window.banner()->text().contains(QStringLiteral("6 point(s)")));
        QVERIFY(window.resultsModel()->rowCount() >= 6);
    }

    void opensWhatReducelabCliBenchWrote() {
        // The GPU-server workflow: `reducelab-cli bench` writes the file, the app charts it.
        const QString path = dir_.filePath(QStringLiteral("cli-ladder.json"));
        QProcess cli;
        cli.start(QStringLiteral(REDUCELAB_CLI),
                  {QStringLiteral("bench"), QStringLiteral("--suite"), QStringLiteral("ladder"),
                   QStringLiteral("--variants"), QStringLiteral("interleaved,contiguous,vector"),
                   QStringLiteral("--sizes"), QStringLiteral("65536"), QStringLiteral("--repeat"),
                   QStringLiteral("2"), QStringLiteral("--warmup"), QStringLiteral("0"),
                   QStringLiteral("--ceiling-bytes"), QStringLiteral("4194304"),
                   QStringLiteral("--out"), path});
        QVERIFY(cli.waitForFinished(300000));
        QVERIFY2(cli.exitCode() == 0, cli.readAllStandardError().constData());
        const ResultsFile written = read_results(path.toStdString());
        QCOMPARE(written.points.size(), std::size_t{3});

        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QSignalSpy opened(&window, &MainWindow::resultsFileOpened);
        window.openResultsFile(path);
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.takeFirst().at(0).toBool(), true);
        QCOMPARE(window.performanceView()->currentChart(), Chart::Ladder);
        const auto rows = window.performanceView()->ladderChart()->rows();
        QCOMPARE(rows.size(), std::size_t{3});
        QCOMPARE(rows[0].variant, QStringLiteral("interleaved"));
        QCOMPARE(rows[2].variant, QStringLiteral("vector"));
        QCOMPARE(rows[2].gbps, written.points[2].gbps);
        QVERIFY(std::abs(rows[2].cumulativeSpeedup -
                         written.points[0].total_ms / written.points[2].total_ms) < 1e-9);
        QCOMPARE(written.ceiling.has_value(), rows[0].percentOfCeiling > 0);
    }

    void anInterruptedRunOpensWithAWarning() {
        // What `bench` writes after Ctrl-C: the points measured so far, "complete": false.
        ResultsFile file = read_results(measuredSizesFile().toStdString());
        file.points.resize(2);
        file.complete = false;
        const QString path = dir_.filePath(QStringLiteral("interrupted.json"));
        write_results(path.toStdString(), file);
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QSignalSpy opened(&window, &MainWindow::resultsFileOpened);
        window.openResultsFile(path);
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.takeFirst().at(0).toBool(), true);
        QCOMPARE(window.banner()->level(), MessageBanner::Level::Warning);
        QVERIFY2(window.banner()->text().contains(QStringLiteral("interrupted")),
                 qPrintable(window.banner()->text()));
        QCOMPARE(window.performanceView()->sizeChart()->pointCount(), 2);
    }

    void aBrokenFileIsAClearErrorAndTheWindowGoesOn() {
        const QString path = dir_.filePath(QStringLiteral("broken.json"));
        QFile f(path);
        QVERIFY(f.open(QIODevice::WriteOnly));
        f.write(R"({"schema": "reducelab-results/1", "suite": "ladder", "points": [)");
        f.close();
        MainWindowOptions options;
        options.traceAtStart = false;
        MainWindow window(options);
        window.show();
        QSignalSpy opened(&window, &MainWindow::resultsFileOpened);
        window.openResultsFile(path);
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.takeFirst().at(0).toBool(), false);
        QVERIFY(window.banner()->level() == MessageBanner::Level::Error);
        QVERIFY2(window.banner()->text().contains(QStringLiteral("File error")),
                 qPrintable(window.banner()->text()));

        window.openResultsFile(dir_.filePath(QStringLiteral("missing.json")));
        QVERIFY(opened.wait(60000));
        QCOMPARE(opened.takeFirst().at(0).toBool(), false);
        QVERIFY(window.banner()->text().contains(QStringLiteral("missing.json")));
    }
};

QTEST_MAIN(ResultsOpenTest)
#include "results_open_test.moc"
