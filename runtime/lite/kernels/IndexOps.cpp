//===- IndexOps.cpp - Scatter, top-k, segments, cumsum, one-hot, where, ---===//
//                     and resource variables
//
// SCATTER_ND (duplicates add, as TFLite's reference), TOPK_V2 (last axis,
// descending, ties keep the lower index, NaN above +inf: greaterNaNFirst),
// SEGMENT_SUM (sorted ids), UNSORTED_SEGMENT_{SUM,PROD,MAX,MIN} (empty segments
// get the op's identity, as TF), CUMSUM (exclusive / reverse), ONE_HOT, WHERE
// (int64 coordinates of true elements), and VAR_HANDLE / ASSIGN_VARIABLE /
// READ_VARIABLE with variables shared across subgraphs. Indices out of range
// are InvalidArgument errors.
//
//===----------------------------------------------------------------------===//
#include "lib/Support/NonFinite.h"
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

#include <limits>
#include <numeric>

namespace tfmlir::lite::kernels {
namespace {

absl::Status deferIfNoData(OpContext &ctx, std::initializer_list<int> ins,
                           bool &deferred) {
  deferred = false;
  for (int i : ins)
    if (!ctx.hasData(i)) {
      ctx.setOutputsDynamic();
      deferred = true;
    }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// SCATTER_ND
//===----------------------------------------------------------------------===//

absl::Status scatterPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 3, 1));
  const Tensor *idx = ctx.input(0), *upd = ctx.input(1), *shp = ctx.input(2);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(idx, "indices"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(shp, "shape"));
  if (upd->type != TensorType::kFloat32 && upd->type != TensorType::kInt32 &&
      upd->type != TensorType::kInt64)
    return unimplemented("updates type ", typeName(upd->type));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), upd->type, "output"));
  bool deferred;
  TFMLIR_RETURN_IF_ERROR(deferIfNoData(ctx, {2}, deferred));
  if (deferred)
    return absl::OkStatus();
  std::vector<int32_t> shape;
  for (int64_t i = 0, n = shp->numElements(); i < n; ++i) {
    int64_t d = readInt(*shp, i);
    if (d < 0 || d > std::numeric_limits<int32_t>::max())
      return invalid("bad output dim ", d);
    shape.push_back(static_cast<int32_t>(d));
  }
  if (idx->rank() < 1 || idx->shape.back() > static_cast<int>(shape.size()))
    return invalid("indices ", shapeToString(idx->shape), " do not fit output ",
                   shapeToString(shape));
  int k = idx->shape.back();
  int64_t nIdx = k ? idx->numElements() / k : 0, inner = 1;
  for (size_t d = k; d < shape.size(); ++d)
    inner *= shape[d];
  if (upd->numElements() != nIdx * inner)
    return invalid("updates ", shapeToString(upd->shape), " do not match ",
                   nIdx, " slices of ", inner);
  return ctx.resizeOutput(0, shape);
}

template <typename T> absl::Status scatterT(OpContext &ctx) {
  const Tensor &idx = *ctx.input(0), &upd = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  T *y = out.as<T>();
  std::fill(y, y + out.numElements(), T(0));
  int k = idx.shape.back();
  int64_t nIdx = k ? idx.numElements() / k : 0, inner = 1;
  for (int d = k; d < out.rank(); ++d)
    inner *= out.shape[d];
  std::vector<int64_t> stride(k, inner);
  for (int d = k - 2; d >= 0; --d)
    stride[d] = stride[d + 1] * out.shape[d + 1];
  for (int64_t i = 0; i < nIdx; ++i) {
    int64_t off = 0;
    for (int j = 0; j < k; ++j) {
      int64_t v = readInt(idx, i * k + j);
      if (v < 0 || v >= out.shape[j])
        return invalid("index ", v, " out of range for dim ", j);
      off += v * stride[j];
    }
    for (int64_t e = 0; e < inner; ++e)
      y[off + e] = static_cast<T>(y[off + e] + upd.as<T>()[i * inner + e]);
  }
  return absl::OkStatus();
}

absl::Status scatterEval(OpContext &ctx) {
  switch (ctx.input(1)->type) {
  case TensorType::kFloat32:
    return scatterT<float>(ctx);
  case TensorType::kInt32:
    return scatterT<int32_t>(ctx);
  default:
    return scatterT<int64_t>(ctx);
  }
}

//===----------------------------------------------------------------------===//
// TOPK_V2
//===----------------------------------------------------------------------===//

