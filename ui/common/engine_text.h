// The engine's texts (names, messages: UTF-8 std::string_view) as QStrings.
#pragma once

#include <QString>
#include <string_view>

namespace reducelab::ui {

inline QString qs(std::string_view text) {
    return QString::fromUtf8(text.data(), static_cast<qsizetype>(text.size()));
}

}  // namespace reducelab::ui
