// A strict .npy reader and writer (format versions 1.0, 2.0 and 3.0).
#include "reducelab/npy.h"

#include <algorithm>
#include <cstring>
#include <fstream>
#include <limits>
#include <optional>
#include <sstream>

#include "io/npy_literal.h"
#include "reducelab/error.h"
#include "reducelab/safe_write.h"

namespace reducelab {
namespace {

constexpr std::string_view kMagic = "\x93NUMPY";
// numpy.load refuses longer headers when pickles are not allowed (numpy.lib.format).
constexpr std::size_t kMaxHeaderChars = 10000;

using detail::describe;
using detail::fail_npy;
using detail::Literal;
using detail::parse_literal;

// The element type and byte order of a descr: '<f4', '>i8', '=u4', '|f8' or 'f4'.
struct Dtype {
    ElementType type;
    bool big_endian;
};

std::optional<Dtype> dtype_from_descr(const Literal& descr) {
    if (descr.kind != Literal::Kind::String) return std::nullopt;
    std::string_view text = descr.text;
    bool big_endian = false;
    if (!text.empty() && (text[0] == '<' || text[0] == '>' || text[0] == '=' || text[0] == '|')) {
        big_endian = text[0] == '>';
        text.remove_prefix(1);
    }
    static constexpr std::pair<std::string_view, ElementType> kKinds[] = {
        {"i4", ElementType::Int32},  {"u4", ElementType::UInt32},  {"i8", ElementType::Int64},
        {"u8", ElementType::UInt64}, {"f4", ElementType::Float32}, {"f8", ElementType::Float64}};
    for (const auto& [kind, type] : kKinds)
        if (text == kind) return Dtype{type, big_endian};
    return std::nullopt;
}

// What the header says: the element type, the shape, the element count and where the data starts.
struct NpyLayout {
    Dtype dtype{ElementType::Int32, false};
    std::vector<std::uint64_t> shape;
    std::size_t count = 0;
    std::size_t data_start = 0;
    std::string shape_text;
};

std::vector<std::uint64_t> shape_from(const Literal& shape, std::string_view source) {
    if (shape.kind != Literal::Kind::Tuple)
        fail_npy(source, "'shape' must be a tuple of integers, not " + describe(shape));
    std::vector<std::uint64_t> dims;
    for (const Literal& dim : shape.items) {
        if (dim.kind != Literal::Kind::Integer)
            fail_npy(source, "'shape' must be a tuple of decimal integers; " + describe(dim) +
                                 " is not one");
        if (dim.negative && dim.text.find_first_not_of('0') != std::string::npos)
            fail_npy(source, "negative dimension -" + dim.text + " in 'shape'");
        std::uint64_t value = 0;
        for (const char c : dim.text) {
            const auto digit = static_cast<std::uint64_t>(c - '0');
            if (value > (std::numeric_limits<std::int64_t>::max() - digit) / 10)
                fail_npy(source, "dimension " + dim.text + " in 'shape' does not fit 63 bits");
            value = value * 10 + digit;
        }
        dims.push_back(value);
    }
    return dims;
}

std::string shape_text(const std::vector<std::uint64_t>& shape) {
    std::string text = "(";
    for (std::size_t i = 0; i < shape.size(); ++i)
        text += (i ? ", " : "") + std::to_string(shape[i]);
    return text + (shape.size() == 1 ? ",)" : ")");
}

// Bytes before the header dict: magic, version and the header length (10 or 12).
std::size_t preamble_size(std::string_view bytes, std::string_view source) {
    if (bytes.size() < 8 || bytes.substr(0, kMagic.size()) != kMagic)
        fail_npy(source, "missing the \\x93NUMPY magic");
    const auto major = static_cast<unsigned char>(bytes[6]);
    const auto minor = static_cast<unsigned char>(bytes[7]);
    if (major < 1 || major > 3 || minor != 0)
        fail_npy(source, "unsupported format version " + std::to_string(major) + "." +
                             std::to_string(minor) + " (numpy writes and reads 1.0, 2.0 and 3.0)");
    return major == 1 ? 10 : 12;
}

// Characters of the header as numpy decodes it: latin-1 (one per byte) before 3.0, UTF-8 after.
std::size_t header_chars(std::string_view header, bool utf8, std::string_view source) {
    if (!utf8) return header.size();
    std::size_t chars = 0;
    for (std::size_t i = 0; i < header.size();) {
        const auto c = static_cast<unsigned char>(header[i]);
        const std::size_t len = c < 0x80         ? 1
                                : (c >> 5) == 6  ? 2
                                : (c >> 4) == 14 ? 3
                                : (c >> 3) == 30 ? 4
                                                 : 0;
        if (len == 0 || i + len > header.size()) fail_npy(source, "the header is not valid UTF-8");
        for (std::size_t k = 1; k < len; ++k)
            if ((static_cast<unsigned char>(header[i + k]) >> 6) != 2)
                fail_npy(source, "the header is not valid UTF-8");
        i += len;
        ++chars;
    }
    return chars;
}

// Elements of the layout's shape (0 when a dimension is 0), refused when its bytes overflow.
std::size_t element_count(const NpyLayout& layout, std::size_t width, std::string_view source) {
    if (std::find(layout.shape.begin(), layout.shape.end(), std::uint64_t{0}) != layout.shape.end())
        return 0;
    std::size_t count = 1;
    for (const std::uint64_t dim : layout.shape) {
        if (count > std::numeric_limits<std::size_t>::max() / width / dim)
            fail_npy(source, "shape " + layout.shape_text + " is too large to address");
        count *= dim;
    }
    return count;
}

// Parses the preamble and header from `bytes` (which must hold at least the whole header; the
// data may be missing). `total_size` is the size of the whole file.
NpyLayout parse_layout(std::string_view bytes, std::size_t total_size, std::string_view source) {
    const std::size_t header_start = preamble_size(bytes, source);
    if (bytes.size() < header_start) fail_npy(source, "truncated header length");
    std::size_t header_len = 0;
    for (std::size_t b = header_start; b-- > 8;)
        header_len = (header_len << 8) | static_cast<unsigned char>(bytes[b]);
    if (header_len > total_size - header_start || header_len > bytes.size() - header_start)
        fail_npy(source, "truncated header (" + std::to_string(header_len) + " bytes announced)");
    const std::string_view header = bytes.substr(header_start, header_len);
    const bool version3 = header_start == 12 && static_cast<unsigned char>(bytes[6]) == 3;
    if (header_chars(header, version3, source) > kMaxHeaderChars)
        fail_npy(source, "the header is longer than " + std::to_string(kMaxHeaderChars) +
                             " characters (numpy refuses it too)");
    if (header.find('\0') != std::string_view::npos) fail_npy(source, "a NUL byte in the header");

    const Literal dict = parse_literal(header, !version3, source);
    if (dict.kind != Literal::Kind::Dict) fail_npy(source, "the header is not a dict");
    const Literal* descr = nullptr;
    const Literal* fortran = nullptr;
    const Literal* shape = nullptr;
    for (std::size_t i = 0; i + 1 < dict.items.size(); i += 2) {  // a later key wins, as in Python
        const Literal& key = dict.items[i];
        const Literal* value = &dict.items[i + 1];
        if (key.kind == Literal::Kind::String && key.text == "descr")
            descr = value;
        else if (key.kind == Literal::Kind::String && key.text == "fortran_order")
            fortran = value;
        else if (key.kind == Literal::Kind::String && key.text == "shape")
            shape = value;
        else
            fail_npy(source,
                     "unexpected header key " + describe(key) +
                         " (the header holds exactly 'descr', 'fortran_order' and 'shape')");
    }
    if (!descr || !fortran || !shape)
        fail_npy(source, std::string("header lacks '") +
                             (!descr     ? "descr"
                              : !fortran ? "fortran_order"
                                         : "shape") +
                             "'");
    if (fortran->kind != Literal::Kind::Bool)
        fail_npy(source,
                 "malformed 'fortran_order' value " + describe(*fortran) + " (True or False)");
    NpyLayout layout;
    layout.shape = shape_from(*shape, source);
    layout.shape_text = shape_text(layout.shape);
    if (descr->kind != Literal::Kind::String)
        fail_npy(source, "'descr' is " + describe(*descr) +
                             ", not a type string: structured dtypes are not supported");
    const auto dtype = dtype_from_descr(*descr);
    if (!dtype)
        fail_npy(source,
                 "dtype " + describe(*descr) +
                     " is not supported (use int32, uint32, int64, uint64, float32 or "
                     "float64: '<i4', '<u4', '<i8', '<u8', '<f4', '<f8' or big-endian '>')");
    layout.dtype = *dtype;
    // In one dimension (or none) Fortran order is C order; in more it is a transposed layout.
    if (fortran->truth && layout.shape.size() > 1)
        fail_npy(source,
                 "Fortran-ordered arrays of 2 or more dimensions are not supported (save "
                 "numpy.ascontiguousarray(a) instead)");
    const std::size_t width = size_of(dtype->type);
    const std::size_t count = element_count(layout, width, source);
    layout.count = count;
    layout.data_start = header_start + header_len;
    const std::size_t available = total_size - layout.data_start;
    if (count * width != available)
        fail_npy(source,
                 "shape " + layout.shape_text + " of " + std::string(to_string(dtype->type)) +
                     " needs " + std::to_string(count) + " x " + std::to_string(width) +
                     " bytes but the file holds " + std::to_string(available) + " data bytes" +
                     (count * width < available ? " (trailing bytes after the array)" : ""));
    return layout;
}

void to_host_order(HostArray& array, const Dtype& dtype) {
    if (!dtype.big_endian) return;
    const std::size_t width = size_of(dtype.type);
    std::byte* data = array.data();
    for (std::size_t i = 0; i < array.size_bytes(); i += width)
        std::reverse(data + i, data + i + width);
}

}  // namespace

NpyContents parse_npy_contents(std::string_view bytes, std::string_view source) {
    const NpyLayout layout = parse_layout(bytes, bytes.size(), source);
    NpyContents contents{HostArray(layout.dtype.type, layout.count), layout.shape};
    if (layout.count > 0)
        std::memcpy(contents.array.data(), bytes.data() + layout.data_start,
                    contents.array.size_bytes());
    to_host_order(contents.array, layout.dtype);
    return contents;
}

HostArray parse_npy(std::string_view bytes, std::string_view source) {
    return std::move(parse_npy_contents(bytes, source).array);
}

// Reads the header first and checks the file's size against it before reading the data, so a
// huge or endless file (/dev/zero, /proc/kcore) is refused without reading it.
NpyContents read_npy_contents(const std::filesystem::path& path) {
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
    if (head.size() < header_start) fail_npy(path.string(), "truncated header length");
    head.resize(header_start);
    std::size_t header_len = 0;
    for (std::size_t b = header_start; b-- > 8;)
        header_len = (header_len << 8) | static_cast<unsigned char>(head[b]);
    if (header_len > size - header_start)
        fail_npy(path.string(),
                 "truncated header (" + std::to_string(header_len) + " bytes announced)");
    file.seekg(static_cast<std::streamoff>(header_start));
    head.resize(header_start + header_len);
    read_exactly(head.data() + header_start, header_len);
    const NpyLayout layout = parse_layout(head, static_cast<std::size_t>(size), path.string());
    NpyContents contents{HostArray(layout.dtype.type, layout.count), layout.shape};
    read_exactly(reinterpret_cast<char*>(contents.array.data()), contents.array.size_bytes());
    to_host_order(contents.array, layout.dtype);
    return contents;
}

HostArray read_npy(const std::filesystem::path& path) {
    return std::move(read_npy_contents(path).array);
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
