// The split planner: device models fitted from calibration points, and the plan that solves for
// equal predicted finish times within each device's limits. Pure: no device, no clock.
#include "reducelab/split_model.h"

#include <algorithm>
#include <array>
#include <cmath>
#include <cstdio>
#include <numeric>

#include "reducelab/error.h"
#include "reducelab/units.h"

namespace reducelab {

namespace {
constexpr std::array kSplitPolicyList{SplitPolicy::Balanced, SplitPolicy::Even, SplitPolicy::Force,
                                      SplitPolicy::EndToEnd};
}  // namespace

std::optional<SplitPolicy> parse_split_policy(std::string_view text) {
    for (SplitPolicy policy : kSplitPolicyList)
        if (to_string(policy) == text) return policy;
    return std::nullopt;
}

std::span<const SplitPolicy> all_split_policies() {
    return kSplitPolicyList;
}

std::string_view to_string(SplitPolicy policy) {
    switch (policy) {
        case SplitPolicy::Balanced:
            return "balanced";
        case SplitPolicy::Even:
            return "even";
        case SplitPolicy::Force:
            return "force";
        case SplitPolicy::EndToEnd:
            return "end-to-end";
    }
    return "balanced";
}

std::string_view split_policy_names() {
    return "balanced, even, force or end-to-end";
}

namespace {

std::string percent(double fraction) {
    return units::fraction_percent(fraction);
}

std::string millis(double ms) {
    return units::ms(ms);
}

// The one-device view the solver needs: shard(T) = clamp((T - alpha) * rate, 0, cap).
struct Lane {
    double alpha_ms = 0.0;
    double elements_per_ms = 1.0;
    std::uint64_t cap = 0;

    double share_at(double t) const {
        if (t <= alpha_ms) return 0.0;
        return std::min((t - alpha_ms) * elements_per_ms, static_cast<double>(cap));
    }
};

// Integer shares of n over the lanes, summing to n: the finish time T at which the lanes' shares
// add up to n (bisection: the sum only grows with T), then floors and the largest remainders
// (ties to the earlier lane). nullopt when the lanes' caps hold less than n.
std::optional<std::vector<std::uint64_t>> solve_lanes(const std::vector<Lane>& lanes,
                                                      std::uint64_t n) {
    const long double capacity = std::accumulate(
        lanes.begin(), lanes.end(), 0.0L,
        [](long double sum, const Lane& lane) { return sum + static_cast<long double>(lane.cap); });
    if (capacity < static_cast<long double>(n)) return std::nullopt;
    std::vector<std::uint64_t> counts(lanes.size(), 0);
    if (n == 0) return counts;
    const auto total_at = [&](double t) {
        long double sum = 0;
        for (const Lane& lane : lanes) sum += lane.share_at(t);
        return sum;
    };
    double low = 0.0, high = 1.0;
    for (const Lane& lane : lanes) high = std::max(high, lane.alpha_ms + 1.0);
    while (total_at(high) < static_cast<long double>(n)) high *= 2.0;
    for (int step = 0; step < 200 && high > low; ++step) {
        const double mid = low + (high - low) / 2.0;
        if (mid <= low || mid >= high) break;
        (total_at(mid) >= static_cast<long double>(n) ? high : low) = mid;
    }
    std::vector<std::pair<double, std::size_t>> remainders;
    std::uint64_t assigned = 0;
    for (std::size_t i = 0; i < lanes.size(); ++i) {
        const double exact = lanes[i].share_at(high);
        counts[i] =
            std::min<std::uint64_t>(static_cast<std::uint64_t>(std::floor(exact)), lanes[i].cap);
        assigned += counts[i];
        remainders.push_back({exact - std::floor(exact), i});
    }
    // The bisection ends just above the exact T: take back what it overshot, largest first.
    while (assigned > n) {
        const auto largest = std::max_element(counts.begin(), counts.end());
        --*largest;
        --assigned;
    }
    std::stable_sort(remainders.begin(), remainders.end(),
                     [](const auto& a, const auto& b) { return a.first > b.first; });
    while (assigned < n) {
        bool placed = false;
        for (const auto& [fraction, i] : remainders) {
            if (assigned == n) break;
            if (counts[i] >= lanes[i].cap) continue;
            ++counts[i];
            ++assigned;
            placed = true;
        }
        if (!placed) return std::nullopt;  // unreachable: the caps hold n
    }
    return counts;
}

class Planner {
  public:
    Planner(std::span<const DeviceModel> models, std::uint64_t n, SplitPolicy policy,
            const PlanOptions& options)
        : models_(models),
          n_(n),
          policy_(policy),
          options_(options),
          with_upload_(policy == SplitPolicy::EndToEnd) {}

