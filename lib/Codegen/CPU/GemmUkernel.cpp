//===- GemmUkernel.cpp - hlo-cpu-gemm-ukernel
//------------------------------===//
//
// Finds f32 GEMMs (dot_general, 1x1 NHWC convolution) and their epilogues
// in hlo and replaces them by one hlo.custom_call of the runtime/cpu packed
// GEMM (see Passes.td for the exact patterns), packing constant weights at
// compile time with the runtime's own packing routine, so the layout the
// compiler writes is by construction the one the microkernel reads.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Passes.h"

#include "dialects/hlo/HLOOps.h"
#include "lib/Support/ABI/Conv2d.h"
#include "lib/Support/ABI/Gemm.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/SetVector.h"

#include <cstring>

namespace tfmlir {
#define GEN_PASS_DEF_CPUGEMMUKERNEL
#include "lib/Codegen/CPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {

bool parseGemmCallConfig(llvm::StringRef text, GemmCallConfig &out,
                         std::string &why) {
  llvm::SmallVector<llvm::StringRef> items;
  text.split(items, ';', -1, /*KeepEmpty=*/false);
  for (llvm::StringRef item : items) {
    auto [key, value] = item.trim().split('=');
    auto flag = [&](bool &dst) {
      if (value == "0" || value == "1") {
        dst = value == "1";
        return true;
      }
      why =
          ("backend_config: '" + key + "' must be 0 or 1, got '" + value + "'")
              .str();
      return false;
    };
    if (key == "activation") {
      if (value == "none")
        out.activation = TFMLIR_RT_ACT_NONE;
      else if (value == "relu")
        out.activation = TFMLIR_RT_ACT_RELU;
      else if (value == "relu6")
        out.activation = TFMLIR_RT_ACT_RELU6;
      else {
        why = ("backend_config: unknown activation '" + value + "'").str();
        return false;
      }
    } else if (key == "bias") {
      if (!flag(out.bias))
        return false;
    } else if (key == "residual") {
      if (!flag(out.residual))
        return false;
    } else if (key == "transpose_b") {
      if (!flag(out.transposeB))
        return false;
    } else if (key == "strides" || key == "dilations" || key == "pad" ||
               key == "window") {
      int64_t *dst = key == "strides"     ? out.strides
                     : key == "dilations" ? out.dilations
                     : key == "window"    ? out.window
                                          : out.pad;
      auto [x, y] = value.split(',');
      int64_t lo = key == "pad" ? 0 : 1;
      if (x.getAsInteger(10, dst[0]) || y.getAsInteger(10, dst[1]) ||
          dst[0] < lo || dst[1] < lo) {
        why = ("backend_config: '" + key + "' must be two integers >= " +
               std::to_string(lo) + ", got '" + value + "'")
                  .str();
        return false;
      }
    } else {
      why = ("backend_config: unknown key '" + key + "'").str();
      return false;
    }
  }
  return true;
}

std::string printGemmCallConfig(const GemmCallConfig &c) {
  const char *act = c.activation == TFMLIR_RT_ACT_RELU    ? "relu"
                    : c.activation == TFMLIR_RT_ACT_RELU6 ? "relu6"
                                                          : "none";
  return std::string("activation=") + act + ";bias=" + (c.bias ? "1" : "0") +
         ";residual=" + (c.residual ? "1" : "0") +
         ";transpose_b=" + (c.transposeB ? "1" : "0");
}

std::string printWindowConfig(const GemmCallConfig &c) {
  auto pair = [](const int64_t *v) {
    return std::to_string(v[0]) + "," + std::to_string(v[1]);
  };
  return ";strides=" + pair(c.strides) + ";dilations=" + pair(c.dilations) +
         ";pad=" + pair(c.pad);
}

std::string printConvWindowConfig(const GemmCallConfig &c) {
  return printWindowConfig(c) + ";window=" + std::to_string(c.window[0]) + "," +
         std::to_string(c.window[1]);
}

namespace {

bool isStaticF32(Type t, int64_t rank) {
  auto rt = dyn_cast<RankedTensorType>(t);
  return rt && rt.hasStaticShape() && rt.getElementType().isF32() &&
         rt.getRank() == rank;
}

/// A GEMM found in hlo: C[M,N] = A[M,K] * B, B [K,N] or [N,K] (transposeB).
/// A and B are the op's operands 0 and 1, read when the op is rewritten (an
/// earlier rewrite may have replaced their producers).
struct Gemm {
  Operation *op; ///< the dot_general or convolution
  int64_t m, n, k;
  bool transposeB;
};

std::optional<Gemm> matchDot(hlo::DotGeneralOp dot) {
  auto dn = dot.getDotDimensionNumbers();
  if (!dn.getLhsBatchingDimensions().empty() ||
      !dn.getRhsBatchingDimensions().empty())
    return std::nullopt;
  if (!isStaticF32(dot.getLhs().getType(), 2) ||
      !isStaticF32(dot.getRhs().getType(), 2) ||
      !isStaticF32(dot.getResult().getType(), 2))
    return std::nullopt;
  if (dn.getLhsContractingDimensions() != ArrayRef<int64_t>{1})
    return std::nullopt;
  ArrayRef<int64_t> rc = dn.getRhsContractingDimensions();
  if (rc.size() != 1)
    return std::nullopt;
  auto lt = cast<RankedTensorType>(dot.getLhs().getType());
  auto rt = cast<RankedTensorType>(dot.getRhs().getType());
  bool transB = rc[0] == 1;
  int64_t k = lt.getDimSize(1);
  int64_t n = transB ? rt.getDimSize(0) : rt.getDimSize(1);
  if ((transB ? rt.getDimSize(1) : rt.getDimSize(0)) != k)
    return std::nullopt;
  return Gemm{dot, lt.getDimSize(0), n, k, transB};
}

/// Whether `conv` is an f32 convolution of static shapes with NHWC input,
/// HWIO kernel and NHWC output (the layout the microkernels take).
bool isStaticNhwcHwioF32(hlo::ConvolutionOp conv) {
  if (!isStaticF32(conv.getLhs().getType(), 4) ||
      !isStaticF32(conv.getRhs().getType(), 4) ||
      !isStaticF32(conv.getResult().getType(), 4))
    return false;
  auto dn = conv.getDimensionNumbers();
  return dn.getInputBatchDimension() == 0 &&
         dn.getInputFeatureDimension() == 3 &&
         dn.getInputSpatialDimensions() == ArrayRef<int64_t>{1, 2} &&
         dn.getKernelSpatialDimensions() == ArrayRef<int64_t>{0, 1} &&
         dn.getKernelInputFeatureDimension() == 2 &&
         dn.getKernelOutputFeatureDimension() == 3 &&
         dn.getOutputBatchDimension() == 0 &&
         dn.getOutputFeatureDimension() == 3 &&
         dn.getOutputSpatialDimensions() == ArrayRef<int64_t>{1, 2};
}

std::optional<Gemm> matchConv1x1(hlo::ConvolutionOp conv) {
  if (!isStaticNhwcHwioF32(conv))
    return std::nullopt;
  if (conv.getFeatureGroupCount() != 1 || conv.getBatchGroupCount() != 1)
    return std::nullopt;
  auto ones = [](std::optional<ArrayRef<int64_t>> v) {
    return !v || llvm::all_of(*v, [](int64_t x) { return x == 1; });
  };
  if (!ones(conv.getWindowStrides()) || !ones(conv.getLhsDilation()))
    return std::nullopt;
  if (auto rev = conv.getWindowReversal())
    if (llvm::any_of(*rev, [](bool r) { return r; }))
      return std::nullopt;
  if (auto pad = conv.getPadding())
    if (llvm::any_of(pad->getValues<int64_t>(),
                     [](int64_t p) { return p != 0; }))
      return std::nullopt;
  auto it = cast<RankedTensorType>(conv.getLhs().getType());
  auto kt = cast<RankedTensorType>(conv.getRhs().getType());
  auto ot = cast<RankedTensorType>(conv.getResult().getType());
  if (kt.getDimSize(0) != 1 || kt.getDimSize(1) != 1 ||
      ot.getShape().take_front(3) != it.getShape().take_front(3) ||
      kt.getDimSize(2) != it.getDimSize(3) ||
      kt.getDimSize(3) != ot.getDimSize(3))
    return std::nullopt;
  int64_t m = it.getDimSize(0) * it.getDimSize(1) * it.getDimSize(2);
  return Gemm{conv, m, ot.getDimSize(3), it.getDimSize(3), false};
}

/// The window (strides, rhs dilations, top/left padding) of an f32
/// convolution with NHWC input, HWIO kernel and NHWC output, static shapes,
/// non-negative padding, no lhs dilation or window reversal and an output
/// size that matches the window, or nullopt. Feature groups are not
/// checked.
std::optional<GemmCallConfig> matchNhwcWindow(hlo::ConvolutionOp conv) {
  if (!isStaticNhwcHwioF32(conv))
    return std::nullopt;
  auto it = cast<RankedTensorType>(conv.getLhs().getType());
  auto kt = cast<RankedTensorType>(conv.getRhs().getType());
  auto ot = cast<RankedTensorType>(conv.getResult().getType());
  if (ot.getDimSize(0) != it.getDimSize(0) || conv.getBatchGroupCount() != 1)
    return std::nullopt;
  if (auto ld = conv.getLhsDilation())
    if (llvm::any_of(*ld, [](int64_t x) { return x != 1; }))
      return std::nullopt;
  if (auto rev = conv.getWindowReversal())
    if (llvm::any_of(*rev, [](bool r) { return r; }))
      return std::nullopt;
  GemmCallConfig w;
  if (auto st = conv.getWindowStrides()) {
    if (st->size() != 2)
      return std::nullopt;
    w.strides[0] = (*st)[0];
    w.strides[1] = (*st)[1];
  }
  if (auto rd = conv.getRhsDilation()) {
    if (rd->size() != 2)
      return std::nullopt;
    w.dilations[0] = (*rd)[0];
    w.dilations[1] = (*rd)[1];
  }
  int64_t padLo[2] = {0, 0}, padHi[2] = {0, 0};
  if (auto pad = conv.getPadding()) {
    SmallVector<int64_t> v(pad->getValues<int64_t>());
    if (v.size() == 1)
      v.assign(4, v[0]);
    if (v.size() != 4)
      return std::nullopt;
    padLo[0] = v[0];
    padHi[0] = v[1];
    padLo[1] = v[2];
    padHi[1] = v[3];
  }
  for (int i = 0; i < 2; ++i) {
    if (w.strides[i] < 1 || w.dilations[i] < 1 || padLo[i] < 0 || padHi[i] < 0)
      return std::nullopt;
    int64_t span = w.dilations[i] * (kt.getDimSize(i) - 1) + 1;
    int64_t padded = it.getDimSize(1 + i) + padLo[i] + padHi[i];
    if (kt.getDimSize(i) < 1 || padded < span ||
        (padded - span) / w.strides[i] + 1 != ot.getDimSize(1 + i))
      return std::nullopt;
    w.pad[i] = padLo[i];
    w.window[i] = kt.getDimSize(i);
  }
  return w;
}

/// The window of a depthwise NHWC/HWIO f32 convolution with channel
/// multiplier 1 (feature_group_count == C, kernel [KH, KW, 1, C]),
/// non-negative padding and no lhs dilation or window reversal, or
/// nullopt.
std::optional<GemmCallConfig> matchDepthwise(hlo::ConvolutionOp conv) {
  std::optional<GemmCallConfig> w = matchNhwcWindow(conv);
  if (!w)
    return std::nullopt;
  auto it = cast<RankedTensorType>(conv.getLhs().getType());
  auto kt = cast<RankedTensorType>(conv.getRhs().getType());
  auto ot = cast<RankedTensorType>(conv.getResult().getType());
  int64_t c = it.getDimSize(3);
  if (c <= 1 || static_cast<int64_t>(conv.getFeatureGroupCount()) != c ||
      kt.getDimSize(2) != 1 || kt.getDimSize(3) != c || ot.getDimSize(3) != c)
    return std::nullopt;
  return w;
}

/// The window of an ordinary (one feature group) NHWC/HWIO f32 convolution
/// with at least 8 input channels and at most TFMLIR_RT_CONV2D_MAX_TAPS
/// taps, for the implicit GEMM of
/// lib/Support/ABI/Conv2d.h, or nullopt. The filter is checked for being a
/// constant by the caller.
std::optional<GemmCallConfig> matchConvKxK(hlo::ConvolutionOp conv) {
  std::optional<GemmCallConfig> w = matchNhwcWindow(conv);
  if (!w)
    return std::nullopt;
  auto it = cast<RankedTensorType>(conv.getLhs().getType());
  auto kt = cast<RankedTensorType>(conv.getRhs().getType());
  auto ot = cast<RankedTensorType>(conv.getResult().getType());
  // Fewer than 8 input channels (an RGB stem) stay in the generated loops:
  // the gather copies runs of C floats per tap, and for C = 3 that cost
  // more than the loops did (MobileNetV1's stem: +0.6 ms CPU per Run
  // measured on the implicit GEMM, where the loops took < 1% of the Run).
  if (conv.getFeatureGroupCount() != 1 ||
      kt.getDimSize(2) != it.getDimSize(3) ||
      kt.getDimSize(3) != ot.getDimSize(3) || it.getDimSize(3) < 8 ||
      kt.getDimSize(0) * kt.getDimSize(1) > TFMLIR_RT_CONV2D_MAX_TAPS)
    return std::nullopt;
  return w;
}

/// The values of a constant f32 B (looking through hlo.reshape, which
/// keeps the row-major order), or nullopt.
std::optional<std::vector<float>> constantF32(Value v) {
  while (auto r = v.getDefiningOp<hlo::ReshapeOp>())
    v = r.getOperand();
  auto c = v.getDefiningOp<hlo::ConstantOp>();
  if (!c)
    return std::nullopt;
  Attribute value = c.getValue();
  auto type = dyn_cast<RankedTensorType>(cast<TypedAttr>(value).getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
    return std::nullopt;
  ArrayRef<char> raw;
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.isSplat())
      return std::nullopt;
    raw = dense.getRawData();
  } else if (auto res = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = res.getRawHandle().getBlob();
    if (!blob)
      return std::nullopt;
    raw = blob->getData();
  } else {
    return std::nullopt;
  }
  if (static_cast<int64_t>(raw.size()) != type.getNumElements() * 4)
    return std::nullopt;
  std::vector<float> out(type.getNumElements());
  std::memcpy(out.data(), raw.data(), raw.size());
  return out;
}

/// True if `v` is a splat constant (any shape) equal to `x`.
bool isSplat(Value v, float x) {
  auto c = v.getDefiningOp<hlo::ConstantOp>();
  if (!c)
    return false;
  auto d = dyn_cast<DenseElementsAttr>(c.getValue());
  if (!d || !d.isSplat() || !d.getElementType().isF32())
    return false;
  return d.getSplatValue<float>() == x;
}

/// The single user of `v`, or null.
Operation *singleUser(Value v) {
  if (!v.hasOneUse())
    return nullptr;
  return *v.getUsers().begin();
}

/// The operand of binary `op` that is not `v` (null if both are `v`).
Value other(Operation *op, Value v) {
  if (op->getNumOperands() != 2)
    return {};
  if (op->getOperand(0) == v && op->getOperand(1) != v)
    return op->getOperand(1);
  if (op->getOperand(1) == v && op->getOperand(0) != v)
    return op->getOperand(0);
  return {};
}

struct Epilogue {
  GemmCallConfig config;
  Value bias, residual;
  Operation *last; ///< the op whose result the custom call replaces
  /// The GEMM and the epilogue ops, in order; each but the last has its
  /// successor as its only user.
  SmallVector<Operation *> chain;
};

/// Extends the epilogue of `op` (whose result has `n` channels in its last
/// dim) over its single-use consumers (Passes.td); a residual add only if
/// `allowResidual`.
Epilogue matchEpilogue(Operation *op, int64_t n, bool allowResidual) {
  Epilogue e;
  e.last = op;
  e.chain.push_back(op);
  Value cur = op->getResult(0);
  auto rt = cast<RankedTensorType>(cur.getType());
  int64_t rank = rt.getRank();
  // BiasAdd: add(x, broadcast_in_dim(b[N], dims = [rank - 1])).
  if (auto add = dyn_cast_or_null<hlo::AddOp>(singleUser(cur))) {
    if (auto bc = other(add, cur).getDefiningOp<hlo::BroadcastInDimOp>()) {
      auto bt = dyn_cast<RankedTensorType>(bc.getOperand().getType());
      if (bt && bt.getRank() == 1 && bt.getDimSize(0) == n &&
          bt.getElementType().isF32() &&
          bc.getBroadcastDimensions() == ArrayRef<int64_t>{rank - 1}) {
        e.bias = bc.getOperand();
        e.config.bias = true;
        e.last = add;
        e.chain.push_back(add);
        cur = add.getResult();
      }
    }
  }
  // Residual: add(x, r) with r of x's type. r cannot depend on x (x has
  // this add as its only use), and the call is built at the add, where r
  // is available.
  if (auto add = dyn_cast_or_null<hlo::AddOp>(allowResidual ? singleUser(cur)
                                                            : nullptr)) {
    Value r = other(add, cur);
    if (r && r.getType() == cur.getType() &&
        !r.getDefiningOp<hlo::BroadcastInDimOp>()) {
      e.residual = r;
      e.config.residual = true;
      e.last = add;
      e.chain.push_back(add);
      cur = add.getResult();
    }
  }
  // Relu / Relu6.
  Operation *u = singleUser(cur);
  if (auto mx = dyn_cast_or_null<hlo::MaximumOp>(u)) {
    if (isSplat(other(mx, cur), 0.0f)) {
      e.config.activation = TFMLIR_RT_ACT_RELU;
      e.last = mx;
      e.chain.push_back(mx);
      cur = mx.getResult();
      if (auto mn = dyn_cast_or_null<hlo::MinimumOp>(singleUser(cur))) {
        if (isSplat(other(mn, cur), 6.0f)) {
          e.config.activation = TFMLIR_RT_ACT_RELU6;
          e.last = mn;
          e.chain.push_back(mn);
        }
      }
    }
  } else if (auto cl = dyn_cast_or_null<hlo::ClampOp>(u)) {
    if (cl->getOperand(1) == cur && isSplat(cl->getOperand(0), 0.0f) &&
        isSplat(cl->getOperand(2), 6.0f)) {
      e.config.activation = TFMLIR_RT_ACT_RELU6;
      e.last = cl;
      e.chain.push_back(cl);
    }
  }
  return e;
}

/// `v` reshaped to `shape` (no op when it already has it).
Value reshape(OpBuilder &b, Location loc, Value v, ArrayRef<int64_t> shape) {
  auto t = cast<RankedTensorType>(v.getType());
  if (t.getShape() == shape)
    return v;
  return hlo::ReshapeOp::create(
      b, loc, RankedTensorType::get(shape, t.getElementType()), v);
}

struct CpuGemmUkernelPass : impl::CpuGemmUkernelBase<CpuGemmUkernelPass> {
  using Base::Base;

