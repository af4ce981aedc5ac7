//===- TensorBundle.cpp - TF tensor bundles (V2 checkpoints)
//---------------===//
//
// The table format (LevelDB's doc/table_format.md, TF's lib/io/table):
//   [data block]* [metaindex block] [index block] [footer: 48 bytes]
//   footer = metaindex handle, index handle (varint64 offset, varint64 size
//            each), zero padding to 40 bytes, magic 0xdb4775248b80fb57 (LE)
//   block  = entries, uint32 restarts[n], uint32 n, then a 5-byte trailer
//            (type byte: 0 none / 1 snappy, masked CRC-32C of contents+type)
//   entry  = varint32 shared, varint32 non_shared, varint32 value_length,
//            key[shared..] (non_shared bytes), value
// The index block maps a separator key to the handle of each data block.
//===----------------------------------------------------------------------===//
#include "lib/Translate/TensorBundle.h"

#include "lib/Support/Crc32c.h"
#include "lib/Support/File.h"

#include "absl/status/status.h"

#include <cstdio>
#include <cstring>

namespace tfmlir {

namespace {

constexpr uint64_t kTableMagic = 0xdb4775248b80fb57ull;
constexpr size_t kFooterSize = 48;
constexpr size_t kBlockTrailerSize = 5;

uint32_t loadLE32(const char *p) {
  const auto *u = reinterpret_cast<const unsigned char *>(p);
  return uint32_t(u[0]) | uint32_t(u[1]) << 8 | uint32_t(u[2]) << 16 |
         uint32_t(u[3]) << 24;
}

/// Decodes a varint of at most `maxBytes` bytes from [*p, end). Returns
/// false on truncation or overlong encodings.
bool getVarint(const char *&p, const char *end, uint64_t &out,
               int maxBytes = 10) {
  out = 0;
  for (int i = 0; i < maxBytes && p < end; ++i) {
    uint64_t byte = static_cast<unsigned char>(*p++);
    out |= (byte & 0x7f) << (7 * i);
    if (!(byte & 0x80))
      return true;
  }
  return false;
}

struct BlockHandle {
  uint64_t offset = 0, size = 0;
};

absl::Status corrupt(const std::string &file, const std::string &what) {
  return absl::DataLossError(file + ": corrupt table: " + what);
}

bool getHandle(const char *&p, const char *end, BlockHandle &h) {
  return getVarint(p, end, h.offset) && getVarint(p, end, h.size);
}

/// Returns the contents of the block at `h` after checking its trailer.
absl::StatusOr<std::string_view> readBlock(const std::string &file,
                                           const std::string &bytes,
                                           BlockHandle h, const char *what) {
  uint64_t n = bytes.size();
  if (h.offset > n || h.size > n || h.offset + h.size + kBlockTrailerSize > n)
    return corrupt(file, std::string(what) + " block at offset " +
                             std::to_string(h.offset) + " size " +
                             std::to_string(h.size) +
                             " lies beyond the end "
                             "of the file (" +
                             std::to_string(n) + " bytes)");
  const char *data = bytes.data() + h.offset;
  unsigned char type = static_cast<unsigned char>(data[h.size]);
  uint32_t stored = crc32c::unmask(loadLE32(data + h.size + 1));
  uint32_t actual = crc32c::value(data, h.size + 1);
  if (stored != actual) {
    char buf[96];
    std::snprintf(buf, sizeof buf,
                  " block at offset %llu: checksum mismatch (stored 0x%08x, "
                  "computed 0x%08x)",
                  (unsigned long long)h.offset, stored, actual);
    return corrupt(file, what + std::string(buf));
  }
  if (type == 1)
    return absl::UnimplementedError(
        file + ": " + what + " block at offset " + std::to_string(h.offset) +
        " is Snappy-compressed; only uncompressed tables are read (TF's "
        "tensor bundles are never compressed)");
  if (type != 0)
    return corrupt(file, std::string(what) + " block at offset " +
                             std::to_string(h.offset) +
                             ": unknown compression type " +
                             std::to_string(type));
  return std::string_view(data, h.size);
}

/// Appends the entries of one block to `out`, checking the layout.
absl::Status parseBlock(const std::string &file, std::string_view block,
                        const char *what,
                        std::vector<std::pair<std::string, std::string>> &out) {
  if (block.size() < 4)
    return corrupt(file, std::string(what) + " block of " +
                             std::to_string(block.size()) +
                             " bytes is too small for its restart count");
  uint64_t numRestarts = loadLE32(block.data() + block.size() - 4);
  if (numRestarts > (block.size() - 4) / 4)
    return corrupt(file, std::string(what) + " block: restart count " +
                             std::to_string(numRestarts) +
                             " does not fit in the block");
  size_t restartsAt = block.size() - 4 - 4 * numRestarts;
  for (uint64_t i = 0; i < numRestarts; ++i) {
    uint32_t r = loadLE32(block.data() + restartsAt + 4 * i);
    if (r >= restartsAt && !(r == 0 && restartsAt == 0))
      return corrupt(file, std::string(what) + " block: restart point " +
                               std::to_string(r) + " is past the entries");
  }
  const char *p = block.data(), *end = block.data() + restartsAt;
  std::string key;
  while (p < end) {
    uint64_t shared, nonShared, valueLen;
    if (!getVarint(p, end, shared, 5) || !getVarint(p, end, nonShared, 5) ||
        !getVarint(p, end, valueLen, 5))
      return corrupt(file, std::string(what) +
                               " block: truncated entry "
                               "header after key '" +
                               key + "'");
    if (shared > key.size())
      return corrupt(
          file, std::string(what) + " block: entry shares " +
                    std::to_string(shared) + " bytes with the previous key '" +
                    key + "', which has only " + std::to_string(key.size()));
    if (nonShared > uint64_t(end - p) ||
        valueLen > uint64_t(end - p) - nonShared)
      return corrupt(file, std::string(what) + " block: entry after key '" +
                               key + "' runs past the block");
    std::string next = key.substr(0, shared);
    next.append(p, nonShared);
    p += nonShared;
    if (!out.empty() && !(out.back().first < next))
      return corrupt(file, std::string(what) + " block: key '" + next +
                               "' does not sort after '" + out.back().first +
                               "'");
    out.emplace_back(next, std::string(p, valueLen));
    p += valueLen;
    key = std::move(next);
  }
  return absl::OkStatus();
}

std::string dtypeName(tensorflow::DataType dtype) {
  return tensorflow::DataType_Name(dtype);
}

std::string shapeString(const tensorflow::TensorShapeProto &shape) {
  if (shape.unknown_rank())
    return "<unknown>";
  std::string s = "[";
  for (int i = 0; i < shape.dim_size(); ++i)
    s += (i ? "," : "") + std::to_string(shape.dim(i).size());
  return s + "]";
}

} // namespace

int dtypeByteSize(tensorflow::DataType dtype) {
  using namespace tensorflow;
  switch (dtype) {
  case DT_BOOL:
  case DT_INT8:
  case DT_UINT8:
  case DT_QINT8:
  case DT_QUINT8:
    return 1;
  case DT_HALF:
  case DT_BFLOAT16:
  case DT_INT16:
  case DT_UINT16:
  case DT_QINT16:
  case DT_QUINT16:
    return 2;
  case DT_FLOAT:
  case DT_INT32:
  case DT_UINT32:
  case DT_QINT32:
    return 4;
  case DT_DOUBLE:
  case DT_INT64:
  case DT_UINT64:
  case DT_COMPLEX64:
    return 8;
  case DT_COMPLEX128:
    return 16;
  default:
    return 0;
  }
}

absl::StatusOr<std::vector<std::pair<std::string, std::string>>>
readSortedStringTable(const std::string &bytes, const std::string &fileName) {
  if (bytes.size() < kFooterSize)
    return corrupt(fileName, "file of " + std::to_string(bytes.size()) +
                                 " bytes is shorter than the 48-byte footer "
                                 "(truncated?)");
  const char *footer = bytes.data() + bytes.size() - kFooterSize;
  uint64_t magic =
      uint64_t(loadLE32(footer + 40)) | uint64_t(loadLE32(footer + 44)) << 32;
  if (magic != kTableMagic)
    return corrupt(fileName, "bad magic number in the footer (not a table "
                             "file, or truncated)");
  const char *p = footer, *end = footer + 40;
  BlockHandle metaindex, index;
  if (!getHandle(p, end, metaindex) || !getHandle(p, end, index))
    return corrupt(fileName, "malformed block handles in the footer");
  // The metaindex holds filter blocks we do not need; check its trailer
  // only so a damaged file is reported.
  absl::StatusOr<std::string_view> meta =
      readBlock(fileName, bytes, metaindex, "metaindex");
  if (!meta.ok())
    return meta.status();
  absl::StatusOr<std::string_view> indexBlock =
      readBlock(fileName, bytes, index, "index");
  if (!indexBlock.ok())
    return indexBlock.status();
  std::vector<std::pair<std::string, std::string>> handles;
  if (absl::Status st = parseBlock(fileName, *indexBlock, "index", handles);
      !st.ok())
    return st;
  std::vector<std::pair<std::string, std::string>> out;
  for (const auto &[sep, value] : handles) {
    BlockHandle h;
    const char *hp = value.data(), *he = value.data() + value.size();
    if (!getHandle(hp, he, h))
      return corrupt(fileName,
                     "index entry '" + sep + "' holds no valid block handle");
    absl::StatusOr<std::string_view> block =
        readBlock(fileName, bytes, h, "data");
    if (!block.ok())
      return block.status();
    size_t before = out.size();
    if (absl::Status st = parseBlock(fileName, *block, "data", out); !st.ok())
      return st;
    // Every key of a data block sorts at or before its index separator.
    if (out.size() > before && sep < out.back().first)
      return corrupt(fileName, "data block key '" + out.back().first +
                                   "' sorts after its index separator '" + sep +
                                   "'");
  }
  return out;
}

absl::StatusOr<TensorBundleReader>
TensorBundleReader::open(const std::string &prefix) {
  TensorBundleReader r;
  r.prefix_ = prefix;
  r.indexPath_ = prefix + ".index";
  absl::StatusOr<std::string> bytes = readFileBounded(
      r.indexPath_, kDefaultMaxFileBytes, "tensor bundle index");
  if (!bytes.ok())
    return bytes.status();
  auto table = readSortedStringTable(*bytes, r.indexPath_);
  if (!table.ok())
    return table.status();
  bool haveHeader = false;
  for (const auto &[key, value] : *table) {
    if (key.empty()) {
      if (!r.header_.ParseFromString(value))
        return absl::DataLossError(r.indexPath_ +
                                   ": the bundle header (empty key) is not a "
                                   "BundleHeaderProto");
      haveHeader = true;
      continue;
    }
    tensorflow::BundleEntryProto e;
    if (!e.ParseFromString(value))
      return absl::DataLossError(r.indexPath_ + ": the entry of tensor '" +
                                 key + "' is not a BundleEntryProto");
    r.entries_.emplace(key, std::move(e));
  }
  if (!haveHeader)
    return absl::DataLossError(r.indexPath_ + ": no bundle header (the "
                                              "empty key is missing)");
  if (r.header_.endianness() != tensorflow::BundleHeaderProto::LITTLE)
    return absl::UnimplementedError(r.indexPath_ +
                                    ": big-endian tensor bundles are not read");
  if (r.header_.num_shards() < 1)
    return absl::DataLossError(r.indexPath_ + ": bundle header says " +
                               std::to_string(r.header_.num_shards()) +
                               " data shards");
  return r;
}

const tensorflow::BundleEntryProto *
TensorBundleReader::entry(const std::string &key) const {
  auto it = entries_.find(key);
  return it == entries_.end() ? nullptr : &it->second;
}

std::vector<std::string> TensorBundleReader::keys() const {
  std::vector<std::string> out;
  for (const auto &kv : entries_)
    out.push_back(kv.first);
  return out;
}

std::string TensorBundleReader::shardPath(int shard) const {
  char buf[48];
  std::snprintf(buf, sizeof buf, ".data-%05d-of-%05d", shard,
                header_.num_shards());
  return prefix_ + buf;
}

absl::StatusOr<tensorflow::TensorProto>
TensorBundleReader::read(const std::string &key) {
  const tensorflow::BundleEntryProto *e = entry(key);
  if (!e)
    return absl::NotFoundError(indexPath_ + ": no tensor '" + key +
                               "' in the bundle");
  std::string label = "tensor '" + key + "'";
  if (e->slices_size())
    return absl::UnimplementedError(
        indexPath_ + ": " + label +
        " is a partitioned variable (stored in slices); not supported");
  if (e->shard_id() < 0 || e->shard_id() >= header_.num_shards())
    return absl::DataLossError(indexPath_ + ": " + label + " names shard " +
                               std::to_string(e->shard_id()) + " of " +
                               std::to_string(header_.num_shards()));
  std::string path = shardPath(e->shard_id());
  auto it = shards_.find(e->shard_id());
  if (it == shards_.end()) {
    absl::StatusOr<std::string> bytes =
        readFileBounded(path, kDefaultMaxFileBytes, "tensor bundle data");
    if (!bytes.ok())
      return absl::Status(bytes.status().code(),
                          std::string(bytes.status().message()) +
                              " (it holds " + label + ")");
    it = shards_.emplace(e->shard_id(), std::move(*bytes)).first;
  }
  const std::string &data = it->second;
  if (e->offset() < 0 || e->size() < 0 || uint64_t(e->offset()) > data.size() ||
      uint64_t(e->size()) > data.size() - uint64_t(e->offset()))
    return absl::DataLossError(
        path + ": " + label + " is at bytes [" + std::to_string(e->offset()) +
        ", " + std::to_string(e->offset() + e->size()) + ") but the file has " +
        std::to_string(data.size()) + " bytes (truncated?)");

  tensorflow::TensorProto t;
  t.set_dtype(e->dtype());
  *t.mutable_tensor_shape() = e->shape();
  int64_t numElements = 1;
  for (const auto &d : e->shape().dim()) {
    if (d.size() < 0 ||
        (d.size() && numElements > (int64_t(1) << 62) / d.size()))
      return absl::DataLossError(indexPath_ + ": " + label + " has shape " +
                                 shapeString(e->shape()));
    numElements *= d.size();
  }
  const char *bytes = data.data() + e->offset();
  uint64_t size = e->size();
  uint32_t actual = crc32c::value(bytes, size);
  if (crc32c::unmask(e->crc32c()) != actual) {
    char buf[128];
    std::snprintf(buf, sizeof buf,
                  ": checksum mismatch for %s (stored 0x%08x, computed "
                  "0x%08x on the %llu bytes read)",
                  label.c_str(), crc32c::unmask(e->crc32c()), actual,
                  (unsigned long long)size);
    return absl::DataLossError(path + buf);
  }

  if (e->dtype() == tensorflow::DT_STRING) {
    // [varint64 len]*n [masked crc32c of the length bytes] [bytes]*n
    const char *p = bytes, *end = bytes + size;
    std::vector<uint64_t> lens;
    for (int64_t i = 0; i < numElements; ++i) {
      uint64_t len;
      if (!getVarint(p, end, len) || len > size)
        return absl::DataLossError(path + ": " + label +
                                   ": malformed string length " +
                                   std::to_string(i));
      lens.push_back(len);
    }
    if (end - p < 4)
      return absl::DataLossError(path + ": " + label +
                                 ": truncated string lengths checksum");
    uint32_t lenCrc = crc32c::value(bytes, p - bytes);
    if (crc32c::unmask(loadLE32(p)) != lenCrc)
      return absl::DataLossError(path + ": " + label +
                                 ": checksum mismatch of the string lengths");
    p += 4;
    for (uint64_t len : lens) {
      if (uint64_t(end - p) < len)
        return absl::DataLossError(path + ": " + label +
                                   ": string bytes run past the entry");
      t.add_string_val(std::string(p, len));
      p += len;
    }
    if (p != end)
      return absl::DataLossError(path + ": " + label + ": " +
                                 std::to_string(end - p) +
                                 " bytes left after the strings");
    return t;
  }
  int width = dtypeByteSize(e->dtype());
  if (!width)
    return absl::UnimplementedError(path + ": " + label + " has dtype " +
                                    dtypeName(e->dtype()) +
                                    ", which is not read from bundles");
  if (size % width || uint64_t(numElements) != size / width)
    return absl::DataLossError(
        path + ": " + label + " holds " + std::to_string(size) +
        " bytes but its dtype " + dtypeName(e->dtype()) + " and shape " +
        shapeString(e->shape()) + " need " +
        std::to_string(uint64_t(numElements)) + " elements of " +
        std::to_string(width) + " bytes");
  t.set_tensor_content(std::string(bytes, size));
  return t;
}

} // namespace tfmlir
