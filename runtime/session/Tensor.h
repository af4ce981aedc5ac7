//===- Tensor.h - TF-like host tensors for the Session API ------*- C++ -*-===//
//
// tfmlir::session::Tensor mirrors tensorflow::Tensor on the host: a dtype
// (TF's DataType numbering), a TensorShape and one 64-byte-aligned,
// reference-counted buffer that copies of the Tensor share. Slice() and
// bitcast() return zero-copy views of the same buffer (as
// tensorflow::Tensor::Slice and Tensor::BitcastFrom do).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_TENSOR_H
#define TFMLIR_RUNTIME_SESSION_TENSOR_H

#include "runtime/session/HostTensor.h"

#include "absl/status/statusor.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <optional>
#include <string>
#include <vector>

namespace tfmlir::session {

/// TensorFlow's DataType values (types.proto), so that a
/// tensorflow::DataType converts by a cast. DT_STRING is listed so that it
/// can be named in errors; tensors of it cannot be created.
enum DataType : int {
  DT_INVALID = 0,
  DT_FLOAT = 1,
  DT_DOUBLE = 2,
  DT_INT32 = 3,
  DT_UINT8 = 4,
  DT_INT16 = 5,
  DT_INT8 = 6,
  DT_STRING = 7,
  DT_INT64 = 9,
  DT_BOOL = 10,
  DT_BFLOAT16 = 14,
  DT_UINT16 = 17,
  DT_HALF = 19,
  DT_UINT32 = 22,
  DT_UINT64 = 23,
};

/// Bytes per element (DT_BOOL: 1; DT_HALF/DT_BFLOAT16: 2, stored as their
/// 16-bit patterns); 0 for DT_STRING and DT_INVALID.
size_t DataTypeSize(DataType dt);
/// TF's lowercase name: "float", "double", "int32", "bool", "half", ...
std::string DataTypeString(DataType dt);
/// NumPy's name: "float32", "float64", "int32", "bool", "float16",
/// "bfloat16", "uint8", ...
std::string DataTypeNumpyName(DataType dt);
/// The CPU executable's element type for `dt`; nullopt for DT_STRING and
/// DT_INVALID.
std::optional<DType> toExecutableDType(DataType dt);
/// The inverse of toExecutableDType.
DataType fromExecutableDType(DType t);

/// A fully defined shape: non-negative dims, rank 0 is a scalar.
class TensorShape {
public:
  TensorShape() = default;
  TensorShape(std::initializer_list<int64_t> dims) : dims_(dims) {}
  explicit TensorShape(std::vector<int64_t> dims) : dims_(std::move(dims)) {}
  int dims() const { return static_cast<int>(dims_.size()); }
  int64_t dim_size(int i) const { return dims_[i]; }
  const std::vector<int64_t> &dim_sizes() const { return dims_; }
  /// Product of the dims (1 for a scalar, 0 when any dim is 0).
  int64_t num_elements() const;
  bool operator==(const TensorShape &o) const { return dims_ == o.dims_; }
  bool operator!=(const TensorShape &o) const { return dims_ != o.dims_; }
  /// "[2,3]" ("[]" for a scalar), as TF's TensorShape::DebugString.
  std::string DebugString() const;

private:
  std::vector<int64_t> dims_;
};

/// A host tensor. Copies share the buffer (like tensorflow::Tensor); use
/// DeepCopy() for an independent one. Element data is row-major; T of the
/// typed accessors must match dtype(): float for DT_FLOAT, uint16_t for
/// DT_HALF/DT_BFLOAT16, uint8_t (0/1) for DT_BOOL.
class Tensor {
public:
  /// A tensor without a buffer (IsInitialized() is false; Session::Run
  /// rejects it as a feed).
  Tensor() = default;
  /// A zero-filled tensor. The caller guarantees a supported dtype and
  /// non-negative dims (asserted); use Create() for user input.
  Tensor(DataType dtype, TensorShape shape);
  /// As above, checked: InvalidArgument for a negative dim or an element
  /// count that overflows, Unimplemented for DT_STRING/DT_INVALID.
  static absl::StatusOr<Tensor> Create(DataType dtype,
                                       std::vector<int64_t> dims);
  /// Adopts a buffer of allocHostBuffer (HostTensor::releaseData; freed
  /// with freeHostBuffer).
  static Tensor Adopt(DataType dtype, TensorShape shape, void *data);

  DataType dtype() const { return dtype_; }
  const TensorShape &shape() const { return shape_; }
  int dims() const { return shape_.dims(); }
  int64_t dim_size(int i) const { return shape_.dim_size(i); }
  int64_t NumElements() const { return shape_.num_elements(); }
  size_t TotalBytes() const { return NumElements() * DataTypeSize(dtype_); }
  bool IsInitialized() const { return buf_ != nullptr; }

  void *data() {
    return buf_ ? static_cast<char *>(buf_.get()) + offset_ : nullptr;
  }
  const void *data() const {
    return buf_ ? static_cast<const char *>(buf_.get()) + offset_ : nullptr;
  }
  template <typename T> T *flat() { return static_cast<T *>(data()); }
  template <typename T> const T *flat() const {
    return static_cast<const T *>(data());
  }
  template <typename T> T &scalar() { return *flat<T>(); }

  /// Rows [start, limit) along dim 0, sharing this buffer (zero copy).
  /// InvalidArgument for a scalar or an out-of-range/empty-reversed range.
  absl::StatusOr<Tensor> Slice(int64_t start, int64_t limit) const;
  /// The same bytes seen as `dtype` and `shape` (zero copy), as
  /// tensorflow::Tensor::BitcastFrom. InvalidArgument when the byte sizes
  /// differ.
  absl::StatusOr<Tensor> Bitcast(DataType dtype, TensorShape shape) const;
  /// Whether both tensors view the same buffer.
  bool SharesBufferWith(const Tensor &o) const {
    return buf_ && buf_ == o.buf_;
  }
  /// An independent copy.
  Tensor DeepCopy() const;
  /// "Tensor<type: float shape: [2,3]>".
  std::string DebugString() const;

private:
  DataType dtype_ = DT_FLOAT;
  TensorShape shape_;
  std::shared_ptr<void> buf_;
  size_t offset_ = 0;
};

} // namespace tfmlir::session

#endif
