// A typed array in host memory: the input of a reduction, generated or read from a file.
#pragma once

#include <cstddef>
#include <cstdint>
#include <cstring>
#include <memory>
#include <optional>
#include <span>
#include <string>
#include <vector>

#include "reducelab/types.h"

namespace reducelab {

class HostArray {
  public:
    HostArray() = default;
    HostArray(ElementType type, std::size_t count);  // zeroed
    // A copy owns its bytes, also the copy of a view.
    HostArray(const HostArray& other);
    HostArray& operator=(const HostArray& other);
    HostArray(HostArray&& other) noexcept;
    HostArray& operator=(HostArray&& other) noexcept;
    ~HostArray() = default;

    // Elements [offset, offset + count) of `whole`, without a copy: the view keeps `whole`
    // alive. The shards of a split input are views (a copy of a 16 GiB input costs seconds).
    static std::shared_ptr<const HostArray> view(std::shared_ptr<const HostArray> whole,
                                                 std::size_t offset, std::size_t count);

    ElementType type() const { return type_; }
    std::size_t size() const { return count_; }
    std::size_t size_bytes() const { return size_bytes_; }
    const std::byte* data() const { return begin_; }
    std::byte* data() { return begin_; }

    template <typename V>
    V at(std::size_t i) const {
        V v;
        std::memcpy(&v, begin_ + i * sizeof(V), sizeof v);
        return v;
    }
    template <typename V>
    void set(std::size_t i, V v) {
        std::memcpy(begin_ + i * sizeof(V), &v, sizeof v);
    }
    template <typename V>
    std::span<const V> as() const {
        return {reinterpret_cast<const V*>(begin_), count_};
    }
    template <typename V>
    std::span<V> as() {
        return {reinterpret_cast<V*>(begin_), count_};
    }

    // Element i as a double (for display; exact for integers below 2^53).
    double as_double(std::size_t i) const;

  private:
    ElementType type_ = ElementType::Int32;
    std::size_t count_ = 0;
    std::vector<std::byte> bytes_;             // the elements, unless this is a view
    std::shared_ptr<const HostArray> parent_;  // a view's array
    std::byte* begin_ = nullptr;               // the first element, in bytes_ or the parent's
    std::size_t size_bytes_ = 0;
};

enum class Fill { Ramp, Random, Ones, RandInt, Cancel, CancelSorted, WideExponent, CancelPairs };
std::string_view to_string(Fill fill);
std::optional<Fill> parse_fill(std::string_view text);  // one of all_fills()
std::span<const Fill> all_fills();                      // the fills a run offers (--fill, the GUI)
std::string fill_names();                               // "ramp, random, ..." for messages
// The fills an exercise's hidden_fills may name: all_fills() and the exercise fills.
std::span<const Fill> exercise_fills();
std::optional<Fill> parse_exercise_fill(std::string_view text);
std::string exercise_fill_names();

// ramp: 1, 2, ..., n (wraps for narrow integer types past their maximum);
// random: reproducible for a seed on every platform (integers in [-2^20, 2^20], unsigned in
// [0, 2^21], floats in [-1, 1)); ones: all 1; randint: reproducible small integers, in [-8, 8]
// (unsigned: [0, 16]), so that float sums of up to 2^21 elements (float32) are exact in any
// order and must match the reference exactly. The adversarial fills, whose exact float sums the
// reference computes (ExactSum): cancel: pairs +b, -b of large terms (float32 2^20..2^40,
// float64 2^40..2^80; a quarter of the elements each way) shuffled among terms in [-1, 1), so
// the sum is the small terms' and the condition number sum |x| / |sum| is 1e8 or more from
// n = 16 on; cancel-sorted: the same values sorted ascending; wide-exponent: random signs and
// significands with exponents spread over float32 2^-60..2^60, float64 2^-400..2^400.
// Integers get the same shapes (large +-pairs among [-8, 8]; magnitudes of every bit width).
// An exercise fill (hidden_fills only, not offered by --fill): cancel-pairs: blocks of four
// elements b, -b, s, s' with b of float32 2^16..2^24 (float64 2^40..2^48) and s, s' in [-1, 1),
// so every +-pair sits in one work-group of any launch: each work-group's sum is its small
// terms' sum (a compensated kernel's partials are small), while a plain sum rounds at the size
// of b before the pairs cancel.
HostArray generate(ElementType type, std::size_t count, Fill fill, std::uint64_t seed);

}  // namespace reducelab
