// The step view: its panels, timeline, counters, settings and export. Its controls are built in
// step_view_controls.cpp; how it fits its room is decided in step_view_fit.cpp.
#include "step/step_view.h"

#include <QApplication>
#include <QCheckBox>
#include <QComboBox>
#include <QDir>
#include <QEvent>
#include <QFileInfo>
#include <QHBoxLayout>
#include <QImage>
#include <QLabel>
#include <QPainter>
#include <QPushButton>
#include <QResizeEvent>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QVariantAnimation>
#include <algorithm>

#include "common/file_writing.h"
#include "reducelab/session_file.h"
#include "step/step_canvas.h"
#include "step/step_cell_text.h"
#include "step/step_counters.h"
#include "step/step_lens.h"
#include "step/step_view_fit.h"

namespace reducelab::ui {
namespace {

constexpr int kBaseTransitionMs = 750;

}  // namespace

StepView::StepView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("stepView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(controls_.buildSetupRow(texts_, this));
    layout->addLayout(controls_.buildTransportRow(texts_, style()));
    layout->addWidget(controls_.buildStaleNotice(texts_, this));
    layout->addWidget(buildLegend());
    layout->addWidget(buildPanels(), 1);
    buildAnimation();

    connectControls();
    connectAnimation();
    connectPanels();
    connectLenses();

    setTheme(Theme::standard());
    updateTransport();
    updateCounters();
    updateLayoutDirection();
}

// A legend that names every mark by its shape as well as its colour (its text: setTheme).
QWidget* StepView::buildLegend() {
    legend_ = new QLabel;
    legend_->setObjectName(QStringLiteral("stepLegend"));
    legend_->setWordWrap(true);
    return legend_;
}

// The two panels in a splitter: side by side or stacked (updateLayoutDirection).
QWidget* StepView::buildPanels() {
    splitter_ = new QSplitter(Qt::Horizontal);
    splitter_->setChildrenCollapsible(false);
    panels_ = splitter_;
    for (int panel = 0; panel < 2; ++panel) splitter_->addWidget(buildPanel(panel));
    return splitter_;
}

// One panel: its title, canvas, lens (hidden until needed) and counters.
QWidget* StepView::buildPanel(int panel) {
    auto* box = new QWidget;
    auto* boxLayout = new QVBoxLayout(box);
    boxLayout->setContentsMargins(2, 2, 2, 2);
    boxLayout->setSpacing(2);
    titles_[panel] = new QLabel;
    titles_[panel]->setObjectName(panel == 0 ? QStringLiteral("stepTitleA")
                                             : QStringLiteral("stepTitleB"));
    // One line, cut at the panel's edge (the whole title is its tooltip): a long variant
    // summary must not make the window wider or the panel taller.
    titles_[panel]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    canvases_[panel] = new StepCanvas;
    canvases_[panel]->setObjectName(panel == 0 ? QStringLiteral("stepCanvasA")
                                               : QStringLiteral("stepCanvasB"));
    counterLabels_[panel] = new QLabel;
    counterLabels_[panel]->setObjectName(panel == 0 ? QStringLiteral("stepCountersA")
                                                    : QStringLiteral("stepCountersB"));
    counterLabels_[panel]->setWordWrap(true);
    counterLabels_[panel]->setTextFormat(Qt::RichText);
    counterLabels_[panel]->setSizePolicy(QSizePolicy::Ignored, QSizePolicy::Preferred);
    boxLayout->addWidget(titles_[panel]);
    boxLayout->addWidget(canvases_[panel], 1);
    lenses_[panel] = new StepLens;
    lenses_[panel]->setObjectName(panel == 0 ? QStringLiteral("stepLensA")
                                             : QStringLiteral("stepLensB"));
    lenses_[panel]->hide();
    boxLayout->addWidget(lenses_[panel]);
    canvases_[panel]->installEventFilter(this);
    boxLayout->addWidget(counterLabels_[panel]);
    return box;
}

// The transition between rounds, and the pause before the next one while playing.
void StepView::buildAnimation() {
    animation_ = new QVariantAnimation(this);
    animation_->setStartValue(0.0);
    animation_->setEndValue(1.0);
    hold_ = new QTimer(this);
    hold_->setSingleShot(true);
}

// The buttons, the scrubber and the settings.
void StepView::connectControls() {
    connect(controls_.traceButton, &QPushButton::clicked, this, &StepView::traceRequested);
    connect(controls_.firstButton, &QToolButton::clicked, this, &StepView::first);
    connect(controls_.backButton, &QToolButton::clicked, this, &StepView::stepBack);
    connect(controls_.playButton, &QToolButton::clicked, this, &StepView::togglePlay);
    connect(controls_.forwardButton, &QToolButton::clicked, this, &StepView::stepForward);
    connect(controls_.lastButton, &QToolButton::clicked, this, &StepView::last);
    connect(controls_.scrubber, &QSlider::valueChanged, this, [this](int value) {
        if (value != round_) setRound(value, false);
    });
    connect(controls_.zoomInButton, &QToolButton::clicked, this, &StepView::zoomIn);
    connect(controls_.zoomOutButton, &QToolButton::clicked, this, &StepView::zoomOut);
    connect(controls_.zoomFitButton, &QToolButton::clicked, this, &StepView::zoomFit);
    connect(controls_.fold, &QCheckBox::toggled, this, [this](bool on) {
        for (StepCanvas* c : canvases_) c->setFoldIdle(on);
    });
    connect(controls_.layout, &QComboBox::currentIndexChanged, this,
            &StepView::updateLayoutDirection);
    for (QComboBox* setting : {controls_.localSize, controls_.warpWidth, controls_.fill})
        connect(setting, &QComboBox::currentIndexChanged, this, [this] {
            updateLayoutDirection();
            updateStale();
        });
}

// Playing: each transition, then a pause as long as one, then the next round.
void StepView::connectAnimation() {
    connect(animation_, &QVariantAnimation::valueChanged, this,
            [this](const QVariant& v) { applyRound(v.toDouble()); });
    connect(animation_, &QVariantAnimation::finished, this, [this] {
        applyRound(1.0);
        if (playing_) {
            if (round_ >= roundCount())
                pause();
            else
                hold_->start(transitionMs());
        }
    });
    connect(hold_, &QTimer::timeout, this, [this] {
        if (playing_) setRound(round_ + 1, true);
    });
}

// Panning or zooming one panel moves the other: same cells, same place.
void StepView::connectPanels() {
    for (int panel = 0; panel < 2; ++panel)
        connect(canvases_[panel], &StepCanvas::viewChanged, this,
                [this, panel](qreal zoom, qreal pan) {
                    StepCanvas* other = canvases_[1 - panel];
                    const QSignalBlocker block(other);
                    other->setZoom(zoom);
                    other->setPanFraction(pan);
                    updateLenses();
                });
}

TraceRequest StepView::traceRequest(const TraceRequest& base) const {
    TraceRequest r = base;
    r.local_size = static_cast<std::size_t>(controls_.localSize->currentData().toInt());
    r.fill = static_cast<Fill>(controls_.fill->currentData().toInt());
    r.warp_width = static_cast<unsigned>(controls_.warpWidth->currentData().toInt());
    r.n = 0;  // one work-group's worth of input
    r.group = 0;
    return r;
}

void StepView::applySettings(std::size_t localSize, unsigned warpWidth, Fill fill) {
    auto choose = [](QComboBox* box, int value) {
        if (const int i = box->findData(value); i >= 0) box->setCurrentIndex(i);
    };
    choose(controls_.localSize, int(localSize));
    choose(controls_.warpWidth, int(warpWidth));
    choose(controls_.fill, static_cast<int>(fill));
}

void StepView::setLocalSizes(const std::vector<std::size_t>& sizes) {
    const int keep = controls_.localSize->currentData().toInt();
    const QSignalBlocker block(controls_.localSize);
    controls_.localSize->clear();
    for (std::size_t size : sizes) controls_.localSize->addItem(QString::number(size), int(size));
    const int i = controls_.localSize->findData(keep);
    controls_.localSize->setCurrentIndex(i >= 0 ? i
                                                : std::min(4, controls_.localSize->count() - 1));
    updateLayoutDirection();
}

std::vector<std::size_t> StepView::localSizes() const {
    std::vector<std::size_t> sizes;
    for (int i = 0; i < controls_.localSize->count(); ++i)
        sizes.push_back(std::size_t(controls_.localSize->itemData(i).toInt()));
    return sizes;
}

void StepView::setPanelTitle(int panel, const QString& title) {
    titles_[panel]->setText(title);
    titles_[panel]->setToolTip(title);
}

QString StepView::panelTitle(int panel) const {
    return titles_[panel]->text();
}

void StepView::setTracing(int panel, const QString& variant) {
    pause();
    traces_[panel].reset();
    canvases_[panel]->setMessage(tr("Tracing %1 on the device…").arg(variant));
    updateTransport();
    updateCounters();
}

void StepView::setTrace(int panel, std::shared_ptr<const StepTrace> trace) {
    traces_[panel] = trace;
    lenses_[panel]->setTrace(trace);
    canvases_[panel]->setTrace(std::move(trace));
    canvases_[panel]->setFoldIdle(controls_.fold->isChecked());
    variantChanged_ = false;
    round_ = 0;
    setRound(0, false);
    updateLayoutDirection();
    updateLenses();
    updateStale();
}

void StepView::setTraceError(int panel, const QString& message) {
    traces_[panel].reset();
    lenses_[panel]->setTrace(nullptr);
    canvases_[panel]->setMessage(message);
    updateLenses();
    updateStale();
    updateTransport();
    updateCounters();
}

QString StepView::openSession(const QString& path) {
    const SessionFile session = read_session(path.toStdString());
    // The settings follow the session, so its traces are not reported as stale.
    if (!session.traces.empty()) matchSettings(session.traces.front());
    for (std::size_t panel = 0; panel < 2; ++panel) {
        if (panel < session.traces.size())
            setTrace(static_cast<int>(panel),
                     std::make_shared<const StepTrace>(session.traces[panel]));
        else
            setTraceError(static_cast<int>(panel), tr("The session holds one trace."));
    }
    setRound(0, false);
    return tr("Opened session %1: %2 trace(s) by %3")
        .arg(QFileInfo(path).fileName())
        .arg(session.traces.size())
        .arg(QString::fromStdString(session.tool));
}

std::vector<StepTrace> StepView::traces() const {
    std::vector<StepTrace> shown;
    for (const auto& trace : traces_)
        if (trace) shown.push_back(*trace);
    return shown;
}

int StepView::roundCount() const {
    return std::max(canvases_[0]->roundCount(), canvases_[1]->roundCount());
}

bool StepView::isAnimating() const {
    return animation_->state() == QAbstractAnimation::Running;
}

int StepView::transitionMs() const {
    return static_cast<int>(kBaseTransitionMs /
                            std::max(0.05, controls_.speed->currentData().toDouble()));
}

void StepView::play() {
    if (roundCount() == 0) return;
    playing_ = true;
    // Playing from the end starts over: what a teacher expects after the last round.
    if (round_ >= roundCount()) setRound(0, false);
    updateTransport();
    if (!isAnimating()) setRound(round_ + 1, true);
}

void StepView::pause() {
    playing_ = false;
    hold_->stop();
    updateTransport();
}

void StepView::togglePlay() {
    playing_ ? pause() : play();
}

void StepView::stepForward() {
    hold_->stop();
    if (round_ < roundCount()) setRound(round_ + 1, true);
}

void StepView::stepBack() {
    pause();
    if (round_ > 0) setRound(round_ - 1, false);
}

void StepView::first() {
    pause();
    setRound(0, false);
}

void StepView::last() {
    pause();
    setRound(roundCount(), false);
}

void StepView::setRound(int round, bool animate) {
    round = std::clamp(round, 0, roundCount());
    animation_->stop();
    round_ = round;
    if (animate && round > 0) {
        animation_->setDuration(transitionMs());
        applyRound(0.0);
        animation_->start();
    } else {
        applyRound(1.0);
    }
    updateTransport();
    updateCounters();
    emit roundChanged(round_);
}

void StepView::applyRound(qreal progress) {
    for (int panel = 0; panel < 2; ++panel) {
        StepCanvas* c = canvases_[panel];
        c->setRound(std::min(round_, c->roundCount()), progress);
        lenses_[panel]->setRound(c->round(), progress);
    }
}

void StepView::updateTransport() {
    const int rounds = roundCount();
    {
        const QSignalBlocker block(controls_.scrubber);
        controls_.scrubber->setRange(0, rounds);
        controls_.scrubber->setValue(round_);
    }
    controls_.roundLabel->setText(rounds == 0   ? tr("no trace")
                                  : round_ == 0 ? tr("loaded · %1 rounds").arg(rounds)
                                                : tr("round %1 of %2").arg(round_).arg(rounds));
    controls_.playButton->setIcon(
        style()->standardIcon(playing_ ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    for (QWidget* w : std::initializer_list<QWidget*>{controls_.firstButton, controls_.backButton,
                                                      controls_.playButton, controls_.forwardButton,
                                                      controls_.lastButton, controls_.scrubber})
        w->setEnabled(rounds > 0);
}

StepView::Counters StepView::counters(int panel) const {
    const GroupTrace* g = canvases_[panel]->group();
    return g ? StepCounters::at(*g, round_) : Counters{};
}

QString StepView::countersText(int panel) const {
    QTextDocument doc;
    doc.setHtml(counterLabels_[panel]->text());
    return doc.toPlainText();
}

void StepView::updateCounters() {
    for (int panel = 0; panel < 2; ++panel) {
        const GroupTrace* g = canvases_[panel]->group();
        QLabel* label = counterLabels_[panel];
        if (!g) {
            label->clear();
            continue;
        }
        label->setText(counters(panel).html(*canvases_[panel]->trace(), *g));
    }
}

void StepView::zoomIn() {
    canvases_[0]->setZoom(canvases_[0]->zoom() * 1.5);
}

void StepView::zoomOut() {
    canvases_[0]->setZoom(canvases_[0]->zoom() / 1.5);
}

void StepView::zoomFit() {
    canvases_[0]->setZoom(1.0);
}

void StepView::setTheme(const Theme& theme) {
    theme_ = theme;
    for (StepCanvas* c : canvases_) c->setTheme(theme);
    for (StepLens* l : lenses_) l->setTheme(theme);
    for (QLabel* l : counterLabels_) l->setFont(theme.font(QApplication::font(), 1.05));
    for (QLabel* l : titles_) l->setFont(theme.font(QApplication::font(), 1.1, true));
    legend_->setFont(theme.font(QApplication::font(), 0.95));
    auto swatch = [](const QColor& c, const QString& symbol) {
        return QStringLiteral("<span style='color:%1; font-weight:bold'>%2</span>")
            .arg(c.name(), symbol);
    };
    legend_->setText(
        tr("%1 active work-item &nbsp; %2 idle &nbsp; → read / write &nbsp; %3 divergent warp "
           "(hatched band) &nbsp; %4 bank conflict (diamond, dashed arrow, n×) &nbsp; %5 written "
           "this round &nbsp; %6 the work-group's result")
            .arg(swatch(theme.active, QStringLiteral("●")), swatch(theme.idle, QStringLiteral("○")),
                 swatch(theme.divergent, QStringLiteral("▨")),
                 swatch(theme.conflict, QStringLiteral("◆")),
                 swatch(theme.writtenFill.darker(130), QStringLiteral("■")),
                 swatch(theme.resultFill.darker(130), QStringLiteral("▣"))));
}

QImage StepView::renderPanels(qreal scale) {
    QImage image((QSizeF(panels_->size()) * scale).toSize(), QImage::Format_ARGB32_Premultiplied);
    image.setDevicePixelRatio(scale);
    image.fill(Qt::white);
    panels_->render(&image);
    return image;
}

QString StepView::exportRoundPng(const QString& path, qreal scale) {
    // The round as it is once its transition is over.
    animation_->stop();
    applyRound(1.0);
    return saveImageSafely(renderPanels(scale), path);
}

QStringList StepView::exportAnimation(const QString& dir, int framesPerRound, qreal scale,
                                      const QString& prefix) {
    QStringList files;
    if (roundCount() == 0 || !QDir().mkpath(dir)) return files;
    const bool wasPlaying = playing_;
    pause();
    animation_->stop();
    const int keep = round_;
    framesPerRound = std::max(1, framesPerRound);
    int frame = 0;
    auto write = [&] {
        const QString path = QDir(dir).filePath(
            QStringLiteral("%1_%2.png").arg(prefix).arg(frame++, 4, 10, QLatin1Char('0')));
        if (saveImageSafely(renderPanels(scale), path).isEmpty())
            files << path;
        else
            files.clear();
        return !files.isEmpty();
    };
    round_ = 0;
    applyRound(1.0);
    updateCounters();
    bool ok = write();
    for (int r = 1; ok && r <= roundCount(); ++r) {
        round_ = r;
        updateCounters();
        for (int f = 1; ok && f <= framesPerRound; ++f) {
            applyRound(static_cast<qreal>(f) / framesPerRound);
            ok = write();
        }
    }
    setRound(keep, false);
    if (wasPlaying) play();
    return ok ? files : QStringList();
}

void StepView::connectLenses() {
    for (int panel = 0; panel < 2; ++panel) {
        StepLens* lens = lenses_[panel];
        connect(lens, &StepLens::windowChanged, this, [this] { updateLenses(); });
        // The user moves one lens: the other shows the same cells, as the panels share zoom.
        connect(lens, &StepLens::movedByUser, this, [this, panel](std::uint32_t first) {
            if (syncingLenses_) return;
            syncingLenses_ = true;
            lenses_[1 - panel]->moveTo(first);
            syncingLenses_ = false;
        });
        connect(lens, &StepLens::followToggled, this,
                [this, panel](bool on) { lenses_[1 - panel]->setFollowing(on); });
        connect(canvases_[panel], &StepCanvas::lensMoveRequested, this,
                [this](std::uint32_t index) {
                    syncingLenses_ = true;
                    for (StepLens* l : lenses_) l->centerOn(index);
                    syncingLenses_ = false;
                });
    }
}

void StepView::updateLenses() {
    for (int panel = 0; panel < 2; ++panel) {
        const bool shown = fit::lensShown(traces_[panel].get(), canvases_[panel]->valuesFitWidth());
        StepLens* lens = lenses_[panel];
        if (lens->isVisibleTo(this) != shown) lens->setVisible(shown);
        canvases_[panel]->setLensWindow(shown ? lens->firstCell() : 0,
                                        shown ? lens->cellCount() : 0);
    }
}

void StepView::setVariantChanged(bool changed) {
    variantChanged_ = changed;
    updateStale();
}

void StepView::setSelectedVariants(const std::string& a, const std::string& b) {
    const std::string* selected[2] = {&a, &b};
    bool differs = false;
    for (int panel = 0; panel < 2; ++panel)
        if (traces_[panel] && traces_[panel]->variant != *selected[panel]) differs = true;
    setVariantChanged(differs);
}

QString StepView::staleReason() const {
    const TraceRequest now = traceRequest(TraceRequest{});
    return fit::staleReason(traces_[0] ? traces_[0].get() : traces_[1].get(),
                            {now.local_size, now.warp_width, now.fill}, variantChanged_);
}

void StepView::matchSettings(const StepTrace& trace) {
    auto pick = [](QComboBox* box, int value) {
        const int i = box->findData(value);
        if (i >= 0) box->setCurrentIndex(i);
    };
    pick(controls_.localSize, static_cast<int>(trace.local_size));
    pick(controls_.warpWidth, static_cast<int>(trace.warp_width));
    pick(controls_.fill, static_cast<int>(trace.request.fill));
}

void StepView::updateStale() {
    const QString reason = staleReason();
    controls_.staleText->setText(reason);
    controls_.stale->setVisible(!reason.isEmpty());
}

bool StepView::eventFilter(QObject* watched, QEvent* event) {
    // A canvas that gets narrower may need the lens for its numbers, or no longer.
    if (event->type() == QEvent::Resize && (watched == canvases_[0] || watched == canvases_[1]))
        updateLenses();
    return QWidget::eventFilter(watched, event);
}

void StepView::resizeEvent(QResizeEvent* event) {
    QWidget::resizeEvent(event);
    updateLayoutDirection();
}

void StepView::updateLayoutDirection() {
    const auto layout = static_cast<fit::PanelLayout>(controls_.layout->currentIndex());
    const Qt::Orientation o = fit::panelOrientation(
        layout, layout == fit::PanelLayout::Auto ? panelRoom() : fit::PanelRoom{});
    if (splitter_->orientation() != o) splitter_->setOrientation(o);
}

fit::PanelRoom StepView::panelRoom() const {
    fit::PanelRoom room;
    for (int panel = 0; panel < 2; ++panel)
        if (traces_[panel]) {
            room.localSize = std::max(room.localSize, traces_[panel]->local_size);
            room.rows = std::max(room.rows, canvases_[panel]->roundCount() + 1);
        }
    const QWidget* box = canvases_[0]->parentWidget();
    const int chrome = box->height() - canvases_[0]->height();
    room.stackedCanvasHeight = (splitter_->height() - splitter_->handleWidth()) / 2 - chrome;
    room.legiblePixelSize = cells::legiblePixelSize(theme_, canvases_[0]->font());
    return room;
}

void StepView::saveSettings(QSettings& s) const {
    s.beginGroup(QStringLiteral("step"));
    controls_.saveSettings(s);
    s.setValue(QStringLiteral("splitter"), splitter_->saveState());
    s.endGroup();
}

void StepView::restoreSettings(QSettings& s) {
    s.beginGroup(QStringLiteral("step"));
    controls_.restoreSettings(s);
    splitter_->restoreState(s.value(QStringLiteral("splitter")).toByteArray());
    s.endGroup();
    updateLayoutDirection();
}

void StepView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) {
        texts_.apply();
        setTheme(theme_);  // the legend's words
        updateTransport();
        updateCounters();
        updateStale();
    }
    QWidget::changeEvent(event);
}

}  // namespace reducelab::ui
