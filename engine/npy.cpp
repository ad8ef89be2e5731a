// A strict .npy reader and writer (format versions 1.0, 2.0 and 3.0).
#include "npy.h"

#include <algorithm>
#include <cctype>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "error.h"
#include "safe_write.h"

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
        while (end > pos && header[end - 1] == ' ') --end;  // "True ," is a valid Python dict too
    }
    return std::string(header.substr(pos, end - pos));
}

std::optional<ElementType> dtype_from_descr(std::string descr) {
    if (descr.size() < 2) return std::nullopt;
    descr = descr.substr(1, descr.size() - 2);  // strip quotes
    // '|' (not applicable) only for 1-byte types, which we do not take; '=' is native = little
    // here.
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

namespace {

// What the header says: the element type, the element count and where the data starts.
struct NpyLayout {
    ElementType type = ElementType::Int32;
    std::size_t count = 0;
    std::size_t data_start = 0;
    std::string shape;
};

// Bytes before the header dict: magic, version and the header length (10 or 12).
std::size_t preamble_size(std::string_view bytes, std::string_view source) {
    if (bytes.size() < 10 || bytes.substr(0, kMagic.size()) != kMagic)
        fail(source, "missing the \\x93NUMPY magic");
    const auto major = static_cast<unsigned char>(bytes[6]);
    if (major == 1) return 10;
    if (major == 2 || major == 3) return 12;
    fail(source, "unsupported format version " + std::to_string(major));
}

// Parses the preamble and header from `bytes` (which must hold at least the whole header; the
// data may be missing). `total_size` is the size of the whole file.
NpyLayout parse_layout(std::string_view bytes, std::size_t total_size, std::string_view source) {
    const std::size_t header_start = preamble_size(bytes, source);
    if (bytes.size() < header_start) fail(source, "truncated header length");
    std::size_t header_len = 0;
    if (header_start == 10) {
        header_len = static_cast<unsigned char>(bytes[8]) |
                     (static_cast<std::size_t>(static_cast<unsigned char>(bytes[9])) << 8);
    } else {
        for (int b = 3; b >= 0; --b)
            header_len = (header_len << 8) | static_cast<unsigned char>(bytes[8 + b]);
    }
    if (header_len > total_size - header_start || header_len > bytes.size() - header_start)
        fail(source, "truncated header");
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
    NpyLayout layout{*type, *count, header_start + header_len, *shape};
    const std::size_t available = total_size - layout.data_start;
    const std::size_t width = size_of(*type);
    if (*count > available / width || *count * width != available)
        fail(source, "shape " + *shape + " of " + std::string(to_string(*type)) + " needs " +
                         std::to_string(*count) + " x " + std::to_string(width) +
                         " bytes but the file holds " + std::to_string(available) + " data bytes");
    return layout;
}

}  // namespace

HostArray parse_npy(std::string_view bytes, std::string_view source) {
    const NpyLayout layout = parse_layout(bytes, bytes.size(), source);
    HostArray array(layout.type, layout.count);
    if (layout.count > 0)
        std::memcpy(array.data(), bytes.data() + layout.data_start, array.size_bytes());
    return array;
}

// Reads the header first and checks the file's size against it before reading the data, so a
// huge or endless file (/dev/zero, /proc/kcore) is refused without reading it.
HostArray read_npy(const std::filesystem::path& path) {
    namespace fs = std::filesystem;
    std::error_code ec;
    const auto status = fs::status(path, ec);
    if (ec || !fs::exists(status))
        throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    if (!fs::is_regular_file(status))
        throw Error(ErrorKind::Io, path.string() + ": not a regular file (a .npy file is needed)");
    const std::uintmax_t size = fs::file_size(path, ec);
    if (ec) throw Error(ErrorKind::Io, path.string() + ": cannot read the file size");
    std::ifstream file(path, std::ios::binary);
    if (!file) throw Error(ErrorKind::Io, path.string() + ": cannot open the file");
    const auto read_exactly = [&](char* into, std::size_t bytes) {
        if (!file.read(into, static_cast<std::streamsize>(bytes)))
            throw Error(ErrorKind::Io,
                        path.string() + ": read error (the file changed or is unreadable)");
    };
    // The preamble, then the header it announces (at most 4 GiB by the format, but never more
    // than the file holds).
    std::string head(static_cast<std::size_t>(std::min<std::uintmax_t>(size, 12)), '\0');
    read_exactly(head.data(), head.size());
    const std::size_t header_start = preamble_size(head, path.string());
    if (head.size() < header_start) fail(path.string(), "truncated header length");
    head.resize(header_start);
    std::size_t header_len = 0;
    for (std::size_t b = header_start; b-- > 8;)
        header_len = (header_len << 8) | static_cast<unsigned char>(head[b]);
    if (header_len > size - header_start) fail(path.string(), "truncated header");
    file.seekg(static_cast<std::streamoff>(header_start));
    head.resize(header_start + header_len);
    read_exactly(head.data() + header_start, header_len);
    const NpyLayout layout = parse_layout(head, static_cast<std::size_t>(size), path.string());
    HostArray array(layout.type, layout.count);
    read_exactly(reinterpret_cast<char*>(array.data()), array.size_bytes());
    return array;
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
    write_file_safely(path, to_npy(array));
}

}  // namespace reducelab
