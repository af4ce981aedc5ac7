//===- Tensor.h - Tensors of the lite interpreter ---------------*- C++ -*-===//
//
// The tensor type of runtime/lite. A Tensor is a dense, row-major (C order)
// array described by a TFLite element type and an int32 shape; its storage
// is one of: a constant buffer of the model file, a slice of the subgraph's
// arena, or a heap buffer owned by the tensor (dynamic and variable tensors).
//
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_LITE_TENSOR_H
#define TFMLIR_RUNTIME_LITE_TENSOR_H

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tfmlir::lite {

/// Element types. The numeric values are those of TFLite's schema
/// `TensorType` enum so that a FlatBuffer value converts by a cast.
enum class TensorType : int8_t {
  kFloat32 = 0,
  kFloat16 = 1,
  kInt32 = 2,
  kUInt8 = 3,
  kInt64 = 4,
  kString = 5,
  kBool = 6,
  kInt16 = 7,
  kComplex64 = 8,
  kInt8 = 9,
  kFloat64 = 10,
  kComplex128 = 11,
  kUInt64 = 12,
  kResource = 13,
  kVariant = 14,
  kUInt32 = 15,
  kUInt16 = 16,
  kInt4 = 17,
  kBFloat16 = 18,
};

/// Size in bytes of one element of `type`; 0 for types without a fixed
/// element size (string, variant, int4) and for unknown values. RESOURCE
/// tensors hold an int32 resource id (4 bytes), as in TFLite.
size_t elementSize(TensorType type);

/// The schema name of `type` ("FLOAT32", ...), or "UNKNOWN(<n>)".
std::string typeName(TensorType type);

/// Affine quantization parameters (real = scale * (q - zero_point)), one
/// entry per channel of `quantizedDimension` or a single entry per tensor.
struct QuantParams {
  std::vector<float> scale;
  std::vector<int64_t> zeroPoint;
  int32_t quantizedDimension = 0;
};

/// Sparse storage description of a constant tensor, as in TFLite's
/// `SparsityParameters` (traversal order, block map, per-dimension
/// DENSE / CSR metadata).
struct SparsityParams {
  struct Dim {
    bool dense = true;
    int32_t denseSize = 0;
    std::vector<int32_t> segments; ///< CSR row pointers (dimension kSparseCsr)
    std::vector<int32_t> indices;  ///< CSR column indices
  };
  std::vector<int32_t> traversalOrder;
  std::vector<int32_t> blockMap;
  std::vector<Dim> dims;
};

/// Where a tensor's bytes live.
enum class Storage : uint8_t {
  kNone,     ///< no storage yet (before AllocateTensors)
  kConstant, ///< read-only bytes of the model file (or a copy of them)
  kArena,    ///< a slice of the subgraph arena, planned by lifetime
  kDynamic,  ///< heap bytes sized at Invoke time (data-dependent shapes)
  kVariable, ///< heap bytes that persist across Invoke calls
};

/// A tensor of a subgraph. `shape` is the current concrete shape (no -1);
/// `shapeSignature` keeps the model's dynamic dims (-1) when present.
struct Tensor {
  std::string name;
  TensorType type = TensorType::kFloat32;
  std::vector<int32_t> shape;
  std::vector<int32_t> shapeSignature;
  uint8_t *data = nullptr;
  size_t bytes = 0;
  Storage storage = Storage::kNone;
  bool isVariable = false;
  QuantParams quant;
  std::optional<SparsityParams> sparsity;
  /// Heap storage for kDynamic / kVariable tensors and for constants that
  /// had to be copied (misaligned, or produced by a load-time transform).
  std::vector<uint8_t> owned;

  /// Product of the dims (1 for a scalar). Saturates at INT64_MAX.
  int64_t numElements() const;
  /// Number of bytes that `shape` and `type` need (0 for unsized types).
  size_t requiredBytes() const;
  int rank() const { return static_cast<int>(shape.size()); }
  int32_t dim(int i) const { return shape[i]; }
  template <typename T> T *as() { return reinterpret_cast<T *>(data); }
  template <typename T> const T *as() const {
    return reinterpret_cast<const T *>(data);
  }
};

/// Returns "[d0,d1,...]" for error messages.
std::string shapeToString(const std::vector<int32_t> &shape);

/// Converts an IEEE binary16 value to float (exact, handles subnormals,
/// infinities and NaN).
float halfToFloat(uint16_t h);

} // namespace tfmlir::lite

#endif // TFMLIR_RUNTIME_LITE_TENSOR_H
