// The include rule for user kernels (docs/sandbox.md): a kernel of REDUCELAB_KERNEL_OVERRIDE_DIR
// may include only files inside that folder, and a kernel typed into the GUI none, so that no
// build reads, and no build log quotes, a file the user did not hand over. The directives are
// found the way the preprocessor finds them (line splices, comments, literals, %: digraphs).
#pragma once

#include <filesystem>
#include <optional>
#include <string>
#include <string_view>

namespace reducelab::detail {

// A kernel file's text, read with the override's limits: nothing when there is no file of that
// name; Error(Io) naming the file for a FIFO, a device, a dangling symlink or a file above
// kMaxKernelOverrideBytes (kernel_sources.cpp).
std::optional<std::string> read_kernel_file(const std::filesystem::path& path);

// `text`, the file `file` of the override folder `folder`, checked and prepared for the build:
// each #include (also #include_next, #import, #embed) must name, in quotes, a regular file whose
// real path (symlinks resolved) lies inside the folder; the files it names are checked the same
// way, and in `text` each is rewritten to that real path, so that the compiler reads the file
// checked and never looks in its working directory. `#include "common.cl"` is dropped: the
// engine puts common.cl before every program. Anything else (an absolute path or `..` leaving
// the folder, a symlink out of it, a missing file, <...>, a macro, __has_include) throws
// Error(InvalidArgument) "FILE:LINE: #include "NAME" is outside the kernel's folder DIR" or the
// like, before anything is built.
std::string confine_includes(std::string_view text, const std::filesystem::path& file,
                             const std::filesystem::path& folder);

// A program typed into the GUI ("Try your own kernel"), which has no folder: an #include of a
// file other than common.cl (dropped, as above) throws Error(InvalidArgument) naming the file and
// line (from the program's #line directives; `name` before the first).
std::string refuse_includes(std::string_view text, std::string_view name);

}  // namespace reducelab::detail
