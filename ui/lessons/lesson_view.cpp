// The lesson window's layout, steps, measurements, traces and handout.
#include "lessons/lesson_view.h"

#include <qcustomplot.h>
#include <QEvent>
#include <QFileDialog>
#include <QHBoxLayout>
#include <QHeaderView>
#include <QLabel>
#include <QListWidget>
#include <QPushButton>
#include <QScrollBar>
#include <QSplitter>
#include <QTableWidget>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "charts/ladder_chart.h"
#include "common/catalog_text.h"
#include "common/close_shortcuts.h"
#include "common/code_view.h"
#include "common/engine_jobs.h"
#include "common/engine_text.h"
#include "common/file_writing.h"
#include "common/line_diff.h"
#include "common/screen_fit.h"
#include "common/size_text.h"
#include "common/units_text.h"
#include "lessons/lesson_handout.h"
#include "lessons/lesson_measurements.h"
#include "lessons/lesson_step_list.h"
#include "lessons/lesson_step_text.h"
#include "reducelab/launch_plan.h"
#include "step/panel_traces.h"
#include "step/step_view.h"

namespace reducelab::ui {

namespace {

bool canStep(const Variant& v) {
    return v.steppable() && v.group_combine == GroupCombine::Partials;
}

}  // namespace

LessonView::LessonView(QWidget* parent)
    : QWidget(parent), steps_(lessonSteps()), measurements_(steps_.size()) {
    installCloseShortcuts(this);
    setObjectName(QStringLiteral("lessonView"));
    jobs_ = new EngineJobs(this);
    buildLayout();
    traces_ = new PanelTraces(jobs_, stepView_, this);
    connect(traces_, &PanelTraces::traced, this, &LessonView::traced);
    // Says whether the traces shown make the step's claim visible (another local size or warp
    // width may hide it).
    connect(this, &LessonView::traced, this, [this] {
        const LessonStep& step = steps_[std::size_t(current_)];
        const std::vector<StepTrace> shown = stepView_->traces();
        // A claim about another step's trace must not stay on screen: steps without a tree of
        // their own (registers, atomics) say nothing about a trace.
        if (claimShown_) {
            status_->clear();
            claimShown_ = false;
        }
        if (step.claim == LessonClaim::None || !stepView_->hasTrace(1) || shown.empty() ||
            shown.back().variant != step.variant.toStdString())
            return;
        claimShown_ = true;
        const StepTrace* before = shown.size() == 2 ? &shown.front() : nullptr;
        status_->setText(LessonStepText::claimVerdict(step, shown.back(), before));
    });
    const LessonSetup& first = steps_.front().setup;
    stepView_->applySettings(first.localSize, first.warpWidth, first.fill);
    setStep(0);
}

LessonView::~LessonView() = default;

void LessonView::buildLayout() {
    auto* root = new QHBoxLayout(this);
    list_ = LessonStepList::make();
    root->addWidget(list_);
    auto* right = new QVBoxLayout;
    root->addLayout(right, 1);
    buildHeading(right);
    QSplitter* top = buildTextAndCode();
    stepView_ = new StepView;
    stepView_->setObjectName(QStringLiteral("lessonStepView"));
    QSplitter* bottom = buildChartAndTable();

    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(top);
    split->addWidget(stepView_);
    split->addWidget(bottom);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 4);
    split->setStretchFactor(2, 3);
    right->addWidget(split, 1);
    resizeToScreen(this, {1400, 950});

    fillStepList();
    updateTable();
    connectWidgets();
}

void LessonView::buildHeading(QVBoxLayout* right) {
    title_ = new QLabel;
    title_->setObjectName(QStringLiteral("lessonTitle"));
    QFont big = title_->font();
    big.setPointSizeF(big.pointSizeF() * 1.4);
    big.setBold(true);
    title_->setFont(big);
    title_->setWordWrap(true);
    problem_ = new QLabel;
    problem_->setObjectName(QStringLiteral("lessonProblem"));
    problem_->setWordWrap(true);
    QHBoxLayout* buttons = buildButtons();
    right->addWidget(title_);
    right->addWidget(problem_);
    right->addLayout(buttons);
}

