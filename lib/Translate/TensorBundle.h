//===- TensorBundle.h - TF tensor bundles (V2 checkpoints) -----*- C++ -*-===//
//
// Reads the checkpoint format that SavedModel's variables/ folder and
// tf.train.Checkpoint write (TF's tensorflow/core/util/tensor_bundle):
//   <prefix>.index                      a sorted string table (LevelDB's
//                                       table format, TF's lib/io/table):
//                                       "" -> BundleHeaderProto,
//                                       tensor name -> BundleEntryProto
//   <prefix>.data-00000-of-0000N        the tensors' bytes, per shard
// Our own reader of the table format (footer, index and data blocks with
// prefix-compressed keys and restart points, block trailers with a type byte
// and a masked CRC-32C), and of the tensor bytes (little-endian numbers;
// strings as varint lengths, a masked CRC-32C of the lengths, then the
// bytes), with every checksum verified as TF's BundleReader does.
// No MLIR dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TENSORBUNDLE_H
#define TFMLIR_LIB_TRANSLATE_TENSORBUNDLE_H

#include "lib/Translate/proto/tensor.pb.h"
#include "lib/Translate/proto/tensor_bundle.pb.h"

#include "absl/status/statusor.h"

#include <map>
#include <string>
#include <utility>
#include <vector>

namespace tfmlir {

/// Parses a whole sorted string table (LevelDB's table format as TF's
/// lib/io/table writes it) held in `bytes`, returning its (key, value)
/// pairs in file order. Verifies the footer magic, every block's masked
/// CRC-32C, the block structure (entry headers, shared-prefix lengths,
/// restart array) and that keys strictly increase. Only uncompressed blocks
/// are read (TF's bundle writer never compresses); a Snappy block is
/// Unimplemented. Errors are DataLoss "<fileName>: corrupt table: <what>"
/// (TF reports table corruption as DataLoss).
absl::StatusOr<std::vector<std::pair<std::string, std::string>>>
readSortedStringTable(const std::string &bytes, const std::string &fileName);

/// A tensor bundle opened for reading: the index is parsed at open(), the
/// data shards are read on first use.
class TensorBundleReader {
public:
  /// Opens `<prefix>.index` (e.g. prefix = "<dir>/variables/variables").
  /// Errors: NotFound when the index does not exist; DataLoss when it is
  /// corrupt (see readSortedStringTable), lacks the header, or an entry does
  /// not parse; Unimplemented for big-endian bundles.
  static absl::StatusOr<TensorBundleReader> open(const std::string &prefix);

  /// The BundleHeaderProto stored under the empty key.
  const tensorflow::BundleHeaderProto &header() const { return header_; }
  /// The entry for `key`, or null.
  const tensorflow::BundleEntryProto *entry(const std::string &key) const;
  /// Every tensor name in the bundle, sorted.
  std::vector<std::string> keys() const;
  /// "<prefix>.index", for messages.
  const std::string &indexPath() const { return indexPath_; }
  /// "<prefix>.data-<shard>-of-<num_shards>" (5 digits each, as TF names it).
  std::string shardPath(int shard) const;

  /// Reads tensor `key` as a TensorProto with dtype and shape from the
  /// entry: numbers in `tensor_content` (little-endian, as stored), strings
  /// in `string_val`. Verifies, as TF's BundleReader::GetValue does, that
  /// the entry's byte range lies inside its shard, that the size matches the
  /// dtype and shape, and the stored CRC-32C of the bytes (and, for strings,
  /// of the lengths). Errors name the data file and the tensor: NotFound
  /// (no such key, missing shard), DataLoss (truncated shard, checksum
  /// mismatch, size mismatch), Unimplemented (partitioned tensors, resource
  /// and variant dtypes).
  absl::StatusOr<tensorflow::TensorProto> read(const std::string &key);

private:
  std::string prefix_, indexPath_;
  tensorflow::BundleHeaderProto header_;
  std::map<std::string, tensorflow::BundleEntryProto> entries_;
  std::map<int, std::string> shards_; ///< shard id -> file bytes, loaded lazily
};

/// Bytes per element of a fixed-size dtype (DT_FLOAT 4, DT_BOOL 1, ...);
/// 0 for DT_STRING, DT_RESOURCE, DT_VARIANT and unknown dtypes.
int dtypeByteSize(tensorflow::DataType dtype);

} // namespace tfmlir

#endif