absl::Status topkPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 2));
  const Tensor *in = ctx.input(0), *k = ctx.input(1);
  if (in->type != TensorType::kFloat32 && in->type != TensorType::kInt32 &&
      in->type != TensorType::kInt64)
    return unimplemented("input type ", typeName(in->type));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(k, "k"));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "values"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.output(1), "indices"));
  if (in->rank() < 1 || k->numElements() != 1)
    return invalid("input must have rank >= 1 and k one element");
  bool deferred;
  TFMLIR_RETURN_IF_ERROR(deferIfNoData(ctx, {1}, deferred));
  if (deferred)
    return absl::OkStatus();
  int64_t kv = readInt(*k, 0);
  if (kv < 0 || kv > in->shape.back())
    return invalid("k = ", kv, " out of range [0, ", in->shape.back(), "]");
  std::vector<int32_t> shape = in->shape;
  shape.back() = static_cast<int32_t>(kv);
  TFMLIR_RETURN_IF_ERROR(ctx.resizeOutput(0, shape));
  return ctx.resizeOutput(1, shape);
}

template <typename T> absl::Status topkT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  Tensor &vals = *ctx.output(0), &ids = *ctx.output(1);
  int64_t n = in.shape.back(), k = vals.shape.back();
  int64_t rows = n ? in.numElements() / n : 0;
  std::vector<int32_t> order(n);
  for (int64_t r = 0; r < rows; ++r) {
    const T *x = in.as<T>() + r * n;
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int32_t a, int32_t b) {
      return tfmlir::greaterNaNFirst(x[a], x[b]);
    });
    for (int64_t i = 0; i < k; ++i) {
      vals.as<T>()[r * k + i] = x[order[i]];
      if (ids.type == TensorType::kInt64)
        ids.as<int64_t>()[r * k + i] = order[i];
      else
        ids.as<int32_t>()[r * k + i] = order[i];
    }
  }
  return absl::OkStatus();
}

absl::Status topkEval(OpContext &ctx) {
  switch (ctx.input(0)->type) {
  case TensorType::kFloat32:
    return topkT<float>(ctx);
  case TensorType::kInt32:
    return topkT<int32_t>(ctx);
  default:
    return topkT<int64_t>(ctx);
  }
}

//===----------------------------------------------------------------------===//
// SEGMENT_SUM, UNSORTED_SEGMENT_*
//===----------------------------------------------------------------------===//

absl::Status segmentPrepare(OpContext &ctx) {
  bool sorted = ctx.op().builtinCode == kOp_SEGMENT_SUM;
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, sorted ? 2 : 3, 1));
  const Tensor *data = ctx.input(0), *ids = ctx.input(1);
  if (data->type != TensorType::kFloat32 && data->type != TensorType::kInt32)
    return unimplemented("data type ", typeName(data->type));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), data->type, "output"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ids, "segment_ids"));
  if (sorted &&
      (ids->rank() != 1 || data->rank() < 1 || ids->shape[0] != data->shape[0]))
    return invalid("segment_ids must be 1-D with data's first dim");
  if (!sorted &&
      (ids->rank() > data->rank() ||
       !std::equal(ids->shape.begin(), ids->shape.end(), data->shape.begin())))
    return invalid("segment_ids shape ", shapeToString(ids->shape),
                   " is not a prefix of data shape ",
                   shapeToString(data->shape));
  bool deferred;
  TFMLIR_RETURN_IF_ERROR(deferIfNoData(ctx,
                                       sorted ? std::initializer_list<int>{1}
                                              : std::initializer_list<int>{2},
                                       deferred));
  if (deferred)
    return absl::OkStatus();
  int64_t segs;
  if (sorted) {
    segs = 0;
    int64_t prev = 0;
    for (int64_t i = 0, n = ids->numElements(); i < n; ++i) {
      int64_t v = readInt(*ids, i);
      if (v < 0 || v < prev)
        return invalid("segment_ids must be sorted and non-negative");
      prev = v;
      segs = v + 1;
    }
    if (segs > std::numeric_limits<int32_t>::max())
      return invalid("too many segments");
  } else {
    TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(2), "num_segments"));
    if (ctx.input(2)->numElements() != 1)
      return invalid("num_segments must be a scalar");
    segs = readInt(*ctx.input(2), 0);
    if (segs < 0 || segs > std::numeric_limits<int32_t>::max())
      return invalid("bad num_segments ", segs);
  }
  std::vector<int32_t> shape = {static_cast<int32_t>(segs)};
  shape.insert(shape.end(), data->shape.begin() + (sorted ? 1 : ids->rank()),
               data->shape.end());
  return ctx.resizeOutput(0, shape);
}