QHBoxLayout* LessonView::buildButtons() {
    auto* buttons = new QHBoxLayout;
    prev_ = new QPushButton;
    prev_->setObjectName(QStringLiteral("lessonPrevious"));
    prev_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Left));
    next_ = new QPushButton;
    next_->setObjectName(QStringLiteral("lessonNext"));
    next_->setShortcut(QKeySequence(Qt::ALT | Qt::Key_Right));
    measure_ = new QPushButton;
    measure_->setObjectName(QStringLiteral("lessonMeasure"));
    export_ = new QPushButton;
    export_->setObjectName(QStringLiteral("lessonExport"));
    status_ = new QLabel;
    status_->setObjectName(QStringLiteral("lessonStatus"));
    buttons->addWidget(prev_);
    buttons->addWidget(next_);
    buttons->addSpacing(12);
    buttons->addWidget(measure_);
    buttons->addWidget(export_);
    buttons->addWidget(status_, 1);
    return buttons;
}

QSplitter* LessonView::buildTextAndCode() {
    explanation_ = new QTextBrowser;
    explanation_->setObjectName(QStringLiteral("lessonExplanation"));
    code_ = new CodeView;
    code_->setObjectName(QStringLiteral("lessonCode"));
    code_->setReadOnly(true);
    diffLegend_ = new QLabel;
    diffLegend_->setObjectName(QStringLiteral("lessonDiffLegend"));
    diffLegend_->setWordWrap(true);
    auto* codeBox = new QWidget;
    auto* codeLayout = new QVBoxLayout(codeBox);
    codeLayout->setContentsMargins(0, 0, 0, 0);
    codeLayout->addWidget(diffLegend_);
    codeLayout->addWidget(code_, 1);
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(explanation_);
    top->addWidget(codeBox);
    top->setStretchFactor(0, 2);
    top->setStretchFactor(1, 3);
    return top;
}

QSplitter* LessonView::buildChartAndTable() {
    chart_ = new LadderChart;
    chart_->setObjectName(QStringLiteral("lessonChart"));
    chart_->table()->hide();
    table_ = new QTableWidget(0, 8);
    table_->setObjectName(QStringLiteral("lessonTable"));
    texts_.add([this] {
        setWindowTitle(tr("ReduceLab — lesson: the optimization ladder"));
        prev_->setText(tr("◀ Previous"));
        next_->setText(tr("Next ▶"));
        measure_->setText(tr("Measure every step"));
        measure_->setToolTip(tr("Run, verify and time every step available on this device"));
        export_->setText(tr("Export PDF handout…"));
        table_->setHorizontalHeaderLabels({tr("#"), tr("Step"), tr("Variant"), tr("Time (ms)"),
                                           tr("GB/s"), tr("× previous"), tr("× first"),
                                           tr("Verified")});
        const std::optional<DeviceInfo>& device = measurements_.device();
        chart_->setTitle(
            device ? tr("The lesson's steps on %1").arg(QString::fromStdString(device->name))
                   : tr("The lesson's steps, measured"));
    });
    table_->verticalHeader()->setVisible(false);
    table_->setEditTriggers(QAbstractItemView::NoEditTriggers);
    table_->setSelectionBehavior(QAbstractItemView::SelectRows);
    table_->horizontalHeader()->setSectionResizeMode(QHeaderView::ResizeToContents);
    table_->horizontalHeader()->setSectionResizeMode(1, QHeaderView::Stretch);
    table_->setWordWrap(false);
    table_->setTextElideMode(Qt::ElideRight);
    auto* bottom = new QSplitter(Qt::Horizontal);
    bottom->addWidget(chart_);
    bottom->addWidget(table_);
    // The table gets two thirds: its measured columns must fit at 1280 wide.
    bottom->setStretchFactor(0, 1);
    bottom->setStretchFactor(1, 2);
    return bottom;
}

void LessonView::connectWidgets() {
    connect(list_, &QListWidget::currentRowChanged, this, [this](int row) {
        if (row >= 0 && row != current_) setStep(row);
    });
    connect(prev_, &QPushButton::clicked, this, &LessonView::previous);
    connect(next_, &QPushButton::clicked, this, &LessonView::next);
    connect(measure_, &QPushButton::clicked, this, &LessonView::measureAll);
    connect(export_, &QPushButton::clicked, this, [this] {
        const QString path =
            QFileDialog::getSaveFileName(this, tr("Export the lesson as a PDF handout"),
                                         QStringLiteral("reducelab-lesson.pdf"), tr("PDF (*.pdf)"));
        if (path.isEmpty()) return;
        const QString error = exportPdf(path);
        status_->setText(error.isEmpty() ? tr("Handout written to %1").arg(path) : error);
    });
    connect(table_, &QTableWidget::cellClicked, this, [this](int row, int) { setStep(row); });
    connect(stepView_, &StepView::traceRequested, this, &LessonView::traceCurrent);
}

void LessonView::fillStepList() {
    LessonStepList::fill(
        list_, steps_, current_, [this](int step) { return skipReason(step); },
        palette().color(QPalette::Disabled, QPalette::Text));
}

