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
  kF32,
  kF64,
  kBool,
  kI8,
  kI32,
  kI64,
  kF16,
  kBF16,
  kI16,
  kU8,
  kU16,
  kU32,
  kU64
};

/// A 64-byte aligned buffer of `bytes` bytes (uninitialized; 0 allowed),
/// or null when the system is out of memory. Every HostTensor's data comes
/// from here. Freed buffers of kHostBufferCacheMin bytes and more are kept
/// (at most kHostBufferCacheBytes in all, process-wide) and handed out
/// again for the same size, so a Session's repeated Runs reuse their
/// result and host-kernel buffers instead of taking fresh pages from the
/// system each time (as TF's BFC and onnxruntime's arena allocators do;
/// glibc returned such buffers to the kernel in some processes, and every
/// Run then page-faulted them in again). Thread-safe.
void *allocHostBuffer(size_t bytes);
/// Frees a buffer of allocHostBuffer (null is ignored), into the cache when
/// it is large and the cache has room.
void freeHostBuffer(void *p);
/// The smallest buffer the cache keeps (smaller ones: malloc's free lists
/// reuse them without system calls).
inline constexpr size_t kHostBufferCacheMin = size_t(256) << 10;
/// The most bytes the cache keeps.
inline constexpr size_t kHostBufferCacheBytes = size_t(256) << 20;

/// Bytes per element of `t` (kBool: 1).
size_t dtypeSize(DType t);
/// "f32", "f64", "bool", "i8", "i32", "i64", "f16", "bf16", "i16", "ui8",
/// "ui16", "ui32", "ui64".
const char *dtypeName(DType t);
/// The value of the binary16 / bfloat16 bit pattern `bits` (exact; NaN and
/// infinities preserved).
float halfToFloat(uint16_t bits);
float bfloat16ToFloat(uint16_t bits);

struct TensorList;

/// A dense row-major tensor in one 64-byte-aligned host buffer. Owns its
/// buffer; moves are cheap, copies are explicit (clone()). Shapes are
/// non-negative dims; rank 0 is a scalar with one element.
///
/// A DT_VARIANT scalar holding a TensorList (TF's list_ops value) is a
/// HostTensor made by variant(): shape [], no buffer, list() set. Only the
/// executor and the host kernels see such tensors (the list kernels, and
/// Identity and functional control flow, which pass them through); compiled
/// clusters never take or return them.
class HostTensor {
public:
  HostTensor() = default;
  /// A zero-filled tensor of `dtype` and `shape`, for tests and small
  /// fixed-size tensors (no dim may be negative: the caller's invariant,
  /// checked with an assert). A failed allocation is a fatal error; the
  /// runtime and its kernels use create().
  HostTensor(DType dtype, std::vector<int64_t> shape);
  /// As above, checked, for sizes that come from data (host kernels):
  /// InvalidArgument for a negative dim or a byte size that overflows,
  /// ResourceExhausted ("OOM when allocating tensor with shape[...] and type
  /// f32", TF's wording) when the allocation fails or does not fit the
  /// thread's HostAllocationLimit (then nothing is allocated).
  /// `zeroed` = false leaves the bytes unspecified, for a caller that
  /// writes every element (the compiled code's results).
  static absl::StatusOr<HostTensor>
  create(DType dtype, std::vector<int64_t> shape, bool zeroed = true);

  /// A DT_VARIANT scalar holding `list` (never null). Lists are immutable
  /// once held by a tensor: kernels that change a list make a new one.
  static HostTensor variant(std::shared_ptr<const TensorList> list);
  /// The TensorList of a variant tensor; null for a dense tensor.
  const std::shared_ptr<const TensorList> &list() const { return list_; }
  bool isVariant() const { return list_ != nullptr; }

  /// The element dtype; meaningless (kU8) for a variant tensor.
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
  /// A deep copy of a dense tensor; a variant tensor's copy shares its
  /// (immutable) list.
  HostTensor clone() const;
  /// Gives up ownership of the buffer (64-byte aligned; the caller frees it
  /// with freeHostBuffer) and leaves this tensor without data.
  void *releaseData() { return data_.release(); }
  /// "f32[2,3]"; "variant[]" for a variant tensor.
  std::string typeString() const;

private:
  struct FreeDeleter {
    void operator()(void *p) const;
  };
  DType dtype_ = DType::kF32;
  std::vector<int64_t> shape_;
  std::unique_ptr<void, FreeDeleter> data_;
  std::shared_ptr<const TensorList> list_;
};

/// Caps what HostTensor::create allocates on the calling thread while the
/// object is alive (scopes nest; the innermost applies). The executor puts
/// one around each host kernel and compiled cluster it runs, set to what is
/// left of the run's max_run_memory_bytes, so a kernel asking for more is
/// refused before anything is allocated or written: create() returns
/// ResourceExhausted and refusedBytes() says how much was asked. Every
/// create() in the scope counts, scratch tensors too (freeing one does not
/// give its bytes back). Not shared between threads.
class HostAllocationLimit {
public:
  /// Allows `bytes` (clamped to >= 0) of create() in this scope.
  explicit HostAllocationLimit(int64_t bytes);
  ~HostAllocationLimit();
  HostAllocationLimit(const HostAllocationLimit &) = delete;
  HostAllocationLimit &operator=(const HostAllocationLimit &) = delete;

  /// The bytes of the first create() refused; 0 when none was.
  int64_t refusedBytes() const { return refused_; }
  /// The bytes create() has allocated in this scope.
  int64_t allocatedBytes() const { return allocated_; }

  /// The innermost limit of this thread, or null. For HostTensor::create.
  static HostAllocationLimit *current();
  /// Counts `bytes` against the limit: false (and refusedBytes() set, once)
  /// when they do not fit.
  bool take(int64_t bytes);

private:
  int64_t left_;
  int64_t allocated_ = 0;
  int64_t refused_ = 0;
  HostAllocationLimit *outer_;
};

/// TF's TensorList (tensorflow/core/kernels/tensor_list.h): what a
/// DT_VARIANT list tensor holds, built and read by the TensorList* host
/// kernels (kernels/ListKernels.cpp).
struct TensorList {
  /// element_dtype: the dtype of every element.
  DType elementDType = DType::kF32;
  /// The (partial) element shape: -1 for an unknown dim. With
  /// `unknownRank` the rank is unknown too and `elementShape` is empty
  /// (TF's PartialTensorShape of unknown rank, written as the scalar -1).
  std::vector<int64_t> elementShape;
  bool unknownRank = true;
  /// The elements, in order. A null entry is an element that was reserved
  /// but never set (TF's uninitialized DT_INVALID tensor): reading it gives
  /// zeros of the element shape, which must then be fully defined.
  std::vector<std::shared_ptr<const HostTensor>> tensors;
  /// max_num_elements of EmptyTensorList; -1 = unbounded.
  int64_t maxNumElements = -1;
};

} // namespace tfmlir::session

#endif
