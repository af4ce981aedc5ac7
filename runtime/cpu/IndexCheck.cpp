//===- IndexCheck.cpp - run-time index checks of generated CPU code -------===//
//
// See IndexCheck.h. The scan is one compare per index (an unsigned compare
// against the limit); the config is parsed once per call (a few bytes).
//===----------------------------------------------------------------------===//
#include "runtime/cpu/IndexCheck.h"

#include "runtime/cpu/Alloc.h"

#include <cstdlib>
#include <vector>

namespace tfmlir::cpu {
namespace {

struct Config {
  std::string_view kind;
  std::vector<int64_t> shape; // the indices' shape
  std::vector<int64_t> bounds;
  std::string_view node;
};

bool parseInts(std::string_view s, std::vector<int64_t> &out) {
  out.clear();
  while (!s.empty()) {
    size_t comma = s.find(',');
    std::string_view tok = s.substr(0, comma);
    if (tok.empty())
      return false;
    int64_t v = 0;
    bool neg = tok[0] == '-';
    for (size_t i = neg; i < tok.size(); ++i) {
      if (tok[i] < '0' || tok[i] > '9')
        return false;
      v = v * 10 + (tok[i] - '0');
    }
    out.push_back(neg ? -v : v);
    if (comma == std::string_view::npos)
      break;
    s.remove_prefix(comma + 1);
  }
  return true;
}

bool parseConfig(std::string_view c, Config &cfg) {
  std::string_view lines[4];
  for (int i = 0; i < 3; ++i) {
    size_t nl = c.find('\n');
    if (nl == std::string_view::npos)
      return false;
    lines[i] = c.substr(0, nl);
    c.remove_prefix(nl + 1);
  }
  lines[3] = c;
  cfg.kind = lines[0];
  cfg.node = lines[3];
  if (!parseInts(lines[1], cfg.shape) || !parseInts(lines[2], cfg.bounds))
    return false;
  bool nd = cfg.kind == "gather_nd" || cfg.kind == "scatter_nd";
  if (nd)
    return !cfg.shape.empty() &&
           cfg.shape.back() <= static_cast<int64_t>(cfg.bounds.size());
  return (cfg.kind == "gather" || cfg.kind == "segment") &&
         cfg.bounds.size() == 1;
}

/// TF's SliceDebugString: "" for rank 0, "[i]" for rank 1, "[i,j,...]".
std::string sliceDebugString(const std::vector<int64_t> &shape, int64_t flat) {
  if (shape.empty())
    return "";
  std::vector<int64_t> pos(shape.size());
  for (size_t d = shape.size(); d-- > 0;) {
    int64_t s = shape[d] > 0 ? shape[d] : 1;
    pos[d] = flat % s;
    flat /= s;
  }
  std::string r = "[";
  for (size_t d = 0; d < pos.size(); ++d)
    r += (d ? "," : "") + std::to_string(pos[d]);
  return r + "]";
}

/// TensorShape::DebugString: "[3,5]".
std::string shapeString(const std::vector<int64_t> &dims, size_t n) {
  std::string r = "[";
  for (size_t d = 0; d < n; ++d)
    r += (d ? "," : "") + std::to_string(dims[d]);
  return r + "]";
}

template <typename T>
std::string check(const T *data, int64_t n, int64_t stride,
                  std::string_view config) {
  Config cfg;
  if (!parseConfig(config, cfg))
    return "internal error: malformed index check config '" +
           std::string(config) + "'";
  std::string suffix = "\n\t [[{{node " + std::string(cfg.node) + "}}]]";
  if (cfg.kind == "gather" || cfg.kind == "segment") {
    int64_t limit = cfg.bounds[0];
    bool segment = cfg.kind == "segment";
    for (int64_t i = 0; i < n; ++i) {
      int64_t v = static_cast<int64_t>(data[i * stride]);
      // Segments: negative ids are dropped (TF), only v >= limit fails.
      bool bad = segment
                     ? v >= limit
                     : static_cast<uint64_t>(v) >= static_cast<uint64_t>(limit);
      if (!bad)
        continue;
      if (segment)
        return "segment_ids" + sliceDebugString(cfg.shape, i) + " = " +
               std::to_string(v) + " is out of range [0, " +
               std::to_string(limit) + ")" + suffix;
      return "indices" + sliceDebugString(cfg.shape, i) + " = " +
             std::to_string(v) + " is not in [0, " + std::to_string(limit) +
             ")" + suffix;
    }
    return "";
  }
  // gather_nd / scatter_nd: rows of k index components.
  int64_t k = cfg.shape.back();
  std::vector<int64_t> batch(cfg.shape.begin(), cfg.shape.end() - 1);
  if (k == 0)
    return "";
  for (int64_t row = 0; row * k < n; ++row) {
    bool bad = false;
    for (int64_t j = 0; j < k && !bad; ++j) {
      int64_t v = static_cast<int64_t>(data[(row * k + j) * stride]);
      bad = static_cast<uint64_t>(v) >= static_cast<uint64_t>(cfg.bounds[j]);
    }
    if (!bad)
      continue;
    std::string vals;
    for (int64_t j = 0; j < k; ++j)
      vals +=
          (j ? ", " : "") +
          std::to_string(static_cast<int64_t>(data[(row * k + j) * stride]));
    std::string head = "indices" + sliceDebugString(batch, row) + " = [" +
                       vals + "] does not index into ";
    if (cfg.kind == "gather_nd")
      return head + "param shape " +
             shapeString(cfg.bounds, cfg.bounds.size()) +
             ", node name: " + std::string(cfg.node) + suffix;
    return head + "shape " + shapeString(cfg.bounds, cfg.bounds.size()) +
           suffix;
  }
  return "";
}

std::string_view configOf(const tfmlir_rt_memref1d_i8 *c) {
  return std::string_view(
      reinterpret_cast<const char *>(c->aligned + c->offset),
      static_cast<size_t>(c->sizes[0]));
}

} // namespace

std::string checkIndices(const int32_t *data, int64_t n, int64_t stride,
                         std::string_view config) {
  return check(data, n, stride, config);
}

std::string checkIndices(const int64_t *data, int64_t n, int64_t stride,
                         std::string_view config) {
  return check(data, n, stride, config);
}

} // namespace tfmlir::cpu

extern "C" void
_mlir_ciface_tfmlir_rt_check_indices_i32_memref(tfmlir_rt_memref1d_i32 *indices,
                                                tfmlir_rt_memref1d_i8 *config) {
  std::string msg = tfmlir::cpu::checkIndices(
      indices->aligned + indices->offset, indices->sizes[0],
      indices->strides[0], tfmlir::cpu::configOf(config));
  if (!msg.empty())
    tfmlir::cpu::failRunInvalidArgument(std::move(msg));
}

extern "C" void
_mlir_ciface_tfmlir_rt_check_indices_i64_memref(tfmlir_rt_memref1d_i64 *indices,
                                                tfmlir_rt_memref1d_i8 *config) {
  std::string msg = tfmlir::cpu::checkIndices(
      indices->aligned + indices->offset, indices->sizes[0],
      indices->strides[0], tfmlir::cpu::configOf(config));
  if (!msg.empty())
    tfmlir::cpu::failRunInvalidArgument(std::move(msg));
}
