//===- NN.cpp - MatMul, BiasAdd, Conv2D and FakeQuant host kernels --------===//
//
// Reference host kernels (plain loops, correctness first) for nodes that run
// outside compiled code (--jit=off, and host nodes of --jit=auto), with the
// semantics and InvalidArgument wording of TF's CPU kernels (matmul_op.cc,
// bias_op.cc, conv_ops.cc):
//  - MatMul(a, b): 2-D a [m, k] and b [k, n] (after transpose_a /
//    transpose_b) give [m, n].
//  - BiasAdd / BiasAddV1(value, bias): bias [c] added along the channel
//    dim: the last one (NHWC, and BiasAddV1), dim 1 for NCHW of rank >= 3.
//  - Conv2D(input, filter): NHWC or NCHW input, filter [fh, fw, in / groups,
//    out] (grouped when the input has a multiple of the filter's in
//    channels, as TF), strides, dilations, padding SAME / VALID / EXPLICIT
//    (explicit_paddings).
//  - FakeQuantWithMinMaxArgs / Vars / VarsPerChannel (fake_quant_ops.cc,
//    f32): the nudged quantize/dequantize of lib/Conversion/TFToHLO/Quant/
//    FakeQuant.cpp in the same float operations, so both paths give the
//    same bits; any range is taken (min > max nudges with a negative scale,
//    as TF's functor), min == max == 0 gives zeros for the Vars forms.
// Floats accumulate in double and round once (f16/bf16 inputs widen to f32
// exactly and round back to their type at the end); integers (MatMul,
// BiasAdd: int32/int64) wrap around as two's complement. The compiled path
// accumulates in the input's float type, so results agree within float
// rounding (the tests use abs 1e-5 + rel 1e-5 for f32).
//===----------------------------------------------------------------------===//
#include "runtime/session/kernels/HostKernel.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/Operation.h"

#include "absl/strings/str_cat.h"

#include <algorithm>
#include <cmath>
#include <optional>
#include <type_traits>

