// The step view's controls, timeline and export.
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
#include <QMenu>
#include <QPainter>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QSplitter>
#include <QStyle>
#include <QTextDocument>
#include <QTimer>
#include <QToolButton>
#include <QVBoxLayout>
#include <QVariantAnimation>

#include "common/file_writing.h"
#include "common/flow_layout.h"
#include "reducelab/session_file.h"
#include "step/step_canvas.h"
#include "step/step_lens.h"

namespace reducelab::ui {
namespace {

constexpr int kBaseTransitionMs = 750;

QToolButton* transportButton(const QString& text) {
    auto* b = new QToolButton;
    b->setText(text);
    b->setIconSize(QSize(22, 22));
    b->setAutoRaise(true);
    b->setMinimumWidth(34);
    QFont f = b->font();
    f.setPointSizeF(f.pointSizeF() * 1.3);
    b->setFont(f);
    return b;
}

// A label and its control, kept together on one line of the flow.
QWidget* labelled(QLabel* label, QWidget* control) {
    auto* pair = new QWidget;
    auto* row = new QHBoxLayout(pair);
    row->setContentsMargins(0, 0, 0, 0);
    row->setSpacing(4);
    row->addWidget(label);
    row->addWidget(control);
    return pair;
}

}  // namespace

StepView::StepView(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("stepView"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(4, 4, 4, 4);
    layout->setSpacing(4);
    layout->addLayout(buildSetupRow());
    layout->addLayout(buildTransportRow());
    layout->addWidget(buildStaleNotice());
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

// Row 1: what to trace, folding, zoom and export; wraps when the view is narrow.
QLayout* StepView::buildSetupRow() {
    auto* setup = new FlowLayout(nullptr, 6);
    buildTraceSettings();
    setup->addWidget(traceButton_);
    setup->addWidget(labelled(texts_.label([] { return tr("local size"); }), localSize_));
    setup->addWidget(labelled(texts_.label([] { return tr("input"); }), fill_));
    setup->addWidget(labelled(texts_.label([] { return tr("warp"); }), warpWidth_));
    setup->addWidget(labelled(texts_.label([] { return tr("panels"); }), layout_));
    fold_ = new QCheckBox;
    fold_->setObjectName(QStringLiteral("stepFold"));
    fold_->setChecked(true);
    texts_.add([this] {
        fold_->setText(tr("fold idle cells"));
        fold_->setToolTip(
            tr("When cells get too narrow, runs of cells nobody touches this round shrink to a "
               "hatched strip"));
    });
    setup->addWidget(fold_);
    setup->addWidget(buildZoomAndExport());
    return setup;
}

// The trace button and the settings a trace is made with: local size, input, warp width, and
// how the panels are laid out.
void StepView::buildTraceSettings() {
    traceButton_ = new QPushButton;
    traceButton_->setObjectName(QStringLiteral("traceButton"));
    texts_.add([this] {
        traceButton_->setText(tr("Trace A and B"));
        traceButton_->setToolTip(
            tr("Run the instrumented kernels and read local memory back after every "
               "round (Ctrl+T)"));
    });
    localSize_ = new QComboBox;
    localSize_->setObjectName(QStringLiteral("stepLocalSize"));
    for (int size = 2; size <= 1024; size *= 2) localSize_->addItem(QString::number(size), size);
    localSize_->setCurrentText(QStringLiteral("16"));
    fill_ = new QComboBox;
    fill_->setObjectName(QStringLiteral("stepFill"));
    fill_->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (Fill fill : {Fill::Ramp, Fill::Random, Fill::Ones})
        fill_->addItem(QString(), static_cast<int>(fill));
    texts_.add([this] {
        fill_->setItemText(0, tr("ramp 1, 2, 3…"));
        fill_->setItemText(1, tr("random"));
        fill_->setItemText(2, tr("ones"));
    });
    warpWidth_ = new QComboBox;
    warpWidth_->setObjectName(QStringLiteral("stepWarpWidth"));
    for (int w : {4, 8, 16, 32, 64}) warpWidth_->addItem(QString::number(w), w);
    warpWidth_->setCurrentText(QStringLiteral("4"));
    texts_.add([this] {
        warpWidth_->setToolTip(
            tr("Lanes per warp (sub-group) for the analysis. Real GPUs use 32 or 64; "
               "4 and 8 show warps retiring in a small work-group."));
    });
    layout_ = new QComboBox;
    layout_->setObjectName(QStringLiteral("stepLayout"));
    for (int i = 0; i < 3; ++i) layout_->addItem(QString());
    texts_.add([this] {
        layout_->setItemText(0, tr("auto"));
        layout_->setItemText(1, tr("side by side"));
        layout_->setItemText(2, tr("stacked"));
        layout_->setToolTip(
            tr("Panels side by side or one above the other (auto: one above the other only "
               "when both panels still get rows tall enough to read)"));
    });
}

// The zoom buttons and the export menu, on one line of the flow.
QWidget* StepView::buildZoomAndExport() {
    zoomOutButton_ = transportButton(QStringLiteral("−"));
    zoomFitButton_ = transportButton(QStringLiteral("⤢"));
    zoomInButton_ = transportButton(QStringLiteral("+"));
    auto* exportButton = new QToolButton;
    exportButton->setObjectName(QStringLiteral("stepExport"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton);
    QAction* exportRound = exportMenu->addAction(QString(), this, &StepView::exportRoundRequested);
    QAction* exportAnimation =
        exportMenu->addAction(QString(), this, &StepView::exportAnimationRequested);
    QAction* exportReplay =
        exportMenu->addAction(QString(), this, &StepView::exportReplayRequested);
    exportButton->setMenu(exportMenu);
    texts_.add([=, this] {
        zoomOutButton_->setToolTip(tr("Zoom out (Ctrl+-)"));
        zoomFitButton_->setToolTip(tr("Whole work-group (Ctrl+0)"));
        zoomInButton_->setToolTip(tr("Zoom in (Ctrl++); Ctrl+wheel zooms at the mouse, drag pans"));
        exportButton->setText(tr("Export"));
        exportRound->setText(tr("Current round as PNG…"));
        exportAnimation->setText(tr("Animation as PNG sequence…"));
        exportReplay->setText(tr("Replay to take home (HTML, GIF) or session…"));
    });
    auto* zoomRow = new QWidget;
    auto* zoomLayout = new QHBoxLayout(zoomRow);
    zoomLayout->setContentsMargins(0, 0, 0, 0);
    zoomLayout->setSpacing(0);
    for (QToolButton* b : {zoomOutButton_, zoomFitButton_, zoomInButton_, exportButton})
        zoomLayout->addWidget(b);
    return zoomRow;
}

// Row 2: the timeline.
QLayout* StepView::buildTransportRow() {
    auto* transport = new QHBoxLayout;
    // The style's media icons: the ⏮ ⏸ ⏭ characters are missing from common fonts.
    firstButton_ = transportButton(QString());
    firstButton_->setIcon(style()->standardIcon(QStyle::SP_MediaSkipBackward));
    backButton_ = transportButton(QString());
    backButton_->setIcon(style()->standardIcon(QStyle::SP_MediaSeekBackward));
    playButton_ = transportButton(QString());
    playButton_->setObjectName(QStringLiteral("stepPlay"));
    forwardButton_ = transportButton(QString());
    forwardButton_->setIcon(style()->standardIcon(QStyle::SP_MediaSeekForward));
    lastButton_ = transportButton(QString());
    lastButton_->setIcon(style()->standardIcon(QStyle::SP_MediaSkipForward));
    texts_.add([this] {
        firstButton_->setToolTip(tr("First: right after the load (Home)"));
        backButton_->setToolTip(tr("Back one round (Left)"));
        playButton_->setToolTip(tr("Play / pause (Space)"));
        forwardButton_->setToolTip(tr("Forward one round (Right)"));
        lastButton_->setToolTip(tr("Last round (End)"));
    });
    buildScrubberAndSpeed();
    for (QToolButton* b : {firstButton_, backButton_, playButton_, forwardButton_, lastButton_})
        transport->addWidget(b);
    transport->addWidget(scrubber_, 1);
    transport->addWidget(roundLabel_);
    transport->addWidget(texts_.label([] { return tr("speed"); }));
    transport->addWidget(speed_);
    return transport;
}

// The round scrubber, the round label and the speed control of the timeline.
void StepView::buildScrubberAndSpeed() {
    scrubber_ = new QSlider(Qt::Horizontal);
    scrubber_->setObjectName(QStringLiteral("stepScrubber"));
    scrubber_->setRange(0, 0);
    scrubber_->setPageStep(1);
    scrubber_->setTickPosition(QSlider::TicksBelow);
    scrubber_->setTickInterval(1);
    roundLabel_ = new QLabel;
    roundLabel_->setObjectName(QStringLiteral("stepRoundLabel"));
    roundLabel_->setMinimumWidth(110);
    speed_ = new QComboBox;
    speed_->setObjectName(QStringLiteral("stepSpeed"));
    for (double s : {0.25, 0.5, 1.0, 2.0, 4.0}) speed_->addItem(QStringLiteral("%1×").arg(s), s);
    speed_->setCurrentIndex(2);
    texts_.add([this] { speed_->setToolTip(tr("Animation speed")); });
}

// Shown when the settings no longer match the traces on screen.
QWidget* StepView::buildStaleNotice() {
    stale_ = new QWidget;
    stale_->setObjectName(QStringLiteral("stepStale"));
    auto* staleLayout = new QHBoxLayout(stale_);
    staleLayout->setContentsMargins(6, 2, 6, 2);
    staleText_ = new QLabel;
    staleText_->setObjectName(QStringLiteral("stepStaleText"));
    staleText_->setWordWrap(true);
    auto* traceAgain = new QPushButton;
    texts_.add([traceAgain] { traceAgain->setText(tr("Trace again")); });
    traceAgain->setObjectName(QStringLiteral("stepTraceAgain"));
    staleLayout->addWidget(staleText_, 1);
    staleLayout->addWidget(traceAgain);
    stale_->setStyleSheet(
        QStringLiteral("#stepStale { background: #fff3cd; border-radius: 3px; }"));
    stale_->hide();
    connect(traceAgain, &QPushButton::clicked, this, &StepView::traceRequested);
    return stale_;
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
    connect(traceButton_, &QPushButton::clicked, this, &StepView::traceRequested);
    connect(firstButton_, &QToolButton::clicked, this, &StepView::first);
    connect(backButton_, &QToolButton::clicked, this, &StepView::stepBack);
    connect(playButton_, &QToolButton::clicked, this, &StepView::togglePlay);
    connect(forwardButton_, &QToolButton::clicked, this, &StepView::stepForward);
    connect(lastButton_, &QToolButton::clicked, this, &StepView::last);
    connect(scrubber_, &QSlider::valueChanged, this, [this](int value) {
        if (value != round_) setRound(value, false);
    });
    connect(zoomInButton_, &QToolButton::clicked, this, &StepView::zoomIn);
    connect(zoomOutButton_, &QToolButton::clicked, this, &StepView::zoomOut);
    connect(zoomFitButton_, &QToolButton::clicked, this, &StepView::zoomFit);
    connect(fold_, &QCheckBox::toggled, this, [this](bool on) {
        for (StepCanvas* c : canvases_) c->setFoldIdle(on);
    });
    connect(layout_, &QComboBox::currentIndexChanged, this, &StepView::updateLayoutDirection);
    for (QComboBox* setting : {localSize_, warpWidth_, fill_})
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
    r.local_size = static_cast<std::size_t>(localSize_->currentData().toInt());
    r.fill = static_cast<Fill>(fill_->currentData().toInt());
    r.warp_width = static_cast<unsigned>(warpWidth_->currentData().toInt());
    r.n = 0;  // one work-group's worth of input
    r.group = 0;
    return r;
}

void StepView::applySettings(std::size_t localSize, unsigned warpWidth, Fill fill) {
    auto choose = [](QComboBox* box, int value) {
        if (const int i = box->findData(value); i >= 0) box->setCurrentIndex(i);
    };
    choose(localSize_, int(localSize));
    choose(warpWidth_, int(warpWidth));
    choose(fill_, static_cast<int>(fill));
}

void StepView::setLocalSizes(const std::vector<std::size_t>& sizes) {
    const int keep = localSize_->currentData().toInt();
    const QSignalBlocker block(localSize_);
    localSize_->clear();
    for (std::size_t size : sizes) localSize_->addItem(QString::number(size), int(size));
    const int i = localSize_->findData(keep);
    localSize_->setCurrentIndex(i >= 0 ? i : std::min(4, localSize_->count() - 1));
    updateLayoutDirection();
}

std::vector<std::size_t> StepView::localSizes() const {
    std::vector<std::size_t> sizes;
    for (int i = 0; i < localSize_->count(); ++i)
        sizes.push_back(std::size_t(localSize_->itemData(i).toInt()));
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
    canvases_[panel]->setFoldIdle(fold_->isChecked());
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
    return static_cast<int>(kBaseTransitionMs / std::max(0.05, speed_->currentData().toDouble()));
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
        const QSignalBlocker block(scrubber_);
        scrubber_->setRange(0, rounds);
        scrubber_->setValue(round_);
    }
    roundLabel_->setText(rounds == 0   ? tr("no trace")
                         : round_ == 0 ? tr("loaded · %1 rounds").arg(rounds)
                                       : tr("round %1 of %2").arg(round_).arg(rounds));
    playButton_->setIcon(
        style()->standardIcon(playing_ ? QStyle::SP_MediaPause : QStyle::SP_MediaPlay));
    for (QWidget* w : std::initializer_list<QWidget*>{firstButton_, backButton_, playButton_,
                                                      forwardButton_, lastButton_, scrubber_})
        w->setEnabled(rounds > 0);
}

StepView::Counters StepView::counters(int panel) const {
    Counters c;
    const GroupTrace* g = canvases_[panel]->group();
    if (!g) return c;
    c.rounds = static_cast<int>(g->rounds.size());
    c.round = std::min(round_, c.rounds);
    for (int r = 1; r <= c.round; ++r) {
        const TraceRound& tr = g->rounds[static_cast<std::size_t>(r - 1)];
        c.totalActiveWorkItems += tr.active_work_items;
        c.totalDivergentWarps += tr.divergent_warps;
        c.totalBankConflicts += tr.bank_conflicts;
        if (r == c.round) {
            c.stride = tr.stride;
            c.activeWorkItems = tr.active_work_items;
            c.activeWarps = tr.active_warps;
            c.divergentWarps = tr.divergent_warps;
            c.bankConflicts = tr.bank_conflicts;
            c.maxConflictDegree = tr.max_conflict_degree;
        }
    }
    return c;
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
        const Counters c = counters(panel);
        const StepTrace* t = canvases_[panel]->trace();
        const std::size_t warps = (t->local_size + t->warp_width - 1) / std::max(1u, t->warp_width);
        QString now;
        if (c.round == 0)
            now = tr("<b>loaded</b> · %1 work-items · %2 warps of %3")
                      .arg(t->local_size)
                      .arg(warps)
                      .arg(t->warp_width);
        else
            now = tr("<b>round %1 of %2</b> · stride %3 · ● active <b>%4</b> / %5 · warps active "
                     "%6 / %7 · "
                     "▨ divergent <b>%8</b> · ◆ conflicts <b>%9</b>%10")
                      .arg(c.round)
                      .arg(c.rounds)
                      .arg(c.stride)
                      .arg(c.activeWorkItems)
                      .arg(t->local_size)
                      .arg(c.activeWarps)
                      .arg(warps)
                      .arg(c.divergentWarps)
                      .arg(c.bankConflicts)
                      .arg(c.maxConflictDegree > 1 ? tr(" (%1-way)").arg(c.maxConflictDegree)
                                                   : QString());
        QString total =
            tr("so far: <b>%1</b> divergent warp-rounds · <b>%2</b> bank conflicts · %3 work-item "
               "steps")
                .arg(c.totalDivergentWarps)
                .arg(c.totalBankConflicts)
                .arg(c.totalActiveWorkItems);
        if (c.round == c.rounds && c.rounds > 0) {
            const QString partial = QString::fromStdString(g->partial.to_string());
            total += g->matches_uninstrumented
                         ? tr("<br>partial <b>%1</b> = the uninstrumented kernel's ✔").arg(partial)
                         : tr("<br>partial <b>%1</b> ≠ the uninstrumented kernel's %2 ✖")
                               .arg(partial,
                                    QString::fromStdString(g->uninstrumented_partial.to_string()));
        }
        label->setText(now + QStringLiteral("<br>") + total);
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
