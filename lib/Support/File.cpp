//===- File.cpp - bounded, regular-file-only reading
//-----------------------===//
#include "lib/Support/File.h"

#include "absl/status/status.h"

#include <cerrno>
#include <cstring>
#include <fstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tfmlir {

absl::StatusOr<std::string> readFileBounded(const std::string &path,
                                            uint64_t maxBytes,
                                            const std::string &what) {
  std::string label = what.empty() ? path : what + " " + path;
  struct stat st;
  if (::stat(path.c_str(), &st) != 0) {
    if (errno == ENOENT)
      return absl::NotFoundError(label + ": no such file");
    return absl::InvalidArgumentError(label +
                                      ": cannot open: " + std::strerror(errno));
  }
  if (S_ISDIR(st.st_mode))
    return absl::InvalidArgumentError(label + ": is a directory");
  if (!S_ISREG(st.st_mode))
    return absl::InvalidArgumentError(
        label + ": not a regular file (a device or pipe is not read)");
  if (uint64_t(st.st_size) > maxBytes)
    return absl::InvalidArgumentError(label + ": " +
                                      std::to_string(st.st_size) +
                                      " bytes is more than the limit of " +
                                      std::to_string(maxBytes) + " bytes");
  std::ifstream in(path, std::ios::binary);
  if (!in)
    return absl::InternalError(label +
                               ": cannot read: " + std::strerror(errno));
  std::string bytes;
  bytes.resize(size_t(st.st_size));
  in.read(bytes.data(), std::streamsize(bytes.size()));
  if (size_t(in.gcount()) != bytes.size())
    return absl::InternalError(label + ": cannot read: short read");
  return bytes;
}

absl::Status checkToolInputs(int argc, char **argv) {
  bool positional = false, stdinInput = false;
  for (int i = 1; i < argc; ++i) {
    std::string a = argv[i];
    // The help and version printers read no input.
    std::string flag = a.rfind("--", 0) == 0 ? a.substr(1) : a;
    if (flag == "-help" || flag == "-help-hidden" || flag == "-help-list" ||
        flag == "-help-list-hidden" || flag == "-version")
      return absl::OkStatus();
    if (a == "-o") {
      ++i;
      continue;
    }
    if (a == "-") {
      stdinInput = true;
      continue;
    }
    if (a.empty() || a[0] == '-')
      continue;
    positional = true;
    struct stat st;
    if (::stat(a.c_str(), &st) != 0 || S_ISDIR(st.st_mode) ||
        S_ISREG(st.st_mode))
      continue;
    return absl::InvalidArgumentError(
        a + ": not a regular file (a device or pipe is not read)");
  }
  if (positional && !stdinInput)
    return absl::OkStatus();
  struct stat st;
  if (::fstat(0, &st) == 0 && (S_ISCHR(st.st_mode) || S_ISBLK(st.st_mode)) &&
      !::isatty(0))
    return absl::InvalidArgumentError(
        "<stdin>: is a device, not a file or a pipe (it would be read "
        "without end)");
  return absl::OkStatus();
}

} // namespace tfmlir