namespace tfmlir::session {
namespace {

/// The f32 tensor to compute on for a half-type input (widened exactly), or
/// nullopt for the other dtypes. Errors: widenHalfToF32's.
absl::StatusOr<std::optional<HostTensor>> widenIfHalf(const HostTensor &t) {
  if (!isHalf(t.dtype()))
    return std::optional<HostTensor>();
  absl::StatusOr<HostTensor> w = widenHalfToF32(t);
  if (!w.ok())
    return w.status();
  return std::optional<HostTensor>(std::move(*w));
}

/// `out` (f32) rounded into `dtype` when that is a half type, else `out`.
absl::StatusOr<HostTensor> narrowIfHalf(HostTensor out, DType dtype) {
  if (!isHalf(dtype))
    return out;
  return narrowF32ToHalf(out, dtype);
}

/// True for the dtypes these kernels compute: f32, f64, f16, bf16, and
/// int32/int64 when `ints`.
bool supported(DType t, bool ints) {
  return t == DType::kF32 || t == DType::kF64 || isHalf(t) ||
         (ints && (t == DType::kI32 || t == DType::kI64));
}

/// Calls f(T{}, Acc{}) for the computing dtype `t` (f32, f64, i32, i64):
/// floats accumulate in double, integers in their unsigned type (wrap).
template <typename F> void dispatchCompute(DType t, F &&f) {
  switch (t) {
  case DType::kF64:
    return f(double{}, double{});
  case DType::kI32:
    return f(int32_t{}, uint32_t{});
  case DType::kI64:
    return f(int64_t{}, uint64_t{});
  default:
    return f(float{}, double{});
  }
}

/// MatMul(a, b) with transpose_a / transpose_b.
class MatMulKernel : public HostKernel {
public:
  MatMulKernel(bool ta, bool tb) : ta_(ta), tb_(tb) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &a0 = *ctx.inputs[0], &b0 = *ctx.inputs[1];
    for (int i = 0; i < 2; ++i)
      if (ctx.inputs[i]->shape().size() != 2)
        return absl::InvalidArgumentError(
            absl::StrCat("In[", i, "] is not a matrix. Instead it has shape ",
                         shapeDebugString(ctx.inputs[i]->shape())));
    if (a0.dtype() != b0.dtype() || !supported(a0.dtype(), true))
      return absl::UnimplementedError(
          absl::StrCat("MatMul on the host does not take ",
                       dtypeName(a0.dtype()), " and ", dtypeName(b0.dtype())));
    int64_t m = a0.shape()[ta_ ? 1 : 0], k = a0.shape()[ta_ ? 0 : 1];
    int64_t kb = b0.shape()[tb_ ? 1 : 0], n = b0.shape()[tb_ ? 0 : 1];
    if (k != kb)
      return absl::InvalidArgumentError(absl::StrCat(
          "Matrix size-incompatible: In[0]: ", shapeDebugString(a0.shape()),
          ", In[1]: ", shapeDebugString(b0.shape())));
    auto wa = widenIfHalf(a0), wb = widenIfHalf(b0);
    if (!wa.ok())
      return wa.status();
    if (!wb.ok())
      return wb.status();
    const HostTensor &a = *wa ? **wa : a0, &b = *wb ? **wb : b0;
    auto outOr = HostTensor::create(a.dtype(), {m, n});
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    int64_t lda = a.shape()[1], ldb = b.shape()[1];
    dispatchCompute(a.dtype(), [&](auto tv, auto accv) {
      using T = decltype(tv);
      using Acc = decltype(accv);
      const T *pa = a.data<T>(), *pb = b.data<T>();
      T *po = out.data<T>();
      for (int64_t i = 0; i < m; ++i)
        for (int64_t j = 0; j < n; ++j) {
          Acc s = 0;
          for (int64_t p = 0; p < k; ++p) {
            Acc x = static_cast<Acc>(ta_ ? pa[p * lda + i] : pa[i * lda + p]);
            Acc y = static_cast<Acc>(tb_ ? pb[j * ldb + p] : pb[p * ldb + j]);
            s = static_cast<Acc>(s + static_cast<Acc>(x * y));
          }
          po[i * n + j] = static_cast<T>(s);
        }
    });
    absl::StatusOr<HostTensor> r = narrowIfHalf(std::move(out), a0.dtype());
    if (!r.ok())
      return r.status();
    ctx.outputs.push_back(std::move(*r));
    return absl::OkStatus();
  }

private:
  bool ta_, tb_;
};

/// BiasAdd(value, bias): bias along the channel dim (`nchw`: dim 1 of a
/// rank >= 3 value; otherwise the last dim).
class BiasAddKernel : public HostKernel {
public:
  explicit BiasAddKernel(bool nchw) : nchw_(nchw) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &v0 = *ctx.inputs[0], &b0 = *ctx.inputs[1];
    const std::vector<int64_t> &vs = v0.shape();
    if (vs.size() < 2)
      return absl::InvalidArgumentError(absl::StrCat(
          "Input tensor must be at least 2D: ", shapeDebugString(vs)));
    if (b0.shape().size() != 1)
      return absl::InvalidArgumentError(
          absl::StrCat("Biases must be 1D: ", shapeDebugString(b0.shape())));
    if (v0.dtype() != b0.dtype() || !supported(v0.dtype(), true))
      return absl::UnimplementedError(
          absl::StrCat("BiasAdd on the host does not take ",
                       dtypeName(v0.dtype()), " and ", dtypeName(b0.dtype())));
    size_t cdim = nchw_ && vs.size() >= 3 ? 1 : vs.size() - 1;
    if (b0.shape()[0] != vs[cdim])
      return absl::InvalidArgumentError(absl::StrCat(
          "Must provide as many biases as the channel dimension of the input "
          "tensor: ",
          shapeDebugString(b0.shape()), " vs. ", shapeDebugString(vs)));
    auto wv = widenIfHalf(v0), wb = widenIfHalf(b0);
    if (!wv.ok())
      return wv.status();
    if (!wb.ok())
      return wb.status();
    const HostTensor &v = *wv ? **wv : v0, &b = *wb ? **wb : b0;
    auto outOr = HostTensor::create(v.dtype(), vs);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    int64_t c = vs[cdim], inner = 1;
    for (size_t d = cdim + 1; d < vs.size(); ++d)
      inner *= vs[d];
    dispatchCompute(v.dtype(), [&](auto tv, auto accv) {
      using T = decltype(tv);
      using Acc = decltype(accv);
      const T *pv = v.data<T>(), *pb = b.data<T>();
      T *po = out.data<T>();
      for (int64_t i = 0, e = v.numElements(); i < e; ++i)
        po[i] = static_cast<T>(static_cast<Acc>(
            static_cast<Acc>(pv[i]) + static_cast<Acc>(pb[(i / inner) % c])));
    });
    absl::StatusOr<HostTensor> r = narrowIfHalf(std::move(out), v0.dtype());
    if (!r.ok())
      return r.status();
    ctx.outputs.push_back(std::move(*r));
    return absl::OkStatus();
  }

private:
  bool nchw_;
};

