//===- KernelUtil.cpp -----------------------------------------------------===//
#include "runtime/lite/kernels/KernelUtil.h"

#include "lib/Support/WindowGeometry.h"

#include <algorithm>
#include <limits>

namespace tfmlir::lite::kernels {

absl::Status checkArity(OpContext &ctx, int minIn, int nOut) {
  if (ctx.numInputs() < minIn)
    return invalid("expects at least ", minIn, " inputs, has ",
                   ctx.numInputs());
  for (int i = 0; i < minIn; ++i)
    if (!ctx.input(i))
      return invalid("input ", i, " is missing");
  if (ctx.numOutputs() < nOut)
    return invalid("expects ", nOut, " outputs, has ", ctx.numOutputs());
  for (int i = 0; i < nOut; ++i)
    if (!ctx.output(i))
      return invalid("output ", i, " is missing");
  return absl::OkStatus();
}

absl::Status checkType(const Tensor *t, TensorType type, const char *what) {
  if (!t)
    return invalid(what, " is missing");
  if (t->type != type)
    return unimplemented(what, " has type ", typeName(t->type), ", expected ",
                         typeName(type));
  return absl::OkStatus();
}

absl::Status checkFloat(const Tensor *t, const char *what) {
  return checkType(t, TensorType::kFloat32, what);
}

void activationRange(Activation a, float &lo, float &hi) {
  lo = -std::numeric_limits<float>::infinity();
  hi = std::numeric_limits<float>::infinity();
  if (a == Activation::kRelu)
    lo = 0.f;
  else if (a == Activation::kRelu6)
    lo = 0.f, hi = 6.f;
  else if (a == Activation::kReluN1To1)
    lo = -1.f, hi = 1.f;
}

absl::Status checkActivation(Activation a) {
  int v = static_cast<int>(a);
  if (v < 0 || v > 5)
    return invalid("unknown fused activation ", v);
  return absl::OkStatus();
}

void computePadding(Padding p, int in, int filter, int stride, int dilation,
                    int &out, int &padBefore) {
  std::optional<WindowDim> w = windowGeometry(
      in, filter, dilation, stride,
      p == Padding::kSame ? WindowPadding::kSame : WindowPadding::kValid);
  if (!w) { // negative sizes or stride/dilation < 1: nothing to compute
    out = 0, padBefore = 0;
    return;
  }
  // A VALID window larger than the input has no positions (TFLite's kernels
  // see an empty output rather than TF's negative-size error).
  out = static_cast<int>(std::max<int64_t>(w->outSize, 0));
  padBefore = static_cast<int>(w->padBefore);
}

absl::Status fullyConnectedShape(const Tensor &in, const Tensor &w,
                                 bool keepNumDims,
                                 std::vector<int32_t> &shape) {
  if (w.rank() != 2)
    return invalid("weights must be rank 2, got ", shapeToString(w.shape));
  const int32_t n = w.shape[0], k = w.shape[1];
  if (in.rank() < 1 || k == 0 || in.numElements() % k != 0)
    return invalid("input ", shapeToString(in.shape),
                   " does not flatten to rows of ", k);
  if (keepNumDims) {
    if (in.shape.back() != k)
      return invalid("keep_num_dims needs the input's last dim to be ", k);
    shape = in.shape;
    shape.back() = n;
  } else {
    shape = {static_cast<int32_t>(in.numElements() / k), n};
  }
  return absl::OkStatus();
}

Window Window::make(Padding padding, int batch, int inH, int inW, int channels,
                    int kH, int kW, int strideH, int strideW, int dilationH,
                    int dilationW) {
  Window w;
  w.batch = batch, w.inH = inH, w.inW = inW, w.channels = channels;
  w.kH = kH, w.kW = kW, w.strideH = strideH, w.strideW = strideW;
  w.dilationH = dilationH, w.dilationW = dilationW;
  computePadding(padding, inH, kH, strideH, dilationH, w.outH, w.padTop);
  computePadding(padding, inW, kW, strideW, dilationW, w.outW, w.padLeft);
  return w;
}

absl::Status broadcastShapes(const std::vector<int32_t> &a,
                             const std::vector<int32_t> &b,
                             std::vector<int32_t> &out) {
  size_t r = std::max(a.size(), b.size());
  out.assign(r, 1);
  for (size_t i = 0; i < r; ++i) {
    int32_t da = i < r - a.size() ? 1 : a[i - (r - a.size())];
    int32_t db = i < r - b.size() ? 1 : b[i - (r - b.size())];
    if (da != db && da != 1 && db != 1)
      return invalid("shapes ", shapeToString(a), " and ", shapeToString(b),
                     " are not broadcastable");
    out[i] = da == 1 ? db : da;
  }
  return absl::OkStatus();
}

std::vector<int64_t> broadcastStrides(const std::vector<int32_t> &shape,
                                      const std::vector<int32_t> &outShape) {
  size_t r = outShape.size(), off = r - shape.size();
  std::vector<int64_t> s(r, 0);
  int64_t stride = 1;
  for (size_t i = shape.size(); i-- > 0;) {
    s[i + off] = shape[i] == 1 ? 0 : stride;
    stride *= shape[i];
  }
  return s;
}

absl::Status normalizeAxis(int64_t axis, int rank, int &out) {
  // A rank-0 tensor has no axis (TFLite's kernels ensure axis <
  // NumDimensions); the reductions, which ignore their axes on a scalar as
  // TFLite's ResolveAxis does, check rank 0 before calling this.
  if (axis < -rank || axis >= rank)
    return invalid("axis ", axis, " out of range for rank ", rank);
  out = static_cast<int>(axis < 0 ? axis + rank : axis);
  return absl::OkStatus();
}

int64_t readInt(const Tensor &t, int64_t i) {
  if (t.type == TensorType::kInt64)
    return t.as<int64_t>()[i];
  return t.as<int32_t>()[i];
}

absl::Status checkSized(const Tensor *t, const char *what) {
  if (!t)
    return invalid(what, " is missing");
  if (elementSize(t->type) == 0)
    return unimplemented(what, " has unsupported type ", typeName(t->type));
  return absl::OkStatus();
}

absl::Status sameTypeIO(OpContext &ctx) {
  TFMLIR_RETURN_IF_ERROR(checkSized(ctx.input(0), "input"));
  for (int i = 0; i < ctx.numOutputs(); ++i)
    if (ctx.output(i) && ctx.output(i)->type != ctx.input(0)->type)
      return invalid("output ", i, " type ", typeName(ctx.output(i)->type),
                     " differs from input type ", typeName(ctx.input(0)->type));
  return absl::OkStatus();
}

std::vector<int64_t> rowMajorStrides(const std::vector<int32_t> &shape) {
  std::vector<int64_t> s(shape.size(), 1);
  for (int i = static_cast<int>(shape.size()) - 2; i >= 0; --i)
    s[i] = s[i + 1] * shape[i + 1];
  return s;
}

absl::Status checkIntTensor(const Tensor *t, const char *what) {
  if (!t)
    return invalid(what, " is missing");
  if (t->type != TensorType::kInt32 && t->type != TensorType::kInt64)
    return unimplemented(what, " must be int32 or int64, got ",
                         typeName(t->type));
  return absl::OkStatus();
}

} // namespace tfmlir::lite::kernels

