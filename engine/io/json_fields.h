// Strict reading of JSON files the engine writes (results, tuning): each field must be present
// with the right type and range, and every refusal names the file kind, where in the file, and
// why. One set of helpers, so the results reader and the tuning reader are equally strict.
#pragma once

#include <cstdint>
#include <limits>
#include <nlohmann/json.hpp>
#include <string>

namespace reducelab::detail {

class JsonFields {
  public:
    // `file_kind` starts every message: "results file", "tuning file".
    explicit JsonFields(std::string file_kind) : file_kind_(std::move(file_kind)) {}

    // Throws Error(Io) "<file kind>: <where>: <what>".
    [[noreturn]] void bad(const std::string& where, const std::string& what) const;

    const nlohmann::json& field(const nlohmann::json& object, const char* key,
                                const std::string& where) const;
    std::string get_string(const nlohmann::json& o, const char* key,
                           const std::string& where) const;
    double get_number(const nlohmann::json& o, const char* key, const std::string& where) const;
    bool get_bool(const nlohmann::json& o, const char* key, const std::string& where) const;
    // A non-negative integer that fits U (no narrowing: 2^32 + 4 is refused for a 32-bit U).
    template <typename U>
    U get_unsigned(const nlohmann::json& o, const char* key, const std::string& where) const {
        const std::uint64_t value = get_uint64(o, key, where);
        if (value > std::numeric_limits<U>::max()) bad(where + "." + key, "out of range");
        return static_cast<U>(value);
    }
    // An integer >= 1.
    std::uint64_t get_positive(const nlohmann::json& o, const char* key,
                               const std::string& where) const;

  private:
    std::uint64_t get_uint64(const nlohmann::json& o, const char* key,
                             const std::string& where) const;
    std::string file_kind_;
};

}  // namespace reducelab::detail