/// Conv2D attrs, read once from the op.
struct ConvAttrs {
  bool nchw = false;
  int64_t strides[2] = {1, 1};   // h, w
  int64_t dilations[2] = {1, 1}; // h, w
  enum Padding { kSame, kValid, kExplicit } padding = kValid;
  int64_t explicitPad[4] = {0, 0, 0, 0}; // top, bottom, left, right
};

/// Conv2D(input, filter): the reference direct convolution.
class Conv2DKernel : public HostKernel {
public:
  explicit Conv2DKernel(ConvAttrs a) : a_(a) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &x0 = *ctx.inputs[0], &f0 = *ctx.inputs[1];
    const std::vector<int64_t> &xs = x0.shape(), &fs = f0.shape();
    if (xs.size() != 4)
      return absl::InvalidArgumentError(
          absl::StrCat("input must be 4-dimensional", shapeDebugString(xs)));
    if (fs.size() != 4)
      return absl::InvalidArgumentError(
          absl::StrCat("filter must be 4-dimensional: ", shapeDebugString(fs)));
    if (x0.dtype() != f0.dtype() || !supported(x0.dtype(), false))
      return absl::UnimplementedError(
          absl::StrCat("Conv2D on the host does not take ",
                       dtypeName(x0.dtype()), " and ", dtypeName(f0.dtype())));
    int64_t n = xs[0], h = a_.nchw ? xs[2] : xs[1], w = a_.nchw ? xs[3] : xs[2],
            c = a_.nchw ? xs[1] : xs[3];
    int64_t fh = fs[0], fw = fs[1], fc = fs[2], oc = fs[3];
    if (fc <= 0 || c % fc != 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "input depth must be evenly divisible by filter depth: ", c, " vs ",
          fc));
    int64_t groups = c / fc;
    if (oc % groups != 0)
      return absl::InvalidArgumentError(absl::StrCat(
          "output depth must be evenly divisible by number of groups: ", oc,
          " vs ", groups));
    int64_t ocPerGroup = oc / groups;
    // Output size and leading padding per spatial dim (TF's
    // GetWindowedOutputSizeVerbose).
    int64_t in[2] = {h, w}, k[2] = {fh, fw}, outSz[2], padBefore[2];
    for (int d = 0; d < 2; ++d) {
      int64_t eff = (k[d] - 1) * a_.dilations[d] + 1, s = a_.strides[d];
      switch (a_.padding) {
      case ConvAttrs::kValid:
        outSz[d] = (in[d] - eff + s) / s;
        padBefore[d] = 0;
        break;
      case ConvAttrs::kSame: {
        outSz[d] = (in[d] + s - 1) / s;
        int64_t total = std::max<int64_t>((outSz[d] - 1) * s + eff - in[d], 0);
        padBefore[d] = total / 2;
        break;
      }
      case ConvAttrs::kExplicit:
        padBefore[d] = a_.explicitPad[2 * d];
        outSz[d] = (in[d] + a_.explicitPad[2 * d] + a_.explicitPad[2 * d + 1] -
                    eff + s) /
                   s;
        break;
      }
      if (outSz[d] < 0) // TF's check, after the same truncating division
        return absl::InvalidArgumentError(absl::StrCat(
            "Computed output size would be negative: ", outSz[d] - 1,
            " [input_size: ", in[d], ", effective_filter_size: ", eff,
            ", stride: ", s, "]"));
    }
    int64_t oh = outSz[0], ow = outSz[1];
    auto wx = widenIfHalf(x0), wf = widenIfHalf(f0);
    if (!wx.ok())
      return wx.status();
    if (!wf.ok())
      return wf.status();
    const HostTensor &x = *wx ? **wx : x0, &f = *wf ? **wf : f0;
    std::vector<int64_t> outShape = a_.nchw
                                        ? std::vector<int64_t>{n, oc, oh, ow}
                                        : std::vector<int64_t>{n, oh, ow, oc};
    auto outOr = HostTensor::create(x.dtype(), outShape);
    if (!outOr.ok())
      return outOr.status();
    HostTensor &out = *outOr;
    auto xAt = [&](int64_t b, int64_t y, int64_t xx, int64_t ch) {
      return a_.nchw ? ((b * c + ch) * h + y) * w + xx
                     : ((b * h + y) * w + xx) * c + ch;
    };
    auto oAt = [&](int64_t b, int64_t y, int64_t xx, int64_t ch) {
      return a_.nchw ? ((b * oc + ch) * oh + y) * ow + xx
                     : ((b * oh + y) * ow + xx) * oc + ch;
    };
    dispatchCompute(x.dtype(), [&](auto tv, auto accv) {
      using T = decltype(tv);
      using Acc = decltype(accv);
      const T *px = x.data<T>(), *pf = f.data<T>();
      T *po = out.data<T>();
      for (int64_t b = 0; b < n; ++b)
        for (int64_t y = 0; y < oh; ++y)
          for (int64_t xx = 0; xx < ow; ++xx)
            for (int64_t o = 0; o < oc; ++o) {
              int64_t g = o / ocPerGroup;
              Acc s = 0;
              for (int64_t i = 0; i < fh; ++i) {
                int64_t iy =
                    y * a_.strides[0] - padBefore[0] + i * a_.dilations[0];
                if (iy < 0 || iy >= h)
                  continue;
                for (int64_t j = 0; j < fw; ++j) {
                  int64_t ix =
                      xx * a_.strides[1] - padBefore[1] + j * a_.dilations[1];
                  if (ix < 0 || ix >= w)
                    continue;
                  for (int64_t ci = 0; ci < fc; ++ci)
                    s +=
                        static_cast<Acc>(px[xAt(b, iy, ix, g * fc + ci)]) *
                        static_cast<Acc>(pf[((i * fw + j) * fc + ci) * oc + o]);
                }
              }
              po[oAt(b, y, xx, o)] = static_cast<T>(s);
            }
    });
    absl::StatusOr<HostTensor> r = narrowIfHalf(std::move(out), x0.dtype());
    if (!r.ok())
      return r.status();
    ctx.outputs.push_back(std::move(*r));
    return absl::OkStatus();
  }