void LessonView::setProblem(const DeviceInfo& device, const RunRequest& base) {
    // Opening the lesson again on the problem it measured keeps its measurements.
    if (measurements_.sameProblem(device, base) && !measureJob_.isPending()) return;
    cancel();
    measurements_.setProblem(device, base);
    stepView_->setLocalSizes(valid_local_sizes(device));
    chart_->clear(device, QStringLiteral("lesson"));
    texts_.apply();
    showProblem();
    fillStepList();
    updateTable();
    setStep(current_);
}

void LessonView::showMeasurements(const ResultsFile& results, const std::vector<unsigned>& steps,
                                  int step) {
    cancel();
    const ResultsFile shown = measurements_.restore(results, steps);
    stepView_->setLocalSizes(valid_local_sizes(results.device));
    chart_->setResults(shown);
    texts_.apply();
    showProblem();
    fillStepList();
    updateTable();
    setStep(step);
}

QString LessonView::skipReason(int step) const {
    const Variant& v = find_variant(steps_[std::size_t(step)].variant.toStdString());
    const std::optional<DeviceInfo>& device = measurements_.device();
    const RunRequest& base = measurements_.base();
    if (!device) return {};
    if (const QString why = CatalogText::unavailableReason(v, *device); !why.isEmpty()) return why;
    if (const std::string why = op_unsupported_reason(v, base.op, base.type); !why.empty())
        return QString::fromStdString(why);
    return {};
}

std::optional<RunRequest> LessonView::requestFor(int step) const {
    if (!measurements_.device() || !skipReason(step).isEmpty()) return std::nullopt;
    const Variant& v = find_variant(steps_[std::size_t(step)].variant.toStdString());
    RunRequest r = measurements_.base();
    r.variant = std::string(v.name);
    r.finish = natural_finish(v);
    r.items_per_work_item = 0;
    r.global_size = 0;
    r.vector_width = 0;
    r.unroll = 0;
    r.layout = AccessLayout::Default;
    return r;
}

std::vector<LessonRow> LessonView::rows() const {
    return lessonRows(steps_, measurements_.results());
}

int LessonView::previousShown(int step) const {
    for (int i = step - 1; i >= 0; --i)
        if (skipReason(i).isEmpty()) return i;
    return -1;
}

int LessonView::previousSteppable(int step) const {
    for (int i = step - 1; i >= 0; --i)
        if (canStep(find_variant(steps_[std::size_t(i)].variant.toStdString())) &&
            skipReason(i).isEmpty())
            return i;
    return -1;
}

void LessonView::showProblem() {
    const std::optional<DeviceInfo>& device = measurements_.device();
    const RunRequest& base = measurements_.base();
    if (!device) return;
    problem_->setText(tr("%1 of %2 %3 elements (%4) on %5 · median of %6 timed runs")
                          .arg(qs(to_string(base.op)), SizeText::describe(base.n),
                               qs(to_string(base.type)), CatalogText::fill(base.fill),
                               QString::fromStdString(device->name))
                          .arg(base.repeat));
}

void LessonView::setStep(int step) {
    step = std::clamp(step, 0, int(steps_.size()) - 1);
    const bool moved = step != current_;
    current_ = step;
    const LessonStep& s = steps_[std::size_t(step)];
    {
        const QSignalBlocker block(list_);
        list_->setCurrentRow(step);
    }
    prev_->setEnabled(step > 0);
    next_->setEnabled(step + 1 < int(steps_.size()));

    // The kernel, with the lines changed since the previous step marked.
    const QString text = LessonStepText::kernelSource(s.variant);
    if (step == 0) {
        code_->setPlainText(text);
        code_->setGutterLabels({});
        code_->setLineMarks({});
    } else {
        // Against the step shown before this one: a step skipped on this device is not.
        const int beforeStep = previousShown(step);
        const LessonStep& before = steps_[std::size_t(std::max(beforeStep, 0))];
        const LessonStepText::KernelDiff diff =
            LessonStepText::kernelDiff(LessonStepText::kernelSource(before.variant), text);
        code_->setPlainText(diff.text);
        code_->setGutterLabels(diff.gutterLabels);
        code_->setLineMarks(diff.lineMarks);
        if (diff.firstChangedCode > 0) code_->showLine(diff.firstChangedCode);
        shownDiff_ = diff.stats;
    }
    showStepTexts();
    if (table_->rowCount() > step) {
        const QSignalBlocker block(table_);
        table_->selectRow(step);
    }
    if (moved) stepView_->applySettings(s.setup.localSize, s.setup.warpWidth, s.setup.fill);
    if (moved || !traces_->isTracing(0)) traceCurrent();
    emit stepChanged(step);
}

