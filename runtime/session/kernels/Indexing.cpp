//===- Indexing.cpp - data-dependent indexing host kernels ----------------===//
//
// Where, Unique/UniqueWithCounts, ListDiff, TopKV2 (run-time k), GatherV2,
// GatherNd, TensorScatterUpdate, DynamicPartition and
// DynamicStitch/ParallelDynamicStitch with the semantics and InvalidArgument
// wording of TF's CPU kernels (where_op.cc, unique_op.cc, listdiff_op.cc,
// topk_op.cc, gather_op.cc, gather_nd_op.cc, scatter_nd_op.cc,
// dynamic_partition_op.cc, dynamic_stitch_op.cc). Unlike the compiled
// GatherV2/GatherNd (which clamp, as XLA does), out-of-range indices are
// errors here, as on TF's CPU.
//===----------------------------------------------------------------------===//
#include "lib/Support/NonFinite.h"
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include <algorithm>
#include <cstring>
#include <numeric>
#include <optional>
#include <unordered_map>
#include <unordered_set>

namespace tfmlir::session {
namespace {

int64_t product(const std::vector<int64_t> &s, size_t from, size_t to) {
  int64_t p = 1;
  for (size_t i = from; i < to; ++i)
    p *= s[i];
  return p;
}

/// True when element i of `t` is non-zero (bool: the byte; floats: != 0,
/// NaN counts as true as in C++).
bool nonZero(const HostTensor &t, int64_t i) {
  if (t.dtype() == DType::kF16 || t.dtype() == DType::kBF16)
    return realElement(t, i) != 0;
  return dispatchDType(t.dtype(), [&](auto v) {
    using T = decltype(v);
    return t.data<T>()[i] != T(0);
  });
}

/// Where(input): int64 [num_true, rank] coordinates, row-major order.
absl::Status where(KernelContext &ctx) {
  const HostTensor &in = *ctx.inputs[0];
  const std::vector<int64_t> &s = in.shape();
  int64_t n = in.numElements(), rank = s.size();
  std::vector<int64_t> hits;
  for (int64_t i = 0; i < n; ++i)
    if (nonZero(in, i))
      hits.push_back(i);
  HostTensor out(DType::kI64, {static_cast<int64_t>(hits.size()), rank});
  int64_t *o = out.data<int64_t>();
  for (int64_t h : hits) {
    for (int64_t d = rank - 1; d >= 0; --d) {
      o[d] = h % s[d];
      h /= s[d];
    }
    o += rank;
  }
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

/// Unique / UniqueWithCounts on a 1-D tensor: values in order of first
/// occurrence; idx (and count) in the dtype of the op's results.
class UniqueKernel : public HostKernel {
public:
  UniqueKernel(DType idxType, bool counts)
      : idxType_(idxType), counts_(counts) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &x = *ctx.inputs[0];
    if (x.shape().size() != 1)
      return absl::InvalidArgumentError(
          absl::StrCat("unique expects a 1D vector.", " Got shape ",
                       shapeDebugString(x.shape())));
    int64_t n = x.shape()[0];
    std::vector<int64_t> idx(n), firstOf;
    std::vector<int64_t> count;
    dispatchDType(x.dtype(), [&](auto v) {
      using T = decltype(v);
      const T *d = x.data<T>();
      std::unordered_map<T, int64_t> seen;
      for (int64_t i = 0; i < n; ++i) {
        auto [it, inserted] = seen.try_emplace(d[i], firstOf.size());
        if (inserted) {
          firstOf.push_back(i);
          count.push_back(0);
        }
        idx[i] = it->second;
        ++count[it->second];
      }
    });
    int64_t u = firstOf.size();
    size_t es = dtypeSize(x.dtype());
    absl::StatusOr<HostTensor> yOr = HostTensor::create(x.dtype(), {u});
    if (!yOr.ok())
      return yOr.status();
    HostTensor &y = *yOr;
    for (int64_t k = 0; k < u; ++k)
      std::memcpy(static_cast<char *>(y.raw()) + k * es,
                  static_cast<const char *>(x.raw()) + firstOf[k] * es, es);
    ctx.outputs.push_back(std::move(y));
    auto emit = [&](const std::vector<int64_t> &v) -> absl::Status {
      absl::StatusOr<HostTensor> tOr =
          HostTensor::create(idxType_, {static_cast<int64_t>(v.size())});
      if (!tOr.ok())
        return tOr.status();
      HostTensor &t = *tOr;
      for (size_t i = 0; i < v.size(); ++i) {
        if (idxType_ == DType::kI32)
          t.data<int32_t>()[i] = static_cast<int32_t>(v[i]);
        else
          t.data<int64_t>()[i] = v[i];
      }
      ctx.outputs.push_back(std::move(t));
      return absl::OkStatus();
    };
    if (absl::Status st = emit(idx); !st.ok())
      return st;
    if (counts_)
      return emit(count);
    return absl::OkStatus();
  }

private:
  DType idxType_;
  bool counts_;
};

/// ListDiff(x, y) (TF's SetDiff1D, listdiff_op.cc): out = the elements of
/// 1-D x that are not in 1-D y, in order, idx = their positions in x
/// (dtype out_idx); equality is C++ `==` as TF's unordered_set.
class ListDiffKernel : public HostKernel {
public:
  explicit ListDiffKernel(DType idxType) : idxType_(idxType) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &x = *ctx.inputs[0];
    const HostTensor &y = *ctx.inputs[1];
    if (x.shape().size() != 1)
      return absl::InvalidArgumentError("x should be a 1D vector.");
    if (y.shape().size() != 1)
      return absl::InvalidArgumentError("y should be a 1D vector.");
    std::vector<int64_t> keep;
    dispatchDType(x.dtype(), [&](auto v) {
      using T = decltype(v);
      const T *xd = x.data<T>(), *yd = y.data<T>();
      std::unordered_set<T> drop(yd, yd + y.shape()[0]);
      for (int64_t i = 0; i < x.shape()[0]; ++i)
        if (!drop.count(xd[i]))
          keep.push_back(i);
    });
    int64_t k = keep.size();
    size_t es = dtypeSize(x.dtype());
    absl::StatusOr<HostTensor> outOr = HostTensor::create(x.dtype(), {k});
    if (!outOr.ok())
      return outOr.status();
    absl::StatusOr<HostTensor> idxOr = HostTensor::create(idxType_, {k});
    if (!idxOr.ok())
      return idxOr.status();
    for (int64_t j = 0; j < k; ++j) {
      std::memcpy(static_cast<char *>(outOr->raw()) + j * es,
                  static_cast<const char *>(x.raw()) + keep[j] * es, es);
      if (idxType_ == DType::kI32)
        idxOr->data<int32_t>()[j] = static_cast<int32_t>(keep[j]);
      else
        idxOr->data<int64_t>()[j] = keep[j];
    }
    ctx.outputs.push_back(std::move(*outOr));
    ctx.outputs.push_back(std::move(*idxOr));
    return absl::OkStatus();
  }

private:
  DType idxType_;
};

/// TopKV2(input, k): the k largest along the last dim, descending, equal
/// values lower index first (TF's CPU TopK is a stable sort on value), also
/// when `sorted` is false (TF: order unspecified; ours stays sorted); NaN
/// above +inf, as compiled code (greaterNaNFirst, lib/Support/NonFinite.h).
class TopKKernel : public HostKernel {
public:
  explicit TopKKernel(DType idxType) : idxType_(idxType) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &in = *ctx.inputs[0];
    auto k = scalarInt(*ctx.inputs[1], "k");
    if (!k.ok())
      return k.status();
    if (*k < 0)
      return absl::InvalidArgumentError(absl::StrCat("Need k >= 0, got ", *k));
    if (in.shape().empty())
      return absl::InvalidArgumentError(absl::StrCat(
          "input must be >= 1-D, got shape ", shapeDebugString(in.shape())));
    if (in.dtype() == DType::kF16 || in.dtype() == DType::kBF16)
      return absl::UnimplementedError(absl::StrCat(
          "TopKV2 on the host does not take ", dtypeName(in.dtype())));
    int64_t cols = in.shape().back();
    if (cols < *k)
      return absl::InvalidArgumentError(absl::StrCat(
          "input must have at least k columns. Had ", cols, ", needed ", *k));
    int64_t rows = cols ? in.numElements() / cols : 0;
    std::vector<int64_t> outShape = in.shape();
    outShape.back() = *k;
    HostTensor values(in.dtype(), outShape), indices(idxType_, outShape);
    std::vector<int64_t> order(cols);
    dispatchDType(in.dtype(), [&](auto v) {
      using T = decltype(v);
      for (int64_t r = 0; r < rows; ++r) {
        const T *row = in.data<T>() + r * cols;
        std::iota(order.begin(), order.end(), 0);
        std::stable_sort(order.begin(), order.end(), [&](int64_t a, int64_t b) {
          return tfmlir::greaterNaNFirst(row[a], row[b]);
        });
        for (int64_t j = 0; j < *k; ++j) {
          values.data<T>()[r * *k + j] = row[order[j]];
          if (idxType_ == DType::kI32)
            indices.data<int32_t>()[r * *k + j] =
                static_cast<int32_t>(order[j]);
          else
            indices.data<int64_t>()[r * *k + j] = order[j];
        }
      }
    });
    ctx.outputs.push_back(std::move(values));
    ctx.outputs.push_back(std::move(indices));
    return absl::OkStatus();
  }

private:
  DType idxType_;
};