  void runOnOperation() override {
    if (foldBatchNorm)
      foldBatchNormsIntoWeights(getOperation());
    SmallVector<Gemm> gemms;
    SmallVector<std::pair<hlo::ConvolutionOp, GemmCallConfig>> depthwise, convs;
    getOperation().walk([&](Operation *op) {
      std::optional<Gemm> g;
      if (auto dot = dyn_cast<hlo::DotGeneralOp>(op))
        g = matchDot(dot);
      else if (auto conv = dyn_cast<hlo::ConvolutionOp>(op)) {
        g = matchConv1x1(conv);
        std::optional<GemmCallConfig> w;
        if (!g && depthwiseKernel && (w = matchDepthwise(conv)))
          depthwise.push_back({conv, *w});
        else if (!g && convKernel && (w = matchConvKxK(conv)) &&
                 constantF32(conv.getRhs())) {
          auto ot = cast<RankedTensorType>(conv.getResult().getType());
          double flops =
              2.0 * ot.getNumElements() * w->window[0] * w->window[1] *
              cast<RankedTensorType>(conv.getLhs().getType()).getDimSize(3);
          if (flops >= static_cast<double>(minFlops) && ot.getNumElements())
            convs.push_back({conv, *w});
        }
      }
      if (g && 2.0 * g->m * g->n * g->k >= static_cast<double>(minFlops) &&
          g->m > 0 && g->n > 0)
        gemms.push_back(*g);
    });
    for (const Gemm &g : gemms)
      rewrite(g);
    for (auto &[conv, window] : depthwise)
      rewriteDepthwise(conv, window);
    for (auto &[conv, window] : convs)
      rewriteConv(conv, window);
  }