template <typename T> absl::Status segmentT(OpContext &ctx) {
  const Tensor &data = *ctx.input(0), &ids = *ctx.input(1);
  Tensor &out = *ctx.output(0);
  int32_t code = ctx.op().builtinCode;
  int64_t nIds = ids.numElements();
  int64_t inner = nIds ? data.numElements() / nIds : 0;
  int64_t segs = out.shape[0];
  T init = code == kOp_UNSORTED_SEGMENT_PROD  ? T(1)
           : code == kOp_UNSORTED_SEGMENT_MAX ? std::numeric_limits<T>::lowest()
           : code == kOp_UNSORTED_SEGMENT_MIN ? std::numeric_limits<T>::max()
                                              : T(0);
  T *y = out.as<T>();
  std::fill(y, y + out.numElements(), init);
  for (int64_t i = 0; i < nIds; ++i) {
    int64_t s = readInt(ids, i);
    if (s < 0)
      continue; // TF drops negative ids in unsorted segment ops
    if (s >= segs)
      return invalid("segment id ", s, " out of range [0, ", segs, ")");
    for (int64_t e = 0; e < inner; ++e) {
      T v = data.as<T>()[i * inner + e];
      T &a = y[s * inner + e];
      switch (code) {
      case kOp_UNSORTED_SEGMENT_PROD:
        a = static_cast<T>(a * v);
        break;
      case kOp_UNSORTED_SEGMENT_MAX:
        a = std::max(a, v);
        break;
      case kOp_UNSORTED_SEGMENT_MIN:
        a = std::min(a, v);
        break;
      default:
        a = static_cast<T>(a + v);
      }
    }
  }
  return absl::OkStatus();
}

absl::Status segmentEval(OpContext &ctx) {
  if (ctx.input(0)->type == TensorType::kFloat32)
    return segmentT<float>(ctx);
  return segmentT<int32_t>(ctx);
}

//===----------------------------------------------------------------------===//
// CUMSUM, ONE_HOT, WHERE
//===----------------------------------------------------------------------===//

absl::Status cumsumPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 1));
  const Tensor *in = ctx.input(0);
  if (in->type != TensorType::kFloat32 && in->type != TensorType::kInt32 &&
      in->type != TensorType::kInt64)
    return unimplemented("input type ", typeName(in->type));
  TFMLIR_RETURN_IF_ERROR(checkType(ctx.output(0), in->type, "output"));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.input(1), "axis"));
  if (ctx.input(1)->numElements() != 1)
    return invalid("axis must be a scalar");
  return ctx.resizeOutput(0, in->shape);
}

template <typename T> absl::Status cumsumT(OpContext &ctx) {
  const Tensor &in = *ctx.input(0);
  int a;
  TFMLIR_RETURN_IF_ERROR(
      normalizeAxis(readInt(*ctx.input(1), 0), in.rank(), a));
  int64_t outer = 1, inner = 1, D = in.shape[a];
  for (int d = 0; d < a; ++d)
    outer *= in.shape[d];
  for (int d = a + 1; d < in.rank(); ++d)
    inner *= in.shape[d];
  const bool ex = ctx.options().exclusive, rev = ctx.options().reverse;
  const T *x = in.as<T>();
  T *y = ctx.output(0)->as<T>();
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t i = 0; i < inner; ++i) {
      T acc = 0;
      for (int64_t s = 0; s < D; ++s) {
        int64_t k = rev ? D - 1 - s : s;
        int64_t p = (o * D + k) * inner + i;
        if (ex) {
          y[p] = acc;
          acc = static_cast<T>(acc + x[p]);
        } else {
          acc = static_cast<T>(acc + x[p]);
          y[p] = acc;
        }
      }
    }
  return absl::OkStatus();
}

absl::Status cumsumEval(OpContext &ctx) {
  switch (ctx.input(0)->type) {
  case TensorType::kFloat32:
    return cumsumT<float>(ctx);
  case TensorType::kInt32:
    return cumsumT<int32_t>(ctx);
  default:
    return cumsumT<int64_t>(ctx);
  }
}

