// Export: each chart to PNG (at a size and DPI), SVG and PDF; the data behind it and the results
// table to CSV and JSON; each file is checked by reading it back, not by its name.
#include <QClipboard>
#include <QFile>
#include <QGuiApplication>
#include <QImage>
#include <QPainter>
#include <QSignalSpy>
#include <QSpinBox>
#include <QSvgRenderer>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/performance_view.h"
#include "charts/throughput_chart.h"
#include "common/message_banner.h"
#include "gui_test_support.h"
#include "reducelab/results_file.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/results_model.h"

using namespace reducelab;
using namespace reducelab::ui;
using Chart = PerformanceView::Chart;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// The fields of one CSV line: commas inside quotes (a verification rule) do not split (RFC 4180).
int csvFields(const QByteArray& line) {
    int fields = 1;
    bool quoted = false;
    for (const char c : line) {
        if (c == '"') quoted = !quoted;
        if (c == ',' && !quoted) ++fields;
    }
    return fields;
}

// Some pixels are not background: the chart was drawn, not just allocated.
int inkedPixels(const QImage& image) {
    int inked = 0;
    const QRgb background = image.pixel(0, 0);
    for (int y = 0; y < image.height(); y += 3)
        for (int x = 0; x < image.width(); x += 3)
            if (image.pixel(x, y) != background) ++inked;
    return inked;
}

}  // namespace

class ExportTest : public QObject {
    Q_OBJECT
  private:
    MainWindow* window_ = nullptr;
    QTemporaryDir dir_;

    QString path(const QString& name) const { return dir_.filePath(name); }

  private slots:
    void initTestCase() {
        test::isolateSettings();
        QVERIFY(dir_.isValid());
        MainWindowOptions options;
        options.traceAtStart = false;
        window_ = new MainWindow(options);
        window_->resize(1400, 900);
        window_->show();
        QSignalSpy ceiling(window_, &MainWindow::ceilingChanged);
        QVERIFY(test::waitForDevices(*window_));
        QVERIFY(!window_->devices().empty());
        QVERIFY(window_->ceiling() || ceiling.wait(120000));
        window_->controlPanel()->setN(1 << 14);
        window_->findChild<QSpinBox*>(QStringLiteral("repeatSpin"))->setValue(2);
        QSignalSpy finished(window_, &MainWindow::sweepCompleted);
        window_->sweepLocalSizes();
        QVERIFY(finished.wait(300000));
        QVERIFY(window_->performanceView()->localSizeChart()->pointCount() > 4);
    }

    void cleanupTestCase() { delete window_; }

    void pngAtChosenSizeAndDpi() {
        const QString file = path(QStringLiteral("chart.png"));
        QCOMPARE(window_->exportChart(Chart::LocalSize, file, 800, 500, 192), QString());
        const QImage image(file);
        QVERIFY(!image.isNull());
        QCOMPARE(image.size(), QSize(800, 500));  // exactly the asked size, whatever the DPI
        QVERIFY(std::abs(image.dotsPerMeterX() - 192 / 0.0254) < 2);
        QVERIFY(inkedPixels(image) > 2000);
    }

    void svgIsAValidVectorDrawing() {
        const QString file = path(QStringLiteral("chart.svg"));
        QCOMPARE(window_->exportChart(Chart::LocalSize, file, 900, 560, 96), QString());
        const QByteArray svg = readAll(file);
        QVERIFY(svg.startsWith("<?xml"));
        QVERIFY(svg.contains("<svg"));
        QVERIFY(svg.contains("GB/s"));  // the axis label is text, not pixels
        QSvgRenderer renderer(file);
        QVERIFY(renderer.isValid());
        QCOMPARE(renderer.viewBoxF(),
                 QRectF(0, 0, 900, 560));  // the chart laid out at the chosen size
        QImage raster(900, 560, QImage::Format_ARGB32);
        raster.fill(Qt::white);
        QPainter painter(&raster);
        renderer.render(&painter);
        painter.end();
        QVERIFY(inkedPixels(raster) > 1000);
    }