private:
  ConvAttrs a_;
};

/// FakeQuantWithMinMax{Args,Vars,VarsPerChannel}: inputs[0] is x; the
/// range is the attrs (`args`) or inputs[1] / inputs[2] (scalars, or [d]
/// along the last dim when `perChannel`).
class FakeQuantKernel : public HostKernel {
public:
  FakeQuantKernel(int64_t bits, bool narrow, bool perChannel,
                  std::optional<std::pair<float, float>> args)
      : bits_(bits), narrow_(narrow), perChannel_(perChannel), args_(args) {}

  absl::Status compute(KernelContext &ctx) const override {
    const HostTensor &x = *ctx.inputs[0];
    if (x.dtype() != DType::kF32)
      return absl::UnimplementedError(absl::StrCat(
          "FakeQuant on the host takes float32, got ", dtypeName(x.dtype())));
    int64_t depth = 1;
    std::vector<float> lo, hi;
    if (args_) {
      lo.push_back(args_->first);
      hi.push_back(args_->second);
    } else {
      const HostTensor &l = *ctx.inputs[1], &h = *ctx.inputs[2];
      if (perChannel_) {
        if (x.shape().empty())
          return absl::InvalidArgumentError("inputs must be at least 1-D");
        depth = x.shape().back();
      }
      if (l.dtype() != DType::kF32 || h.dtype() != DType::kF32 ||
          l.numElements() != depth || h.numElements() != depth ||
          l.shape().size() != (perChannel_ ? 1u : 0u) ||
          h.shape().size() != (perChannel_ ? 1u : 0u))
        return absl::InvalidArgumentError(absl::StrCat(
            perChannel_ ? "min and max must be float32 vectors of size "
                        : "min and max must be float32 scalars; ",
            perChannel_ ? std::to_string(depth) : "", ", got ",
            shapeDebugString(l.shape()), " and ", shapeDebugString(h.shape())));
      lo.assign(l.data<float>(), l.data<float>() + depth);
      hi.assign(h.data<float>(), h.data<float>() + depth);
    }
    const float qmin = narrow_ ? 1.0f : 0.0f;
    const float qmax = static_cast<float>((int64_t{1} << bits_) - 1);
    std::vector<float> nmin(depth), nmax(depth), scale(depth);
    std::vector<bool> zeros(depth);
    for (int64_t c = 0; c < depth; ++c) {
      scale[c] = (hi[c] - lo[c]) / (qmax - qmin);
      float zp = qmin - lo[c] / scale[c];
      float nz = std::min(std::max(std::round(zp), qmin), qmax);
      nmin[c] = (qmin - nz) * scale[c];
      nmax[c] = (qmax - nz) * scale[c];
      zeros[c] = !args_ && lo[c] == 0.0f && hi[c] == 0.0f;
    }
    auto out = HostTensor::create(DType::kF32, x.shape());
    if (!out.ok())
      return out.status();
    const float *px = x.data<float>();
    float *po = out->data<float>();
    for (int64_t i = 0, n = x.numElements(); i < n; ++i) {
      int64_t c = perChannel_ ? i % depth : 0;
      if (zeros[c]) {
        po[i] = 0.0f;
        continue;
      }
      float cl = std::max(std::min(px[i], nmax[c]), nmin[c]);
      po[i] = std::floor((cl - nmin[c]) / scale[c] + 0.5f) * scale[c] + nmin[c];
    }
    ctx.outputs.push_back(std::move(*out));
    return absl::OkStatus();
  }

private:
  int64_t bits_;
  bool narrow_, perChannel_;
  std::optional<std::pair<float, float>> args_;
};

