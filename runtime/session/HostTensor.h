//===- HostTensor.h - a dense host tensor for the CPU session runtime -----===//
#ifndef TFMLIR_RUNTIME_SESSION_HOSTTENSOR_H
#define TFMLIR_RUNTIME_SESSION_HOSTTENSOR_H

#include "absl/status/statusor.h"

#include <cstddef>
#include <cstdint>
#include <memory>
#include <string>
#include <vector>

namespace tfmlir::session {

/// Element types the CPU executable exchanges with callers. kBool is XLA's
/// PRED (MLIR i1), stored as one byte holding 0 or 1. kF16 is IEEE binary16
/// and kBF16 bfloat16, both stored as their 16-bit patterns (uint16_t).
/// kU8..kU64 are MLIR's unsigned ui8..ui64 (TF's DT_UINT*).
enum class DType {
  kF32, kF64, kBool, kI8, kI32, kI64, kF16, kBF16, kI16,
  kU8, kU16, kU32, kU64
};

/// Bytes per element of `t` (kBool: 1).
size_t dtypeSize(DType t);
/// "f32", "f64", "bool", "i8", "i32", "i64", "f16", "bf16", "i16", "ui8",
/// "ui16", "ui32", "ui64".
const char *dtypeName(DType t);
/// The value of the binary16 / bfloat16 bit pattern `bits` (exact; NaN and
/// infinities preserved).
float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);

/// A dense row-major tensor in one 64-byte-aligned host buffer. Owns its
/// buffer; moves are cheap, copies are explicit (clone()). Shapes are
/// non-negative dims; rank 0 is a scalar with one element.
class HostTensor {
public:
  HostTensor() = default;
  /// A zero-filled tensor of `dtype` and `shape` (no dim may be negative;
  /// that is the caller's invariant, checked with an assert).
  HostTensor(DType dtype, std::vector<int64_t> shape);
  /// As above, checked, for sizes that come from data (host kernels):
  /// InvalidArgument for a negative dim or a byte size that overflows,
  /// ResourceExhausted ("OOM when allocating tensor with shape[...] and type
  /// f32", TF's wording) when the allocation fails.
  static absl::StatusOr<HostTensor> create(DType dtype,
                                           std::vector<int64_t> shape);

  DType dtype() const { return dtype_; }
  const std::vector<int64_t> &shape() const { return shape_; }
  int64_t numElements() const;
  size_t byteSize() const { return numElements() * dtypeSize(dtype_); }
  void *raw() { return data_.get(); }
  const void *raw() const { return data_.get(); }
  /// The buffer as T (the caller picks T matching dtype()).
  template <typename T> T *data() { return static_cast<T *>(raw()); }
  template <typename T> const T *data() const {
    return static_cast<const T *>(raw());
  }
  /// A deep copy.
  HostTensor clone() const;
  /// Gives up ownership of the buffer (64-byte aligned; the caller frees it
  /// with std::free) and leaves this tensor without data.
  void *releaseData() { return data_.release(); }
  /// "f32[2,3]".
  std::string typeString() const;

private:
  struct FreeDeleter {
    void operator()(void *p) const;
  };
  DType dtype_ = DType::kF32;
  std::vector<int64_t> shape_;
  std::unique_ptr<void, FreeDeleter> data_;
};

} // namespace tfmlir::session

#endif