void LessonView::showStepTexts() {
    const int step = current_;
    const LessonStep& s = steps_[std::size_t(step)];
    title_->setText(LessonStepText::heading(step, steps_.size(), s));
    const QString html = LessonStepText::explanationHtml(
        s, skipReason(step), rows()[std::size_t(step)], measurements_.failure(step));
    // Keeps the reader's place in the explanation when only the words change.
    const int scroll = explanation_->verticalScrollBar()->value();
    explanation_->setHtml(html);
    explanation_->verticalScrollBar()->setValue(scroll);
    if (step == 0) {
        diffLegend_->setText(LessonStepText::startLegend(s));
    } else {
        const int beforeStep = std::max(previousShown(step), 0);
        diffLegend_->setText(
            LessonStepText::diffLegend(s, beforeStep, steps_[std::size_t(beforeStep)], shownDiff_));
    }
}

void LessonView::next() {
    if (current_ + 1 < int(steps_.size())) setStep(current_ + 1);
}

void LessonView::previous() {
    if (current_ > 0) setStep(current_ - 1);
}

void LessonView::showPanelTitles() {
    const int panels[2] = {previousSteppable(current_), current_};
    for (int panel = 0; panel < 2; ++panel)
        stepView_->setPanelTitle(
            panel, panels[panel] < 0 ? tr("(no earlier tree)")
                                     : QStringLiteral("%1 %2 · %3")
                                           .arg(panel == 0 ? tr("Before:") : tr("This step:"))
                                           .arg(panels[panel] + 1)
                                           .arg(steps_[std::size_t(panels[panel])].variant));
}

void LessonView::retranslateUi() {
    // Only the words: the step, its traces and the measurements stay.
    steps_ = lessonSteps();
    texts_.apply();
    showProblem();
    fillStepList();
    updateTable();
    showStepTexts();
    showPanelTitles();
}

void LessonView::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange && title_) retranslateUi();
    QWidget::changeEvent(event);
}

void LessonView::traceCurrent() {
    showPanelTitles();
    const int panels[2] = {previousSteppable(current_), current_};
    for (int panel = 0; panel < 2; ++panel) {
        const int step = panels[panel];
        if (step < 0) {
            traces_->skip(panel, tr("This is the first step with a tree to step."));
            continue;
        }
        const LessonStep& s = steps_[std::size_t(step)];
        const Variant& v = find_variant(s.variant.toStdString());
        if (!measurements_.device()) {
            traces_->skip(panel, tr("No OpenCL device to trace on."));
            continue;
        }
        if (const QString why = skipReason(step); !why.isEmpty()) {
            traces_->skip(panel, QStringLiteral("✖ ") + why);
            continue;
        }
        if (!canStep(v)) {
            traces_->skip(panel,
                          tr("%1 has no local-memory tree with barrier rounds to step: it combines "
                             "values in registers or across work-groups.")
                              .arg(s.variant));
            continue;
        }
        TraceRequest base;
        base.op = measurements_.base().op;
        base.type = measurements_.base().type;
        base.variant = s.variant.toStdString();
        TraceRequest request = stepView_->traceRequest(base);
        // The shown step's input size, so both panels read the same elements.
        request.n = steps_[std::size_t(current_)].setup.n;
        traces_->trace(panel, s.variant, *measurements_.device(), request);
    }
    if (!traces_->isTracing()) emit traced();
}

void LessonView::measureAll() {
    const std::optional<DeviceInfo>& device = measurements_.device();
    if (!device) return;
    measureJob_.drop();  // a new measurement replaces the one still going
    RequestList requests;
    measuredSteps_.clear();
    for (int i = 0; i < int(steps_.size()); ++i)
        if (auto r = requestFor(i)) {
            requests.push_back(*r);
            measuredSteps_.push_back(i);
        }
    measurements_.clear();
    chart_->clear(*device, QStringLiteral("lesson"));
    updateTable();
    measure_->setEnabled(false);
    claimShown_ = false;
    status_->setText(tr("Measuring %n step(s)…", nullptr, int(requests.size())));
    measureJob_ =
        jobs_->sweep(*device, requests, QStringLiteral("lesson"))
            .onPoint(this, [this](const SweepPoint& point) { onPointMeasured(point); })
            .onResult(this,
                      [this](const ResultsFile&) {
                          measureEnded(tr("Every available step measured on %1")
                                           .arg(QString::fromStdString(
                                               measurements_.device() ? measurements_.device()->name
                                                                      : std::string())));
                      })
            .onFailed(this,
                      [this](const JobError& error) {
                          emit errorOccurred(error);
                          measureEnded(tr("✖ %1").arg(error.details()));
                      })
            .onCancelled(this, [this] { measureEnded(tr("Measurement cancelled")); });
}

