// NumPy .npy files of int32/uint32/int64/uint64/float32/float64 (either byte order), read the
// way numpy.load reads them (tests/npy_parity checks this against numpy itself).
#pragma once

#include <cstdint>
#include <filesystem>
#include <string_view>
#include <vector>

#include "reducelab/host_array.h"

namespace reducelab {

// The elements (flattened in C order, in the host's byte order) and the shape the file declares.
struct NpyContents {
    HostArray array;
    std::vector<std::uint64_t> shape;  // empty for a 0-d array (one element)
};

// Parses an .npy image. Throws Error(Io) naming what is wrong: bad magic, a version other than
// 1.0, 2.0 or 3.0, a header that is not exactly numpy's dict (keys 'descr', 'fortran_order',
// 'shape'; a repeated key counts once, the last one wins, as in Python), an unsupported dtype, a
// multi-dimensional Fortran-ordered array, or a data size that differs from the shape's.
// Deliberate differences from numpy (which accepts these): data bytes after the array, negative
// or non-decimal dimensions, Fortran order in 2 or more dimensions, dtypes other than the six.
NpyContents parse_npy_contents(std::string_view bytes, std::string_view source_name = "<memory>");
NpyContents read_npy_contents(const std::filesystem::path& path);
HostArray parse_npy(std::string_view bytes, std::string_view source_name = "<memory>");
HostArray read_npy(const std::filesystem::path& path);

std::string to_npy(const HostArray& array);
void write_npy(const std::filesystem::path& path, const HostArray& array);

}  // namespace reducelab
