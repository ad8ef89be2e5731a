// The (variant, finish) pairs of the catalog that run on the test device, for the hardening
// suites that check a rule on every variant (the racy teaching variants excluded: they are
// wrong on purpose, see tests/engine/racy_variants_test.cpp).
#pragma once

#include <string>
#include <vector>

#include "reducelab/catalog.h"
#include "reducelab/engine.h"

namespace reducelab::test {

struct VariantFinish {
    std::string variant;
    Finish finish;
};

// Every safe variant available on `device` with each finish it accepts for `op` on `type`.
inline std::vector<VariantFinish> variant_finishes(const DeviceInfo& device, Operation op,
                                                   ElementType type,
                                                   bool natural_finish_only = false) {
    std::vector<VariantFinish> out;
    for (const Variant& v : catalog()) {
        if (v.unsafe || !availability(v, device).available) continue;
        if (!op_unsupported_reason(v, op, type).empty()) continue;
        for (Finish f : all_finishes()) {
            if (!accepts_finish(v, f)) continue;
            if (natural_finish_only && f != natural_finish(v)) continue;
            if (f == Finish::Atomic && has_index(op)) continue;  // refused: pairs need no atomics
            out.push_back({std::string(v.name), f});
        }
    }
    return out;
}

inline std::string describe(const VariantFinish& vf) {
    return vf.variant + " (finish " + std::string(to_string(vf.finish)) + ")";
}

}  // namespace reducelab::test