/// The string attr `name` of `op`, `dflt` when absent.
std::string strAttr(mlir::Operation *op, llvm::StringRef name,
                    llvm::StringRef dflt) {
  if (auto s = op->getAttrOfType<mlir::StringAttr>(name))
    return s.getValue().str();
  return dflt.str();
}

/// The int list attr `name` of `op` (empty when absent).
std::vector<int64_t> intsAttr(mlir::Operation *op, llvm::StringRef name) {
  std::vector<int64_t> v;
  if (auto a = op->getAttrOfType<mlir::ArrayAttr>(name))
    for (mlir::Attribute e : a)
      if (auto i = mlir::dyn_cast<mlir::IntegerAttr>(e))
        v.push_back(i.getInt());
  return v;
}

/// Conv2D's attrs with TF's construction checks (conv_ops.cc).
absl::StatusOr<ConvAttrs> convAttrs(mlir::Operation *op) {
  ConvAttrs a;
  std::string fmt = strAttr(op, "data_format", "NHWC");
  if (fmt != "NHWC" && fmt != "NCHW")
    return absl::UnimplementedError("Conv2D on the host takes data_format "
                                    "NHWC or NCHW, got " +
                                    fmt);
  a.nchw = fmt == "NCHW";
  int hi = a.nchw ? 2 : 1, wi = a.nchw ? 3 : 2;
  std::vector<int64_t> st = intsAttr(op, "strides");
  if (st.size() != 4)
    return absl::InvalidArgumentError(
        "Sliding window strides field must specify 4 dimensions");
  if (st[0] != 1 || st[a.nchw ? 1 : 3] != 1)
    return absl::UnimplementedError("Current implementation does not yet "
                                    "support strides in the batch and depth "
                                    "dimensions.");
  a.strides[0] = st[hi];
  a.strides[1] = st[wi];
  std::vector<int64_t> dil = intsAttr(op, "dilations");
  if (!dil.empty()) {
    if (dil.size() != 4)
      return absl::InvalidArgumentError(
          "Sliding window dilations field must specify 4 dimensions");
    if (dil[0] != 1 || dil[a.nchw ? 1 : 3] != 1)
      return absl::UnimplementedError(
          "Current implementation does not yet support dilations in the "
          "batch and depth dimensions.");
    a.dilations[0] = dil[hi];
    a.dilations[1] = dil[wi];
  }
  for (int d = 0; d < 2; ++d)
    if (a.strides[d] < 1 || a.dilations[d] < 1)
      return absl::InvalidArgumentError(
          "Conv2D strides and dilations must be positive");
  std::string pad = strAttr(op, "padding", "VALID");
  if (pad == "SAME") {
    a.padding = ConvAttrs::kSame;
  } else if (pad == "VALID") {
    a.padding = ConvAttrs::kValid;
  } else if (pad == "EXPLICIT") {
    a.padding = ConvAttrs::kExplicit;
    std::vector<int64_t> p = intsAttr(op, "explicit_paddings");
    if (p.size() != 8)
      return absl::InvalidArgumentError(
          "explicit_paddings attribute must contain 8 values");
    for (int64_t v : p)
      if (v < 0)
        return absl::InvalidArgumentError(
            "All elements of explicit_paddings must be nonnegative");
    a.explicitPad[0] = p[2 * hi];
    a.explicitPad[1] = p[2 * hi + 1];
    a.explicitPad[2] = p[2 * wi];
    a.explicitPad[3] = p[2 * wi + 1];
  } else {
    return absl::InvalidArgumentError("Unknown padding type: " + pad);
  }
  return a;
}

} // namespace

