//===- Tensor.cpp - TF-like host tensors for the Session API --------------===//
#include "runtime/session/Tensor.h"
#include "runtime/session/HostTensor.h"

#include "absl/strings/str_cat.h"

#include <cassert>
#include <cstdlib>
#include <cstring>

namespace tfmlir::session {

size_t DataTypeSize(DataType dt) {
  switch (dt) {
  case DT_FLOAT:
  case DT_INT32:
  case DT_UINT32:
    return 4;
  case DT_DOUBLE:
  case DT_INT64:
  case DT_UINT64:
    return 8;
  case DT_INT16:
  case DT_UINT16:
  case DT_HALF:
  case DT_BFLOAT16:
    return 2;
  case DT_INT8:
  case DT_UINT8:
  case DT_BOOL:
    return 1;
  default:
    return 0;
  }
}

std::string DataTypeString(DataType dt) {
  switch (dt) {
  case DT_FLOAT:
    return "float";
  case DT_DOUBLE:
    return "double";
  case DT_INT32:
    return "int32";
  case DT_UINT8:
    return "uint8";
  case DT_INT16:
    return "int16";
  case DT_INT8:
    return "int8";
  case DT_STRING:
    return "string";
  case DT_INT64:
    return "int64";
  case DT_BOOL:
    return "bool";
  case DT_BFLOAT16:
    return "bfloat16";
  case DT_UINT16:
    return "uint16";
  case DT_HALF:
    return "half";
  case DT_UINT32:
    return "uint32";
  case DT_UINT64:
    return "uint64";
  default:
    return absl::StrCat("unknown dtype enum (", int(dt), ")");
  }
}

std::string DataTypeNumpyName(DataType dt) {
  switch (dt) {
  case DT_FLOAT:
    return "float32";
  case DT_DOUBLE:
    return "float64";
  case DT_HALF:
    return "float16";
  default:
    return DataTypeString(dt);
  }
}

std::optional<DType> toExecutableDType(DataType dt) {
  switch (dt) {
  case DT_FLOAT:
    return DType::kF32;
  case DT_DOUBLE:
    return DType::kF64;
  case DT_BOOL:
    return DType::kBool;
  case DT_INT8:
    return DType::kI8;
  case DT_INT16:
    return DType::kI16;
  case DT_INT32:
    return DType::kI32;
  case DT_INT64:
    return DType::kI64;
  case DT_UINT8:
    return DType::kU8;
  case DT_UINT16:
    return DType::kU16;
  case DT_UINT32:
    return DType::kU32;
  case DT_UINT64:
    return DType::kU64;
  case DT_HALF:
    return DType::kF16;
  case DT_BFLOAT16:
    return DType::kBF16;
  default:
    return std::nullopt;
  }
}

DataType fromExecutableDType(DType t) {
  switch (t) {
  case DType::kF32:
    return DT_FLOAT;
  case DType::kF64:
    return DT_DOUBLE;
  case DType::kBool:
    return DT_BOOL;
  case DType::kI8:
    return DT_INT8;
  case DType::kI16:
    return DT_INT16;
  case DType::kI32:
    return DT_INT32;
  case DType::kI64:
    return DT_INT64;
  case DType::kU8:
    return DT_UINT8;
  case DType::kU16:
    return DT_UINT16;
  case DType::kU32:
    return DT_UINT32;
  case DType::kU64:
    return DT_UINT64;
  case DType::kF16:
    return DT_HALF;
  case DType::kBF16:
    return DT_BFLOAT16;
  }
  return DT_INVALID;
}

int64_t TensorShape::num_elements() const {
  int64_t n = 1;
  for (int64_t d : dims_)
    n *= d;
  return n;
}

std::string TensorShape::DebugString() const {
  std::string s = "[";
  for (size_t i = 0; i < dims_.size(); ++i)
    absl::StrAppend(&s, i ? "," : "", dims_[i]);
  return s + "]";
}

namespace {
std::shared_ptr<void> allocBuffer(size_t bytes) {
  size_t rounded = (bytes + 63) / 64 * 64;
  if (rounded == 0)
    rounded = 64;
  void *p = std::aligned_alloc(64, rounded);
  if (!p)
    return nullptr;
  std::memset(p, 0, rounded);
  return std::shared_ptr<void>(p, [](void *q) { std::free(q); });
}
} // namespace

Tensor::Tensor(DataType dtype, TensorShape shape)
    : dtype_(dtype), shape_(std::move(shape)) {
  for ([[maybe_unused]] int64_t d : shape_.dim_sizes())
    assert(d >= 0 && "negative dim");
  assert(DataTypeSize(dtype) > 0 && "unsupported dtype");
  buf_ = allocBuffer(TotalBytes());
}

absl::StatusOr<Tensor> Tensor::Create(DataType dtype,
                                      std::vector<int64_t> dims) {
  if (DataTypeSize(dtype) == 0)
    return absl::UnimplementedError(absl::StrCat(
        "tensors of dtype ", DataTypeString(dtype), " are not supported"));
  int64_t n = 1;
  for (int64_t d : dims) {
    if (d < 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "negative dimension ", d, " in ", TensorShape(dims).DebugString()));
    if (d != 0 && n > (int64_t(1) << 40) / d)
      return absl::InvalidArgumentError(absl::StrCat(
          "shape ", TensorShape(dims).DebugString(), " is too large"));
    n *= d;
  }
  Tensor t(dtype, TensorShape(std::move(dims)));
  if (!t.buf_)
    return absl::ResourceExhaustedError(
        absl::StrCat("cannot allocate ", t.TotalBytes(), " bytes"));
  return t;
}