/// GatherV2(params, indices, axis) with batch_dims = 0.
absl::Status gatherV2(KernelContext &ctx) {
  const HostTensor &params = *ctx.inputs[0], &indices = *ctx.inputs[1];
  auto axisOr = scalarInt(*ctx.inputs[2], "axis");
  if (!axisOr.ok())
    return axisOr.status();
  int64_t rank = params.shape().size(), axis = *axisOr;
  if (axis < -rank || axis >= rank)
    return absl::InvalidArgumentError(
        absl::StrCat("Expected axis in the range [", -rank, ", ", rank,
                     "), but got ", axis));
  if (axis < 0)
    axis += rank;
  const std::vector<int64_t> &ps = params.shape();
  int64_t outer = product(ps, 0, axis), limit = ps[axis],
          inner = product(ps, axis + 1, ps.size());
  int64_t ni = indices.numElements();
  std::vector<int64_t> outShape(ps.begin(), ps.begin() + axis);
  outShape.insert(outShape.end(), indices.shape().begin(),
                  indices.shape().end());
  outShape.insert(outShape.end(), ps.begin() + axis + 1, ps.end());
  auto outOr = HostTensor::create(params.dtype(), outShape);
  if (!outOr.ok())
    return outOr.status();
  HostTensor &out = *outOr;
  size_t row = inner * dtypeSize(params.dtype());
  const char *src = static_cast<const char *>(params.raw());
  char *dst = static_cast<char *>(out.raw());
  for (int64_t j = 0; j < ni; ++j) {
    int64_t ix = intElement(indices, j);
    if (ix < 0 || ix >= limit)
      return absl::InvalidArgumentError(absl::StrCat(
          "indices[", j, "] = ", ix, " is not in [0, ", limit, ")"));
  }
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t j = 0; j < ni; ++j)
      std::memcpy(dst + (o * ni + j) * row,
                  src + (o * limit + intElement(indices, j)) * row, row);
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

