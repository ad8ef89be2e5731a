// The kernel catalog's texts in the user's language.
#include "common/catalog_text.h"

#include <QCoreApplication>
#include <string>

#include "reducelab/measured_figures.h"
#include "reducelab/racy_behaviour.h"

namespace reducelab::ui::CatalogText {
namespace {

// The engine's own text is the translation key: lupdate extracts it from engine/catalog/catalog.cpp
// (RL_TRANSLATABLE, an alias of QT_TRANSLATE_NOOP), so there is no copy to fall out of step.
QString translated(std::string_view english) {
    const std::string key(english);
    return QCoreApplication::translate("Catalog", key.c_str());
}

// The catalog writes code in Markdown backticks (`tid % (2*s) == 0`); titles, tooltips and
// explanations are plain or rich text, where the marks would show.
QString withoutCodeMarks(QString text) {
    return text.remove(QLatin1Char('`'));
}

}  // namespace

QString summary(const Variant& variant) {
    return withoutCodeMarks(translated(variant.summary));
}

QString explanation(const Variant& variant) {
    // The measured figures are filled in from the engine's reference ladder, in the user's
    // language: the sentences are translated with their {fields}, then filled.
    return withoutCodeMarks(QString::fromStdString(
        explanation_with_figures(variant, translated(variant.explanation).toStdString(),
                                 translated(measured_figure_template()).toStdString(),
                                 translated(measured_comparison_template()).toStdString())));
}

QString coverage(Coverage coverage) {
    switch (coverage) {
        case Coverage::OnePerItem:
            return QCoreApplication::translate("Catalog", "one element per work-item");
        case Coverage::TwoPerItem:
            return QCoreApplication::translate(
                "Catalog", "two elements per work-item (first add during load)");
        case Coverage::GridStride:
            return QCoreApplication::translate("Catalog",
                                               "grid-stride (many elements per work-item)");
    }
    return {};
}

QString feature(Feature feature) {
    switch (feature) {
        case Feature::None:
            return QCoreApplication::translate("Catalog", "none");
        case Feature::SubGroups:
            return QCoreApplication::translate("Catalog", "sub-groups");
        case Feature::WorkGroupCollectives:
            return QCoreApplication::translate("Catalog", "work-group collectives");
        case Feature::NvidiaInlinePtx:
            return QCoreApplication::translate("Catalog", "NVIDIA inline PTX");
    }
    return {};
}

QString racyBehaviour(const Variant& variant, const DeviceInfo& device) {
    const std::string_view text = racy_behaviour(variant, device);
    return text.empty() ? QString() : translated(text);
}

QString unavailableReason(const Variant& variant, const DeviceInfo& device) {
    if (availability(variant, device).available) return {};
    const QString name = QString::fromStdString(device.name);
    switch (variant.feature) {
        case Feature::None:
            break;
        case Feature::SubGroups:
            return QCoreApplication::translate(
                       "Catalog",
                       "%1 has no OpenCL sub-groups (no cl_khr_subgroups and no OpenCL 3.0 "
                       "sub-group support)")
                .arg(name);
        case Feature::WorkGroupCollectives:
            return QCoreApplication::translate(
                       "Catalog",
                       "%1 does not support work_group_reduce_* (OpenCL C 2.0 work-group "
                       "collective functions)")
                .arg(name);
        case Feature::NvidiaInlinePtx:
            return QCoreApplication::translate(
                       "Catalog", "inline PTX warp shuffles need NVIDIA's OpenCL; %1 is from %2")
                .arg(name, QString::fromStdString(device.vendor));
    }
    return QString::fromStdString(availability(variant, device).reason);
}

QString fill(Fill input) {
    switch (input) {
        case Fill::Ramp:
            return QCoreApplication::translate("Fill", "ramp");
        case Fill::Random:
            return QCoreApplication::translate("Fill", "random");
        case Fill::Ones:
            return QCoreApplication::translate("Fill", "ones");
        case Fill::RandInt:
            return QCoreApplication::translate("Fill", "randint");
        case Fill::Cancel:
            return QCoreApplication::translate("Fill", "cancel");
        case Fill::CancelSorted:
            return QCoreApplication::translate("Fill", "cancel-sorted");
        case Fill::WideExponent:
            return QCoreApplication::translate("Fill", "wide-exponent");
        case Fill::CancelPairs:  // an exercise fill: never offered here
            return QStringLiteral("cancel-pairs");
    }
    return {};
}

}  // namespace reducelab::ui::CatalogText