    double predict(std::size_t i, std::uint64_t count) const {
        return count == 0 ? 0.0
                          : models_[i].predict_ms(count, options_.bytes_per_element, with_upload_);
    }

    // The counts over the devices in `chosen` (others get none), equal finish times (or equal
    // counts for Even); nullopt when they cannot hold n.
    std::optional<std::vector<std::uint64_t>> solve(const std::vector<bool>& chosen) const {
        std::vector<Lane> lanes;
        std::vector<std::size_t> at;
        for (std::size_t i = 0; i < models_.size(); ++i) {
            if (!chosen[i]) continue;
            Lane lane;
            lane.cap = models_[i].max_elements;
            if (policy_ != SplitPolicy::Even) {
                lane.alpha_ms = models_[i].alpha_ms;
                // elements per ms: the reciprocal of the per-element time, upload included
                lane.elements_per_ms =
                    1.0 / (models_[i].predict_ms(1, options_.bytes_per_element, with_upload_) -
                           models_[i].alpha_ms);
            }
            lanes.push_back(lane);
            at.push_back(i);
        }
        const auto solved = solve_lanes(lanes, n_);
        if (!solved) return std::nullopt;
        std::vector<std::uint64_t> counts(models_.size(), 0);
        for (std::size_t k = 0; k < at.size(); ++k) counts[at[k]] = (*solved)[k];
        return counts;
    }

    double total_ms(const std::vector<std::uint64_t>& counts) const {
        double slowest = 0.0;
        int used = 0;
        for (std::size_t i = 0; i < counts.size(); ++i) {
            if (counts[i] == 0) continue;
            slowest = std::max(slowest, predict(i, counts[i]));
            ++used;
        }
        return slowest + (used > 1 ? options_.split_overhead_ms : 0.0);
    }

    SplitPlan plan() const {
        SplitPlan plan;
        plan.policy = policy_;
        plan.with_upload = with_upload_;
        plan.notes.assign(models_.size(), "");
        find_fastest_alone(plan);
        std::vector<bool> chosen(models_.size(), true);
        for (std::size_t i = 0; i < models_.size(); ++i)
            if (models_[i].max_elements == 0) {
                chosen[i] = false;
                plan.notes[i] = "cannot hold a single element: left out";
            }
        auto counts = solve(chosen);
        if (!counts) throw_too_large();
        if (policy_ == SplitPolicy::Balanced || policy_ == SplitPolicy::EndToEnd)
            leave_out_what_does_not_pay(chosen, *counts, plan);
        if (policy_ == SplitPolicy::Force) keep_every_device(*counts);
        plan.counts = *counts;
        for (std::size_t i = 0; i < models_.size(); ++i) {
            plan.predicted_ms.push_back(predict(i, plan.counts[i]));
            if (plan.notes[i].empty() && plan.counts[i] > 0 &&
                plan.counts[i] == models_[i].max_elements && plan.counts[i] < n_)
                plan.notes[i] = "capped at its largest shard, " +
                                std::to_string(models_[i].max_elements) + " elements";
        }
        plan.predicted_ms_total = total_ms(plan.counts);
        return plan;
    }

  private:
    void find_fastest_alone(SplitPlan& plan) const {
        for (std::size_t i = 0; i < models_.size(); ++i) {
            if (models_[i].max_elements < n_) continue;
            const double alone = predict(i, n_);
            if (!plan.fastest_alone || alone < plan.fastest_alone_predicted_ms) {
                plan.fastest_alone = i;
                plan.fastest_alone_predicted_ms = alone;
            }
        }
    }

