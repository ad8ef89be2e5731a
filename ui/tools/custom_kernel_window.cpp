// The editor, the check, the build log and the trace of a student's kernel.
#include "tools/custom_kernel_window.h"

#include <QComboBox>
#include <QHBoxLayout>
#include <QLabel>
#include <QMessageBox>
#include <QPushButton>
#include <QRegularExpression>
#include <QSplitter>
#include <QTextBrowser>
#include <QVBoxLayout>

#include "common/catalog_text.h"
#include "common/code_view.h"
#include "common/engine_jobs.h"
#include "common/engine_text.h"
#include "common/size_text.h"
#include "common/units_text.h"
#include "reducelab/catalog.h"
#include "reducelab/custom_kernel.h"
#include "reducelab/kernel_sources.h"
#include "step/panel_traces.h"
#include "step/step_view.h"

namespace reducelab::ui {

CustomKernelWindow::CustomKernelWindow(QWidget* parent)
    : ToolWindow(QStringLiteral("customKernelWindow"), {1300, 900}, parent) {
    auto* root = new QVBoxLayout(this);
    auto* bar = new QHBoxLayout;
    base_ = new QComboBox;
    base_->setObjectName(QStringLiteral("customBase"));
    for (const Variant& v : catalog())
        if (is_editable_variant(v)) {
            base_->addItem(qs(v.name));
            base_->setItemData(base_->count() - 1, CatalogText::summary(v), Qt::ToolTipRole);
        }
    reset_ = new QPushButton;
    reset_->setObjectName(QStringLiteral("customReset"));
    check_ = new QPushButton;
    check_->setObjectName(QStringLiteral("customCheck"));
    check_->setShortcut(QKeySequence(Qt::CTRL | Qt::Key_B));
    cancel_ = new QPushButton;
    cancel_->setObjectName(QStringLiteral("customCancel"));
    cancel_->setEnabled(false);
    step_ = new QPushButton;
    step_->setObjectName(QStringLiteral("customStep"));
    texts_.add([this] {
        setWindowTitle(tr("ReduceLab — try your own kernel"));
        reset_->setText(tr("Start again from the catalog's copy"));
        check_->setText(tr("Build, check and time"));
        check_->setToolTip(
            tr("Build the kernel, verify it against the CPU on several sizes and "
               "time it (Ctrl+B)"));
        cancel_->setText(tr("Cancel"));
        cancel_->setToolTip(tr("Stop the check: its process is ended"));
        step_->setText(tr("Step it"));
        step_->setToolTip(
            tr("Trace one work-group of your kernel beside the catalog's original "
               "(needs the TRACE_SNAPSHOT / TRACE_ACCESS hooks)"));
    });
    bar->addWidget(texts_.label([] { return tr("Copy of"); }));
    bar->addWidget(base_);
    bar->addWidget(reset_);
    bar->addSpacing(12);
    bar->addWidget(check_);
    bar->addWidget(cancel_);
    bar->addWidget(step_);
    bar->addWidget(makeStatus(QStringLiteral("customStatus"), Wrap::None), 1);
    root->addLayout(bar);

    editor_ = new CodeView;
    editor_->setObjectName(QStringLiteral("customEditor"));
    report_ = new QTextBrowser;
    report_->setObjectName(QStringLiteral("customReport"));
    log_ = new QTextBrowser;
    log_->setObjectName(QStringLiteral("customBuildLog"));
    log_->setOpenLinks(false);
    log_->setFont(editor_->font());
    auto* side = new QSplitter(Qt::Vertical);
    side->addWidget(report_);
    side->addWidget(log_);
    auto* top = new QSplitter(Qt::Horizontal);
    top->addWidget(editor_);
    top->addWidget(side);
    top->setStretchFactor(0, 3);
    top->setStretchFactor(1, 2);
    stepView_ = new StepView;
    stepView_->setObjectName(QStringLiteral("customStepView"));
    auto* split = new QSplitter(Qt::Vertical);
    split->addWidget(top);
    split->addWidget(stepView_);
    split->setStretchFactor(0, 3);
    split->setStretchFactor(1, 2);
    root->addWidget(split, 1);

    connect(base_, &QComboBox::currentTextChanged, this, [this](const QString& variant) {
        if (mayDiscardEdits()) {
            startFrom(variant);
            return;
        }
        const QSignalBlocker block(base_);
        base_->setCurrentText(copyOf_);
    });
    connect(reset_, &QPushButton::clicked, this, [this] {
        if (mayDiscardEdits()) startFrom(baseVariant());
    });
    connect(check_, &QPushButton::clicked, this, &CustomKernelWindow::check);
    connect(cancel_, &QPushButton::clicked, this, &CustomKernelWindow::cancelCheck);
    connect(step_, &QPushButton::clicked, this, &CustomKernelWindow::step);
    connect(stepView_, &StepView::traceRequested, this, &CustomKernelWindow::step);
    connect(log_, &QTextBrowser::anchorClicked, this, &CustomKernelWindow::openLogLink);

    traces_ = new PanelTraces(jobs(), stepView_, this);
    connect(traces_, &PanelTraces::traced, this, &CustomKernelWindow::traced);
    connect(traces_, &PanelTraces::failed, this, [this](int, const JobError& error) {
        if (error.hasBuildLog()) showBuildLog(error);
    });
    startFrom(baseVariant());
}

CustomKernelWindow::~CustomKernelWindow() = default;

void CustomKernelWindow::setProblem(const DeviceInfo& device, Operation op, ElementType type,
                                    AccumulatorMode accumulator) {
    device_ = device;
    op_ = op;
    type_ = type;
    accumulator_ = accumulator;
}

void CustomKernelWindow::startFrom(const QString& variant) {
    if (variant.isEmpty()) return;
    if (base_->currentText() != variant) {
        const QSignalBlocker block(base_);
        base_->setCurrentText(variant);
    }
    copyOf_ = variant;
    editor_->setPlainText(qs(kernel_source(find_variant(variant.toStdString()).file)));
    editor_->setLineMarks({});
    log_->clear();
    logLines_.clear();
    result_.reset();
    showIntro();
    showStatus(QString());
}

bool CustomKernelWindow::hasEdits() const {
    return !copyOf_.isEmpty() &&
           editor_->toPlainText() != qs(kernel_source(find_variant(copyOf_.toStdString()).file));
}

bool CustomKernelWindow::mayDiscardEdits() {
    if (!hasEdits()) return true;
    QMessageBox box(QMessageBox::Warning, tr("Start again"),
                    // The combo may already name the next variant: the edits are of copyOf_.
                    tr("Your edits to %1 will be lost.")
                        .arg(QStringLiteral("my_") + qs(find_variant(copyOf_.toStdString()).file)),
                    QMessageBox::Discard | QMessageBox::Cancel, this);
    box.setObjectName(QStringLiteral("discardEditsBox"));
    box.setInformativeText(tr("Discard them and start again from the catalog's copy?"));
    box.setDefaultButton(QMessageBox::Cancel);
    box.setEscapeButton(QMessageBox::Cancel);
    return box.exec() == QMessageBox::Discard;
}

void CustomKernelWindow::showIntro() {
    introShown_ = true;
    report_->setHtml(
        tr("<h3>Your copy of %1</h3><p>Edit the kernel, then <b>Build, check and time</b> it. "
           "Keep the kernel's name and signature. Keep the <code>TRACE_SNAPSHOT</code> and "
           "<code>TRACE_ACCESS</code> hooks to step it.</p>")
            .arg(fileName().toHtmlEscaped()));
}

void CustomKernelWindow::showPanelTitles() {
    stepView_->setPanelTitle(0, tr("The catalog's %1").arg(baseVariant()));
    stepView_->setPanelTitle(1, tr("Yours: %1").arg(fileName()));
}

void CustomKernelWindow::retranslate() {
    // The edited source, the results and the traces stay.
    if (result_)
        showResult(*result_);
    else if (introShown_)
        showIntro();
    if (stepped_) showPanelTitles();
}

QString CustomKernelWindow::baseVariant() const {
    return base_->currentText();
}

QString CustomKernelWindow::fileName() const {
    return QStringLiteral("my_") + qs(find_variant(baseVariant().toStdString()).file);
}

void CustomKernelWindow::check() {
    if (!device_) {
        showStatus(tr("No OpenCL device"));
        emit checked();
        return;
    }
    checkJob_.drop();
    CustomKernelRequest request;
    request.base_variant = baseVariant().toStdString();
    request.file_text = editor_->toPlainText().toStdString();
    request.file_name = fileName().toStdString();
    request.op = op_;
    request.type = type_;
    request.accumulator = accumulator_;
    request.local_size = 64;
    log_->clear();
    logLines_.clear();
    editor_->setLineMarks({});
    introShown_ = false;
    result_.reset();  // the report now follows this check
    check_->setEnabled(false);
    cancel_->setEnabled(true);
    showStatus(tr("Building and checking…"));
    checkJob_ = jobs()
                    ->customKernel(*device_, request, timeoutSeconds_)
                    .onResult(this,
                              [this](const CustomKernelResult& result) {
                                  checkEnded();
                                  showResult(result);
                                  emit checked();
                                  if (result.traceable) step();
                              })
                    .onFailed(this, [this](const JobError& error) { checkFailed(error); })
                    .onCancelled(this, [this] {
                        checkEnded();
                        showStatus(tr("Cancelled"));
                        report_->setHtml(
                            tr("<h3>Cancelled</h3><p>The check was stopped and its process "
                               "ended.</p>"));
                        emit checked();
                    });
}

bool CustomKernelWindow::isBusy() const {
    return checkJob_.isPending() || traces_->isTracing();
}

void CustomKernelWindow::checkEnded() {
    check_->setEnabled(true);
    cancel_->setEnabled(false);
}

void CustomKernelWindow::checkFailed(const JobError& error) {
    checkEnded();
    if (error.hasBuildLog()) {
        showStatus(tr("✖ The kernel does not build: see the build log"));
        report_->setHtml(
            tr("<h3>✖ Build failed</h3><p>Click a line number in the build log "
               "to jump to it in the editor.</p>"));
        showBuildLog(error);
    } else {
        showStatus(QStringLiteral("✖ ") + error.details());
        report_->setHtml(QStringLiteral("<h3>✖ %1</h3><p>%2</p>")
                             .arg(error.title().toHtmlEscaped(), error.details().toHtmlEscaped()));
    }
    emit checked();
}

void CustomKernelWindow::cancelCheck() {
    checkJob_.cancel();
}

void CustomKernelWindow::step() {
    if (!device_) return;
    const std::string text = editor_->toPlainText().toStdString();
    TraceRequest base;
    base.op = op_;
    base.type = type_;
    base.accumulator = accumulator_;
    base.variant = baseVariant().toStdString();
    const TraceRequest original = stepView_->traceRequest(base);
    stepped_ = true;
    showPanelTitles();
    traces_->trace(0, baseVariant(), *device_, original);
    if (!follows_trace_convention(text)) {
        traces_->skip(
            1, tr("Your kernel cannot be stepped: keep TRACE_PARAMS in its signature, "
                  "TRACE_SNAPSHOT(scratch, round) after each barrier and TRACE_ACCESS(round, a, b, "
                  "written) for each combine, as the catalog's kernels do."));
        return;
    }
    TraceRequest yours = original;
    yours.program_text = custom_program_source(text, fileName().toStdString());
    traces_->trace(1, fileName(), *device_, yours, timeoutSeconds_);
}

void CustomKernelWindow::showBuildLog(const JobError& error) {
    // "my_contiguous.cl:15:62: error: ..." -> a link to line 15 of the editor.
    const QRegularExpression location(
        QStringLiteral("(%1):(\\d+)(?::(\\d+))?").arg(QRegularExpression::escape(fileName())));
    QString html = QStringLiteral("<pre>");
    logLines_.clear();
    QMap<int, QColor> marks;
    for (const QString& line : error.buildLog.split(QLatin1Char('\n'))) {
        QString out;
        qsizetype last = 0;
        auto it = location.globalMatch(line);
        while (it.hasNext()) {
            const auto m = it.next();
            const int number = m.captured(2).toInt();
            out += line.mid(last, m.capturedStart() - last).toHtmlEscaped();
            out += QStringLiteral("<a href='line:%1'>%2</a>")
                       .arg(number)
                       .arg(m.captured(0).toHtmlEscaped());
            last = m.capturedEnd();
            logLines_ << number;
            if (line.contains(QLatin1String("error")))
                marks.insert(number, QColor(0xf8, 0xd7, 0xd7));
        }
        out += line.mid(last).toHtmlEscaped();
        html += out + QLatin1Char('\n');
    }
    html += QStringLiteral("</pre>");
    log_->setHtml(tr("<b>Build log</b> (click a location to jump to it):") + html);
    editor_->setLineMarks(marks);
    if (!logLines_.isEmpty()) editor_->goToLine(logLines_.front());
}

void CustomKernelWindow::openLogLink(const QUrl& link) {
    if (link.scheme() != QLatin1String("line")) return;
    editor_->goToLine(link.path().toInt());
}

void CustomKernelWindow::showResult(const CustomKernelResult& result) {
    result_ = result;
    QString html = result.verified
                       ? tr("<h3>✔ Verified on every size, work-group by work-group</h3>")
                       : tr("<h3>✖ Wrong results</h3>");
    html += QStringLiteral(
                "<table border='1' cellspacing='0' cellpadding='3'><tr><th>%1</th><th>%2</th>"
                "<th>%3</th><th>%4</th><th>%5</th><th>%6</th></tr>")
                .arg(tr("n"), tr("work-groups"), tr("result"), tr("CPU reference"), tr("verified"),
                     tr("wrong work-groups"));
    const CustomSizeCheck* firstWrong = nullptr;
    for (const CustomSizeCheck& c : result.checks) {
        html += QStringLiteral(
                    "<tr><td>%1</td><td>%2</td><td>%3</td><td>%4</td><td>%5</td><td>%6</td></tr>")
                    .arg(SizeText::describe(c.n))
                    .arg(c.work_groups)
                    .arg(QString::fromStdString(c.value.to_string()),
                         QString::fromStdString(c.reference.to_string()),
                         c.verified ? tr("✔") : tr("✖"))
                    .arg(c.mismatched_groups);
        if (!firstWrong && c.first_mismatch) firstWrong = &c;
    }
    html += QStringLiteral("</table>");
    if (firstWrong) {
        const GroupMismatch& m = *firstWrong->first_mismatch;
        html += tr("<p><b>First mismatching work-group</b> (n = %1, local size %2): work-group "
                   "<b>%3</b>, which reads %4 element(s) starting at index %5, produced "
                   "<b>%6</b>; the CPU's reduction of those elements is <b>%7</b>. %8 of %9 "
                   "work-groups differ.</p>")
                    .arg(SizeText::describe(firstWrong->n))
                    .arg(firstWrong->local_size)
                    .arg(m.group)
                    .arg(m.elements)
                    .arg(m.first_element)
                    .arg(QString::fromStdString(m.device.to_string()),
                         QString::fromStdString(m.reference.to_string()))
                    .arg(firstWrong->mismatched_groups)
                    .arg(firstWrong->work_groups);
    }
    html += tr("<p><b>Time</b> at n = %1: %2 ms (kernel %3 ms), %4 GB/s — median of %5 runs.</p>")
                .arg(SizeText::describe(result.timed_n))
                .arg(units_text::msNumber(result.total_ms))
                .arg(units_text::msNumber(result.kernel_ms))
                .arg(units_text::gbpsNumber(result.gbps))
                .arg(result.repeat_ms.size());
    html += QStringLiteral("<p><small>%1 <code>%2</code></small></p>")
                .arg(tr("Build options:"),
                     QString::fromStdString(result.build_options).toHtmlEscaped());
    if (!result.traceable)
        html += tr("<p>Your kernel has no trace hooks, so it cannot be stepped.</p>");
    introShown_ = false;
    report_->setHtml(html);
    showStatus(result.verified ? tr("✔ verified, %1 GB/s").arg(units_text::gbpsNumber(result.gbps))
                               : tr("✖ wrong results"));
}

}  // namespace reducelab::ui
