// The kernel catalog's texts in the user's language. The engine is Qt-free and English; its table
// (engine/catalog/catalog.cpp) marks each summary and explanation with RL_TRANSLATABLE, which
// lupdate reads as QT_TRANSLATE_NOOP("Catalog", ...), and these functions look the texts up at run
// time.
#pragma once

#include <QString>

#include "reducelab/catalog.h"
#include "reducelab/host_array.h"

namespace reducelab::ui::CatalogText {

// Translated (English when no translator is installed or the text is unknown).
QString summary(const Variant& variant);
QString explanation(const Variant& variant);
QString coverage(Coverage coverage);
QString feature(Feature feature);
// What a racy variant does on the device and why, translated; empty for a safe variant.
QString racyBehaviour(const Variant& variant, const DeviceInfo& device);
// Why the device cannot run the variant, translated; empty when it can.
QString unavailableReason(const Variant& variant, const DeviceInfo& device);
// The name of an input (a Fill), translated.
QString fill(Fill input);

}  // namespace reducelab::ui::CatalogText