    // Drops, one at a time, the device whose share shortens the predicted time least, while that
    // gain is within its measured spread; then keeps the fastest device alone if it is predicted
    // no slower than what is left.
    void leave_out_what_does_not_pay(std::vector<bool>& chosen, std::vector<std::uint64_t>& counts,
                                     SplitPlan& plan) const {
        while (true) {
            const double with_all = total_ms(counts);
            std::optional<std::size_t> drop;
            double drop_margin = 0.0;
            std::string drop_note;
            int kept = 0;
            for (std::size_t i = 0; i < models_.size(); ++i) kept += chosen[i] ? 1 : 0;
            if (kept <= 1) break;
            for (std::size_t i = 0; i < models_.size(); ++i) {
                if (!chosen[i]) continue;
                std::vector<bool> others = chosen;
                others[i] = false;
                const auto without = solve(others);
                if (!without) continue;  // the others cannot hold n: it stays
                const double without_ms = total_ms(*without);
                const double gain = without_ms > 0 ? (without_ms - with_all) / without_ms : 0.0;
                const double margin = gain - models_[i].spread;
                if (counts[i] > 0 && margin > 0) continue;
                if (drop && margin >= drop_margin) continue;
                drop = i;
                drop_margin = margin;
                if (counts[i] == 0)
                    drop_note = "its fixed cost of " + millis(models_[i].alpha_ms) +
                                " is longer than the plan's predicted " + millis(with_all);
                else
                    drop_note =
                        std::string(gain >= 0 ? "would shorten" : "would lengthen") +
                        " the predicted time by " + percent(std::fabs(gain)) +
                        (gain >= 0 ? ", within its measured spread of " + percent(models_[i].spread)
                                   : std::string());
            }
            if (!drop) break;
            chosen[*drop] = false;
            plan.notes[*drop] = drop_note + ": left out; --split force keeps it";
            counts = *solve(chosen);
        }
        if (!plan.fastest_alone || counts[*plan.fastest_alone] == n_) return;
        const double split_ms = total_ms(counts);
        if (plan.fastest_alone_predicted_ms > split_ms) return;
        for (std::size_t i = 0; i < models_.size(); ++i)
            if (i != *plan.fastest_alone && counts[i] > 0)
                plan.notes[i] = "the fastest device alone is predicted at " +
                                millis(plan.fastest_alone_predicted_ms) + ", the split at " +
                                millis(split_ms) + ": left out; --split force keeps it";
        counts.assign(models_.size(), 0);
        counts[*plan.fastest_alone] = n_;
    }

    // A device the balanced shares give nothing (its fixed cost is longer than the others'
    // whole time) gets one element of the largest share, where there are elements enough.
    void keep_every_device(std::vector<std::uint64_t>& counts) const {
        for (std::size_t i = 0; i < counts.size(); ++i) {
            if (counts[i] > 0 || models_[i].max_elements == 0) continue;
            const auto largest = std::max_element(counts.begin(), counts.end());
            if (*largest <= 1) break;
            --*largest;
            counts[i] = 1;
        }
    }

    [[noreturn]] void throw_too_large() const {
        std::string limits;
        for (const DeviceModel& model : models_)
            limits += (limits.empty() ? "" : ", ") + model.name + " " +
                      std::to_string(model.max_elements);
        throw Error(ErrorKind::OutOfResources,
                    "an input of " + std::to_string(n_) +
                        " elements does not fit the devices together; the largest shard each "
                        "holds (CL_DEVICE_MAX_MEM_ALLOC_SIZE, CL_DEVICE_GLOBAL_MEM_SIZE): " +
                        limits + " elements");
    }

