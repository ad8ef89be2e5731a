// Saving and restoring the main window's workspace: the views it lends (WorkspaceSession::Window)
// into a session and back, and the settings as strings.
#include "shell/workspace_session.h"

#include <QDir>
#include <QFileInfo>
#include <QSettings>
#include <QStandardPaths>

#include "charts/performance_view.h"
#include "charts/results_chart.h"
#include "common/settings_keys.h"
#include "common/translations.h"
#include "reducelab/error.h"
#include "reducelab/session_file.h"
#include "reducelab/version.h"
#include "shell/control_panel.h"
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

SessionFile capture(const Window& window, bool withResults) {
    SessionFile session;
    session.tool = std::string("reducelab ") + kVersion;
    session.created_utc = utc_now_iso8601();
    session.traces = window.stepView->traces();
    if (withResults && window.results->rowCount() > 0) {
        const DeviceInfo* device = window.controls->currentDevice();
        session.results = window.results->toResultsFile(device ? *device : DeviceInfo{});
        for (int row = 0; row < window.results->rowCount(); ++row)
            session.result_sources.push_back(window.results->source(row).toStdString());
    }
    // What each chart shows and the result cards, so a restored lecture shows them again.
    for (const auto& [which, name] : kChartNames) {
        const ResultsChart* chart = window.performance->chart(which);
        if (chart->results().points.empty()) continue;
        session.charts.push_back(
            SessionChart{name, chart->title().toStdString(), chart->logScale(), chart->results()});
    }
    for (unsigned slot = 0; slot < 2; ++slot)
        if (const auto& card = window.summary->result(static_cast<int>(slot))) {
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
    for (const auto& [which, name] : kChartNames)
        if (window.performance->currentChart() == which) session.tabs["performance"] = name;
    TeachingSession::save(*window.teaching, session);
    window.saveSettings();
    QSettings settings;
    settings.setValue(SettingsKeys::kLanguage, Translations::installed());
    session.settings = settingsToMap(settings);
    return session;
}

void restore(const Window& window, const SessionFile& session) {
    if (session.results) {
        window.results->clear();
        for (std::size_t i = 0; i < session.results->points.size(); ++i)
            window.results->add(session.results->points[i],
                                QString::fromStdString(session.result_sources[i]));
        window.results->markSaved();  // kept in the session it came from
    }
    if (!session.settings.empty()) {
        QSettings settings;
        mapToSettings(session.settings, settings);
        window.restoreSettings();
        const QString language = settings.value(SettingsKeys::kLanguage).toString();
        if (!language.isEmpty() && language != Translations::installed())
            Translations::install(language);
    }
    // The charts and cards as they were (a chart of this session's device survives the device
    // being chosen when the devices are listed: onDeviceChanged keeps it).
    for (const SessionChart& saved : session.charts)
        for (const auto& [which, name] : kChartNames)
            if (saved.name == name) {
                ResultsChart* chart = window.performance->chart(which);
                chart->setResults(saved.results);
                chart->setTitle(QString::fromStdString(saved.title));
                window.performance->setLogScale(saved.log_scale);
            }
    if (const auto tab = session.tabs.find("performance"); tab != session.tabs.end())
        for (const auto& [which, name] : kChartNames)
            if (tab->second == name) window.performance->showChart(which);
    TeachingSession::restore(*window.teaching, session);
    if (session.cards) {
        window.summary->clear();
        for (std::size_t i = 0; i < session.card_slots.size(); ++i)
            window.summary->setResult(static_cast<int>(session.card_slots[i]),
                                      session.cards->points[i]);
    }
    // Restored traces are shown as they were: no trace at start replaces them.
    if (!session.traces.empty()) window.keepRestoredTraces();
    for (std::size_t panel = 0; panel < std::min<std::size_t>(2, session.traces.size()); ++panel) {
        const auto trace = std::make_shared<const StepTrace>(session.traces[panel]);
        window.stepView->setTrace(static_cast<int>(panel), trace);
        window.stepView->setPanelTitle(
            static_cast<int>(panel),
            window.panelTitle(static_cast<int>(panel), QString::fromStdString(trace->variant)));
    }
    if (!session.traces.empty()) window.stepView->setRound(0, false);
}

QString write(const Window& window, const QString& path, bool withResults) {
    try {
        QDir().mkpath(QFileInfo(path).absolutePath());
        write_session(path.toStdString(), capture(window, withResults));
    } catch (const Error& e) {
        return QString::fromUtf8(e.what());
    }
    if (withResults) window.results->markSaved();
    return {};
}

}  // namespace WorkspaceSession
}  // namespace reducelab::ui