  /// conv (k x k, constant filter) + epilogue -> custom_call
  /// tfmlir_rt_conv2d_packed(input, packed filter[, bias][, residual]).
  void rewriteConv(hlo::ConvolutionOp conv, const GemmCallConfig &window) {
    auto it = cast<RankedTensorType>(conv.getLhs().getType());
    auto ot = cast<RankedTensorType>(conv.getResult().getType());
    int64_t o = ot.getDimSize(3);
    int64_t k = window.window[0] * window.window[1] * it.getDimSize(3);
    std::optional<std::vector<float>> w = constantF32(conv.getRhs());
    if (!w)
      return;
    Epilogue e = matchEpilogue(conv, o, /*allowResidual=*/true);
    GemmCallConfig cfg = e.config;
    for (int i = 0; i < 2; ++i) {
      cfg.strides[i] = window.strides[i];
      cfg.dilations[i] = window.dilations[i];
      cfg.pad[i] = window.pad[i];
      cfg.window[i] = window.window[i];
    }
    OpBuilder b(e.last);
    Location loc = conv.getLoc();
    // HWIO row-major is [KH*KW*C, O] row-major: pack it as the GEMM's B.
    int64_t panels = (o + TFMLIR_RT_SGEMM_PANEL - 1) / TFMLIR_RT_SGEMM_PANEL;
    std::vector<float> packed(tfmlir_abi_sgemm_packed_size(k, o));
    tfmlir_abi_sgemm_pack_b(k, o, w->data(), o, 1, packed.data());
    auto pt = RankedTensorType::get({panels, k, TFMLIR_RT_SGEMM_PANEL},
                                    b.getF32Type());
    Value filter = hlo::ConstantOp::create(
        b, loc, DenseElementsAttr::get(pt, ArrayRef<float>(packed)));
    SmallVector<Value> operands = {conv.getLhs(), filter};
    if (cfg.bias)
      operands.push_back(e.bias);
    if (cfg.residual)
      operands.push_back(e.residual);
    auto call = hlo::CustomCallOp::create(
        b, loc, TypeRange{ot}, operands, kConv2dTarget,
        printGemmCallConfig(cfg) + printConvWindowConfig(cfg),
        /*has_side_effect=*/false);
    replaceChain(e, call.getResult(0));
  }

