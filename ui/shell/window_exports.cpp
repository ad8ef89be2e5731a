// Export dialogs and writes of the main window.
#include "shell/window_exports.h"

#include <qcustomplot.h>
#include <QFileDialog>
#include <QFileInfo>
#include <QMainWindow>
#include <QMessageBox>
#include <QStatusBar>
#include <filesystem>

#include "charts/chart_exporter.h"
#include "charts/export_dialog.h"
#include "reducelab/replay.h"
#include "reducelab/results_file.h"
#include "reducelab/session_file.h"
#include "reducelab/version.h"
#include "shell/control_panel.h"
#include "shell/results_model.h"
#include "step/step_view.h"

namespace reducelab::ui {

WindowExports::WindowExports(Window window, QObject* parent)
    : QObject(parent), w_(std::move(window)) {}

void WindowExports::report(const QString& what, const QString& path, const QString& error) {
    if (error.isEmpty()) {
        w_.window->statusBar()->showMessage(tr("%1 written to %2").arg(what, path), 6000);
        return;
    }
    JobError e;
    e.kind = ErrorKind::Io;
    e.message = error;
    w_.showError(e);
}

QString WindowExports::exportChart(Chart chart, const QString& path, int width, int height,
                                   int dpi) {
    const auto format = ChartExporter::formatForPath(path);
    const QString error =
        format ? ChartExporter::save(w_.performance->plot(chart), path, *format, width, height, dpi)
               : tr("%1: choose a .png, .svg or .pdf file").arg(path);
    report(tr("Chart"), path, error);
    return error;
}

QString WindowExports::exportChartData(Chart chart, const QString& path) {
    const auto format = ChartExporter::dataFormatForPath(path);
    const QString error =
        format ? ChartExporter::saveData(w_.performance->results(chart), path, *format)
               : tr("%1: choose a .csv or .json file").arg(path);
    report(tr("Chart data"), path, error);
    return error;
}

QString WindowExports::exportTable(const QString& path) {
    const auto format = ChartExporter::dataFormatForPath(path);
    const DeviceInfo* device = w_.controls->currentDevice();
    const ResultsFile file = w_.results->toResultsFile(device ? *device : DeviceInfo{});
    const QString error = format ? ChartExporter::saveData(file, path, *format)
                                 : tr("%1: choose a .csv or .json file").arg(path);
    report(tr("Results"), path, error);
    if (error.isEmpty()) w_.results->markSaved();
    return error;
}

QString WindowExports::exportStepRound(const QString& path) {
    const QString error = w_.stepView->roundCount() == 0
                              ? tr("there is no trace to export: press Trace first")
                              : w_.stepView->exportRoundPng(path);
    report(tr("Step round"), path, error);
    return error;
}

QString WindowExports::exportStepAnimation(const QString& directory, int framesPerRound) {
    QString error;
    if (w_.stepView->roundCount() == 0)
        error = tr("there is no trace to export: press Trace first");
    else if (w_.stepView->exportAnimation(directory, framesPerRound).isEmpty())
        error = tr("could not write the PNG sequence to %1").arg(directory);
    report(tr("Step animation"), directory, error);
    return error;
}

QString WindowExports::exportStepReplay(const QString& path) {
    QString error;
    const std::vector<StepTrace> traces = w_.stepView->traces();
    const std::filesystem::path file = path.toStdString();
    if (traces.empty()) {
        error = tr("there is no trace to export: press Trace first");
    } else {
        try {
            if (QFileInfo(path).suffix().compare(QLatin1String("reducelab"), Qt::CaseInsensitive) ==
                0)
                write_session(file, SessionFile{std::string("reducelab ") + kVersion,
                                                utc_now_iso8601(), traces});
            else
                write_replay(file, traces, GifOptions{});
        } catch (const Error& e) {
            error = QString::fromStdString(e.what());
        }
    }
    report(tr("Step replay"), path, error);
    return error;
}

void WindowExports::askExportStepReplay() {
    // The dialog asks before replacing a file; the suffix of the chosen filter is added.
    QString filter;
    QString path = QFileDialog::getSaveFileName(
        w_.window, tr("Export step replay"), QStringLiteral("replay.html"),
        tr("HTML replay (*.html);;Animated GIF (*.gif);;ReduceLab session (*.reducelab)"), &filter);
    if (path.isEmpty()) return;
    if (QFileInfo(path).suffix().isEmpty()) {
        const auto open = filter.lastIndexOf(QLatin1String("*."));
        path += filter.mid(open + 1, filter.size() - open - 2);
    }
    exportStepReplay(path);
}

void WindowExports::askExportChart(Chart chart) {
    ExportDialog dialog(w_.performance->chartName(chart), w_.window);
    if (dialog.exec() != QDialog::Accepted) return;
    const ExportDialog::Choice c = dialog.choice();
    const ExportDialog::Target target = ExportDialog::target(c.path, c.format);
    // Never write another name than the one given, or over a file, without asking.
    if (target.suffixAdded && !QFileInfo(c.path).suffix().isEmpty() &&
        QMessageBox::question(w_.window, tr("Export chart"),
                              tr("%1 is not a chart format (PNG, SVG or PDF). Save the chart "
                                 "as %2?")
                                  .arg(QFileInfo(c.path).suffix(), target.path)) !=
            QMessageBox::Yes)
        return;
    if (QFileInfo::exists(target.path) && target.path != c.confirmedPath &&
        QMessageBox::question(w_.window, tr("Export chart"),
                              tr("%1 already exists. Replace it?").arg(target.path)) !=
            QMessageBox::Yes)
        return;
    exportChart(chart, target.path, c.width, c.height, c.dpi);
}

void WindowExports::askExportChartData(Chart chart, const QString& format) {
    const QString path = QFileDialog::getSaveFileName(
        w_.window, tr("Export chart data"),
        w_.performance->chartName(chart) + QLatin1Char('.') + format,
        format == QLatin1String("csv") ? tr("CSV (*.csv)") : tr("Results JSON (*.json)"));
    if (!path.isEmpty()) exportChartData(chart, path);
}

void WindowExports::copyChart(Chart chart) {
    QCustomPlot* plot = w_.performance->plot(chart);
    ChartExporter::copyToClipboard(plot, plot->width(), plot->height(), 192);
    w_.window->statusBar()->showMessage(tr("Chart copied to the clipboard"), 4000);
}

void WindowExports::askExportTable(const QString& suffix) {
    const bool csv = suffix == QLatin1String("csv");
    const QString path = QFileDialog::getSaveFileName(
        w_.window, tr("Export results"), QStringLiteral("reducelab-results.") + suffix,
        csv ? tr("CSV (*.csv)") : tr("Results JSON (*.json)"));
    if (!path.isEmpty()) exportTable(path);
}

void WindowExports::askExportStepRound() {
    const QString path = QFileDialog::getSaveFileName(
        w_.window, tr("Export the current round"),
        QStringLiteral("reducelab-step-round-%1.png").arg(w_.stepView->round()), tr("PNG (*.png)"));
    if (!path.isEmpty()) exportStepRound(path);
}

void WindowExports::askExportStepAnimation() {
    const QString dir =
        QFileDialog::getExistingDirectory(w_.window, tr("Folder for the PNG sequence"));
    if (!dir.isEmpty()) exportStepAnimation(dir);
}

}  // namespace reducelab::ui