/// The row-major offset, in slices of shape[k:], of index row `row` of
/// `indices` (its k values index shape[0..k)); nullopt when a value is
/// outside [0, shape[d]). Shared by GatherNd and TensorScatterUpdate.
std::optional<int64_t> flatOffsetOf(const HostTensor &indices, int64_t row,
                                    int64_t k,
                                    const std::vector<int64_t> &shape) {
  int64_t off = 0;
  for (int64_t d = 0; d < k; ++d) {
    int64_t ix = intElement(indices, row * k + d);
    if (ix < 0 || ix >= shape[d])
      return std::nullopt;
    off = off * shape[d] + ix;
  }
  return off;
}

/// TF's InvalidArgument for index row `row` that flatOffsetOf refused:
/// "indices[1] = [7, 0] does not index into <what>[5, 2]".
absl::Status badIndexRow(const HostTensor &indices, int64_t row, int64_t k,
                         const std::vector<int64_t> &shape,
                         absl::string_view what) {
  std::vector<int64_t> bad;
  for (int64_t e = 0; e < k; ++e)
    bad.push_back(intElement(indices, row * k + e));
  return absl::InvalidArgumentError(
      absl::StrCat("indices[", row, "] = [", absl::StrJoin(bad, ", "),
                   "] does not index into ", what, shapeDebugString(shape)));
}

