// The exercise list, statement, hints, editor, grading and step view of Lessons → Exercises.
#include "tools/exercise_window.h"

#include <QCloseEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QMessageBox>
#include <QProgressBar>
#include <QPushButton>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>
#include <algorithm>

#include "common/code_view.h"
#include "common/engine_jobs.h"
#include "common/engine_text.h"
#include "reducelab/catalog.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/error.h"
#include "step/panel_traces.h"
#include "step/step_view.h"
#include "tools/exercise_text.h"

namespace reducelab::ui {

namespace {

// The list item's role holding the exercise's id, and its progress (for tests and the marks).
constexpr int kIdRole = Qt::UserRole;
constexpr int kProgressRole = Qt::UserRole + 1;

// The course's pack, or the embedded one (with the reason) when $REDUCELAB_EXERCISES is bad.
ExercisePack loadPack(QString& error) {
    try {
        return default_exercise_pack();
    } catch (const Error& e) {
        error = QString::fromStdString(e.what());
        return embedded_exercise_pack();
    }
}

// The variant the student's kernel is shown beside: the fast check's reference, or the base.
std::string referenceVariant(const Exercise& e) {
    return e.reference_variant.empty() ? e.base_variant : e.reference_variant;
}

// A one-launch exercise's kernels (single-launch) have no work-group tree to step.
bool steppable(const Exercise& e) {
    return find_variant(e.base_variant).steppable();
}

}  // namespace

ExerciseWindow::ExerciseWindow(QWidget* parent, std::optional<ExercisePack> pack)
    : ToolWindow(QStringLiteral("exerciseWindow"), {1300, 900}, parent),
      pack_(pack ? std::move(*pack) : loadPack(packError_)) {
    auto* root = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    check_ = new QPushButton;
    check_->setObjectName(QStringLiteral("exerciseCheck"));
    check_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    cancel_ = new QPushButton;
    cancel_->setObjectName(QStringLiteral("exerciseCancel"));
    cancel_->setEnabled(false);
    reset_ = new QPushButton;
    reset_->setObjectName(QStringLiteral("exerciseReset"));
    progressBar_ = new QProgressBar;
    progressBar_->setObjectName(QStringLiteral("exerciseProgress"));
    progressBar_->setMaximumWidth(160);
    progressBar_->setTextVisible(false);
    progressBar_->setVisible(false);
    QLabel* statusLine = makeStatus(QStringLiteral("exerciseStatus"), Wrap::None);
    statusLine->setMinimumWidth(40);
    bar->addWidget(check_);
    bar->addWidget(cancel_);
    bar->addWidget(reset_);
    bar->addWidget(progressBar_);
    bar->addWidget(statusLine, 1);
    root->addLayout(bar);

    list_ = new QListWidget;
    list_->setObjectName(QStringLiteral("exerciseList"));
    list_->setMinimumWidth(120);
    statement_ = new QTextBrowser;
    statement_->setObjectName(QStringLiteral("exerciseStatement"));
    hint_ = new QPushButton;
    hint_->setObjectName(QStringLiteral("exerciseHint"));
    auto* statementPane = new QWidget;
    auto* statementLayout = new QVBoxLayout(statementPane);
    statementLayout->setContentsMargins(0, 0, 0, 0);
    statementLayout->addWidget(statement_, 1);
    statementLayout->addWidget(hint_, 0, Qt::AlignLeft);
    editor_ = new CodeView;
    editor_->setObjectName(QStringLiteral("exerciseEditor"));
    auto* middle = new QSplitter(Qt::Vertical);
    middle->addWidget(statementPane);
    middle->addWidget(editor_);
    middle->setStretchFactor(0, 2);
    middle->setStretchFactor(1, 3);
    middle->setSizes({200, 300});  // the statement is read first: room for it and a hint
    results_ = new QTextBrowser;
    results_->setObjectName(QStringLiteral("exerciseResults"));
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(list_);
    top->addWidget(middle);
    top->addWidget(results_);
    top->setStretchFactor(0, 1);
    top->setStretchFactor(1, 4);
    top->setStretchFactor(2, 3);
    top->setSizes({220, 640, 420});  // the titles readable in the list, the code widest
    stepView_ = new StepView;
    stepView_->setObjectName(QStringLiteral("exerciseStepView"));
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(top);
    split->addWidget(stepView_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    split->setSizes({600, 400});  // the exercise above, the step view below
    root->addWidget(split, 1);

    texts_.add([this] {
        setWindowTitle(tr("ReduceLab — exercises"));
        check_->setText(tr("Check"));
        check_->setToolTip(
            tr("Grade your kernel: correct on hidden inputs, how it behaves on the step trace, "
               "race-free under Oclgrind, and fast against the reference (Ctrl+B)"));
        cancel_->setText(tr("Cancel"));
        cancel_->setToolTip(tr("Stop the check: its process is ended"));
        reset_->setText(tr("Start again from the starter"));
    });
    fillList();

    connect(list_, &QListWidget::currentRowChanged, this, &ExerciseWindow::showListItem);
    connect(check_, &QPushButton::clicked, this, &ExerciseWindow::check);
    connect(cancel_, &QPushButton::clicked, this, &ExerciseWindow::cancelCheck);
    connect(hint_, &QPushButton::clicked, this, &ExerciseWindow::showNextHint);
    connect(reset_, &QPushButton::clicked, this, &ExerciseWindow::startAgain);
    traces_ = new PanelTraces(jobs(), stepView_, this);
    connect(traces_, &PanelTraces::traced, this, &ExerciseWindow::traced);
    connect(stepView_, &StepView::traceRequested, this, &ExerciseWindow::traceAtViewSettings);
    if (!pack_.exercises.empty()) list_->setCurrentRow(0);
    if (!packError_.isEmpty())
        showStatus(
            tr("The exercises of $REDUCELAB_EXERCISES could not be read: %1").arg(packError_));
}

ExerciseWindow::~ExerciseWindow() = default;

void ExerciseWindow::setDevice(const DeviceInfo& device) {
    device_ = device;
}

const Exercise* ExerciseWindow::current() const {
    for (const Exercise& e : pack_.exercises)
        if (e.id == currentId_) return &e;
    return nullptr;
}

ExerciseWindow::State& ExerciseWindow::state(const std::string& id) {
    return states_[id];
}

const ExerciseWindow::State* ExerciseWindow::findState(const std::string& id) const {
    const auto it = states_.find(id);
    return it == states_.end() ? nullptr : &it->second;
}

void ExerciseWindow::fillList() {
    const QSignalBlocker block(list_);
    const int row = list_->currentRow();
    if (list_->count() != static_cast<int>(pack_.exercises.size())) {
        list_->clear();
        for (const Exercise& e : pack_.exercises) {
            auto* item = new QListWidgetItem(list_);
            item->setData(kIdRole, QString::fromStdString(e.id));
        }
    }
    for (int i = 0; i < list_->count(); ++i) {
        const Exercise& e = pack_.exercises[static_cast<std::size_t>(i)];
        const State* s = findState(e.id);
        const ExerciseProgress progress = s ? s->status : ExerciseProgress::NotTried;
        QListWidgetItem* item = list_->item(i);
        item->setText(QStringLiteral("%1 %2. %3")
                          .arg(ExerciseText::progressMark(progress))
                          .arg(e.order)
                          .arg(ExerciseText::title(e)));
        item->setData(kProgressRole, static_cast<int>(progress));
        item->setToolTip(ExerciseText::progressName(progress));
    }
    list_->setCurrentRow(row);
}

void ExerciseWindow::keepEditorText() {
    if (currentId_.empty()) return;
    state(currentId_).kernel = editor_->toPlainText();
}

void ExerciseWindow::showListItem(int row) {
    if (row < 0 || row >= static_cast<int>(pack_.exercises.size())) return;
    const Exercise& e = pack_.exercises[static_cast<std::size_t>(row)];
    if (e.id == currentId_) return;
    keepEditorText();
    currentId_ = e.id;
    State& s = state(e.id);
    if (!s.kernel) s.kernel = QString::fromStdString(e.starter);
    editor_->setPlainText(*s.kernel);
    editor_->setLineMarks({});
    showStatement();
    showResults();
    stepped_ = false;
    for (int panel = 0; panel < 2; ++panel) stepView_->setPanelTitle(panel, QString());
    if (s.report) traceBoth(e, *s.report);
}

bool ExerciseWindow::showExercise(const QString& id) {
    for (std::size_t i = 0; i < pack_.exercises.size(); ++i)
        if (QString::fromStdString(pack_.exercises[i].id) == id) {
            list_->setCurrentRow(static_cast<int>(i));
            return true;
        }
    return false;
}

QString ExerciseWindow::currentExercise() const {
    return QString::fromStdString(currentId_);
}

ExerciseProgress ExerciseWindow::progress(const QString& id) const {
    const State* s = findState(id.toStdString());
    return s ? s->status : ExerciseProgress::NotTried;
}

int ExerciseWindow::hintsShown(const QString& id) const {
    const State* s = findState(id.toStdString());
    return s ? s->hints : 0;
}

bool ExerciseWindow::hasEdits() const {
    const Exercise* e = current();
    return e && editor_->toPlainText() != QString::fromStdString(e->starter);
}

const std::optional<GradeReport>& ExerciseWindow::report() const {
    static const std::optional<GradeReport> none;
    const State* s = findState(currentId_);
    return s ? s->report : none;
}

bool ExerciseWindow::isBusy() const {
    return gradeJob_.isPending() || traces_->isTracing();
}

void ExerciseWindow::showStatement() {
    const Exercise* e = current();
    if (!e) return;
    const int shown = state(e->id).hints;
    statement_->setHtml(ExerciseText::statementHtml(*e, shown));
    const int left = static_cast<int>(e->hints.size()) - shown;
    hint_->setEnabled(left > 0);
    hint_->setText(left > 0 ? tr("Show a hint (%n left)", nullptr, left) : tr("No more hints"));
}

void ExerciseWindow::showNextHint() {
    const Exercise* e = current();
    if (!e) return;
    State& s = state(e->id);
    if (s.hints >= static_cast<int>(e->hints.size())) return;
    ++s.hints;
    showStatement();
    statement_->moveCursor(QTextCursor::End);  // the hint just revealed
    emit progressChanged(QString::fromStdString(e->id));
}

void ExerciseWindow::showResults() {
    const Exercise* e = current();
    if (!e) return;
    const State& s = state(e->id);
    if (s.report)
        results_->setHtml(ExerciseText::reportHtml(*s.report));
    else
        results_->setHtml(ExerciseText::introHtml(*e));
}

bool ExerciseWindow::mayDiscardEdits() {
    if (!hasEdits()) return true;
    QMessageBox box(QMessageBox::Warning, tr("Start again"),
                    tr("Your edits to this exercise's kernel will be lost."),
                    QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("discardEditsBox"));
    box.setInformativeText(tr("Discard them and start again from the starter kernel?"));
    box.setDefaultButton(QMessageBox::Cancel);
    box.setEscapeButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Discard;
}

void ExerciseWindow::startAgain() {
    const Exercise* e = current();
    if (!e || !mayDiscardEdits()) return;
    editor_->setPlainText(QString::fromStdString(e->starter));
    editor_->setLineMarks({});
    state(e->id).kernel = editor_->toPlainText();
    emit progressChanged(QString::fromStdString(e->id));
}

void ExerciseWindow::check() {
    const Exercise* e = current();
    if (!e) return;
    if (!device_) {
        showStatus(tr("No OpenCL device"));
        emit checked();
        return;
    }
    gradeJob_.drop();
    keepEditorText();
    checkingId_ = e->id;
    check_->setEnabled(false);
    cancel_->setEnabled(true);
    progressBar_->setRange(0, static_cast<int>(e->checks.size()) * 100);
    progressBar_->setValue(0);
    progressBar_->setVisible(true);
    showStatus(tr("Checking…"));
    gradeJob_ =
        jobs()
            ->gradeExercise(*device_, *e, editor_->toPlainText(), options_)
            .onPoint(this, [this](const GradeProgress& p) { showGradeProgress(p); })
            .onResult(this,
                      [this, id = e->id](const GradeReport& report) {
                          gradeEnded();
                          gradeFinished(id, report);
                          emit checked();
                      })
            .onFailed(this,
                      [this](const JobError& error) {
                          gradeEnded();
                          showStatus(QStringLiteral("✖ ") + error.details());
                          results_->setHtml(QStringLiteral("<h3>✖ %1</h3><p>%2</p>")
                                                .arg(error.title().toHtmlEscaped(),
                                                     error.details().toHtmlEscaped()));
                          emit checked();
                      })
            .onCancelled(this, [this] {
                gradeEnded();
                showStatus(tr("Cancelled"));
                results_->setHtml(
                    tr("<h3>Cancelled</h3><p>The check was stopped and its process ended.</p>"));
                emit checked();
            });
}

void ExerciseWindow::cancelCheck() {
    gradeJob_.cancel();
}

void ExerciseWindow::gradeEnded() {
    check_->setEnabled(true);
    cancel_->setEnabled(false);
    progressBar_->setVisible(false);
}

void ExerciseWindow::showGradeProgress(const GradeProgress& p) {
    const Exercise* e = current();
    if (!e || e->id != checkingId_) return;
    const auto at = std::ranges::find(e->checks, p.check);
    const int index = static_cast<int>(at - e->checks.begin());
    const int within = p.steps ? static_cast<int>(100 * p.step / p.steps) : 0;
    progressBar_->setValue(index * 100 + within);
    showStatus(tr("%1: %2 of %3 — %4")
                   .arg(ExerciseText::checkName(p.check))
                   .arg(p.step + 1)
                   .arg(p.steps)
                   .arg(QString::fromStdString(p.what)));
}

void ExerciseWindow::gradeFinished(const std::string& id, const GradeReport& report) {
    State& s = state(id);
    s.report = report;
    s.status = report.passed() ? ExerciseProgress::Passed : ExerciseProgress::Failing;
    fillList();
    emit progressChanged(QString::fromStdString(id));
    if (id != currentId_) return;
    showStatus(report.passed() ? tr("✔ Every check passed") : tr("✖ Not yet: see the checks"));
    showResults();
    if (const Exercise* e = current()) traceBoth(*e, report);
}

void ExerciseWindow::showPanelTitles() {
    const Exercise* e = current();
    if (!e) return;
    stepView_->setPanelTitle(0, tr("The catalog's %1").arg(qs(referenceVariant(*e))));
    stepView_->setPanelTitle(1, tr("Yours: %1").arg(qs(e->id + ".cl")));
}

void ExerciseWindow::traceBoth(const Exercise& e, const GradeReport& report) {
    if (!device_) return;
    stepped_ = true;
    showPanelTitles();
    if (!steppable(e)) {
        skipOneLaunch();
        return;
    }
    TraceRequest reference = report.trace ? report.trace->request : exercise_trace_request(e);
    reference.program_text.clear();
    reference.variant = referenceVariant(e);
    traces_->trace(0, qs(reference.variant), *device_, reference);
    if (report.trace) {
        // The grader traced it already: the behaves check's own work-group.
        stepView_->setTrace(1, std::make_shared<const StepTrace>(*report.trace));
        return;
    }
    const QString kernel = state(e.id).kernel.value_or(QString());
    if (!report.kernel_ran || !follows_trace_convention(kernel.toStdString())) {
        traces_->skip(1, report.kernel_ran
                             ? tr("Your kernel cannot be stepped: keep TRACE_PARAMS in its "
                                  "signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS "
                                  "for each combine.")
                             : tr("Your kernel did not run: the correct check says why."));
        return;
    }
    TraceRequest yours = exercise_trace_request(e);
    yours.program_text = custom_program_source(kernel.toStdString(), e.id + ".cl");
    traces_->trace(1, qs(e.id + ".cl"), *device_, yours, options_.timeout_seconds);
}

void ExerciseWindow::skipOneLaunch() {
    const QString why =
        tr("This exercise's kernel finishes in one launch, with no work-group "
           "tree to step: the correct check says how it did.");
    traces_->skip(0, why);
    traces_->skip(1, why);
}

void ExerciseWindow::traceAtViewSettings() {
    const Exercise* e = current();
    if (!e || !device_) return;
    // The step view's own local size, warp width and fill, for both panels.
    if (!steppable(*e)) {
        stepped_ = true;
        showPanelTitles();
        skipOneLaunch();
        return;
    }
    TraceRequest reference = stepView_->traceRequest(exercise_trace_request(*e));
    TraceRequest yours = reference;
    reference.variant = referenceVariant(*e);
    stepped_ = true;
    showPanelTitles();
    traces_->trace(0, qs(reference.variant), *device_, reference);
    const QString kernel = editor_->toPlainText();
    if (!follows_trace_convention(kernel.toStdString())) {
        traces_->skip(1, tr("Your kernel cannot be stepped: keep TRACE_PARAMS in its "
                            "signature, TRACE_SNAPSHOT after each barrier and TRACE_ACCESS "
                            "for each combine."));
        return;
    }
    yours.program_text = custom_program_source(kernel.toStdString(), e->id + ".cl");
    traces_->trace(1, qs(e->id + ".cl"), *device_, yours, options_.timeout_seconds);
}

SessionExercises ExerciseWindow::saveState() const {
    SessionExercises saved;
    saved.current = currentId_;
    for (const Exercise& e : pack_.exercises) {
        const State* s = findState(e.id);
        if (!s) continue;
        // The editor holds the current exercise's latest text.
        const QString kernel =
            e.id == currentId_ ? editor_->toPlainText() : s->kernel.value_or(QString());
        SessionExercise entry{s->status, static_cast<unsigned>(s->hints), std::nullopt};
        if (!kernel.isEmpty() && kernel != QString::fromStdString(e.starter))
            entry.kernel = kernel.toStdString();
        if (entry.status == ExerciseProgress::NotTried && entry.hints == 0 && !entry.kernel)
            continue;
        saved.progress[e.id] = std::move(entry);
    }
    return saved;
}

void ExerciseWindow::restoreState(const SessionExercises& saved) {
    gradeJob_.drop();
    states_.clear();
    for (const Exercise& e : pack_.exercises) {
        const auto it = saved.progress.find(e.id);
        if (it == saved.progress.end()) continue;
        State& s = state(e.id);
        s.status = it->second.status;
        s.hints =
            std::min<int>(static_cast<int>(it->second.hints), static_cast<int>(e.hints.size()));
        if (it->second.kernel) s.kernel = QString::fromStdString(*it->second.kernel);
    }
    currentId_.clear();
    fillList();
    int row = pack_.exercises.empty() ? -1 : 0;
    for (std::size_t i = 0; i < pack_.exercises.size(); ++i)
        if (pack_.exercises[i].id == saved.current) row = static_cast<int>(i);
    {
        const QSignalBlocker block(list_);
        list_->setCurrentRow(row);
    }
    showListItem(row);
}

void ExerciseWindow::retranslate() {
    // The edits, the hints shown, the results and the traces stay.
    fillList();
    showStatement();
    showResults();
    if (stepped_) showPanelTitles();
}

void ExerciseWindow::closeEvent(QCloseEvent* event) {
    // The edits stay in the window (hidden, not deleted); a running check stops.
    keepEditorText();
    jobs()->cancelAll();
    QWidget::closeEvent(event);
}

}  // namespace reducelab::ui