Tensor Tensor::Adopt(DataType dtype, TensorShape shape, void *data) {
  Tensor t;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  t.buf_ = std::shared_ptr<void>(data, [](void *q) { freeHostBuffer(q); });
  return t;
}

absl::StatusOr<Tensor> Tensor::Slice(int64_t start, int64_t limit) const {
  if (dims() == 0)
    return absl::InvalidArgumentError("cannot slice a scalar");
  if (start < 0 || limit < start || limit > dim_size(0))
    return absl::InvalidArgumentError(
        absl::StrCat("slice [", start, ", ", limit, ") is out of range for ",
                     shape_.DebugString()));
  Tensor t = *this;
  std::vector<int64_t> d = shape_.dim_sizes();
  int64_t rowElems = 1;
  for (size_t i = 1; i < d.size(); ++i)
    rowElems *= d[i];
  d[0] = limit - start;
  t.shape_ = TensorShape(std::move(d));
  t.offset_ = offset_ + start * rowElems * DataTypeSize(dtype_);
  return t;
}

absl::StatusOr<Tensor> Tensor::Bitcast(DataType dtype,
                                       TensorShape shape) const {
  for (int64_t d : shape.dim_sizes())
    if (d < 0)
      return absl::InvalidArgumentError("negative dimension in bitcast shape " +
                                        shape.DebugString());
  size_t bytes = shape.num_elements() * DataTypeSize(dtype);
  if (DataTypeSize(dtype) == 0 || bytes != TotalBytes())
    return absl::InvalidArgumentError(
        absl::StrCat("cannot bitcast ", DebugString(), " (", TotalBytes(),
                     " bytes) to ", DataTypeString(dtype), " ",
                     shape.DebugString(), " (", bytes, " bytes)"));
  Tensor t = *this;
  t.dtype_ = dtype;
  t.shape_ = std::move(shape);
  return t;
}

Tensor Tensor::DeepCopy() const {
  Tensor t(dtype_, shape_);
  if (TotalBytes())
    std::memcpy(t.data(), data(), TotalBytes());
  return t;
}

std::string Tensor::DebugString() const {
  return absl::StrCat("Tensor<type: ", DataTypeString(dtype_),
                      " shape: ", shape_.DebugString(), ">");
}

} // namespace tfmlir::session