absl::Status oneHotPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 4, 1));
  const Tensor *idx = ctx.input(0), *depth = ctx.input(1), *on = ctx.input(2),
               *off = ctx.input(3);
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(idx, "indices"));
  TFMLIR_RETURN_IF_ERROR(checkType(depth, TensorType::kInt32, "depth"));
  if (on->type != off->type || ctx.output(0)->type != on->type ||
      elementSize(on->type) == 0 || on->numElements() != 1 ||
      off->numElements() != 1)
    return invalid("on/off values must be scalars of the output type");
  bool deferred;
  TFMLIR_RETURN_IF_ERROR(deferIfNoData(ctx, {1}, deferred));
  if (deferred)
    return absl::OkStatus();
  int32_t d = depth->as<int32_t>()[0];
  if (d < 0)
    return invalid("negative depth ", d);
  int axis = ctx.options().axis;
  if (axis == -1)
    axis = idx->rank();
  if (axis < 0 || axis > idx->rank())
    return invalid("axis ", ctx.options().axis, " out of range");
  std::vector<int32_t> shape = idx->shape;
  shape.insert(shape.begin() + axis, d);
  return ctx.resizeOutput(0, shape);
}

absl::Status oneHotEval(OpContext &ctx) {
  const Tensor &idx = *ctx.input(0), &on = *ctx.input(2), &off = *ctx.input(3);
  Tensor &out = *ctx.output(0);
  int axis = ctx.options().axis == -1 ? idx.rank() : ctx.options().axis;
  int64_t outer = 1, inner = 1, D = out.shape[axis];
  for (int d = 0; d < axis; ++d)
    outer *= idx.shape[d];
  for (int d = axis; d < idx.rank(); ++d)
    inner *= idx.shape[d];
  size_t es = elementSize(out.type);
  for (int64_t o = 0; o < outer; ++o)
    for (int64_t k = 0; k < D; ++k)
      for (int64_t i = 0; i < inner; ++i) {
        bool hot = readInt(idx, o * inner + i) == k;
        std::memcpy(out.data + ((o * D + k) * inner + i) * es,
                    hot ? on.data : off.data, es);
      }
  return absl::OkStatus();
}

absl::Status wherePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  const Tensor *c = ctx.input(0);
  if (c->type != TensorType::kBool && c->type != TensorType::kFloat32 &&
      c->type != TensorType::kInt32)
    return unimplemented("condition type ", typeName(c->type));
  TFMLIR_RETURN_IF_ERROR(checkIntTensor(ctx.output(0), "output"));
  bool deferred;
  TFMLIR_RETURN_IF_ERROR(deferIfNoData(ctx, {0}, deferred));
  if (deferred)
    return absl::OkStatus();
  int64_t n = 0;
  for (int64_t i = 0, e = c->numElements(); i < e; ++i) {
    bool t = c->type == TensorType::kBool      ? c->as<bool>()[i]
             : c->type == TensorType::kFloat32 ? c->as<float>()[i] != 0.f
                                               : c->as<int32_t>()[i] != 0;
    n += t;
  }
  return ctx.resizeOutput(0, {static_cast<int32_t>(n), c->rank()});
}

absl::Status whereEval(OpContext &ctx) {
  const Tensor &c = *ctx.input(0);
  Tensor &out = *ctx.output(0);
  int r = c.rank();
  std::vector<int32_t> idx(r, 0);
  int64_t row = 0;
  for (int64_t i = 0, e = c.numElements(); i < e; ++i) {
    bool t = c.type == TensorType::kBool      ? c.as<bool>()[i]
             : c.type == TensorType::kFloat32 ? c.as<float>()[i] != 0.f
                                              : c.as<int32_t>()[i] != 0;
    if (t) {
      if (row >= out.shape[0])
        return absl::InternalError("WHERE count changed");
      for (int d = 0; d < r; ++d) {
        if (out.type == TensorType::kInt64)
          out.as<int64_t>()[row * r + d] = idx[d];
        else
          out.as<int32_t>()[row * r + d] = idx[d];
      }
      ++row;
    }
    for (int d = r - 1; d >= 0; --d) {
      if (++idx[d] < c.shape[d])
        break;
      idx[d] = 0;
    }
  }
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Resource variables
//===----------------------------------------------------------------------===//

absl::Status varHandlePrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 0, 1));
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.output(0), TensorType::kResource, "output"));
  return ctx.resizeOutput(0, {});
}
absl::Status varHandleEval(OpContext &ctx) {
  const OpOptions &o = ctx.options();
  std::string key = o.container + "/" + o.sharedName;
  if (o.sharedName.empty())
    key = absl::StrCat("#subgraph", ctx.subgraph().index(), ":",
                       reinterpret_cast<uintptr_t>(&ctx.op()));
  ctx.output(0)->as<int32_t>()[0] =
      ctx.subgraph().interpreter().resourceId(key);
  return absl::OkStatus();
}

