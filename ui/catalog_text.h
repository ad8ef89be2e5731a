// The kernel catalog's texts in the user's language. The engine is Qt-free and English; here each
// variant's summary and explanation is copied into QT_TRANSLATE_NOOP("Catalog", ...) so that
// lupdate extracts them (scripts/i18n/sync_catalog_text.py keeps the copy in step with
// engine/catalog.cpp and a test checks that they match).
#pragma once

#include <QString>
#include <span>

#include "catalog.h"

namespace reducelab::ui::CatalogText {

struct SourceText {
    const char* name;
    const char* summary;
    const char* explanation;
};

// The English texts as lupdate sees them, in catalog order.
std::span<const SourceText> sourceTexts();

// Translated (English when no translator is installed or the text is unknown).
QString summary(const Variant& variant);
QString explanation(const Variant& variant);
QString coverage(Coverage coverage);
QString feature(Feature feature);
// Why the device cannot run the variant, translated; empty when it can.
QString unavailableReason(const Variant& variant, const DeviceInfo& device);

}  // namespace reducelab::ui::CatalogText
