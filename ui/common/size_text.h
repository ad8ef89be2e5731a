// Element counts as people type them ("1000", "2^20", "2^20+7", "16Mi", "1,048,576"; parsed by the
// engine's parse_size_expression, the CLI's parser) and as the GUI shows them.
#pragma once

#include <QString>
#include <cstdint>
#include <optional>

namespace reducelab::ui {

class SizeText {
  public:
    // The count `text` names, or nullopt with `error` set to a specific reason.
    static std::optional<std::uint64_t> parse(const QString& text, QString* error = nullptr);
    // "1048576 (2^20)", "1000", "1048583 (2^20+7)".
    static QString describe(std::uint64_t n);
    // Short axis/table form: "1 Mi", "64 Ki", "1000".
    static QString compact(std::uint64_t n);
};

}  // namespace reducelab::ui