void LessonView::onPointMeasured(const SweepPoint& point) {
    const int step = measuredSteps_[std::size_t(point.index)];
    if (!point.result) {
        measurements_.setFailure(step, point.error);
        updateTable();
        return;
    }
    measurements_.setResult(step, *point.result);
    chart_->addPoint(*point.result);
    claimShown_ = false;
    status_->setText(tr("Measured %1 of %2 steps").arg(point.index + 1).arg(point.total));
    updateTable();
    if (step == current_) setStep(current_);
    emit stepMeasured(*point.result);
}

void LessonView::measureEnded(const QString& status) {
    measure_->setEnabled(true);
    claimShown_ = false;
    status_->setText(status);
    emit measured();
}

void LessonView::cancel() {
    measureJob_.cancel();
}

void LessonView::updateTable() {
    const std::vector<LessonRow> r = rows();
    table_->setRowCount(int(r.size()));
    auto set = [this](int row, int column, const QString& text) {
        auto* item = new QTableWidgetItem(text);
        if (column >= 3) item->setTextAlignment(Qt::AlignRight | Qt::AlignVCenter);
        table_->setItem(row, column, item);
    };
    for (int i = 0; i < int(r.size()); ++i) {
        const LessonRow& row = r[std::size_t(i)];
        set(i, 0, QString::number(i + 1));
        set(i, 1, steps_[std::size_t(i)].title);
        set(i, 2, row.variant);
        if (row.measured) {
            set(i, 3, units_text::msNumber(row.timeMs));
            set(i, 4, units_text::gbpsNumber(row.gbps));
            set(i, 5, LessonStepText::speedup(row.speedupPrevious));
            set(i, 6, LessonStepText::speedup(row.speedupFirst));
            set(i, 7, row.verified ? tr("✔") : tr("✖"));
        } else {
            const QString why = skipReason(i);
            const QString& failed = measurements_.failure(i);
            // A word in the cell, the reason in its tooltip: long reasons must not widen the
            // measured columns past the window.
            const QString text = !why.isEmpty()      ? tr("skipped")
                                 : !failed.isEmpty() ? tr("failed")
                                                     : QStringLiteral("—");
            set(i, 3, text);
            table_->item(i, 3)->setToolTip(!why.isEmpty()      ? tr("skipped: %1").arg(why)
                                           : !failed.isEmpty() ? tr("failed: %1").arg(failed)
                                                               : QString());
            table_->item(i, 3)->setTextAlignment(Qt::AlignLeft | Qt::AlignVCenter);
            for (int c = 4; c < 8; ++c) set(i, c, QString());
        }
    }
}

QString LessonView::titleText() const {
    return title_->text();
}

QString LessonView::explanationHtml() const {
    return explanation_->toHtml();
}

QString LessonView::exportPdf(const QString& path) {
    LessonHandout handout;
    handout.font = font();
    handout.font.setPointSizeF(9.5);
    handout.chart = chart_->plot()->toPixmap(1000, 480, 2.0).toImage();
    handout.problem = problem_->text();
    for (int c = 0; c < table_->columnCount(); ++c)
        handout.headers << table_->horizontalHeaderItem(c)->text();
    for (int r = 0; r < table_->rowCount(); ++r) {
        QStringList row;
        for (int c = 0; c < table_->columnCount(); ++c) {
            const QTableWidgetItem* item = table_->item(r, c);
            row << (item ? item->text() : QString());
        }
        handout.rows.push_back(row);
    }
    for (int i = 0; i < int(steps_.size()); ++i) {
        const LessonStep& s = steps_[std::size_t(i)];
        const Variant& v = find_variant(s.variant.toStdString());
        handout.steps.push_back(
            {s.title, s.variant, s.changes, s.lookFor, CatalogText::summary(v), skipReason(i),
             qs(v.file),
             i > 0 ? LessonStepText::kernelSource(steps_[std::size_t(i - 1)].variant) : QString(),
             LessonStepText::kernelSource(s.variant)});
    }
    const QByteArray bytes = handout.toPdf();
    if (bytes.isEmpty()) return tr("could not render the handout for %1").arg(path);
    return writeFileSafely(path, bytes);
}

}  // namespace reducelab::ui