/// True for bad_indices_policy "IGNORE"; "", "DEFAULT" and "ERROR" (the
/// others the verifier admits) make an out-of-range index an error.
bool ignoresBadIndices(mlir::Operation *op) {
  auto p = op->getAttrOfType<mlir::StringAttr>("bad_indices_policy");
  return p && p.getValue() == "IGNORE";
}

/// GatherNd(params, indices) (TF's gather_nd_op.cc): out =
/// indices.shape[:-1] + params.shape[K:], K = indices.shape[-1], each index
/// row selecting the slice params[i0, ..., iK-1]. An out-of-range row is
/// TF's InvalidArgument ("indices[1] = [7] does not index into param shape
/// [5]"), or, with bad_indices_policy "IGNORE", a zero slice (TF's CPU
/// kernel). Any dtype (bytes are copied).
class GatherNdKernel : public HostKernel {
public:
  explicit GatherNdKernel(bool ignoreBad) : ignoreBad_(ignoreBad) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &params = *ctx.inputs[0], &indices = *ctx.inputs[1];
    const std::vector<int64_t> &ps = params.shape(), &is = indices.shape();
    if (is.empty())
      return absl::InvalidArgumentError(
          "indices must be at least a vector, got a scalar");
    int64_t k = is.back();
    if (k > static_cast<int64_t>(ps.size()))
      return absl::InvalidArgumentError(absl::StrCat(
          "index innermost dimension length must be <= params rank; saw: ", k,
          " vs. ", ps.size()));
    int64_t n = product(is, 0, is.size() - 1);
    int64_t slice = product(ps, k, ps.size());
    std::vector<int64_t> outShape(is.begin(), is.end() - 1);
    outShape.insert(outShape.end(), ps.begin() + k, ps.end());
    auto outOr = HostTensor::create(params.dtype(), outShape);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    size_t bytes = slice * dtypeSize(params.dtype());
    char *dst = static_cast<char *>(out.raw());
    for (int64_t j = 0; j < n; ++j) {
      std::optional<int64_t> off = flatOffsetOf(indices, j, k, ps);
      if (!off && !ignoreBad_)
        return badIndexRow(indices, j, k, ps, "param shape ");
      if (!off)
        std::memset(dst + j * bytes, 0, bytes);
      else
        std::memcpy(dst + j * bytes,
                    static_cast<const char *>(params.raw()) + *off * bytes,
                    bytes);
    }
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  bool ignoreBad_;
};

