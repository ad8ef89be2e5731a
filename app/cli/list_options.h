// Comma lists of option values (--types, --ops, --sizes, ...): CLI11 splits them (the option's
// delimiter); these convert each item strictly, naming the option and the bad item.
#pragma once

#include <cstdint>
#include <string>
#include <vector>

#include "reducelab/types.h"

namespace reducelab::cli {

std::vector<ElementType> element_types_of(const std::string& option,
                                          const std::vector<std::string>& items);
std::vector<Operation> operations_of(const std::string& option,
                                     const std::vector<std::string>& items);
std::vector<AccessLayout> layouts_of(const std::string& option,
                                     const std::vector<std::string>& items);
std::vector<TimingMethod> timing_methods_of(const std::string& option,
                                            const std::vector<std::string>& items);
// Sizes in [1, max] as size expressions (2^20, 64M); a comma separates items, so no 1,000 here.
std::vector<std::uint64_t> sizes_of(const std::string& option,
                                    const std::vector<std::string>& items, std::uint64_t max);

}  // namespace reducelab::cli
