//===- Unique.cpp - UNIQUE ------------------------------------------------===//
//
// UNIQUE as TFLite's kernels/unique.cc (TF's Unique): input x 1-D; output 0
// the distinct values in first-occurrence order ([k], dynamic: sized when
// x's values are known), output 1 for each x[i] the index of its value in
// output 0 (int32 or int64, idx_out_type). Types: float32, int8, int16,
// int32, int64, uint8. Floats compare by value: -0 equals 0 (the first one
// seen is kept) and every NaN is distinct (NaN != NaN), as TF.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <unordered_map>

namespace tfmlir::lite::kernels {
namespace {

/// Per-element indices into the unique values (`idx`) and the position of
/// each unique value's first occurrence (`firstPos`).
template <typename T>
void uniqueT(const Tensor &x, std::vector<int64_t> &idx,
             std::vector<int64_t> &firstPos) {
  const T *v = x.as<T>();
  const int64_t n = x.numElements();
  idx.resize(n);
  firstPos.clear();
  std::unordered_map<T, int64_t> seen;
  for (int64_t i = 0; i < n; ++i) {
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(v[i])) {
        idx[i] = static_cast<int64_t>(firstPos.size());
        firstPos.push_back(i);
        continue;
      }
    }
    auto [it, inserted] =
        seen.try_emplace(v[i], static_cast<int64_t>(firstPos.size()));
    if (inserted)
      firstPos.push_back(i);
    idx[i] = it->second;
  }
}

absl::Status computeUnique(const Tensor &x, std::vector<int64_t> &idx,
                           std::vector<int64_t> &firstPos) {
  switch (x.type) {
  case TensorType::kFloat32:
    uniqueT<float>(x, idx, firstPos);
    break;
  case TensorType::kInt8:
    uniqueT<int8_t>(x, idx, firstPos);
    break;
  case TensorType::kUInt8:
    uniqueT<uint8_t>(x, idx, firstPos);
    break;
  case TensorType::kInt16:
    uniqueT<int16_t>(x, idx, firstPos);
    break;
  case TensorType::kInt32:
    uniqueT<int32_t>(x, idx, firstPos);
    break;
  case TensorType::kInt64:
    uniqueT<int64_t>(x, idx, firstPos);
    break;
  default:
    return unimplemented("input type ", typeName(x.type));
  }
  return absl::OkStatus();
}

absl::Status uniquePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 2));
  const Tensor *x = ctx.input(0);
  if (x->rank() != 1)
    return invalid("input must be 1-D, is ", shapeToString(x->shape));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), x->type, "output 0"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.output(1), "output 1 (idx)"));
  switch (x->type) {
  case TensorType::kFloat32:
  case TensorType::kInt8:
  case TensorType::kUInt8:
  case TensorType::kInt16:
  case TensorType::kInt32:
  case TensorType::kInt64:
    break;
  default:
    return unimplemented("input type ", typeName(x->type));
  }
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(1, x->shape));
  if (!ctx.hasData(0)) {
    ctx.setOutputsDynamic();
    return absl::OkStatus();
  }
  std::vector<int64_t> idx, first;
  TFMLIR_RETURN_IF_ERROR(computeUnique(*x, idx, first));
  return ctx.resizeOutput(0, {static_cast<int32_t>(first.size())});
}

absl::Status uniqueEval(OpContext &ctx) {
  const Tensor &x = *ctx.input(0);
  Tensor &y = *ctx.output(0), &idxT = *ctx.output(1);
  std::vector<int64_t> idx, first;
  TFMLIR_RETURN_IF_ERROR(computeUnique(x, idx, first));
  if (y.numElements() != static_cast<int64_t>(first.size()))
    return absl::InternalError("UNIQUE count changed since Prepare");
  const size_t es = elementSize(x.type);
  for (size_t k = 0; k < first.size(); ++k)
    std::memcpy(y.data + k * es, x.data + first[k] * es, es);
  for (size_t i = 0; i < idx.size(); ++i) {
    if (idxT.type == TensorType::kInt32)
      idxT.as<int32_t>()[i] = static_cast<int32_t>(idx[i]);
    else
      idxT.as<int64_t>()[i] = idx[i];
  }
  return absl::OkStatus();
}

} // namespace

void registerUnique(MutableOpResolver &r) {
  // Input types (uniquePrepare), as TFLite's unique.cc.
  using TT = TensorType;
  r.addBuiltin(kOp_UNIQUE,
               {uniquePrepare, uniqueEval,
                typeSet(TT::kFloat32, TT::kInt8, TT::kUInt8, TT::kInt16,
                        TT::kInt32, TT::kInt64)},
               1, 1);
}

} // namespace tfmlir::lite::kernels
