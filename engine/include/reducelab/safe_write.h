// Safe writes: every file the tool writes goes through here, so that a full disk, a failing
// device or a concurrent writer never leaves a truncated or mixed file, and never passes silently.
#pragma once

#include <filesystem>
#include <functional>
#include <string_view>

namespace reducelab {

// Writes `contents` to `path` so that readers see either the old file or all of the new one:
// a unique temporary file in the same folder, every write checked, fsync, close checked, the
// target's permissions kept, then rename over the target. On any failure the temporary file is
// removed, the old file is left as it was, and Error(Io) names the path and the system's reason.
// A target that cannot be renamed over (a device such as /dev/full or /dev/stdout, a FIFO) is
// written directly, still checking every write and the close. A symlink is followed: the file it
// points to is replaced, the link stays.
void write_file_safely(const std::filesystem::path& path, std::string_view contents);

// The same for a file too large to hold in memory (an animated GIF): `produce` is called once and
// hands the file's bytes, piece by piece, to the writer it is given; an exception it throws
// removes the temporary file and leaves the old one.
using ChunkWriter = std::function<void(std::string_view)>;
using FileProducer = std::function<void(const ChunkWriter&)>;
void write_file_safely(const std::filesystem::path& path, const FileProducer& produce);

// Before any work: throws Error(Io) naming `path` when it could not be written later (its folder
// is missing or not writable, the path is a folder, the file is read-only); Error(InvalidArgument)
// when it is empty.
void check_writable(const std::filesystem::path& path);

// True when `a` and `b` name the same file: equal after making them absolute, normalising and
// resolving symlinks, or the same existing file through a hard link.
bool same_file_path(const std::filesystem::path& a, const std::filesystem::path& b);

}  // namespace reducelab
