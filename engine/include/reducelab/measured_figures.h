// The measured figures that the catalog's explanations quote. They come from the committed H200
// ladder (bench/results/h200/ladder.json, written by `reducelab-cli bench --suite ladder` and
// embedded at build time) when the text is shown, so prose can never drift from the data.
#pragma once

#include <optional>
#include <string>
#include <string_view>

#include "reducelab/catalog.h"

namespace reducelab {

struct MeasuredFigure {
    std::string device;  // "NVIDIA H200"
    std::string type;    // "int32"
    std::string op;      // "sum"
    std::uint64_t n = 0;
    double median_us = 0.0;
    double gbps = 0.0;
    double ceiling_percent = 0.0;  // of the measured copy ceiling; 0 when the file has none
    std::string baseline;          // the variant it is compared with (Variant::compared_with)
    double baseline_us = 0.0;
    double speedup = 0.0;  // baseline time / this time; 0 without a baseline
};

// The int32-sum point of `variant` in the embedded reference ladder, if it has one.
std::optional<MeasuredFigure> reference_figure(const Variant& variant);

// Translatable sentences with named fields ({device}, {type}, {op}, {n}, {us}, {gbps},
// {ceiling}; {speedup}, {baseline}, {baseline_us}); the GUI translates them in the context
// "Catalog" before filling them.
std::string_view measured_figure_template();
std::string_view measured_comparison_template();

// Replaces the named fields of `sentence` with `figure`'s values (n as 2^k when a power of two).
std::string fill_measured_fields(std::string_view sentence, const MeasuredFigure& figure);

// `explanation` followed by the filled sentences for `variant`, or `explanation` alone when the
// ladder has no point for it. The three texts are passed in so that a front end can translate.
std::string explanation_with_figures(const Variant& variant, std::string_view explanation,
                                     std::string_view figure_sentence,
                                     std::string_view comparison_sentence);
// The same in English.
std::string explanation_with_figures(const Variant& variant);

}  // namespace reducelab
