// Saving and restoring the main window's workspace: the settings as strings, and the window's
// workspace()/restoreWorkspace()/saveWorkspace() (kept here so that main_window.cpp stays small).
#include "shell/workspace_session.h"

#include <QDir>
#include <QFileDialog>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>
#include <QStatusBar>

#include "charts/performance_view.h"
#include "charts/results_chart.h"
#include "common/settings_keys.h"
#include "common/translations.h"
#include "reducelab/error.h"
#include "reducelab/session_file.h"
#include "reducelab/version.h"
#include "shell/control_panel.h"
#include "shell/main_window.h"
#include "shell/results_model.h"
#include "shell/run_summary.h"
#include "shell/teaching_session.h"
#include "step/step_view.h"

namespace reducelab::ui {
namespace WorkspaceSession {
namespace {

const QString kBase64 = QStringLiteral("base64:");

}  // namespace

// The charts by their names in the session file.
constexpr std::pair<PerformanceView::Chart, const char*> kChartNames[] = {
    {PerformanceView::Chart::LocalSize, "local_size"},
    {PerformanceView::Chart::Size, "size"},
    {PerformanceView::Chart::Ladder, "ladder"}};

QString autosavePath() {
    return QStandardPaths::writableLocation(QStandardPaths::AppDataLocation) +
           QStringLiteral("/workspace.reducelab");
}

QStringList settingGroups() {
    return {QStringLiteral("controls"), QStringLiteral("step"), QStringLiteral("charts"),
            QStringLiteral("window"), QStringLiteral("ui")};
}

std::map<std::string, std::string> settingsToMap(QSettings& settings) {
    std::map<std::string, std::string> values;
    for (const QString& key : settings.allKeys()) {
        if (!settingGroups().contains(key.section(QLatin1Char('/'), 0, 0))) continue;
        const QVariant value = settings.value(key);
        const QString text = value.typeId() == QMetaType::QByteArray
                                 ? kBase64 + QString::fromLatin1(value.toByteArray().toBase64())
                                 : value.toString();
        values[key.toStdString()] = text.toStdString();
    }
    return values;
}

void mapToSettings(const std::map<std::string, std::string>& values, QSettings& settings) {
    for (const auto& [name, value] : values) {
        const QString key = QString::fromStdString(name);
        if (!settingGroups().contains(key.section(QLatin1Char('/'), 0, 0))) continue;
        const QString text = QString::fromStdString(value);
        if (text.startsWith(kBase64))
            settings.setValue(key, QByteArray::fromBase64(text.mid(kBase64.size()).toLatin1()));
        else
            settings.setValue(key, text);
    }
}

}  // namespace WorkspaceSession

SessionFile MainWindow::workspace(bool withResults) const {
    SessionFile session;
    session.tool = std::string("reducelab ") + kVersion;
    session.created_utc = utc_now_iso8601();
    session.traces = stepView_->traces();
    if (withResults && results_->rowCount() > 0) {
        const DeviceInfo* device = controls_->currentDevice();
        session.results = results_->toResultsFile(device ? *device : DeviceInfo{});
        for (int row = 0; row < results_->rowCount(); ++row)
            session.result_sources.push_back(results_->source(row).toStdString());
    }
    // What each chart shows and the result cards, so a restored lecture shows them again.
    for (const auto& [which, name] : WorkspaceSession::kChartNames) {
        const ResultsChart* chart = performance_->chart(which);
        if (chart->results().points.empty()) continue;
        session.charts.push_back(
            SessionChart{name, chart->title().toStdString(), chart->logScale(), chart->results()});
    }
    for (unsigned slot = 0; slot < 2; ++slot)
        if (const auto& card = summary_->result(static_cast<int>(slot))) {
            if (!session.cards) {
                session.cards = ResultsFile{};
                session.cards->tool = session.tool;
                session.cards->created_utc = session.created_utc;
                session.cards->suite = "cards";
                session.cards->device = card->device;
            }
            session.cards->points.push_back(*card);
            session.card_slots.push_back(slot);
        }
    // The selected chart tab, and the teaching windows' step, measurements and study.
    for (const auto& [which, name] : WorkspaceSession::kChartNames)
        if (performance_->currentChart() == which) session.tabs["performance"] = name;
    TeachingSession::save(*teaching_, session);
    saveSettings();
    QSettings settings;
    settings.setValue(SettingsKeys::kLanguage, Translations::installed());
    session.settings = WorkspaceSession::settingsToMap(settings);
    return session;
}

void MainWindow::restoreWorkspace(const SessionFile& session) {
    if (session.results) {
        results_->clear();
        for (std::size_t i = 0; i < session.results->points.size(); ++i)
            results_->add(session.results->points[i],
                          QString::fromStdString(session.result_sources[i]));
        results_->markSaved();  // kept in the session it came from
    }
    if (!session.settings.empty()) {
        QSettings settings;
        WorkspaceSession::mapToSettings(session.settings, settings);
        restoreSettings();
        const QString language = settings.value(SettingsKeys::kLanguage).toString();
        if (!language.isEmpty() && language != Translations::installed())
            Translations::install(language);
    }
    // The charts and cards as they were (a chart of this session's device survives the device
    // being chosen when the devices are listed: onDeviceChanged keeps it).
    for (const SessionChart& saved : session.charts)
        for (const auto& [which, name] : WorkspaceSession::kChartNames)
            if (saved.name == name) {
                ResultsChart* chart = performance_->chart(which);
                chart->setResults(saved.results);
                chart->setTitle(QString::fromStdString(saved.title));
                performance_->setLogScale(saved.log_scale);
            }
    if (const auto tab = session.tabs.find("performance"); tab != session.tabs.end())
        for (const auto& [which, name] : WorkspaceSession::kChartNames)
            if (tab->second == name) performance_->showChart(which);
    TeachingSession::restore(*teaching_, session);
    if (session.cards) {
        summary_->clear();
        for (std::size_t i = 0; i < session.card_slots.size(); ++i)
            summary_->setResult(static_cast<int>(session.card_slots[i]), session.cards->points[i]);
    }
    // Restored traces are shown as they were: no trace at start replaces them.
    if (!session.traces.empty()) options_.traceAtStart = false;
    for (std::size_t panel = 0; panel < std::min<std::size_t>(2, session.traces.size()); ++panel) {
        const auto trace = std::make_shared<const StepTrace>(session.traces[panel]);
        stepView_->setTrace(static_cast<int>(panel), trace);
        stepView_->setPanelTitle(
            static_cast<int>(panel),
            panelTitle(static_cast<int>(panel), QString::fromStdString(trace->variant)));
    }
    if (!session.traces.empty()) stepView_->setRound(0, false);
}

QString MainWindow::saveWorkspace(const QString& path, bool withResults) {
    try {
        QDir().mkpath(QFileInfo(path).absolutePath());
        write_session(path.toStdString(), workspace(withResults));
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
    if (withResults) results_->markSaved();
    return {};
}

void MainWindow::saveSessionAs() {
    const QString start = SettingsKeys::resultsFolder() + QStringLiteral("/workspace.reducelab");
    // The dialog asks before replacing an existing file.
    const QString path = QFileDialog::getSaveFileName(this, tr("Save session"), start,
                                                      tr("ReduceLab session (*.reducelab)"));
    if (path.isEmpty()) return;
    const QString error = saveWorkspace(path);
    if (!error.isEmpty()) {
        JobError shown;
        shown.kind = ErrorKind::Io;
        shown.message = error;
        showError(shown);
        return;
    }
    statusBar()->showMessage(tr("Saved session %1").arg(path), 5000);
}

}  // namespace reducelab::ui