    void pdfIsComplete() {
        const QString file = path(QStringLiteral("chart.pdf"));
        QCOMPARE(window_->exportChart(Chart::LocalSize, file, 900, 560, 96), QString());
        const QByteArray pdf = readAll(file);
        QVERIFY(pdf.startsWith("%PDF-"));
        QVERIFY(pdf.trimmed().endsWith("%%EOF"));
        QVERIFY(pdf.size() > 2000);
    }

    void everyChartExports() {
        for (Chart chart : {Chart::Size, Chart::Ladder}) {
            for (const char* suffix : {"png", "svg", "pdf"}) {
                const QString file = path(QStringLiteral("chart-%1.%2")
                                              .arg(static_cast<int>(chart))
                                              .arg(QLatin1String(suffix)));
                QCOMPARE(window_->exportChart(chart, file, 640, 400, 96), QString());
                QVERIFY(QFile(file).size() > 500);
            }
        }
    }

    void csvHasOneRowPerPoint() {
        const QString file = path(QStringLiteral("data.csv"));
        QCOMPARE(window_->exportChartData(Chart::LocalSize, file), QString());
        const QList<QByteArray> lines = readAll(file).trimmed().split('\n');
        const int points = window_->performanceView()->localSizeChart()->pointCount();
        QCOMPARE(lines.size(), points + 1);  // header + rows
        QVERIFY(lines.front().contains("variant"));
        const int columns = csvFields(lines.front());
        QVERIFY(lines.front().contains("timing_method"));
        for (const QByteArray& line : lines) QCOMPARE(csvFields(line), columns);
    }

    void jsonReadsBackIdentically() {
        const QString file = path(QStringLiteral("data.json"));
        QCOMPARE(window_->exportChartData(Chart::LocalSize, file), QString());
        const ResultsFile back = read_results(file.toStdString());
        const ResultsFile& shown = window_->performanceView()->localSizeChart()->results();
        QCOMPARE(back.points.size(), shown.points.size());
        QVERIFY(back.ceiling.has_value());
        QCOMPARE(back.device.name, shown.device.name);
        for (std::size_t i = 0; i < back.points.size(); ++i) {
            QCOMPARE(back.points[i].gbps, shown.points[i].gbps);
            QCOMPARE(back.points[i].launched.local_size, shown.points[i].launched.local_size);
            QCOMPARE(back.points[i].value.to_string(), shown.points[i].value.to_string());
        }
    }

    void resultsTableExports() {
        const QString csv = path(QStringLiteral("table.csv"));
        const QString json = path(QStringLiteral("table.json"));
        QCOMPARE(window_->exportTable(csv), QString());
        QCOMPARE(window_->exportTable(json), QString());
        QCOMPARE(readAll(csv).trimmed().split('\n').size(),
                 window_->resultsModel()->rowCount() + 1);
        QCOMPARE(static_cast<int>(read_results(json.toStdString()).points.size()),
                 window_->resultsModel()->rowCount());
    }

    void copyToClipboard() {
        QGuiApplication::clipboard()->clear();
        emit window_->performanceView()->copyChartRequested(Chart::LocalSize);
        QVERIFY(!QGuiApplication::clipboard()->pixmap().isNull());
    }

    void badPathsAreReportedNotFatal() {
        QVERIFY(
            !window_->exportChart(Chart::LocalSize, path(QStringLiteral("chart.gif")), 800, 500, 96)
                 .isEmpty());
        const QString error = window_->exportChartData(
            Chart::LocalSize, QStringLiteral("/nonexistent/dir/data.json"));
        QVERIFY(!error.isEmpty());
        QVERIFY(window_->banner()->level() == MessageBanner::Level::Error);
        QVERIFY(window_->banner()->text().contains(QStringLiteral("nonexistent")));
        QVERIFY(!window_->exportChart(Chart::LocalSize, path(QStringLiteral("tiny.png")), 4, 4, 96)
                     .isEmpty());
    }
};

QTEST_MAIN(ExportTest)
#include "export_test.moc"
