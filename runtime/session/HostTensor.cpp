//===- HostTensor.cpp - a dense host tensor for the CPU session runtime ---===//
#include "runtime/session/HostTensor.h"

#include <cassert>
#include <cmath>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <limits>
#include <mutex>
#include <string>
#include <unordered_map>

namespace tfmlir::session {

size_t dtypeSize(DType t) {
  switch (t) {
  case DType::kF32:
    return 4;
  case DType::kF64:
    return 8;
  case DType::kBool:
    return 1;
  case DType::kI8:
    return 1;
  case DType::kI32:
    return 4;
  case DType::kI64:
    return 8;
  case DType::kF16:
    return 2;
  case DType::kBF16:
    return 2;
  case DType::kI16:
    return 2;
  case DType::kU8:
    return 1;
  case DType::kU16:
    return 2;
  case DType::kU32:
    return 4;
  case DType::kU64:
    return 8;
  }
  return 0;
}

const char *dtypeName(DType t) {
  switch (t) {
  case DType::kF32:
    return "f32";
  case DType::kF64:
    return "f64";
  case DType::kBool:
    return "bool";
  case DType::kI8:
    return "i8";
  case DType::kI32:
    return "i32";
  case DType::kI64:
    return "i64";
  case DType::kF16:
    return "f16";
  case DType::kBF16:
    return "bf16";
  case DType::kI16:
    return "i16";
  case DType::kU8:
    return "ui8";
  case DType::kU16:
    return "ui16";
  case DType::kU32:
    return "ui32";
  case DType::kU64:
    return "ui64";
  }
  return "?";
}

float halfToFloat(uint16_t bits) {
  uint32_t sign = (bits >> 15) & 1, exp = (bits >> 10) & 0x1f,
           mant = bits & 0x3ff;
  float v;
  if (exp == 0)
    v = std::ldexp(static_cast<float>(mant), -24); // subnormal or zero
  else if (exp == 31)
    v = mant ? std::numeric_limits<float>::quiet_NaN()
             : std::numeric_limits<float>::infinity();
  else
    v = std::ldexp(static_cast<float>(mant | 0x400),
                   static_cast<int>(exp) - 25);
  return sign ? -v : v;
}

float bfloat16ToFloat(uint16_t bits) {
  uint32_t w = static_cast<uint32_t>(bits) << 16;
  float v;
  std::memcpy(&v, &w, sizeof v);
  return v;
}

namespace {
/// The header in front of every host buffer: its usable size.
constexpr size_t kBufferHeader = 64;

/// Freed large buffers by size (see allocHostBuffer). Leaked on purpose:
/// tensors may be freed by static destructors after it would be gone.
struct BufferCache {
  std::mutex mu;
  std::unordered_map<size_t, std::vector<void *>> free;
  size_t bytes = 0;
};
BufferCache &bufferCache() {
  static BufferCache *cache = new BufferCache;
  return *cache;
}

size_t &bufferSize(void *p) {
  return *reinterpret_cast<size_t *>(static_cast<char *>(p) - kBufferHeader);
}
} // namespace

void *allocHostBuffer(size_t bytes) {
  size_t rounded = bytes == 0 ? 64 : (bytes + 63) / 64 * 64;
  if (rounded < bytes || rounded > (size_t(1) << 62))
    return nullptr;
  if (rounded >= kHostBufferCacheMin) {
    BufferCache &c = bufferCache();
    std::lock_guard<std::mutex> lock(c.mu);
    auto it = c.free.find(rounded);
    if (it != c.free.end() && !it->second.empty()) {
      void *p = it->second.back();
      it->second.pop_back();
      c.bytes -= rounded;
      return p;
    }
  }
  void *base = std::aligned_alloc(64, kBufferHeader + rounded);
  if (!base)
    return nullptr;
  void *p = static_cast<char *>(base) + kBufferHeader;
  bufferSize(p) = rounded;
  return p;
}

void freeHostBuffer(void *p) {
  if (!p)
    return;
  size_t size = bufferSize(p);
  if (size >= kHostBufferCacheMin) {
    BufferCache &c = bufferCache();
    std::lock_guard<std::mutex> lock(c.mu);
    if (c.bytes + size <= kHostBufferCacheBytes) {
      c.free[size].push_back(p);
      c.bytes += size;
      return;
    }
  }
  std::free(static_cast<char *>(p) - kBufferHeader);
}

void HostTensor::FreeDeleter::operator()(void *p) const { freeHostBuffer(p); }

HostTensor::HostTensor(DType dtype, std::vector<int64_t> shape)
    : dtype_(dtype), shape_(std::move(shape)) {
  for ([[maybe_unused]] int64_t d : shape_)
    assert(d >= 0 && "negative dim");
  size_t bytes = byteSize();
  size_t rounded = (bytes + 63) / 64 * 64;
  if (rounded == 0)
    rounded = 64;
  data_.reset(allocHostBuffer(rounded));
  if (!data_) {
    std::fprintf(stderr,
                 "tfmlir: out of memory allocating a host tensor of "
                 "%zu bytes\n",
                 bytes);
    std::abort();
  }
  std::memset(data_.get(), 0, rounded);
}

namespace {
thread_local HostAllocationLimit *currentLimit = nullptr;
} // namespace

HostAllocationLimit::HostAllocationLimit(int64_t bytes)
    : left_(bytes > 0 ? bytes : 0), outer_(currentLimit) {
  currentLimit = this;
}

HostAllocationLimit::~HostAllocationLimit() { currentLimit = outer_; }

HostAllocationLimit *HostAllocationLimit::current() { return currentLimit; }

bool HostAllocationLimit::take(int64_t bytes) {
  if (bytes > left_) {
    if (!refused_)
      refused_ = bytes;
    return false;
  }
  left_ -= bytes;
  allocated_ += bytes;
  return true;
}

absl::StatusOr<HostTensor>
HostTensor::create(DType dtype, std::vector<int64_t> shape, bool zeroed) {
  uint64_t bytes = dtypeSize(dtype);
  std::string dims;
  for (size_t i = 0; i < shape.size(); ++i)
    dims += (i ? "," : "") + std::to_string(shape[i]);
  for (int64_t d : shape) {
    if (d < 0)
      return absl::InvalidArgumentError("negative dimension in shape [" + dims +
                                        "]");
    if (__builtin_mul_overflow(bytes, static_cast<uint64_t>(d), &bytes) ||
        bytes > (uint64_t(1) << 62))
      return absl::InvalidArgumentError("tensor of shape [" + dims +
                                        "] is too large");
  }
  if (HostAllocationLimit *limit = HostAllocationLimit::current();
      limit && !limit->take(static_cast<int64_t>(bytes)))
    return absl::ResourceExhaustedError(
        "OOM when allocating tensor with shape[" + dims + "] and type " +
        dtypeName(dtype) + ": " + std::to_string(bytes) +
        " bytes, over what is left of the run's memory limit");
  uint64_t rounded = bytes == 0 ? 64 : (bytes + 63) / 64 * 64;
  void *p = allocHostBuffer(rounded);
  if (!p)
    return absl::ResourceExhaustedError(
        "OOM when allocating tensor with shape[" + dims + "] and type " +
        dtypeName(dtype));
  if (zeroed)
    std::memset(p, 0, rounded);
  HostTensor t;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  t.data_.reset(p);
  return t;
}

int64_t HostTensor::numElements() const {
  int64_t n = 1;
  for (int64_t d : shape_)
    n *= d;
  return n;
}

HostTensor HostTensor::variant(std::shared_ptr<const TensorList> list) {
  assert(list && "a variant tensor holds a list");
  HostTensor t;
  t.dtype_ = DType::kU8;
  t.list_ = std::move(list);
  return t;
}

HostTensor HostTensor::clone() const {
  if (list_)
    return variant(list_);
  HostTensor t(dtype_, shape_);
  if (data_)
    std::memcpy(t.raw(), raw(), byteSize());
  return t;
}

std::string HostTensor::typeString() const {
  if (list_)
    return "variant[]";
  std::string s = dtypeName(dtype_);
  s += "[";
  for (size_t i = 0; i < shape_.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape_[i]);
  return s + "]";
}

} // namespace tfmlir::session
