// Strict JSON field reading shared by the results and tuning readers.
#include "io/json_fields.h"

#include "reducelab/error.h"

namespace reducelab::detail {

using nlohmann::json;

void JsonFields::bad(const std::string& where, const std::string& what) const {
    throw Error(ErrorKind::Io, file_kind_ + ": " + where + ": " + what);
}

const json& JsonFields::field(const json& object, const char* key, const std::string& where) const {
    if (!object.is_object()) bad(where, "expected an object");
    const auto found = object.find(key);
    if (found == object.end()) bad(where, std::string("missing field '") + key + "'");
    return *found;
}

std::string JsonFields::get_string(const json& o, const char* key, const std::string& where) const {
    const json& v = field(o, key, where);
    if (!v.is_string()) bad(where + "." + key, "expected a string");
    return v.get<std::string>();
}

double JsonFields::get_number(const json& o, const char* key, const std::string& where) const {
    const json& v = field(o, key, where);
    if (!v.is_number()) bad(where + "." + key, "expected a number");
    return v.get<double>();
}

bool JsonFields::get_bool(const json& o, const char* key, const std::string& where) const {
    const json& v = field(o, key, where);
    if (!v.is_boolean()) bad(where + "." + key, "expected true or false");
    return v.get<bool>();
}

std::uint64_t JsonFields::get_uint64(const json& o, const char* key,
                                     const std::string& where) const {
    const json& v = field(o, key, where);
    if (!v.is_number_unsigned() && !(v.is_number_integer() && v.get<std::int64_t>() >= 0))
        bad(where + "." + key, "expected a non-negative integer");
    return v.get<std::uint64_t>();
}

std::uint64_t JsonFields::get_positive(const json& o, const char* key,
                                       const std::string& where) const {
    const json& v = field(o, key, where);
    if (!v.is_number_unsigned() || v.get<std::uint64_t>() == 0)
        bad(where + "." + key, "expected a positive integer");
    return v.get<std::uint64_t>();
}

}  // namespace reducelab::detail
