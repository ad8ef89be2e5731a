// GUI exports written safely (issue 12): a failing write is reported with its reason and keeps
// the previous file byte for byte; /dev/full is an error, not a silent success; a typed chart
// suffix is honoured instead of being replaced by the format list's.
#include <qcustomplot.h>
#include <signal.h>
#include <sys/resource.h>

#include <QDir>
#include <QDirIterator>
#include <QFile>
#include <QImage>
#include <QLineEdit>
#include <QTemporaryDir>
#include <QtTest>

#include "charts/chart_exporter.h"
#include "charts/export_dialog.h"
#include "common/file_writing.h"
#include "reducelab/results_file.h"

using namespace reducelab;
using namespace reducelab::ui;
using Format = ChartExporter::Format;

namespace {

QByteArray readAll(const QString& path) {
    QFile f(path);
    return f.open(QIODevice::ReadOnly) ? f.readAll() : QByteArray();
}

// While alive, files this process writes are limited to `bytes` (the soft limit only, so that it
// can be lifted again, also as root); past it write() fails with EFBIG.
class FileSizeLimit {
  public:
    explicit FileSizeLimit(rlim_t bytes) {
        ::signal(SIGXFSZ, SIG_IGN);
        ::getrlimit(RLIMIT_FSIZE, &old_);
        rlimit limited = old_;
        limited.rlim_cur = bytes;
        ::setrlimit(RLIMIT_FSIZE, &limited);
    }
    ~FileSizeLimit() { ::setrlimit(RLIMIT_FSIZE, &old_); }

  private:
    rlimit old_{};
};

ResultsFile sampleResults() {
    ResultsFile file;
    file.suite = "gui-sweep";
    file.created_utc = "2026-01-01T00:00:00Z";
    file.tool = "test";
    return file;
}

}  // namespace

class SafeExportTest : public QObject {
    Q_OBJECT
  private:
    QTemporaryDir dir_;
    QCustomPlot* plot_ = nullptr;
    QString path(const QString& name) const { return dir_.filePath(name); }
    int leftovers() const {
        return QDir(dir_.path())
            .entryList({QStringLiteral(".*.tmp-*")}, QDir::Files | QDir::Hidden)
            .size();
    }

  private slots:
    void initTestCase() {
        QVERIFY(dir_.isValid());
        plot_ = new QCustomPlot;
        plot_->resize(640, 400);
        plot_->addGraph();
        plot_->graph(0)->setData({1, 2, 3, 4}, {10, 40, 20, 30});
        plot_->xAxis->setLabel(QStringLiteral("local size"));
        plot_->yAxis->setLabel(QStringLiteral("GB/s"));
        plot_->rescaleAxes();
    }
    void cleanupTestCase() { delete plot_; }

    void everyFormatIsWritten() {
        for (Format f : {Format::Png, Format::Svg, Format::Pdf}) {
            const QString file = path(QStringLiteral("chart.") + ChartExporter::suffix(f));
            QCOMPARE(ChartExporter::save(plot_, file, f, 640, 400, 192), QString());
            const QByteArray bytes = readAll(file);
            QVERIFY(bytes.size() > 500);
            if (f == Format::Pdf) QVERIFY(bytes.startsWith("%PDF-"));
            if (f == Format::Pdf) QVERIFY(bytes.trimmed().endsWith("%%EOF"));
            // One page the chart's size in points, as QCustomPlot::savePdf made it.
            if (f == Format::Pdf) QVERIFY(bytes.contains("/MediaBox [0 0 640.000000 400.000000]"));
            if (f == Format::Svg) QVERIFY(bytes.contains("GB/s"));
        }
        const QImage png(path(QStringLiteral("chart.png")));
        QCOMPARE(png.size(), QSize(640, 400));
        QVERIFY(std::abs(png.dotsPerMeterX() - 192 / 0.0254) < 2);
        QCOMPARE(leftovers(), 0);
    }

    void devFullIsAnError() {
        for (Format f : {Format::Png, Format::Svg, Format::Pdf}) {
            const QString error =
                ChartExporter::save(plot_, QStringLiteral("/dev/full"), f, 640, 400, 96);
            QVERIFY2(error.contains(QStringLiteral("/dev/full")), qPrintable(error));
            QVERIFY2(error.contains(QStringLiteral("No space left")), qPrintable(error));
        }
        for (auto f : {ChartExporter::DataFormat::Csv, ChartExporter::DataFormat::Json}) {
            const QString error =
                ChartExporter::saveData(sampleResults(), QStringLiteral("/dev/full"), f);
            QVERIFY2(error.contains(QStringLiteral("No space left")), qPrintable(error));
        }
        QVERIFY(!saveImageSafely(plot_->toPixmap(100, 100).toImage(), QStringLiteral("/dev/full"))
                     .isEmpty());
    }