  /// Replaces the last op of `e` by `result` and erases the chain, then
  /// the constants/broadcasts/reshapes only it used.
  static void replaceChain(const Epilogue &e, Value result) {
    e.last->getResult(0).replaceAllUsesWith(result);
    // Erase the chain from its end; then the operands it alone used (bias
    // broadcasts, splat 0/6 constants, the original weights).
    llvm::SetVector<Operation *> maybeDead;
    for (Operation *op : llvm::reverse(e.chain)) {
      for (Value v : op->getOperands())
        if (Operation *d = v.getDefiningOp();
            d && !llvm::is_contained(e.chain, d))
          maybeDead.insert(d);
      op->erase();
    }
    for (size_t i = 0; i < maybeDead.size(); ++i) {
      Operation *d = maybeDead[i];
      if (!d->use_empty() ||
          !isa<hlo::ConstantOp, hlo::BroadcastInDimOp, hlo::ReshapeOp>(d))
        continue;
      for (Value v : d->getOperands())
        if (Operation *dd = v.getDefiningOp())
          maybeDead.insert(dd);
      d->erase();
    }
  }

  void rewriteDepthwise(hlo::ConvolutionOp conv, const GemmCallConfig &window) {
    auto it = cast<RankedTensorType>(conv.getLhs().getType());
    auto kt = cast<RankedTensorType>(conv.getRhs().getType());
    int64_t c = it.getDimSize(3);
    Epilogue e = matchEpilogue(conv, c, /*allowResidual=*/false);
    GemmCallConfig cfg = e.config;
    for (int i = 0; i < 2; ++i) {
      cfg.strides[i] = window.strides[i];
      cfg.dilations[i] = window.dilations[i];
      cfg.pad[i] = window.pad[i];
    }
    OpBuilder b(e.last);
    Location loc = conv.getLoc();
    Value filter =
        reshape(b, loc, conv.getRhs(), {kt.getDimSize(0), kt.getDimSize(1), c});
    SmallVector<Value> operands = {conv.getLhs(), filter};
    if (cfg.bias)
      operands.push_back(e.bias);
    auto call = hlo::CustomCallOp::create(
        b, loc, TypeRange{conv.getResult().getType()}, operands,
        kDepthwiseTarget, printGemmCallConfig(cfg) + printWindowConfig(cfg),
        /*has_side_effect=*/false);
    replaceChain(e, call.getResult(0));
  }