absl::StatusOr<Interpreter::ResourceVar *> varOf(OpContext &ctx) {
  const Tensor *h = ctx.input(0);
  if (!h || h->type != TensorType::kResource || h->numElements() != 1)
    return invalid("input 0 must be a RESOURCE scalar");
  auto *v = ctx.subgraph().interpreter().resource(h->as<int32_t>()[0]);
  if (!v)
    return invalid("unknown resource id ", h->as<int32_t>()[0]);
  return v;
}

absl::Status assignPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 2, 0));
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.input(0), TensorType::kResource, "resource handle"));
  if (elementSize(ctx.input(1)->type) == 0)
    return unimplemented("value type ", typeName(ctx.input(1)->type));
  return absl::OkStatus();
}
absl::Status assignEval(OpContext &ctx) {
  auto v = varOf(ctx);
  if (!v.ok())
    return v.status();
  const Tensor &val = *ctx.input(1);
  if ((*v)->initialized && (*v)->type != val.type)
    return invalid("variable '", (*v)->name, "' holds ", typeName((*v)->type),
                   ", assigned ", typeName(val.type));
  (*v)->initialized = true;
  (*v)->type = val.type;
  (*v)->shape = val.shape;
  (*v)->bytes.assign(val.data, val.data + val.requiredBytes());
  return absl::OkStatus();
}

absl::Status readPrepare(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkArity(ctx, 1, 1));
  TFMLIR_RETURN_IF_ERROR(
      checkType(ctx.input(0), TensorType::kResource, "resource handle"));
  ctx.setOutputsDynamic();
  return absl::OkStatus();
}
absl::Status readEval(OpContext &ctx) {
  auto v = varOf(ctx);
  if (!v.ok())
    return v.status();
  if (!(*v)->initialized)
    return absl::FailedPreconditionError(
        absl::StrCat("variable '", (*v)->name, "' read before assignment"));
  Tensor *o = ctx.output(0);
  if (o->type != (*v)->type)
    return invalid("output type ", typeName(o->type),
                   " differs from the "
                   "variable's ",
                   typeName((*v)->type));
  TFMLIR_RETURN_IF_ERROR(ctx.resizeDynamicOutput(0, (*v)->shape));
  if (!(*v)->bytes.empty())
    std::memcpy(o->data, (*v)->bytes.data(), (*v)->bytes.size());
  return absl::OkStatus();
}

} // namespace

void registerIndexOps(MutableOpResolver &r) {
  // Input types, as the prepares above check them. SCATTER_ND declares its
  // updates (input 1; input 0 is the indices) and ASSIGN_VARIABLE its value
  // (input 1; input 0 is the resource handle); ONE_HOT's input 0 is its
  // int32 / int64 indices. VAR_HANDLE takes no inputs and declares none.
  using TT = TensorType;
  const TypeSet numeric = typeSet(TT::kFloat32, TT::kInt32, TT::kInt64);
  r.addBuiltin(kOp_SCATTER_ND,
               {scatterPrepare, scatterEval, numeric, /*typedInput=*/1}, 1, 1);
  r.addBuiltin(kOp_TOPK_V2, {topkPrepare, topkEval, numeric}, 1, 3);
  for (int32_t c :
       {kOp_SEGMENT_SUM, kOp_UNSORTED_SEGMENT_SUM, kOp_UNSORTED_SEGMENT_PROD,
        kOp_UNSORTED_SEGMENT_MAX, kOp_UNSORTED_SEGMENT_MIN})
    r.addBuiltin(
        c, {segmentPrepare, segmentEval, typeSet(TT::kFloat32, TT::kInt32)}, 1,
        1);
  r.addBuiltin(kOp_CUMSUM, {cumsumPrepare, cumsumEval, numeric}, 1, 1);
  r.addBuiltin(kOp_ONE_HOT,
               {oneHotPrepare, oneHotEval, typeSet(TT::kInt32, TT::kInt64)}, 1,
               1);
  r.addBuiltin(
      kOp_WHERE,
      {wherePrepare, whereEval, typeSet(TT::kBool, TT::kFloat32, TT::kInt32)},
      1, 2);
  r.addBuiltin(kOp_VAR_HANDLE, {varHandlePrepare, varHandleEval}, 1, 1);
  r.addBuiltin(kOp_ASSIGN_VARIABLE,
               {assignPrepare, assignEval, kFixedSizeTypes, /*typedInput=*/1},
               1, 1);
  r.addBuiltin(kOp_READ_VARIABLE,
               {readPrepare, readEval, typeSet(TT::kResource)}, 1, 1);
}

} // namespace tfmlir::lite::kernels
