//===- File.h - bounded, regular-file-only reading ------------*- C++ -*-===//
//
// One helper for every tool and loader that reads a user's file: it refuses
// directories, devices and pipes (/dev/zero would otherwise be read without
// end) and files larger than a cap, with a message that names the path.
// No MLIR dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_FILE_H
#define TFMLIR_LIB_SUPPORT_FILE_H

#include "absl/status/statusor.h"

#include <cstdint>
#include <string>

namespace tfmlir {

/// Default cap of readFileBounded: 4 GiB (a GraphDef or .tflite cannot be
/// larger than 2 GiB; weight shards and bundles stay well under this).
constexpr uint64_t kDefaultMaxFileBytes = uint64_t(4) << 30;

/// Reads all of `path`. Errors (absl::Status, TF's codes):
///  - NotFound "<path>: no such file";
///  - InvalidArgument "<path>: is a directory" / "<path>: not a regular file
///    (a device or pipe is not read)" / "<path>: <n> bytes is more than the
///    limit of <max> bytes";
///  - Internal "<path>: cannot read: <errno text>".
/// `what` (e.g. "GraphDef", "weight shard") is named in the messages when
/// non-empty.
absl::StatusOr<std::string>
readFileBounded(const std::string &path,
                uint64_t maxBytes = kDefaultMaxFileBytes,
                const std::string &what = "");

/// For tools whose input MLIR's drivers read without a bound (tf-opt,
/// tf-translate: MlirOptMain / mlirTranslateMain read the whole input):
/// checks, before they run, that no positional argument names a device,
/// FIFO or socket (/dev/zero would be read until memory runs out), and that
/// stdin, when it is the input ("-" or no positional argument), is not a
/// device other than a terminal; a pipe stays allowed. Arguments starting
/// with '-' are options; the value after "-o" is skipped (writing to
/// /dev/null is fine). Paths that do not exist or are directories are left
/// to the driver's own messages. With --help, --help-hidden, --help-list,
/// --help-list-hidden or --version (one or two dashes) nothing is read, so
/// nothing is checked. Error: InvalidArgument "<path>: not a
/// regular file (a device or pipe is not read)" or "<stdin>: is a device,
/// not a file or a pipe".
absl::Status checkToolInputs(int argc, char **argv);

} // namespace tfmlir

#endif