    // The disk fills up half-way through the new file: the old one stays as it was.
    void failedWritesKeepThePreviousFile() {
        for (Format f : {Format::Png, Format::Svg, Format::Pdf}) {
            const QString file = path(QStringLiteral("kept.") + ChartExporter::suffix(f));
            QCOMPARE(ChartExporter::save(plot_, file, f, 320, 200, 96), QString());
            const QByteArray before = readAll(file);
            QString error;
            {
                const FileSizeLimit limit(static_cast<rlim_t>(before.size() / 2));
                error = ChartExporter::save(plot_, file, f, 1600, 1000, 96);
            }
            QVERIFY2(error.contains(file) && error.contains(QStringLiteral("File too large")),
                     qPrintable(error));
            QCOMPARE(readAll(file), before);
        }
        const QString csv = path(QStringLiteral("kept.csv"));
        QCOMPARE(ChartExporter::saveData(sampleResults(), csv, ChartExporter::DataFormat::Csv),
                 QString());
        const QByteArray before = readAll(csv);
        ResultsFile bigger = sampleResults();
        bigger.points.resize(50);
        QString error;
        {
            const FileSizeLimit limit(static_cast<rlim_t>(before.size()));
            error = ChartExporter::saveData(bigger, csv, ChartExporter::DataFormat::Csv);
        }
        QVERIFY2(error.contains(QStringLiteral("File too large")), qPrintable(error));
        QCOMPARE(readAll(csv), before);
        QCOMPARE(leftovers(), 0);
    }

    void typedSuffixIsHonoured() {
        // chart.svg with PNG in the format list: an SVG named chart.svg, not chart.png.
        ExportDialog::Target t = ExportDialog::target(QStringLiteral("/x/chart.svg"), Format::Png);
        QCOMPARE(t.path, QStringLiteral("/x/chart.svg"));
        QCOMPARE(t.format, Format::Svg);
        QVERIFY(!t.suffixAdded);
        t = ExportDialog::target(QStringLiteral("/x/chart.PDF"), Format::Png);
        QCOMPARE(t.path, QStringLiteral("/x/chart.PDF"));
        QCOMPARE(t.format, Format::Pdf);
        // No suffix: the chosen format's is added. An unknown one is kept and the format's added
        // (the window asks first).
        t = ExportDialog::target(QStringLiteral("/x/chart"), Format::Pdf);
        QCOMPARE(t.path, QStringLiteral("/x/chart.pdf"));
        QVERIFY(t.suffixAdded);
        t = ExportDialog::target(QStringLiteral("/x/chart.jpg"), Format::Png);
        QCOMPARE(t.path, QStringLiteral("/x/chart.jpg.png"));
        QVERIFY(t.suffixAdded);
    }

    // The file dialogs confirm before replacing a file; no code path may switch that off.
    void noFileDialogSkipsTheOverwriteQuestion() {
        // ui/'s sources sit in its layer folders (common/, charts/, …, shell/).
        QStringList sources;
        QDirIterator files(QStringLiteral(REDUCELAB_SOURCE_DIR "/ui"),
                           {QStringLiteral("*.cpp"), QStringLiteral("*.h")}, QDir::Files,
                           QDirIterator::Subdirectories);
        while (files.hasNext()) sources << files.next();
        QVERIFY(sources.size() > 20);
        for (const QString& path : sources)
            QVERIFY2(!readAll(path).contains("DontConfirmOverwrite"), qPrintable(path));
    }

    void typingASuffixPicksTheFormat() {
        ExportDialog dialog(QStringLiteral("chart"));
        auto* edit = dialog.findChild<QLineEdit*>();
        QVERIFY(edit);
        edit->clear();
        QTest::keyClicks(edit, path(QStringLiteral("typed.svg")));
        QCOMPARE(dialog.choice().format, Format::Svg);
        QCOMPARE(dialog.choice().path, path(QStringLiteral("typed.svg")));
        QVERIFY(dialog.choice().confirmedPath.isEmpty());
    }
};

QTEST_MAIN(SafeExportTest)
#include "safe_export_test.moc"
