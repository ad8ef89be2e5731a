// reducelab-render: draws the app's charts from results files without a window (offscreen), for
// reports and the README. Usage:
//   reducelab-render sizes  RESULTS.json [--compare PEER.json] [--type float32] [--op sum] --out
//   F.png|svg|pdf reducelab-render ladder RESULTS.json [--type int32] [--op sum] --out
//   F.png|svg|pdf
// Without --type (or --op) the chart takes the one the file holds, so that a file of one type
// needs neither; a file of several asks for the choice.
#include <QApplication>
#include <QCommandLineParser>
#include <QTextStream>

#include <optional>
#include <set>
#include <string>

#include "charts/chart_exporter.h"
#include "charts/ladder_chart.h"
#include "charts/throughput_chart.h"
#include "reducelab/error.h"
#include "reducelab/results_file.h"
#include "reducelab/version.h"

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

// The one element type (or operation) among the points that match the other choice, if the
// file holds exactly one; else the names it holds, for the message.
template <class Value, class Get, class Keep>
std::optional<Value> only_value(const ResultsFile& file, Get get, Keep keep, std::string& names) {
    std::set<std::string> seen;
    std::optional<Value> value;
    for (const RunResult& p : file.points) {
        if (!keep(p)) continue;
        value = get(p);
        seen.insert(std::string(to_string(*value)));
    }
    for (const std::string& name : seen) names += (names.empty() ? "" : ", ") + name;
    if (seen.size() != 1) return std::nullopt;
    return value;
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
    const QCommandLineOption type(
        QStringLiteral("type"),
        QStringLiteral("element type (default: the file's, if it holds one)"),
        QStringLiteral("type"));
    const QCommandLineOption op(QStringLiteral("op"),
                                QStringLiteral("operation (default: the file's, if it holds one)"),
                                QStringLiteral("op"));
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
    auto elementType = parser.isSet(type) ? parse_element_type(parser.value(type).toStdString())
                                          : std::optional<ElementType>(ElementType{});
    auto operation = parser.isSet(op) ? parse_operation(parser.value(op).toStdString())
                                      : std::optional<Operation>(Operation{});
    const auto format = ui::ChartExporter::formatForPath(parser.value(out));
    if (!elementType || !operation || !format) {
        err << "reducelab-render: unknown --type, --op or output format\n";
        return 2;
    }
    try {
        const ResultsFile file = read_results(args[1].toStdString());
        if (!parser.isSet(op)) {
            std::string names;
            const auto keep = [&](const RunResult& p) {
                return !parser.isSet(type) || p.request.type == *elementType;
            };
            operation = only_value<Operation>(
                file, [](const RunResult& p) { return p.request.op; }, keep, names);
            if (!operation) {
                err << "reducelab-render: "
                    << (names.empty()
                            ? QStringLiteral("no points in the file")
                            : "the file holds the operations " + QString::fromStdString(names) +
                                  ": choose one with --op")
                    << "\n";
                return 2;
            }
        }
        if (!parser.isSet(type)) {
            std::string names;
            const auto keep = [&](const RunResult& p) { return p.request.op == *operation; };
            elementType = only_value<ElementType>(
                file, [](const RunResult& p) { return p.request.type; }, keep, names);
            if (!elementType) {
                err << "reducelab-render: "
                    << (names.empty()
                            ? "no " + QString::fromStdString(std::string(to_string(*operation))) +
                                  " points in the file"
                            : "the file holds " + QString::fromStdString(names) +
                                  " points: choose one with --type")
                    << "\n";
                return 2;
            }
        }
        ResultsFile results = filtered(file, *elementType, *operation);
        if (parser.isSet(compare)) {
            const ResultsFile peer = filtered(read_results(parser.value(compare).toStdString()),
                                              *elementType, *operation);
            results.points.insert(results.points.end(), peer.points.begin(), peer.points.end());
        }
        if (results.points.empty()) {
            err << "reducelab-render: no "
                << QString::fromStdString(std::string(to_string(*elementType))) << " "
                << QString::fromStdString(std::string(to_string(*operation)))
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
