// Formatting run results for the summary cards.
#include "shell/run_summary.h"
#include "common/units_text.h"

#include <QEvent>
#include <QLabel>
#include <QTextDocument>
#include <QTimer>
#include <QVBoxLayout>

namespace reducelab::ui {

RunSummary::RunSummary(QWidget* parent) : QWidget(parent) {
    setObjectName(QStringLiteral("runSummary"));
    auto* layout = new QVBoxLayout(this);
    layout->setContentsMargins(0, 0, 0, 0);
    for (int slot = 0; slot < 2; ++slot) {
        cards_[slot] = new QLabel;
        cards_[slot]->setObjectName(slot == 0 ? QStringLiteral("resultA")
                                              : QStringLiteral("resultB"));
        cards_[slot]->setWordWrap(true);
        cards_[slot]->setTextInteractionFlags(Qt::TextSelectableByMouse);
        cards_[slot]->setFrameShape(QFrame::StyledPanel);
        cards_[slot]->setMargin(6);
        cards_[slot]->setAlignment(Qt::AlignLeft | Qt::AlignTop);
        layout->addWidget(cards_[slot]);
    }
    clock_ = new QTimer(this);
    clock_->setInterval(500);
    connect(clock_, &QTimer::timeout, this, [this] {
        for (int slot = 0; slot < 2; ++slot)
            if (started_[slot].isValid()) renderRunning(slot);
    });
    clear();
}

void RunSummary::clear() {
    showsHint_ = true;
    for (int slot = 0; slot < 2; ++slot) {
        stopClock(slot);
        results_[slot].reset();
        variants_[slot].clear();
        cards_[slot]->setText(
            slot == 0 ? tr("Press <b>Run</b> (Ctrl+R) to run, verify and time the reduction.")
                      : QString());
        cards_[slot]->setVisible(slot == 0);
    }
}

void RunSummary::setRunning(int slot, const QString& variant, const QString& stage) {
    showsHint_ = false;
    variants_[slot] = variant;
    results_[slot].reset();
    cards_[slot]->setVisible(true);
    stages_[slot] = stage;
    if (!started_[slot].isValid()) started_[slot].start();
    if (!clock_->isActive()) clock_->start();
    renderRunning(slot);
}

void RunSummary::renderRunning(int slot) {
    QString text = QStringLiteral("<b>%1</b>: ▶ %2…")
                       .arg(variants_[slot].toHtmlEscaped(), stages_[slot].toHtmlEscaped());
    const qint64 ms = started_[slot].isValid() ? started_[slot].elapsed() : 0;
    if (ms >= 1000) text += tr(" %1 s").arg(double(ms) / 1000.0, 0, 'f', 1);
    cards_[slot]->setText(text);
}

void RunSummary::stopClock(int slot) {
    started_[slot].invalidate();
    if (!started_[0].isValid() && !started_[1].isValid() && clock_) clock_->stop();
}

void RunSummary::setFailed(int slot, const QString& variant, const QString& message) {
    stopClock(slot);
    showsHint_ = false;
    variants_[slot] = variant;
    results_[slot].reset();
    cards_[slot]->setVisible(true);
    cards_[slot]->setText(
        QStringLiteral("<b>%1</b>: ✖ %2").arg(variant.toHtmlEscaped(), message.toHtmlEscaped()));
}

void RunSummary::setResult(int slot, const RunResult& result) {
    stopClock(slot);
    showsHint_ = false;
    variants_[slot] = QString::fromStdString(result.request.variant);
    results_[slot] = result;
    cards_[slot]->setVisible(true);
    render(slot);
}

void RunSummary::setCeiling(std::optional<double> gbps) {
    ceiling_ = gbps;
    for (int slot = 0; slot < 2; ++slot)
        if (results_[slot]) render(slot);
}

// The accumulator in the user's language, from the engine's facts about it (its description is
// English: "int64 (wraps at 64 bits)").
QString RunSummary::accumulatorText(const RunResult& r) {
    const AccumulatorSpec spec =
        accumulator_for(r.request.op, r.request.type, r.request.accumulator);
    const QString type = QString::fromUtf8(to_string(spec.value_type).data());
    if (spec.split_halves)
        return tr("%1 sum exact in 128 bits (32-bit halves summed apart in uint64)")
            .arg(QString::fromUtf8(to_string(r.request.type).data()));
    if (spec.wraps) return tr("%1 (wraps at %2 bits)").arg(type).arg(spec.device_bytes * 8);
    if (r.request.op == Operation::LogicalAnd || r.request.op == Operation::LogicalOr)
        return tr("uint32 (0 or 1)");
    return type;
}

void RunSummary::render(int slot) {
    const RunResult& r = *results_[slot];
    auto q = [](const std::string& s) { return QString::fromStdString(s).toHtmlEscaped(); };
    QString value = q(r.value.to_string());
    if (r.value.index) value += tr(" at index %1").arg(*r.value.index);
    // A symbol and a word, not colour alone.
    const QString verdict = r.verified ? tr("✔ verified") : tr("✖ MISMATCH");
    QString error;
    if (r.abs_error != 0.0)
        error =
            tr(", |error| %1 (bound %2)").arg(r.abs_error, 0, 'g', 3).arg(r.error_bound, 0, 'g', 3);
    QString bandwidth = QStringLiteral("%1 GB/s").arg(units_text::gbpsNumber(r.gbps));
    if (ceiling_ && *ceiling_ > 0)
        bandwidth += tr(" (%1% of the %2 GB/s ceiling)")
                         .arg(units_text::percentNumber(100.0 * r.gbps / *ceiling_))
                         .arg(units_text::gbpsNumber(*ceiling_));
    const LaunchConfig& l = r.launched;
    cards_[slot]->setText(
        tr("<b>%1</b> = <span style='font-size:120%'><b>%2</b></span><br>"
           "%3 against the CPU reference %4%5<br>"
           "<b>%6 ms</b> · <b>%7</b><br>"
           "<small>%8 of n = %9 %10 · accumulator %11<br>"
           "local %12 · %13 work-groups · %14 per work-item · finish %15 · %16 launch(es)</small>")
            .arg(q(r.request.variant), value, verdict, q(r.reference.to_string()), error)
            .arg(units_text::msNumber(r.total_ms))
            .arg(bandwidth)
            .arg(q(std::string(to_string(r.request.op))))
            .arg(r.n)
            .arg(q(std::string(to_string(r.request.type))), accumulatorText(r).toHtmlEscaped())
            .arg(l.local_size)
            .arg(l.work_groups)
            .arg(l.items_per_work_item)
            .arg(q(std::string(to_string(l.finish))))
            .arg(l.launches));
}

void RunSummary::dropOtherVariants(const QString& variantA, const QString& variantB) {
    if (showsHint_) return;
    const QString chosen[2] = {variantA, variantB};
    bool shown = false;
    for (int slot = 0; slot < 2; ++slot) {
        if (variants_[slot] != chosen[slot]) {
            stopClock(slot);
            results_[slot].reset();
            variants_[slot].clear();
            cards_[slot]->clear();
            cards_[slot]->setVisible(false);
        }
        shown = shown || !variants_[slot].isEmpty();
    }
    if (!shown) clear();
}

void RunSummary::changeEvent(QEvent* event) {
    if (event->type() == QEvent::LanguageChange) retranslateUi();
    QWidget::changeEvent(event);
}

void RunSummary::retranslateUi() {
    if (showsHint_)
        cards_[0]->setText(tr("Press <b>Run</b> (Ctrl+R) to run, verify and time the reduction."));
    for (int slot = 0; slot < 2; ++slot)
        if (results_[slot]) render(slot);
}

QString RunSummary::text(int slot) const {
    QTextDocument doc;
    doc.setHtml(cards_[slot]->text());
    return doc.toPlainText();
}

}  // namespace reducelab::ui
