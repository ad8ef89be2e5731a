// Names and properties of the engine's enumerations.
#include "reducelab/types.h"

#include <array>

#include "core/ascii.h"
#include "reducelab/type_lists.h"

namespace reducelab {
namespace {

constexpr std::array kTypes{
    ElementTypeInfo{ElementType::Int32, "int32", "int", 4, false, true},
    ElementTypeInfo{ElementType::UInt32, "uint32", "uint", 4, false, false},
    ElementTypeInfo{ElementType::Int64, "int64", "long", 8, false, true},
    ElementTypeInfo{ElementType::UInt64, "uint64", "ulong", 8, false, false},
    ElementTypeInfo{ElementType::Float32, "float32", "float", 4, true, true},
    ElementTypeInfo{ElementType::Float64, "float64", "double", 8, true, true},
};

struct OperationName {
    Operation op;
    std::string_view name;
};
constexpr std::array kOperations{
    OperationName{Operation::Sum, "sum"},       OperationName{Operation::Product, "product"},
    OperationName{Operation::Min, "min"},       OperationName{Operation::Max, "max"},
    OperationName{Operation::BitAnd, "and"},    OperationName{Operation::BitOr, "or"},
    OperationName{Operation::BitXor, "xor"},    OperationName{Operation::LogicalAnd, "land"},
    OperationName{Operation::LogicalOr, "lor"}, OperationName{Operation::Dot, "dot"},
    OperationName{Operation::Mean, "mean"},     OperationName{Operation::ArgMin, "argmin"},
    OperationName{Operation::ArgMax, "argmax"},
};
constexpr std::array kOperationList{
    Operation::Sum,       Operation::Product, Operation::Min,    Operation::Max,
    Operation::BitAnd,    Operation::BitOr,   Operation::BitXor, Operation::LogicalAnd,
    Operation::LogicalOr, Operation::Dot,     Operation::Mean,   Operation::ArgMin,
    Operation::ArgMax,
};
constexpr std::array kTypeList{ElementType::Int32,  ElementType::UInt32,  ElementType::Int64,
                               ElementType::UInt64, ElementType::Float32, ElementType::Float64};
constexpr std::array kFinishList{Finish::Host, Finish::Kernel, Finish::Atomic};
constexpr std::array kAccumulatorModeList{AccumulatorMode::Default, AccumulatorMode::Wide,
                                          AccumulatorMode::Same};
constexpr std::array kAccessLayoutList{AccessLayout::Strided, AccessLayout::Blocked};
constexpr std::array kTimingMethodList{TimingMethod::Kernel, TimingMethod::Sustained,
                                       TimingMethod::Latency};
constexpr std::array kResultPathList{ResultPath::Read, ResultPath::Mapped};

}  // namespace

const ElementTypeInfo& info(ElementType type) {
    return kTypes[static_cast<std::size_t>(type)];
}
std::size_t size_of(ElementType type) {
    return info(type).bytes;
}
bool is_float(ElementType type) {
    return info(type).is_float;
}
bool is_signed(ElementType type) {
    return info(type).is_signed;
}

std::string_view to_string(Operation op) {
    for (const auto& entry : kOperations)
        if (entry.op == op) return entry.name;
    return "?";
}
std::string_view to_string(ElementType type) {
    return info(type).name;
}
std::string_view to_string(Finish finish) {
    switch (finish) {
        case Finish::Host:
            return "host";
        case Finish::Kernel:
            return "kernel";
        case Finish::Atomic:
            return "atomic";
    }
    return "?";
}
std::string_view to_string(AccumulatorMode mode) {
    switch (mode) {
        case AccumulatorMode::Default:
            return "default";
        case AccumulatorMode::Wide:
            return "wide";
        case AccumulatorMode::Same:
            return "same";
    }
    return "?";
}

std::string_view to_string(AccessLayout layout) {
    switch (layout) {
        case AccessLayout::Default:
            return "default";
        case AccessLayout::Strided:
            return "strided";
        case AccessLayout::Blocked:
            return "blocked";
    }
    return "?";
}

std::optional<AccessLayout> parse_access_layout(std::string_view text) {
    if (text == "strided") return AccessLayout::Strided;
    if (text == "blocked") return AccessLayout::Blocked;
    return std::nullopt;
}

std::optional<Operation> parse_operation(std::string_view text) {
    const std::string key = ascii_lower(text);
    for (const auto& entry : kOperations)
        if (entry.name == key) return entry.op;
    if (key == "band") return Operation::BitAnd;
    if (key == "bor") return Operation::BitOr;
    if (key == "bxor") return Operation::BitXor;
    return std::nullopt;
}
std::optional<ElementType> parse_element_type(std::string_view text) {
    const std::string key = ascii_lower(text);
    for (const auto& entry : kTypes)
        if (entry.name == key || entry.cl_name == key) return entry.type;
    if (key == "float") return ElementType::Float32;
    if (key == "double") return ElementType::Float64;
    return std::nullopt;
}
std::optional<Finish> parse_finish(std::string_view text) {
    const std::string key = ascii_lower(text);
    for (Finish f : kFinishList)
        if (to_string(f) == key) return f;
    return std::nullopt;
}
std::string_view to_string(TimingMethod method) {
    switch (method) {
        case TimingMethod::Kernel:
            return "kernel";
        case TimingMethod::Sustained:
            return "sustained";
        case TimingMethod::Latency:
            return "latency";
    }
    return "?";
}
std::string_view to_string(ResultPath path) {
    return path == ResultPath::Mapped ? "mapped" : "read";
}
std::optional<TimingMethod> parse_timing_method(std::string_view text) {
    const std::string key = ascii_lower(text);
    for (TimingMethod m : kTimingMethodList)
        if (to_string(m) == key) return m;
    return std::nullopt;
}
std::optional<ResultPath> parse_result_path(std::string_view text) {
    const std::string key = ascii_lower(text);
    if (key == "read") return ResultPath::Read;
    if (key == "mapped") return ResultPath::Mapped;
    return std::nullopt;
}
std::optional<AccumulatorMode> parse_accumulator_mode(std::string_view text) {
    const std::string key = ascii_lower(text);
    if (key == "default" || key == "auto") return AccumulatorMode::Default;
    if (key == "wide") return AccumulatorMode::Wide;
    if (key == "same") return AccumulatorMode::Same;
    return std::nullopt;
}

std::span<const Operation> all_operations() {
    return kOperationList;
}
std::span<const ElementType> all_element_types() {
    return kTypeList;
}
std::span<const Finish> all_finishes() {
    return kFinishList;
}
std::span<const AccumulatorMode> all_accumulator_modes() {
    return kAccumulatorModeList;
}
std::span<const AccessLayout> all_access_layouts() {
    return kAccessLayoutList;
}
std::span<const TimingMethod> all_timing_methods() {
    return kTimingMethodList;
}
std::span<const ResultPath> all_result_paths() {
    return kResultPathList;
}

bool is_bitwise(Operation op) {
    return op == Operation::BitAnd || op == Operation::BitOr || op == Operation::BitXor;
}
bool has_index(Operation op) {
    return op == Operation::ArgMin || op == Operation::ArgMax;
}
bool needs_two_inputs(Operation op) {
    return op == Operation::Dot;
}

}  // namespace reducelab
