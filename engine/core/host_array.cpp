// Host arrays and the generated inputs.
#include "reducelab/host_array.h"

#include <limits>
#include <random>

#include "core/adversarial_fills.h"
#include "reducelab/error.h"

namespace reducelab {

namespace {

// count x width in bytes, refusing counts whose size does not fit in size_t (the multiplication
// would wrap and leave a buffer too small for its elements).
std::size_t checked_bytes(ElementType type, std::size_t count) {
    const std::size_t width = size_of(type);
    if (count > std::numeric_limits<std::size_t>::max() / width)
        throw Error(ErrorKind::OutOfResources,
                    "an array of " + std::to_string(count) + " " + std::string(to_string(type)) +
                        " elements is larger than this host can address");
    return count * width;
}

}  // namespace

HostArray::HostArray(ElementType type, std::size_t count)
    : type_(type),
      count_(count),
      bytes_(checked_bytes(type, count)),
      begin_(bytes_.data()),
      size_bytes_(bytes_.size()) {}

HostArray::HostArray(const HostArray& other)
    : type_(other.type_),
      count_(other.count_),
      bytes_(other.begin_, other.begin_ + other.size_bytes_),
      begin_(bytes_.data()),
      size_bytes_(other.size_bytes_) {}

HostArray& HostArray::operator=(const HostArray& other) {
    if (this != &other) *this = HostArray(other);
    return *this;
}

// A vector's move keeps its buffer where it is, so begin_ stays valid.
HostArray::HostArray(HostArray&& other) noexcept
    : type_(other.type_),
      count_(other.count_),
      bytes_(std::move(other.bytes_)),
      parent_(std::move(other.parent_)),
      begin_(other.begin_),
      size_bytes_(other.size_bytes_) {
    other.count_ = other.size_bytes_ = 0;
    other.begin_ = nullptr;
}

HostArray& HostArray::operator=(HostArray&& other) noexcept {
    if (this != &other) {
        type_ = other.type_;
        count_ = other.count_;
        bytes_ = std::move(other.bytes_);
        parent_ = std::move(other.parent_);
        begin_ = other.begin_;
        size_bytes_ = other.size_bytes_;
        other.count_ = other.size_bytes_ = 0;
        other.begin_ = nullptr;
    }
    return *this;
}

std::shared_ptr<const HostArray> HostArray::view(std::shared_ptr<const HostArray> whole,
                                                 std::size_t offset, std::size_t count) {
    if (!whole || offset > whole->size() || count > whole->size() - offset)
        throw Error(ErrorKind::InvalidArgument, "a view past the end of the array");
    auto part = std::make_shared<HostArray>();
    const std::size_t width = size_of(whole->type());
    part->type_ = whole->type();
    part->count_ = count;
    part->size_bytes_ = count * width;
    // Views are handed out const only; the bytes stay the parent's.
    part->begin_ = const_cast<std::byte*>(whole->data()) + offset * width;
    part->parent_ = std::move(whole);
    return part;
}

double HostArray::as_double(std::size_t i) const {
    switch (type_) {
        case ElementType::Int32:
            return at<std::int32_t>(i);
        case ElementType::UInt32:
            return at<std::uint32_t>(i);
        case ElementType::Int64:
            return static_cast<double>(at<std::int64_t>(i));
        case ElementType::UInt64:
            return static_cast<double>(at<std::uint64_t>(i));
        case ElementType::Float32:
            return at<float>(i);
        case ElementType::Float64:
            return at<double>(i);
    }
    return 0.0;
}

std::string_view to_string(Fill fill) {
    switch (fill) {
        case Fill::Ramp:
            return "ramp";
        case Fill::Random:
            return "random";
        case Fill::Ones:
            return "ones";
        case Fill::RandInt:
            return "randint";
        case Fill::Cancel:
            return "cancel";
        case Fill::CancelSorted:
            return "cancel-sorted";
        case Fill::WideExponent:
            return "wide-exponent";
        case Fill::CancelPairs:
            return "cancel-pairs";
    }
    return "?";
}

std::span<const Fill> all_fills() {
    static constexpr Fill fills[] = {Fill::Ramp,        Fill::Random, Fill::Ones,
                                     Fill::RandInt,     Fill::Cancel, Fill::CancelSorted,
                                     Fill::WideExponent};
    return fills;
}

std::string fill_names() {
    std::string names;
    for (Fill f : all_fills()) names += (names.empty() ? "" : ", ") + std::string(to_string(f));
    return names;
}

std::span<const Fill> exercise_fills() {
    static constexpr Fill fills[] = {Fill::Ramp,         Fill::Random,     Fill::Ones,
                                     Fill::RandInt,      Fill::Cancel,     Fill::CancelSorted,
                                     Fill::WideExponent, Fill::CancelPairs};
    return fills;
}

std::string exercise_fill_names() {
    std::string names;
    for (Fill f : exercise_fills())
        names += (names.empty() ? "" : ", ") + std::string(to_string(f));
    return names;
}

std::optional<Fill> parse_exercise_fill(std::string_view text) {
    for (Fill f : exercise_fills())
        if (to_string(f) == text) return f;
    return std::nullopt;
}

std::optional<Fill> parse_fill(std::string_view text) {
    for (Fill f : all_fills())
        if (to_string(f) == text) return f;
    return std::nullopt;
}

namespace {

template <typename V>
void fill_array(std::span<V> out, Fill fill, std::uint64_t seed) {
    if (detail::is_adversarial(fill)) {
        detail::fill_adversarial(out, fill, seed);
        return;
    }
    std::mt19937_64 engine(seed);  // the raw engine output is specified; distributions are not
    for (std::size_t i = 0; i < out.size(); ++i) {
        switch (fill) {
            case Fill::Ones:
                out[i] = V(1);
                break;
            case Fill::Ramp:
                if constexpr (std::is_floating_point_v<V>)
                    out[i] = static_cast<V>(i + 1);
                else
                    out[i] = static_cast<V>(static_cast<std::make_unsigned_t<V>>(i + 1));
                break;
            case Fill::Random: {
                const std::uint64_t bits = engine();
                if constexpr (std::is_floating_point_v<V>)
                    out[i] = static_cast<V>(static_cast<double>(bits >> 11) * 0x1.0p-52 - 1.0);
                else if constexpr (std::is_signed_v<V>)
                    out[i] = static_cast<V>(static_cast<std::int64_t>(bits % ((1u << 21) + 1)) -
                                            (1 << 20));
                else
                    out[i] = static_cast<V>(bits % ((1u << 21) + 1));
                break;
            }
            case Fill::RandInt: {
                // 17 values: -8..8 (unsigned 0..16); the bias of bits % 17 is below 2^-59.
                const auto k = static_cast<std::int64_t>(engine() % 17);
                if constexpr (std::is_floating_point_v<V> || std::is_signed_v<V>)
                    out[i] = static_cast<V>(k - 8);
                else
                    out[i] = static_cast<V>(k);
                break;
            }
            case Fill::Cancel:
            case Fill::CancelSorted:
            case Fill::WideExponent:
            case Fill::CancelPairs:
                break;  // filled by fill_adversarial above
        }
    }
}

}  // namespace

HostArray generate(ElementType type, std::size_t count, Fill fill, std::uint64_t seed) {
    HostArray array(type, count);
    switch (type) {
        case ElementType::Int32:
            fill_array(array.as<std::int32_t>(), fill, seed);
            break;
        case ElementType::UInt32:
            fill_array(array.as<std::uint32_t>(), fill, seed);
            break;
        case ElementType::Int64:
            fill_array(array.as<std::int64_t>(), fill, seed);
            break;
        case ElementType::UInt64:
            fill_array(array.as<std::uint64_t>(), fill, seed);
            break;
        case ElementType::Float32:
            fill_array(array.as<float>(), fill, seed);
            break;
        case ElementType::Float64:
            fill_array(array.as<double>(), fill, seed);
            break;
    }
    return array;
}

}  // namespace reducelab
