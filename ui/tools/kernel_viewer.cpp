// Listing, showing and explaining the kernels' sources and build options.
#include "tools/kernel_viewer.h"

#include <QEvent>
#include <QHBoxLayout>
#include <QLabel>
#include <QListWidget>
#include <QSplitter>
#include <QVBoxLayout>

#include "common/catalog_text.h"
#include "common/close_shortcuts.h"
#include "common/code_view.h"
#include "common/engine_text.h"
#include "common/screen_fit.h"
#include "reducelab/build_options.h"
#include "reducelab/catalog.h"
#include "reducelab/error.h"
#include "reducelab/kernel_sources.h"

namespace reducelab::ui {

namespace {

const Variant* variantNamed(const QString& name) {
    for (const Variant& v : catalog())
        if (qs(v.name) == name) return &v;
    return nullptr;
}

}  // namespace

KernelViewer::KernelViewer(QWidget* parent) : QDialog(parent) {
    installCloseShortcuts(this);
    setObjectName(QStringLiteral("kernelViewer"));
    setWindowTitle(tr("Kernel sources"));
    auto* layout = new QHBoxLayout(this);
    auto* split = new QSplitter(Qt::Horizontal);
    list_ = new QListWidget;
    list_->setObjectName(QStringLiteral("kernelList"));
    for (const Variant& v : catalog()) {
        auto* item = new QListWidgetItem(qs(v.name));
        item->setToolTip(CatalogText::summary(v));
        list_->addItem(item);
    }
    list_->addItem(QStringLiteral("common.cl"));
    list_->addItem(QStringLiteral("finish.cl"));
    split->addWidget(list_);
    auto* right = new QWidget;
    auto* rightLayout = new QVBoxLayout(right);
    rightLayout->setContentsMargins(0, 0, 0, 0);
    summary_ = new QLabel;
    summary_->setWordWrap(true);
    code_ = new CodeView;
    code_->setObjectName(QStringLiteral("kernelSource"));
    code_->setReadOnly(true);
    options_ = new QLabel;
    options_->setObjectName(QStringLiteral("kernelBuildOptions"));
    options_->setWordWrap(true);
    options_->setTextInteractionFlags(Qt::TextSelectableByMouse);
    rightLayout->addWidget(summary_);
    rightLayout->addWidget(code_, 1);
    rightLayout->addWidget(options_);
    split->addWidget(right);
    split->setStretchFactor(1, 1);
    layout->addWidget(split);
    resizeToScreen(this, {1000, 750});
    connect(list_, &QListWidget::currentRowChanged, this, &KernelViewer::refresh);
    list_->setCurrentRow(0);
}

void KernelViewer::setProblem(Operation op, ElementType type, AccumulatorMode accumulator) {
    op_ = op;
    type_ = type;
    accumulator_ = accumulator;
    refresh();
}

void KernelViewer::setLaunchedOptions(const QString& variant, const QString& options) {
    launched_[variant] = options;
    refresh();
}

void KernelViewer::showEntry(const QString& name) {
    const auto found = list_->findItems(name, Qt::MatchExactly);
    if (!found.isEmpty()) list_->setCurrentItem(found.front());
}

QString KernelViewer::currentEntry() const {
    return list_->currentItem() ? list_->currentItem()->text() : QString();
}

QString KernelViewer::buildOptionsText() const {
    return options_->text();
}

QString KernelViewer::buildOptionsFor(const QString& name) const {
    const Variant* v = variantNamed(name);
    try {
        KernelKnobs knobs{op_, type_, accumulator_for(op_, type_, accumulator_),
                          v && v->group_combine == GroupCombine::Atomics, false};
        QString options = QString::fromStdString(build_options(knobs));
        // The viewer shows the options of no device in particular (a plain OpenCL 2.0 one).
        if (v) options += QString::fromStdString(variant_build_options(*v, DeviceInfo{}));
        return options;
    } catch (const Error& e) {
        return tr("(not buildable for this problem: %1)").arg(QString::fromUtf8(e.what()));
    }
}

void KernelViewer::refresh() {
    const QString name = currentEntry();
    if (name.isEmpty()) return;
    const Variant* v = variantNamed(name);
    const QString file = v ? qs(v->file) : name;
    code_->setPlainText(qs(kernel_source(file.toStdString())));
    code_->setLineMarks({});
    showDescription();
}

void KernelViewer::changeEvent(QEvent* event) {
    // Only the words change: the kernel shown and where it is scrolled stay.
    if (event->type() == QEvent::LanguageChange && list_) {
        setWindowTitle(tr("Kernel sources"));
        const std::span<const Variant> variants = catalog();
        for (int i = 0; i < int(variants.size()) && i < list_->count(); ++i)
            list_->item(i)->setToolTip(CatalogText::summary(variants[std::size_t(i)]));
        showDescription();
    }
    QDialog::changeEvent(event);
}

void KernelViewer::showDescription() {
    const QString name = currentEntry();
    if (name.isEmpty()) return;
    const Variant* v = variantNamed(name);
    const QString file = v ? qs(v->file) : name;
    if (!v) {
        summary_->setText(tr("<b>%1</b> — shared by every variant: it is prepended to each "
                             "variant's file and turns the -D knobs into T, ACC, IDENTITY, "
                             "combine() and the trace hooks.")
                              .arg(file));
        options_->setText(tr("<b>Build options</b> (%1 of %2): <code>%3</code>")
                              .arg(qs(to_string(op_)), qs(to_string(type_)),
                                   buildOptionsFor(QString()).toHtmlEscaped()));
        return;
    }
    summary_->setText(QStringLiteral("<b>%1</b> · %2 — %3")
                          .arg(file, qs(v->kernel), CatalogText::summary(*v).toHtmlEscaped()));
    QString text =
        tr("<b>Build options</b> for %1 of %2: <code>%3</code>")
            .arg(qs(to_string(op_)), qs(to_string(type_)), buildOptionsFor(name).toHtmlEscaped());
    if (v->local_size_is_define) text += tr(" plus <code>-DWGS=</code><i>local size</i>");
    if (v->tuned)
        text += tr(" plus <code>-DVW -DUNROLL -DBLOCKED -DINDEX32</code> from the device's tuning");
    if (!v->nvidia_options.empty())
        text += tr(" plus <code>%1</code> on NVIDIA devices").arg(qs(v->nvidia_options));
    if (launched_.contains(name))
        text += tr("<br><b>Last launched with</b>: <code>%1</code>")
                    .arg(launched_.value(name).toHtmlEscaped());
    options_->setText(text);
}

}  // namespace reducelab::ui
