// A strict .npy reader and writer (format versions 1.0, 2.0 and 3.0).
#include "npy.h"

#include <cctype>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "error.h"

namespace reducelab {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";

[[noreturn]] void fail(std::string_view source, const std::string& what) {
    throw Error(ErrorKind::Io, std::string(source) + ": not a usable .npy file: " + what);
}

// Value text for `key` in the header dict: "'<f4'", "False", "(1000,)".
std::optional<std::string> dict_value(std::string_view header, std::string_view key) {
    const std::string quoted = "'" + std::string(key) + "'";
    auto pos = header.find(quoted);
    if (pos == std::string_view::npos) return std::nullopt;
    pos = header.find(':', pos + quoted.size());
    if (pos == std::string_view::npos) return std::nullopt;
    ++pos;
    while (pos < header.size() && header[pos] == ' ') ++pos;
    if (pos >= header.size()) return std::nullopt;
    std::size_t end = pos;
    if (header[pos] == '(') {
        end = header.find(')', pos);
        if (end == std::string_view::npos) return std::nullopt;
        ++end;
    } else if (header[pos] == '\'' || header[pos] == '"') {
        end = header.find(header[pos], pos + 1);
        if (end == std::string_view::npos) return std::nullopt;
        ++end;
    } else {
        while (end < header.size() && header[end] != ',' && header[end] != '}') ++end;
    }
    return std::string(header.substr(pos, end - pos));
}

std::optional<ElementType> dtype_from_descr(std::string descr) {
    if (descr.size() < 2) return std::nullopt;
    descr = descr.substr(1, descr.size() - 2);  // strip quotes
    // '|' (not applicable) only for 1-byte types, which we do not take; '=' is native = little here.
    if (descr.size() != 3 || (descr[0] != '<' && descr[0] != '=')) return std::nullopt;
    const std::string kind = descr.substr(1);
    if (kind == "i4") return ElementType::Int32;
    if (kind == "u4") return ElementType::UInt32;
    if (kind == "i8") return ElementType::Int64;
    if (kind == "u8") return ElementType::UInt64;
    if (kind == "f4") return ElementType::Float32;
    if (kind == "f8") return ElementType::Float64;
    return std::nullopt;
}

// Number of elements of a shape tuple "(a, b, )"; nullopt when malformed or overflowing.
std::optional<std::size_t> element_count(const std::string& shape) {
    if (shape.size() < 2 || shape.front() != '(' || shape.back() != ')') return std::nullopt;
    std::size_t count = 1;
    std::size_t dims = 0;
    std::size_t i = 1;
    while (i + 1 < shape.size()) {
        while (i + 1 < shape.size() && (shape[i] == ' ' || shape[i] == ',')) ++i;
        if (i + 1 >= shape.size()) break;
        if (!std::isdigit(static_cast<unsigned char>(shape[i]))) return std::nullopt;
        std::size_t dim = 0;
        while (i + 1 < shape.size() && std::isdigit(static_cast<unsigned char>(shape[i]))) {
            const std::size_t digit = static_cast<std::size_t>(shape[i] - '0');
            if (dim > (std::numeric_limits<std::size_t>::max() - digit) / 10) return std::nullopt;
            dim = dim * 10 + digit;
            ++i;
        }
        if (dim != 0 && count > std::numeric_limits<std::size_t>::max() / dim) return std::nullopt;
        count *= dim;
        ++dims;
    }
    return dims == 0 ? 1 : count;  // shape () is a scalar: one element
}

}  // namespace

HostArray parse_npy(std::string_view bytes, std::string_view source) {
    if (bytes.size() < 10 || bytes.substr(0, kMagic.size()) != kMagic)
        fail(source, "missing the \\x93NUMPY magic");
    const auto major = static_cast<unsigned char>(bytes[6]);
    std::size_t header_len = 0;
    std::size_t header_start = 0;
    if (major == 1) {
        header_len = static_cast<unsigned char>(bytes[8]) |
                     (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
        header_start = 10;
    } else if (major == 2 || major == 3) {
        if (bytes.size() < 12) fail(source, "truncated header length");
        for (int b = 3; b >= 0; --b)
            header_len = (header_len << 8) | static_cast<unsigned char>(bytes[8 + b]);
        header_start = 12;
    } else {
        fail(source, "unsupported format version " + std::to_string(major));
    }
    if (header_len > bytes.size() - header_start) fail(source, "truncated header");
    const std::string_view header = bytes.substr(header_start, header_len);
    const auto descr = dict_value(header, "descr");
    const auto fortran = dict_value(header, "fortran_order");
    const auto shape = dict_value(header, "shape");
    if (!descr || !fortran || !shape)
        fail(source, "header lacks 'descr', 'fortran_order' or 'shape'");
    const auto type = dtype_from_descr(*descr);
    if (!type)
        fail(source, "dtype " + *descr +
                         " is not supported (use little-endian int32, uint32, int64, uint64, "
                         "float32 or float64)");
    if (*fortran != "False") {
        if (*fortran == "True") fail(source, "Fortran-ordered arrays are not supported");
        fail(source, "malformed 'fortran_order' value " + *fortran);
    }
    const auto count = element_count(*shape);
    if (!count) fail(source, "malformed shape " + *shape);
    const std::size_t data_start = header_start + header_len;
    const std::size_t available = bytes.size() - data_start;
    const std::size_t width = size_of(*type);
    if (*count > available / width || *count * width != available)
        fail(source, "shape " + *shape + " of " + std::string(to_string(*type)) + " needs " +
                         std::to_string(*count) + " x " + std::to_string(width) +
                         " bytes but the file holds " + std::to_string(available) + " data bytes");
    HostArray array(*type, *count);
    if (*count > 0) std::memcpy(array.data(), bytes.data() + data_start, *count * width);
    return array;
}

HostArray read_npy(const std::filesystem::path& path) {
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    std::ostringstream content;
    content << file.rdbuf();
    if (file.bad()) throw Error(ErrorKind::Io, path.string() + ": read error");
    const std::string bytes = content.str();
    return parse_npy(bytes, path.string());
}

std::string to_npy(const HostArray& array) {
    static constexpr const char* kDescr[] = {"<i4", "<u4", "<i8", "<u8", "<f4", "<f8"};
    std::string header = "{'descr': '" + std::string(kDescr[static_cast<int>(array.type())]) +
                         "', 'fortran_order': False, 'shape': (" + std::to_string(array.size()) +
                         ",), }";
    // Pad with spaces so that the data starts on a 64-byte boundary, ending in '\n'.
    const std::size_t unpadded = 10 + header.size() + 1;
    header.append((64 - unpadded % 64) % 64, ' ');
    header.push_back('\n');
    std::string out(kMagic);
    out.push_back('\x01');
    out.push_back('\x00');
    out.push_back(static_cast<char>(header.size() & 0xff));
    out.push_back(static_cast<char>(header.size() >> 8));
    out += header;
    out.append(reinterpret_cast<const char*>(array.data()), array.size_bytes());
    return out;
}

void write_npy(const std::filesystem::path& path, const HostArray& array) {
    std::ofstream file(path, std::ios::binary);
    const std::string bytes = to_npy(array);
    file.write(bytes.data(), static_cast<std::streamsize>(bytes.size()));
    if (!file) throw Error(ErrorKind::Io, path.string() + ": cannot write the file");
}

}  // namespace reducelab
