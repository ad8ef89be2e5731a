// reducelab-render: draws the app's charts from results files without a window (offscreen), for
// reports and the README. Usage:
//   reducelab-render sizes  RESULTS.json [--compare PEER.json] --type float32 --op sum --out
//   F.png|svg|pdf reducelab-render ladder RESULTS.json --type int32 --op sum --out F.png|svg|pdf
#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>

#include "chart_exporter.h"
#include "ladder_chart.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/version.h"
#include "throughput_chart.h"

namespace {

using namespace reducelab;

// The points of `file` with this type and operation.
ResultsFile filtered(const ResultsFile& file, ElementType type, Operation op) {
    ResultsFile out = file;
    out.points.clear();
    for (const RunResult& p : file.points)
        if (p.request.type == type && p.request.op == op) out.points.push_back(p);
    return out;
}

}  // namespace

int main(int argc, char** argv) {
    qputenv("QT_QPA_PLATFORM",
            qgetenv("QT_QPA_PLATFORM").isEmpty() ? "offscreen" : qgetenv("QT_QPA_PLATFORM"));
    QApplication app(argc, argv);
    QCommandLineParser parser;
    parser.setApplicationDescription(QStringLiteral("Render ReduceLab charts from results files"));
    parser.addHelpOption();
    const QCommandLineOption version({QStringLiteral("v"), QStringLiteral("version")},
                                     QStringLiteral("Displays version information."));
    parser.addOption(version);
    parser.addPositionalArgument(QStringLiteral("chart"), QStringLiteral("sizes or ladder"));
    parser.addPositionalArgument(QStringLiteral("results"), QStringLiteral("results JSON"));
    const QCommandLineOption compare(QStringLiteral("compare"),
                                     QStringLiteral("a peer results file"), QStringLiteral("file"));
    const QCommandLineOption type(QStringLiteral("type"), QStringLiteral("element type"),
                                  QStringLiteral("type"), QStringLiteral("float32"));
    const QCommandLineOption op(QStringLiteral("op"), QStringLiteral("operation"),
                                QStringLiteral("op"), QStringLiteral("sum"));
    const QCommandLineOption out(QStringLiteral("out"), QStringLiteral("output .png, .svg or .pdf"),
                                 QStringLiteral("file"));
    const QCommandLineOption title(QStringLiteral("title"), QStringLiteral("chart title"),
                                   QStringLiteral("text"));
    parser.addOptions({compare, type, op, out, title});
    parser.process(app);
    if (parser.isSet(version)) {
        QTextStream(stdout) << "reducelab-render " << kVersion << '\n' << kLicenseNotice << '\n';
        return 0;
    }
    QTextStream err(stderr);
    const QStringList args = parser.positionalArguments();
    if (args.size() != 2 || !parser.isSet(out)) {
        err << "reducelab-render: give the chart (sizes or ladder), a results file and --out\n";
        return 2;
    }
    const auto elementType = parse_element_type(parser.value(type).toStdString());
    const auto operation = parse_operation(parser.value(op).toStdString());
    const auto format = ui::ChartExporter::formatForPath(parser.value(out));
    if (!elementType || !operation || !format) {
        err << "reducelab-render: unknown --type, --op or output format\n";
        return 2;
    }
    try {
        ResultsFile results =
            filtered(read_results(args[1].toStdString()), *elementType, *operation);
        if (parser.isSet(compare)) {
            const ResultsFile peer = filtered(read_results(parser.value(compare).toStdString()),
                                              *elementType, *operation);
            results.points.insert(results.points.end(), peer.points.begin(), peer.points.end());
        }
        if (results.points.empty()) {
            err << "reducelab-render: no " << parser.value(type) << " " << parser.value(op)
                << " points in the file\n";
            return 2;
        }
        QString error;
        if (args[0] == QStringLiteral("ladder")) {
            ui::LadderChart chart;
            chart.resize(1200, 700);
            if (parser.isSet(title)) chart.setTitle(parser.value(title));
            chart.setResults(results);
            error =
                ui::ChartExporter::save(chart.plot(), parser.value(out), *format, 1200, 700, 144);
        } else if (args[0] == QStringLiteral("sizes")) {
            ui::ThroughputChart chart(ui::ThroughputChart::XAxis::ElementCount);
            chart.resize(1200, 700);
            if (parser.isSet(title)) chart.setTitle(parser.value(title));
            chart.setResults(results);
            error =
                ui::ChartExporter::save(chart.plot(), parser.value(out), *format, 1200, 700, 144);
        } else {
            err << "reducelab-render: unknown chart '" << args[0] << "' (sizes or ladder)\n";
            return 2;
        }
        if (!error.isEmpty()) {
            err << "reducelab-render: " << error << "\n";
            return 6;
        }
    } catch (const Error& e) {
        err << "reducelab-render: " << e.what() << "\n";
        return 6;
    }
    return 0;
}