namespace tfmlir::lite::kernels {

absl::Status densify(const Tensor &t, std::vector<uint8_t> &out) {
  if (!t.sparsity)
    return invalid("tensor '", t.name, "' has no sparsity parameters");
  const SparsityParams &sp = *t.sparsity;
  const size_t es = elementSize(t.type);
  if (es == 0)
    return unimplemented("sparse tensor of type ", typeName(t.type));
  const int n = t.rank();
  const int nb = static_cast<int>(sp.blockMap.size());
  const int levels = n + nb;
  std::vector<int32_t> order = sp.traversalOrder;
  if (order.empty())
    for (int i = 0; i < n; ++i)
      order.push_back(i);
  if (static_cast<int>(order.size()) != levels ||
      static_cast<int>(sp.dims.size()) != levels)
    return invalid("sparse tensor '", t.name, "': ", sp.dims.size(),
                   " dim_metadata entries and ", order.size(),
                   " traversal entries for ", levels, " expanded dims");
  std::vector<bool> seen(levels, false);
  for (int32_t o : order) {
    if (o < 0 || o >= levels || seen[o])
      return invalid("sparse tensor '", t.name, "': bad traversal_order");
    seen[o] = true;
  }
  std::vector<int32_t> blockSize(nb, 1);
  std::vector<int32_t> expanded(levels);
  for (int i = 0; i < n; ++i)
    expanded[i] = t.shape[i];
  for (int k = 0; k < nb; ++k) {
    int32_t d = sp.blockMap[k];
    if (d < 0 || d >= n)
      return invalid("sparse tensor '", t.name, "': bad block_map");
    // The block dim's size is in the metadata at the level traversing it.
    for (int l = 0; l < levels; ++l)
      if (order[l] == n + k)
        blockSize[k] = sp.dims[l].denseSize;
    if (blockSize[k] <= 0 || t.shape[d] % blockSize[k] != 0)
      return invalid("sparse tensor '", t.name, "': block size ", blockSize[k],
                     " does not divide dim ", d);
    expanded[d] = t.shape[d] / blockSize[k];
    expanded[n + k] = blockSize[k];
  }
  const int64_t total = t.numElements();
  const int64_t numValues = static_cast<int64_t>(t.bytes / es);
  out.assign(static_cast<size_t>(total) * es, 0);
  std::vector<int32_t> idx(levels, 0);
  std::vector<int64_t> strides(n, 1);
  for (int i = n - 2; i >= 0; --i)
    strides[i] = strides[i + 1] * t.shape[i + 1];
  absl::Status status = absl::OkStatus();
  std::function<void(int, int64_t)> rec = [&](int level, int64_t prev) {
    if (!status.ok())
      return;
    if (level == levels) {
      if (prev < 0 || prev >= numValues) {
        status = invalid("sparse tensor '", t.name, "': value index ", prev,
                         " out of range");
        return;
      }
      int64_t pos = 0;
      for (int d = 0; d < n; ++d) {
        int64_t c = idx[d];
        for (int k = 0; k < nb; ++k)
          if (sp.blockMap[k] == d)
            c = c * blockSize[k] + idx[n + k];
        pos += c * strides[d];
      }
      std::memcpy(out.data() + pos * es, t.data + prev * es, es);
      return;
    }
    const SparsityParams::Dim &dm = sp.dims[level];
    const int32_t dim = order[level];
    if (dm.dense) {
      int32_t size = dm.denseSize > 0 ? dm.denseSize : expanded[dim];
      if (size != expanded[dim]) {
        status = invalid("sparse tensor '", t.name, "': dense_size ", size,
                         " differs from dim size ", expanded[dim]);
        return;
      }
      for (int32_t i = 0; i < size && status.ok(); ++i) {
        idx[dim] = i;
        rec(level + 1, prev * size + i);
      }
    } else {
      if (prev < 0 || prev + 1 >= static_cast<int64_t>(dm.segments.size())) {
        status = invalid("sparse tensor '", t.name,
                         "': segment index out of "
                         "range");
        return;
      }
      int64_t b = dm.segments[prev], e = dm.segments[prev + 1];
      if (b < 0 || e < b || e > static_cast<int64_t>(dm.indices.size())) {
        status = invalid("sparse tensor '", t.name, "': bad segments");
        return;
      }
      for (int64_t i = b; i < e && status.ok(); ++i) {
        int32_t v = dm.indices[i];
        if (v < 0 || v >= expanded[dim]) {
          status = invalid("sparse tensor '", t.name, "': index ", v,
                           " out of range");
          return;
        }
        idx[dim] = v;
        rec(level + 1, i);
      }
    }
  };
  rec(0, 0);
  return status;
}

} // namespace tfmlir::lite::kernels