  void rewrite(const Gemm &g) {
    Epilogue e = matchEpilogue(g.op, g.n, /*allowResidual=*/true);
    e.config.transposeB = g.transposeB;
    OpBuilder b(e.last);
    Location loc = g.op->getLoc();
    Value gA = g.op->getOperand(0), gB = g.op->getOperand(1);
    Value a = reshape(b, loc, gA, {g.m, g.k});
    Value bOperand;
    const char *target;
    if (std::optional<std::vector<float>> w = constantF32(gB)) {
      // Pack at compile time (the runtime's own routine: same layout).
      int64_t panels =
          (g.n + TFMLIR_RT_SGEMM_PANEL - 1) / TFMLIR_RT_SGEMM_PANEL;
      std::vector<float> packed(tfmlir_abi_sgemm_packed_size(g.k, g.n));
      tfmlir_abi_sgemm_pack_b(g.k, g.n, w->data(), g.transposeB ? 1 : g.n,
                              g.transposeB ? g.k : 1, packed.data());
      auto pt = RankedTensorType::get({panels, g.k, TFMLIR_RT_SGEMM_PANEL},
                                      b.getF32Type());
      auto attr = DenseElementsAttr::get(pt, ArrayRef<float>(packed));
      bOperand = hlo::ConstantOp::create(b, loc, attr);
      e.config.transposeB = false;
      target = kSgemmPackedTarget;
    } else {
      bOperand = g.transposeB ? reshape(b, loc, gB, {g.n, g.k})
                              : reshape(b, loc, gB, {g.k, g.n});
      target = kSgemmTarget;
    }
    SmallVector<Value> operands = {a, bOperand};
    if (e.config.bias)
      operands.push_back(e.bias);
    if (e.config.residual)
      operands.push_back(reshape(b, loc, e.residual, {g.m, g.n}));
    auto ct = RankedTensorType::get({g.m, g.n}, b.getF32Type());
    auto call = hlo::CustomCallOp::create(b, loc, TypeRange{ct}, operands,
                                          target, printGemmCallConfig(e.config),
                                          /*has_side_effect=*/false);
    auto outType = cast<RankedTensorType>(e.last->getResult(0).getType());
    Value result = reshape(b, loc, call.getResult(0), outType.getShape());
    replaceChain(e, result);
  }
};

} // namespace
} // namespace tfmlir
