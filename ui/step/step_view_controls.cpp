// The step view's controls (step_view_controls.h).
#include "step/step_view_controls.h"

#include <QCheckBox>
#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMenu>
#include <QPushButton>
#include <QSettings>
#include <QSlider>
#include <QStyle>
#include <QToolButton>

#include "common/flow_layout.h"
#include "reducelab/host_array.h"
#include "step/step_view.h"

namespace reducelab::ui {
namespace {

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

// Row 1: what to trace, folding, zoom and export; wraps when the view is narrow.
QLayout* StepViewControls::buildSetupRow(TranslatedTexts& texts, StepView* view) {
    auto* setup = new FlowLayout(nullptr, 6);
    buildTraceSettings(texts);
    setup->addWidget(traceButton);
    setup->addWidget(labelled(texts.label([] { return tr("local size"); }), localSize));
    setup->addWidget(labelled(texts.label([] { return tr("input"); }), fill));
    setup->addWidget(labelled(texts.label([] { return tr("warp"); }), warpWidth));
    setup->addWidget(labelled(texts.label([] { return tr("panels"); }), layout));
    fold = new QCheckBox;
    fold->setObjectName(QStringLiteral("stepFold"));
    fold->setChecked(true);
    texts.add([this] {
        fold->setText(tr("fold idle cells"));
        fold->setToolTip(
            tr("When cells get too narrow, runs of cells nobody touches this round shrink to a "
               "hatched strip"));
    });
    setup->addWidget(fold);
    setup->addWidget(buildZoomAndExport(texts, view));
    return setup;
}

// The trace button and the settings a trace is made with: local size, input, warp width, and
// how the panels are laid out.
void StepViewControls::buildTraceSettings(TranslatedTexts& texts) {
    traceButton = new QPushButton;
    traceButton->setObjectName(QStringLiteral("traceButton"));
    texts.add([this] {
        traceButton->setText(tr("Trace A and B"));
        traceButton->setToolTip(
            tr("Run the instrumented kernels and read local memory back after every "
               "round (Ctrl+T)"));
    });
    localSize = new QComboBox;
    localSize->setObjectName(QStringLiteral("stepLocalSize"));
    for (int size = 2; size <= 1024; size *= 2) localSize->addItem(QString::number(size), size);
    localSize->setCurrentText(QStringLiteral("16"));
    fill = new QComboBox;
    fill->setObjectName(QStringLiteral("stepFill"));
    fill->setSizeAdjustPolicy(QComboBox::AdjustToContents);
    for (Fill input : {Fill::Ramp, Fill::Random, Fill::Ones})
        fill->addItem(QString(), static_cast<int>(input));
    texts.add([this] {
        fill->setItemText(0, tr("ramp 1, 2, 3…"));
        fill->setItemText(1, tr("random"));
        fill->setItemText(2, tr("ones"));
    });
    warpWidth = new QComboBox;
    warpWidth->setObjectName(QStringLiteral("stepWarpWidth"));
    for (int w : {4, 8, 16, 32, 64}) warpWidth->addItem(QString::number(w), w);
    warpWidth->setCurrentText(QStringLiteral("4"));
    texts.add([this] {
        warpWidth->setToolTip(
            tr("Lanes per warp (sub-group) for the analysis. Real GPUs use 32 or 64; "
               "4 and 8 show warps retiring in a small work-group."));
    });
    layout = new QComboBox;
    layout->setObjectName(QStringLiteral("stepLayout"));
    for (int i = 0; i < 3; ++i) layout->addItem(QString());
    texts.add([this] {
        layout->setItemText(0, tr("auto"));
        layout->setItemText(1, tr("side by side"));
        layout->setItemText(2, tr("stacked"));
        layout->setToolTip(
            tr("Panels side by side or one above the other (auto: one above the other only "
               "when both panels still get rows tall enough to read)"));
    });
}

// The zoom buttons and the export menu, on one line of the flow.
QWidget* StepViewControls::buildZoomAndExport(TranslatedTexts& texts, StepView* view) {
    zoomOutButton = transportButton(QStringLiteral("−"));
    zoomFitButton = transportButton(QStringLiteral("⤢"));
    zoomInButton = transportButton(QStringLiteral("+"));
    auto* exportButton = new QToolButton;
    exportButton->setObjectName(QStringLiteral("stepExport"));
    exportButton->setPopupMode(QToolButton::InstantPopup);
    auto* exportMenu = new QMenu(exportButton);
    QAction* exportRound = exportMenu->addAction(QString(), view, &StepView::exportRoundRequested);
    QAction* exportAnimation =
        exportMenu->addAction(QString(), view, &StepView::exportAnimationRequested);
    QAction* exportReplay =
        exportMenu->addAction(QString(), view, &StepView::exportReplayRequested);
    exportButton->setMenu(exportMenu);
    texts.add([=, this] {
        zoomOutButton->setToolTip(tr("Zoom out (Ctrl+-)"));
        zoomFitButton->setToolTip(tr("Whole work-group (Ctrl+0)"));
        zoomInButton->setToolTip(tr("Zoom in (Ctrl++); Ctrl+wheel zooms at the mouse, drag pans"));
        exportButton->setText(tr("Export"));
        exportRound->setText(tr("Current round as PNG…"));
        exportAnimation->setText(tr("Animation as PNG sequence…"));
        exportReplay->setText(tr("Replay to take home (HTML, GIF) or session…"));
    });
    auto* zoomRow = new QWidget;
    auto* zoomLayout = new QHBoxLayout(zoomRow);
    zoomLayout->setContentsMargins(0, 0, 0, 0);
    zoomLayout->setSpacing(0);
    for (QToolButton* b : {zoomOutButton, zoomFitButton, zoomInButton, exportButton})
        zoomLayout->addWidget(b);
    return zoomRow;
}

// Row 2: the timeline.
QLayout* StepViewControls::buildTransportRow(TranslatedTexts& texts, const QStyle* style) {
    auto* transport = new QHBoxLayout;
    // The style's media icons: the ⏮ ⏸ ⏭ characters are missing from common fonts.
    firstButton = transportButton(QString());
    firstButton->setIcon(style->standardIcon(QStyle::SP_MediaSkipBackward));
    backButton = transportButton(QString());
    backButton->setIcon(style->standardIcon(QStyle::SP_MediaSeekBackward));
    playButton = transportButton(QString());
    playButton->setObjectName(QStringLiteral("stepPlay"));
    forwardButton = transportButton(QString());
    forwardButton->setIcon(style->standardIcon(QStyle::SP_MediaSeekForward));
    lastButton = transportButton(QString());
    lastButton->setIcon(style->standardIcon(QStyle::SP_MediaSkipForward));
    texts.add([this] {
        firstButton->setToolTip(tr("First: right after the load (Home)"));
        backButton->setToolTip(tr("Back one round (Left)"));
        playButton->setToolTip(tr("Play / pause (Space)"));
        forwardButton->setToolTip(tr("Forward one round (Right)"));
        lastButton->setToolTip(tr("Last round (End)"));
    });
    buildScrubberAndSpeed(texts);
    for (QToolButton* b : {firstButton, backButton, playButton, forwardButton, lastButton})
        transport->addWidget(b);
    transport->addWidget(scrubber, 1);
    transport->addWidget(roundLabel);
    transport->addWidget(texts.label([] { return tr("speed"); }));
    transport->addWidget(speed);
    return transport;
}

// The round scrubber, the round label and the speed control of the timeline.
void StepViewControls::buildScrubberAndSpeed(TranslatedTexts& texts) {
    scrubber = new QSlider(Qt::Horizontal);
    scrubber->setObjectName(QStringLiteral("stepScrubber"));
    scrubber->setRange(0, 0);
    scrubber->setPageStep(1);
    scrubber->setTickPosition(QSlider::TicksBelow);
    scrubber->setTickInterval(1);
    roundLabel = new QLabel;
    roundLabel->setObjectName(QStringLiteral("stepRoundLabel"));
    roundLabel->setMinimumWidth(110);
    speed = new QComboBox;
    speed->setObjectName(QStringLiteral("stepSpeed"));
    for (double s : {0.25, 0.5, 1.0, 2.0, 4.0}) speed->addItem(QStringLiteral("%1×").arg(s), s);
    speed->setCurrentIndex(2);
    texts.add([this] { speed->setToolTip(tr("Animation speed")); });
}

// Shown when the settings no longer match the traces on screen.
QWidget* StepViewControls::buildStaleNotice(TranslatedTexts& texts, StepView* view) {
    stale = new QWidget;
    stale->setObjectName(QStringLiteral("stepStale"));
    auto* staleLayout = new QHBoxLayout(stale);
    staleLayout->setContentsMargins(6, 2, 6, 2);
    staleText = new QLabel;
    staleText->setObjectName(QStringLiteral("stepStaleText"));
    staleText->setWordWrap(true);
    auto* traceAgain = new QPushButton;
    texts.add([traceAgain] { traceAgain->setText(tr("Trace again")); });
    traceAgain->setObjectName(QStringLiteral("stepTraceAgain"));
    staleLayout->addWidget(staleText, 1);
    staleLayout->addWidget(traceAgain);
    stale->setStyleSheet(QStringLiteral("#stepStale { background: #fff3cd; border-radius: 3px; }"));
    stale->hide();
    QObject::connect(traceAgain, &QPushButton::clicked, view, &StepView::traceRequested);
    return stale;
}

// The settings' values, in the view's group of `s`.
void StepViewControls::saveSettings(QSettings& s) const {
    s.setValue(QStringLiteral("localSize"), localSize->currentText());
    s.setValue(QStringLiteral("fill"), fill->currentIndex());
    s.setValue(QStringLiteral("warpWidth"), warpWidth->currentText());
    s.setValue(QStringLiteral("layout"), layout->currentIndex());
    s.setValue(QStringLiteral("speed"), speed->currentIndex());
    s.setValue(QStringLiteral("fold"), fold->isChecked());
}

void StepViewControls::restoreSettings(QSettings& s) {
    auto text = [&s](QComboBox* box, const QString& key) {
        const int i = box->findText(s.value(key).toString());
        if (i >= 0) box->setCurrentIndex(i);
    };
    auto index = [&s](QComboBox* box, const QString& key) {
        const int i = s.value(key, box->currentIndex()).toInt();
        if (i >= 0 && i < box->count()) box->setCurrentIndex(i);
    };
    text(localSize, QStringLiteral("localSize"));
    index(fill, QStringLiteral("fill"));
    text(warpWidth, QStringLiteral("warpWidth"));
    index(layout, QStringLiteral("layout"));
    index(speed, QStringLiteral("speed"));
    fold->setChecked(s.value(QStringLiteral("fold"), true).toBool());
}

}  // namespace reducelab::ui