/// TensorScatterUpdate(tensor, indices, updates) (TF's scatter_nd_op.cc,
/// TensorScatterOp with the assign functor): a copy of `tensor` with the
/// slice tensor.shape[K:] at each index row (K = indices.shape[-1])
/// replaced by the matching slice of `updates`, rows in order (with
/// duplicate indices the last one wins, as TF's CPU kernel). updates must
/// have shape indices.shape[:-1] + tensor.shape[K:]. Any dtype (bytes are
/// copied). Errors: TF's InvalidArgument for shapes and for an index out of
/// range ("indices[1] = [7] does not index into shape [5]"); with
/// bad_indices_policy "IGNORE" such a row is skipped, as TF does.
class TensorScatterUpdateKernel : public HostKernel {
public:
  explicit TensorScatterUpdateKernel(bool ignoreBad) : ignoreBad_(ignoreBad) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &tensor = *ctx.inputs[0], &indices = *ctx.inputs[1],
                     &updates = *ctx.inputs[2];
    const std::vector<int64_t> &ts = tensor.shape(), &is = indices.shape(),
                               &us = updates.shape();
    if (is.empty())
      return absl::InvalidArgumentError(
          "Indices shape must have rank at least one. Found:[]");
    if (ts.empty())
      return absl::InvalidArgumentError(
          "Output must be at least 1-D, got shape: []");
    if (updates.dtype() != tensor.dtype())
      return absl::InvalidArgumentError(
          "updates must have the dtype of tensor");
    int64_t k = is.back();
    if (k > static_cast<int64_t>(ts.size()))
      return absl::InvalidArgumentError(absl::StrCat(
          "Dimensions [0,", is.size(),
          ") of indices[shape=", shapeDebugString(is),
          "] must match dimensions of tensor; the index "
          "depth ",
          k, " is larger than the rank of tensor[shape=", shapeDebugString(ts),
          "]"));
    std::vector<int64_t> want(is.begin(), is.end() - 1);
    want.insert(want.end(), ts.begin() + k, ts.end());
    if (us != want)
      return absl::InvalidArgumentError(absl::StrCat(
          "updates must have shape indices.shape[:-1] + tensor.shape[", k,
          ":] = ", shapeDebugString(want), ", got updates[shape=",
          shapeDebugString(us), "] for indices[shape=", shapeDebugString(is),
          "] and tensor[shape=", shapeDebugString(ts), "]"));
    HostTensor out = tensor.clone();
    int64_t n = product(is, 0, is.size() - 1);
    size_t bytes = product(ts, k, ts.size()) * dtypeSize(tensor.dtype());
    for (int64_t j = 0; j < n; ++j) {
      std::optional<int64_t> off = flatOffsetOf(indices, j, k, ts);
      if (!off && !ignoreBad_)
        return badIndexRow(indices, j, k, ts, "shape ");
      if (off)
        std::memcpy(static_cast<char *>(out.raw()) + *off * bytes,
                    static_cast<const char *>(updates.raw()) + j * bytes,
                    bytes);
    }
    ctx.outputs.push_back(std::move(out));
    return absl::OkStatus();
  }

private:
  bool ignoreBad_;
};

/// DynamicPartition(data, partitions) into `num` outputs.
class DynamicPartitionKernel : public HostKernel {
public:
  explicit DynamicPartitionKernel(int64_t num) : num_(num) {}
  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &data = *ctx.inputs[0], &parts = *ctx.inputs[1];
    const std::vector<int64_t> &ds = data.shape(), &pshape = parts.shape();
    if (pshape.size() > ds.size() ||
        !std::equal(pshape.begin(), pshape.end(), ds.begin()))
      return absl::InvalidArgumentError(absl::StrCat(
          "data.shape must start with partitions.shape, got data.shape = ",
          shapeDebugString(ds),
          ", partitions.shape = ", shapeDebugString(pshape)));
    int64_t n = parts.numElements();
    int64_t slice = product(ds, pshape.size(), ds.size());
    std::vector<int64_t> counts(num_, 0);
    for (int64_t i = 0; i < n; ++i) {
      int64_t p = intElement(parts, i);
      if (p < 0 || p >= num_)
        return absl::InvalidArgumentError(absl::StrCat(
            "partitions[", i, "] = ", p, " is not in [0, ", num_, ")"));
      ++counts[p];
    }
    size_t bytes = slice * dtypeSize(data.dtype());
    std::vector<char *> dst;
    for (int64_t p = 0; p < num_; ++p) {
      std::vector<int64_t> shape{counts[p]};
      shape.insert(shape.end(), ds.begin() + pshape.size(), ds.end());
      ctx.outputs.emplace_back(data.dtype(), shape);
    }
    for (HostTensor &t : ctx.outputs)
      dst.push_back(static_cast<char *>(t.raw()));
    for (int64_t i = 0; i < n; ++i) {
      int64_t p = intElement(parts, i);
      std::memcpy(dst[p], static_cast<const char *>(data.raw()) + i * bytes,
                  bytes);
      dst[p] += bytes;
    }
    return absl::OkStatus();
  }

private:
  int64_t num_;
};