    std::span<const DeviceModel> models_;
    std::uint64_t n_;
    SplitPolicy policy_;
    PlanOptions options_;
    bool with_upload_;
};

}  // namespace

double DeviceModel::predict_ms(std::uint64_t n, double bytes_per_element, bool with_upload) const {
    const double bytes = static_cast<double>(n) * bytes_per_element;
    double ms = alpha_ms + bytes / (gbps * units::kBytesPerMsPerGbps);
    if (with_upload && upload_gbps > 0) ms += bytes / (upload_gbps * units::kBytesPerMsPerGbps);
    return ms;
}

bool rate_from_cache(const DeviceModel& model, std::uint64_t cache_bytes, std::uint64_t input_bytes,
                     double gbps) {
    if (cache_bytes == 0 || input_bytes > cache_bytes || model.gbps <= 0) return false;
    bool from_memory = false;  // B was measured on an input the cache could not hold
    for (const CalibrationPoint& point : model.calibration)
        from_memory = from_memory || point.bytes > cache_bytes;
    return from_memory && gbps > model.gbps * (1.0 + model.spread);
}

DeviceModel fit_device_model(std::string name, std::vector<CalibrationPoint> points) {
    if (points.empty())
        throw Error(ErrorKind::InvalidArgument, "a device model needs a calibration run");
    DeviceModel model;
    model.name = std::move(name);
    std::sort(points.begin(), points.end(),
              [](const auto& a, const auto& b) { return a.bytes < b.bytes; });
    double mean_x = 0, mean_y = 0;
    for (const CalibrationPoint& p : points) {
        mean_x += static_cast<double>(p.bytes);
        mean_y += p.ms;
        model.spread = std::max(model.spread, p.spread);
    }
    mean_x /= static_cast<double>(points.size());
    mean_y /= static_cast<double>(points.size());
    double sxx = 0, sxy = 0;
    for (const CalibrationPoint& p : points) {
        const double dx = static_cast<double>(p.bytes) - mean_x;
        sxx += dx * dx;
        sxy += dx * (p.ms - mean_y);
    }
    const double slope = sxx > 0 ? sxy / sxx : 0.0;  // ms per byte
    const double alpha = mean_y - slope * mean_x;
    const CalibrationPoint& largest = points.back();
    if (slope > 0 && alpha >= 0) {
        model.alpha_ms = alpha;
        model.gbps = 1.0 / (slope * units::kBytesPerMsPerGbps);
    } else {
        model.alpha_ms = 0.0;
        model.gbps = units::gbps_of(static_cast<double>(largest.bytes), largest.ms);
    }
    if (!(model.gbps > 0) || !std::isfinite(model.gbps))
        throw Error(ErrorKind::InvalidArgument,
                    "the calibration of " + model.name + " measured no positive rate");
    model.calibration = std::move(points);
    return model;
}

std::uint64_t max_shard_elements(const DeviceInfo& device, std::uint64_t element_bytes,
                                 std::uint64_t input_count) {
    const std::uint64_t width = std::max<std::uint64_t>(element_bytes, 1);
    const std::uint64_t inputs = std::max<std::uint64_t>(input_count, 1);
    return std::min(device.max_alloc_bytes / width, device.global_mem_bytes / (width * inputs));
}

std::vector<std::uint64_t> calibration_sizes(std::uint64_t cache_bytes, std::uint64_t n,
                                             std::uint64_t bytes_per_element,
                                             std::uint64_t max_elements) {
    const std::uint64_t cache = cache_bytes > 0 ? cache_bytes : std::uint64_t{1} << 20;
    const std::uint64_t width = std::max<std::uint64_t>(bytes_per_element, 1);
    const std::uint64_t cap = std::max<std::uint64_t>(std::min(n, max_elements), 1);
    std::vector<std::uint64_t> sizes;
    if (4 * (cache / width) < cap)
        for (std::uint64_t times : {4, 8, 16})
            sizes.push_back(std::min(times * (cache / width), cap));
    else
        for (std::uint64_t part : {4, 2, 1})
            sizes.push_back(std::max<std::uint64_t>(cap / part, 1));
    sizes.erase(std::unique(sizes.begin(), sizes.end()), sizes.end());
    return sizes;
}

SplitPlan plan_split(std::span<const DeviceModel> models, std::uint64_t n, SplitPolicy policy,
                     const PlanOptions& options) {
    if (models.empty())
        throw Error(ErrorKind::InvalidArgument, "a split needs at least one device");
    for (const DeviceModel& model : models)
        if (!(model.gbps > 0) || !std::isfinite(model.gbps) || !(model.alpha_ms >= 0))
            throw Error(ErrorKind::InvalidArgument,
                        "the model of " + model.name + " has no positive rate");
    return Planner(models, n, policy, options).plan();
}

}  // namespace reducelab
