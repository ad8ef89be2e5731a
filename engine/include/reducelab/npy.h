// NumPy .npy files: little-endian int32/uint32/int64/uint64/float32/float64, C order.
#pragma once

#include <filesystem>
#include <string_view>

#include "reducelab/host_array.h"

namespace reducelab {

// Parses an .npy image. Throws Error(Io) naming what is wrong: bad magic, unsupported version,
// malformed header, unsupported dtype, Fortran order, or a data size that does not match the shape.
HostArray parse_npy(std::string_view bytes, std::string_view source_name = "<memory>");
HostArray read_npy(const std::filesystem::path& path);

std::string to_npy(const HostArray& array);
void write_npy(const std::filesystem::path& path, const HostArray& array);

}  // namespace reducelab