/// DynamicStitch(indices[0..N), data[0..N)): merged[indices[i][j]] =
/// data[i][j]; later (i, j) win for duplicate indices.
absl::Status dynamicStitch(KernelContext &ctx) {
  size_t n = ctx.inputs.size() / 2;
  if (n == 0)
    return absl::InvalidArgumentError("DynamicStitch needs at least one input");
  int64_t maxIndex = -1;
  const HostTensor &d0 = *ctx.inputs[n], &i0 = *ctx.inputs[0];
  std::vector<int64_t> suffix(d0.shape().begin() + i0.shape().size(),
                              d0.shape().end());
  for (size_t i = 0; i < n; ++i) {
    const HostTensor &ix = *ctx.inputs[i], &d = *ctx.inputs[n + i];
    std::vector<int64_t> want = ix.shape();
    want.insert(want.end(), suffix.begin(), suffix.end());
    if (d.shape() != want || d.dtype() != d0.dtype())
      return absl::InvalidArgumentError(
          absl::StrCat("data[", i, "].shape = ", shapeDebugString(d.shape()),
                       " does not start with indices[", i,
                       "].shape = ", shapeDebugString(ix.shape())));
    for (int64_t j = 0; j < ix.numElements(); ++j)
      maxIndex = std::max(maxIndex, intElement(ix, j));
  }
  std::vector<int64_t> outShape{maxIndex + 1};
  outShape.insert(outShape.end(), suffix.begin(), suffix.end());
  auto outOr = HostTensor::create(d0.dtype(), outShape);
  if (!outOr.ok())
    return outOr.status();
  HostTensor &out = *outOr;
  size_t bytes = product(suffix, 0, suffix.size()) * dtypeSize(d0.dtype());
  for (size_t i = 0; i < n; ++i) {
    const HostTensor &ix = *ctx.inputs[i], &d = *ctx.inputs[n + i];
    for (int64_t j = 0; j < ix.numElements(); ++j) {
      int64_t k = intElement(ix, j);
      if (k < 0)
        return absl::InvalidArgumentError(
            absl::StrCat("indices[", i, "][", j, "] = ", k, " is negative"));
      std::memcpy(static_cast<char *>(out.raw()) + k * bytes,
                  static_cast<const char *>(d.raw()) + j * bytes, bytes);
    }
  }
  ctx.outputs.push_back(std::move(out));
  return absl::OkStatus();
}

} // namespace

void addIndexingKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.Where"] = lambdaKernel(where);
  t["tf.GatherV2"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    if (auto b = op->getAttrOfType<mlir::IntegerAttr>("batch_dims");
        b && b.getInt() != 0)
      return absl::UnimplementedError(
          "GatherV2 with batch_dims != 0 has no host kernel");
    return std::make_unique<LambdaKernel>(gatherV2);
  };
  // bad_indices_policy "", DEFAULT and ERROR: an out-of-range index is an
  // error, as on TF's CPU; IGNORE zeroes (GatherNd) or skips (scatter) it.
  t["tf.GatherNd"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    return std::make_unique<GatherNdKernel>(ignoresBadIndices(op));
  };
  t["tf.TensorScatterUpdate"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    return std::make_unique<TensorScatterUpdateKernel>(ignoresBadIndices(op));
  };
  t["tf.DynamicStitch"] = lambdaKernel(dynamicStitch);
  t["tf.ParallelDynamicStitch"] = lambdaKernel(dynamicStitch);
  auto unique = [](bool counts) {
    return [counts](mlir::Operation *op)
               -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      absl::StatusOr<DType> idx = resultDType(op, 1);
      if (!idx.ok())
        return idx.status();
      return std::make_unique<UniqueKernel>(*idx, counts);
    };
  };
  t["tf.Unique"] = unique(false);
  t["tf.UniqueWithCounts"] = unique(true);
  t["tf.ListDiff"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> idx = resultDType(op, 1);
    if (!idx.ok())
      return idx.status();
    if (*idx != DType::kI32 && *idx != DType::kI64)
      return absl::InvalidArgumentError(
          "ListDiff: out_idx must be int32 or int64");
    return std::make_unique<ListDiffKernel>(*idx);
  };
  t["tf.TopKV2"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<DType> idx = resultDType(op, 1);
    if (!idx.ok())
      return idx.status();
    return std::make_unique<TopKKernel>(*idx);
  };
  t["tf.DynamicPartition"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    return std::make_unique<DynamicPartitionKernel>(op->getNumResults());
  };
}

} // namespace tfmlir::session
