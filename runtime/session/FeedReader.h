//===- FeedReader.h - CSV and .npy feeds as session Tensors ----*- C++ -*-===//
//
// The feed formats of tf-run (and of the corpus runners that drive it): the
// corpus's *.placeholder.csv text and NumPy's .npy. One home so that tf-run
// and the feed fuzz target (test/fuzz/FuzzFeeds.cpp) parse the same way.
// Every error is an absl::Status naming the file (and, for CSV, the line and
// the value); no input makes these functions crash or allocate more than the
// element count the given shape asks for.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_FEEDREADER_H
#define TFMLIR_RUNTIME_SESSION_FEEDREADER_H

#include "runtime/session/Tensor.h"

#include "absl/status/statusor.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tensorflow {
class GraphDef;
} // namespace tensorflow

namespace tfmlir::session {

/// Parses CSV feed text: numbers separated by commas, spaces or newlines,
/// row-major, into a `dtype` tensor of shape `dims` (absent: 1-D of all the
/// values). Integers may be written as integral floats ("3.000"); bools as
/// True/False/0/1; "inf"/"nan" for floating dtypes. Errors (InvalidArgument,
/// naming `path`, the line and the value, and `feed`): a value that is not a
/// number of `dtype`, a value out of `dtype`'s range (99999999999 as int32,
/// -1 as uint8, 1e39 as float32: nothing wraps or saturates silently), a
/// count that does not match `dims`, a NUL byte (a binary file);
/// Unimplemented for string dtypes. A leading UTF-8 byte order mark is
/// skipped.
absl::StatusOr<Tensor> parseCsvFeed(std::string text, const std::string &path,
                                    DataType dtype,
                                    std::optional<std::vector<int64_t>> dims,
                                    const std::string &feed);

/// Reads `path` (lib/Support/File: regular files only, bounded) and parses
/// it with parseCsvFeed.
absl::StatusOr<Tensor> readCsvFeed(const std::string &path, DataType dtype,
                                   std::optional<std::vector<int64_t>> dims,
                                   const std::string &feed);

/// Parses the bytes of a .npy file (runtime/lite/Npy.h: v1-v3 headers,
/// little-endian numbers and bools, C order) into a Tensor of its dtype and
/// shape. Errors name `path`: InvalidArgument for a bad header or data size,
/// Unimplemented for a dtype the Session has no Tensor type for.
absl::StatusOr<Tensor> parseNpyFeed(const std::vector<uint8_t> &bytes,
                                    const std::string &path);

/// Reads and parses the .npy file `path` (as parseNpyFeed).
absl::StatusOr<Tensor> readNpyFeed(const std::string &path);

/// One feed as tf-run's `--input NAME[:IDX]=FILE` gives it, read against
/// `graph`: FILE ending in ".npy" is read by readNpyFeed; "F.csv" or
/// "F.csv:D0,D1,..." by readCsvFeed with the dtype of the fed node (its
/// `dtype` or `T` attr) and the shape D0,D1,... or else the node's fully
/// known `shape` attr (else 1-D). Errors (InvalidArgument, each starting
/// "--input NAME"): a .csv feed of a node that is not in `graph` (TF's
/// FeedInputs message), of output IDX > 0 of a Placeholder/Const, of a
/// node without a dtype attr, a bad dimension, or a FILE that is neither
/// .npy nor .csv; the readers' errors otherwise.
absl::StatusOr<Tensor> readFeedFile(const tensorflow::GraphDef &graph,
                                    const std::string &name,
                                    const std::string &file);

} // namespace tfmlir::session

#endif
