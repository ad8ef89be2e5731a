// Rendering catalog entries as rich text.
#include "shell/explanation_panel.h"

#include "common/catalog_text.h"
#include "reducelab/catalog.h"

namespace reducelab::ui {
namespace {

QString qs(std::string_view s) {
    return QString::fromUtf8(s.data(), static_cast<qsizetype>(s.size())).toHtmlEscaped();
}

QString describe(const QString& label, const QString& name, const DeviceInfo* device) {
    for (const Variant& v : catalog()) {
        if (qs(v.name) != name) continue;
        QString facts = QObject::tr("%1 · %2 · %3")
                            .arg(CatalogText::coverage(v.coverage).toHtmlEscaped(),
                                 v.needs_power_of_two ? QObject::tr("power-of-two local size")
                                                      : QObject::tr("any local size"),
                                 v.steppable() ? QObject::tr("can be stepped")
                                               : QObject::tr("no tree to step"));
        if (v.vector_width > 1) facts += QObject::tr(" · %1-wide vector loads").arg(v.vector_width);
        if (v.feature != Feature::None)
            facts +=
                QObject::tr(" · needs %1").arg(CatalogText::feature(v.feature).toHtmlEscaped());
        QString notes;
        if (v.unsafe)
            notes += QObject::tr(
                "<p><b>⚠ Deliberately racy:</b> a teaching example of what goes "
                "wrong; its results may be wrong.</p>");
        if (device && v.unsafe)
            notes += QObject::tr("<p><b>On %1:</b> %2</p>")
                         .arg(QString::fromStdString(device->name).toHtmlEscaped(),
                              CatalogText::racyBehaviour(v, *device).toHtmlEscaped());
        if (device) {
            const QString reason = CatalogText::unavailableReason(v, *device);
            if (!reason.isEmpty())
                notes += QObject::tr("<p><b>✖ Not available on this device:</b> %1</p>")
                             .arg(reason.toHtmlEscaped());
        }
        return QStringLiteral("<h3>%1 · %2</h3><p><i>%3</i></p><p>%4</p><p><small>%5</small></p>%6")
            .arg(label, qs(v.name), CatalogText::summary(v).toHtmlEscaped(),
                 CatalogText::explanation(v).toHtmlEscaped(), facts, notes);
    }
    return QStringLiteral("<h3>%1</h3><p>%2</p>").arg(label, QObject::tr("No variant selected."));
}

}  // namespace

ExplanationPanel::ExplanationPanel(QWidget* parent) : QTextBrowser(parent) {
    setObjectName(QStringLiteral("explanationPanel"));
    setOpenExternalLinks(false);
}

void ExplanationPanel::showVariants(const QString& a, const QString& b, const DeviceInfo* device) {
    QString html = describe(tr("A"), a, device);
    if (b != a) html += describe(tr("B"), b, device);
    setHtml(html);
}

}  // namespace reducelab::ui