void addNNKernels(llvm::StringMap<HostKernelFactory> &t) {
  t["tf.MatMul"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    auto flag = [&](llvm::StringRef n) {
      auto b = op->getAttrOfType<mlir::BoolAttr>(n);
      return b && b.getValue();
    };
    return std::make_unique<MatMulKernel>(flag("transpose_a"),
                                          flag("transpose_b"));
  };
  for (const char *n : {"tf.BiasAdd", "tf.BiasAddV1"})
    t[n] =
        [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      std::string fmt = strAttr(op, "data_format", "NHWC");
      if (fmt != "NHWC" && fmt != "NCHW")
        return absl::UnimplementedError(
            "BiasAdd on the host takes data_format NHWC or NCHW, got " + fmt);
      return std::make_unique<BiasAddKernel>(fmt == "NCHW");
    };
  for (const char *n :
       {"tf.FakeQuantWithMinMaxArgs", "tf.FakeQuantWithMinMaxVars",
        "tf.FakeQuantWithMinMaxVarsPerChannel"})
    t[n] = [name = llvm::StringRef(n)](mlir::Operation *op)
        -> absl::StatusOr<std::unique_ptr<HostKernel>> {
      int64_t bits = 8;
      if (auto b = op->getAttrOfType<mlir::IntegerAttr>("num_bits"))
        bits = b.getInt();
      if (bits < 2 || bits > 16)
        return absl::InvalidArgumentError(
            "num_bits must be between 2 and 16, inclusive");
      auto narrow = op->getAttrOfType<mlir::BoolAttr>("narrow_range");
      std::optional<std::pair<float, float>> args;
      if (name == "tf.FakeQuantWithMinMaxArgs") {
        float lo = -6, hi = 6;
        if (auto a = op->getAttrOfType<mlir::FloatAttr>("min"))
          lo = static_cast<float>(a.getValueAsDouble());
        if (auto a = op->getAttrOfType<mlir::FloatAttr>("max"))
          hi = static_cast<float>(a.getValueAsDouble());
        if (!(lo < hi))
          return absl::InvalidArgumentError(absl::StrCat(
              "min has to be smaller than max, was: ", lo, " >= ", hi));
        args = std::make_pair(lo, hi);
      }
      return std::make_unique<FakeQuantKernel>(
          bits, narrow && narrow.getValue(),
          name == "tf.FakeQuantWithMinMaxVarsPerChannel", args);
    };
  t["tf.Conv2D"] =
      [](mlir::Operation *op) -> absl::StatusOr<std::unique_ptr<HostKernel>> {
    absl::StatusOr<ConvAttrs> a = convAttrs(op);
    if (!a.ok())
      return a.status();
    return std::make_unique<Conv2DKernel>(*a);
  };
}

} // namespace tfmlir::session
