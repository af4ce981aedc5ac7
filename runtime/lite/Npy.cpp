//===- Npy.cpp ------------------------------------------------------------===//
#include "runtime/lite/Npy.h"
#include "lib/Support/File.h"

#include "absl/strings/str_cat.h"

#include <cstring>
#include <fstream>
#include <iterator>

namespace tfmlir::lite {

namespace {
struct DescrMap {
  const char *descr;
  TensorType type;
};
const DescrMap kDescrs[] = {
    {"<f4", TensorType::kFloat32}, {"<f8", TensorType::kFloat64},
    {"<f2", TensorType::kFloat16}, {"|i1", TensorType::kInt8},
    {"<i2", TensorType::kInt16},   {"<i4", TensorType::kInt32},
    {"<i8", TensorType::kInt64},   {"|u1", TensorType::kUInt8},
    {"<u2", TensorType::kUInt16},  {"<u4", TensorType::kUInt32},
    {"<u8", TensorType::kUInt64},  {"|b1", TensorType::kBool},
};

/// Value of key `key` in the header dict, as raw text up to the next ',' at
/// depth 0 (or the closing paren of a tuple).
bool headerField(const std::string &h, const std::string &key,
                 std::string &out) {
  size_t k = h.find("'" + key + "'");
  if (k == std::string::npos)
    return false;
  size_t c = h.find(':', k);
  if (c == std::string::npos)
    return false;
  size_t i = c + 1;
  while (i < h.size() && h[i] == ' ')
    ++i;
  if (i < h.size() && h[i] == '(') {
    size_t e = h.find(')', i);
    if (e == std::string::npos)
      return false;
    out = h.substr(i + 1, e - i - 1);
    return true;
  }
  size_t e = h.find_first_of(",}", i);
  out = h.substr(i, e == std::string::npos ? std::string::npos : e - i);
  return true;
}
} // namespace

absl::StatusOr<NpyArray> readNpy(const std::string &path) {
  // Only regular files, bounded: a directory makes the stream read throw,
  // and /dev/zero or a FIFO never ends (lib/Support/File.h).
  absl::StatusOr<std::string> bytes = readFileBounded(path);
  if (!bytes.ok())
    return bytes.status();
  return parseNpy(std::string_view(*bytes), path);
}

absl::StatusOr<NpyArray> parseNpy(std::string_view text,
                                  const std::string &path) {
  const auto *buf = reinterpret_cast<const uint8_t *>(text.data());
  const size_t size = text.size();
  auto bad = [&](auto &&...p) {
    return absl::InvalidArgumentError(absl::StrCat(path, ": ", p...));
  };
  if (size < 10 || std::memcmp(buf, "\x93NUMPY", 6) != 0)
    return bad("not a .npy file (bad magic)");
  uint8_t major = buf[6];
  size_t hlen, hoff;
  if (major == 1) {
    hlen = buf[8] | (buf[9] << 8);
    hoff = 10;
  } else if (major == 2 || major == 3) {
    if (size < 12)
      return bad("truncated header");
    hlen = buf[8] | (buf[9] << 8) | (size_t(buf[10]) << 16) |
           (size_t(buf[11]) << 24);
    hoff = 12;
  } else {
    return bad("unsupported .npy version ", int(major));
  }
  if (hoff + hlen > size)
    return bad("truncated header");
  std::string h(text.substr(hoff, hlen));
  std::string descr, fortran, shape;
  if (!headerField(h, "descr", descr) ||
      !headerField(h, "fortran_order", fortran) ||
      !headerField(h, "shape", shape))
    return bad("header lacks descr/fortran_order/shape: ", h);
  if (fortran.find("True") != std::string::npos)
    return bad("Fortran-order arrays are not supported");
  NpyArray a;
  bool found = false;
  for (const DescrMap &d : kDescrs)
    if (descr.find(d.descr) != std::string::npos) {
      a.type = d.type;
      found = true;
    }
  if (!found)
    return bad("unsupported dtype ", descr);
  int64_t n = 1;
  size_t i = 0;
  while (i < shape.size()) {
    while (i < shape.size() && (shape[i] == ' ' || shape[i] == ','))
      ++i;
    if (i >= shape.size())
      break;
    size_t j = i;
    while (j < shape.size() && isdigit(static_cast<unsigned char>(shape[j])))
      ++j;
    if (j == i || j - i > 9)
      return bad("bad shape (", shape, ")");
    int32_t d = std::stoi(shape.substr(i, j - i));
    a.shape.push_back(d);
    n *= d;
    if (n > (int64_t(1) << 34))
      return bad("array too large");
    i = j;
  }
  size_t need = static_cast<size_t>(n) * elementSize(a.type);
  size_t avail = size - hoff - hlen;
  if (avail != need)
    return bad("data holds ", avail, " bytes, shape (", shape, ") of ", descr,
               " needs ", need);
  a.bytes.assign(buf + hoff + hlen, buf + size);
  return a;
}

absl::Status writeNpy(const std::string &path, const Tensor &t) {
  const char *descr = nullptr;
  for (const DescrMap &d : kDescrs)
    if (d.type == t.type)
      descr = d.descr;
  if (!descr)
    return absl::UnimplementedError(
        absl::StrCat(path, ": cannot write ", typeName(t.type), " as .npy"));
  std::string shape;
  for (int32_t d : t.shape)
    shape += std::to_string(d) + ",";
  if (t.shape.size() > 1)
    shape.pop_back();
  std::string h =
      absl::StrCat("{'descr': '", descr,
                   "', 'fortran_order': False, 'shape': (", shape, "), }");
  size_t total = 10 + h.size() + 1;
  h.append((64 - total % 64) % 64, ' ');
  h += '\n';
  std::ofstream f(path, std::ios::binary);
  if (!f)
    return absl::NotFoundError(path + ": cannot create");
  f.write("\x93NUMPY\x01\x00", 8);
  uint16_t hl = static_cast<uint16_t>(h.size());
  f.put(static_cast<char>(hl & 0xff));
  f.put(static_cast<char>(hl >> 8));
  f.write(h.data(), h.size());
  f.write(reinterpret_cast<const char *>(t.data), t.requiredBytes());
  if (!f)
    return absl::DataLossError(path + ": write failed");
  return absl::OkStatus();
}

} // namespace tfmlir::lite
