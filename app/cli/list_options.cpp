// Strict conversion of comma-list items; CLI11 has already split them.
#include "list_options.h"

#include "option_choices.h"

#include "reducelab/error.h"
#include "reducelab/size_expression.h"

namespace reducelab::cli {
namespace {

template <typename T, typename Parse>
std::vector<T> each_of(const std::string& option, const std::vector<std::string>& items,
                       const char* what, const std::string& known, Parse parse) {
    std::vector<T> values;
    for (const std::string& item : items) {
        if (item.empty()) continue;  // "a,,b" and a trailing comma are forgiven
        const auto value = parse(item);
        if (!value)
            throw Error(ErrorKind::InvalidArgument, std::string("unknown ") + what + " '" + item +
                                                        "' in " + option + " (known: " + known +
                                                        ")");
        values.push_back(*value);
    }
    return values;
}

}  // namespace

std::vector<ElementType> element_types_of(const std::string& option,
                                          const std::vector<std::string>& items) {
    return each_of<ElementType>(option, items, "type", comma_list(element_type_choices()),
                                [](const std::string& s) { return parse_element_type(s); });
}

std::vector<Operation> operations_of(const std::string& option,
                                     const std::vector<std::string>& items) {
    return each_of<Operation>(option, items, "operation", comma_list(operation_choices()),
                              [](const std::string& s) { return parse_operation(s); });
}

std::vector<AccessLayout> layouts_of(const std::string& option,
                                     const std::vector<std::string>& items) {
    return each_of<AccessLayout>(option, items, "layout", comma_list(layout_choices()),
                                 [](const std::string& s) { return parse_access_layout(s); });
}

std::vector<TimingMethod> timing_methods_of(const std::string& option,
                                            const std::vector<std::string>& items) {
    return each_of<TimingMethod>(option, items, "timing method",
                                 comma_list(timing_method_choices()),
                                 [](const std::string& s) { return parse_timing_method(s); });
}

std::vector<std::uint64_t> sizes_of(const std::string& option,
                                    const std::vector<std::string>& items, std::uint64_t max) {
    std::vector<std::uint64_t> values;
    for (const std::string& item : items) {
        if (item.empty()) continue;
        std::string error;
        const auto value = parse_size_expression(item, error);
        if (!value) throw Error(ErrorKind::InvalidArgument, option + ": " + error);
        if (*value == 0)
            throw Error(ErrorKind::InvalidArgument,
                        option + ": '" + item + "' is not a positive size");
        values.push_back(parse_option_number(option, item, 1, max));
    }
    return values;
}

}  // namespace reducelab::cli
