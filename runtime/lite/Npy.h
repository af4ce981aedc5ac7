//===- Npy.h - Minimal .npy reader/writer for the lite tools ----*- C++ -*-===//
//
// NumPy .npy format versions 1-3, little-endian, C order only. Supported
// dtypes: <f4 <f8 <f2 <i1 <i2 <i4 <i8 |u1 <u2 <u4 <u8 |b1 (mapped to
// TensorType).
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_NPY_H
#define TFMLIR_RUNTIME_LITE_NPY_H

#include "runtime/lite/Tensor.h"

#include "absl/status/status.h"
#include "absl/status/statusor.h"

#include <string>
#include <string_view>
#include <vector>

namespace tfmlir::lite {

struct NpyArray {
  TensorType type = TensorType::kFloat32;
  std::vector<int32_t> shape;
  std::vector<uint8_t> bytes;
};

/// Reads `path`. Errors: NotFound (cannot open), InvalidArgument (bad magic,
/// header, dtype, Fortran order, or data size), each naming the file.
absl::StatusOr<NpyArray> readNpy(const std::string &path);
/// Parses the bytes of a .npy file (e.g. a member of an .npz archive);
/// `path` names it in errors. Same errors as readNpy. Only the array's data
/// is copied (into NpyArray::bytes).
absl::StatusOr<NpyArray> parseNpy(std::string_view bytes,
                                  const std::string &path);
inline absl::StatusOr<NpyArray> parseNpy(const std::vector<uint8_t> &bytes,
                                         const std::string &path) {
  return parseNpy(std::string_view(reinterpret_cast<const char *>(bytes.data()),
                                   bytes.size()),
                  path);
}
/// Writes `t` (fixed-size element types only) to `path` as .npy v1.0.
absl::Status writeNpy(const std::string &path, const Tensor &t);

} // namespace tfmlir::lite

#endif
