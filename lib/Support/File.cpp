//===- File.cpp - bounded, regular-file-only reading -----------------------===//
#include "lib/Support/File.h"

#include "absl/status/status.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>

namespace tfmlir {

absl::StatusOr<std::string> readFileBounded(const std::string &path,
                                            uint64_t maxBytes,
                                            const std::string &what) {
  std::string label = what.empty() ? path : what + " " + path;
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT)
      return absl::NotFoundError(label + ": no such file");
    return absl::InvalidArgumentError(label + ": cannot open: " +
                                      std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode))
    return absl::InvalidArgumentError(label + ": is a directory");
  if (!S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(
        label + ": not a regular file (a device or pipe is not read)");
  if (uint64_t(st.st_size) > maxBytes)
    return absl::InvalidArgumentError(
        label + ": " + std::to_string(st.st_size) +
        " bytes is more than the limit of " + std::to_string(maxBytes) +
        " bytes");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return absl::InternalError(label + ": cannot read: " +
                               std::strerror(errno));
  std::string bytes;
  bytes.resize(size_t(st.st_size));
  in.read(bytes.data(), std::streamsize(bytes.size()));
  if (size_t(in.gcount()) != bytes.size())
    return absl::InternalError(label + ": cannot read: short read");
  return bytes;
}

} // namespace tfmlir
