//===- DecomposeFusedOps.cpp - tf-decompose-fused-ops ---------------------===//
//
// Grappler's fused ops back into the ops they fuse, so that the TF->HLO
// lowering compiles them and the TF->TFL path re-fuses them into
// tfl.conv_2d / depthwise_conv_2d / fully_connected with a fused
// activation. Semantics follow TF's kernels: conv_ops_fused_impl.h
// (BiasAdd, FusedBatchNorm, Add and the activations after a convolution),
// matmul_op_fused.cc (the same after a MatMul, plus GeluExact and
// GeluApproximate) and fused_batch_norm_op.cc (_FusedBatchNormEx). See
// Passes.td.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/DecomposeFusedOps.h"
#include "lib/Transforms/DecomposeRNNOps.h"
#include "lib/Transforms/Passes.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"
#include "llvm/ADT/StringSwitch.h"

#include <cmath>
#include <type_traits>

namespace tfmlir {
#define GEN_PASS_DEF_DECOMPOSEFUSEDOPSPASS
#include "lib/Transforms/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// What a fused op's `fused_ops` list asks for, parsed and checked.
struct FusedTail {
  enum Head { kNone, kBiasAdd, kBatchNorm } head = kNone;
  bool add = false;       ///< BiasAdd, Add: args[1] is added
  std::string activation; ///< "" or Relu, Relu6, Elu, LeakyRelu, Tanh,
                          ///< Sigmoid, Prelu, GeluExact, GeluApproximate
  unsigned numArgs = 0;   ///< extra operands the list consumes
};

/// The attrs a fused op has that the unfused contraction does not take.
bool isFusionAttr(StringRef name) {
  return llvm::is_contained({"fused_ops", "num_args", "epsilon",
                             "leakyrelu_alpha", "TArgs", "num_host_args",
                             "filter_format", "_output_shapes"},
                            name);
}

/// Parses `fused_ops` of an op with `available` extra operands. The
/// accepted lists are a superset of what TF's CPU kernels accept:
/// [BiasAdd | FusedBatchNorm] [Add] [activation], where FusedBatchNorm only
/// follows a convolution (`isConv`), Add only follows BiasAdd, and the Gelu
/// activations only follow a MatMul. Returns "" on success, else why not.
std::string parseFusedOps(ArrayAttr list, size_t available, bool isConv,
                          FusedTail &tail) {
  SmallVector<StringRef> ops;
  if (list)
    for (Attribute a : list) {
      auto s = dyn_cast<StringAttr>(a);
      if (!s)
        return "fused_ops holds a non-string entry";
      ops.push_back(s.getValue());
    }
  auto listStr = [&] {
    std::string s = "[";
    for (auto [i, o] : llvm::enumerate(ops))
      s += (i ? ", " : "") + o.str();
    return s + "]";
  };
  size_t i = 0;
  if (i < ops.size() && ops[i] == "BiasAdd") {
    tail.head = FusedTail::kBiasAdd;
    tail.numArgs = 1;
    ++i;
    if (i < ops.size() && ops[i] == "Add") {
      tail.add = true;
      tail.numArgs = 2;
      ++i;
    }
  } else if (i < ops.size() && ops[i] == "FusedBatchNorm") {
    if (!isConv)
      return "fused_ops " + listStr() +
             ": FusedBatchNorm is fused only into convolutions";
    tail.head = FusedTail::kBatchNorm;
    tail.numArgs = 4;
    ++i;
  }
  if (i < ops.size()) {
    StringRef act = ops[i];
    bool known = llvm::is_contained({"Relu", "Relu6", "Elu", "LeakyRelu",
                                     "Tanh", "Sigmoid", "Prelu"},
                                    act) ||
                 (!isConv && (act == "GeluExact" || act == "GeluApproximate"));
    if (!known)
      return "fused_ops " + listStr() + ": '" + act.str() +
             "' is not a supported " + (i ? "activation" : "first op") +
             " of this op";
    tail.activation = act.str();
    if (act == "Prelu")
      ++tail.numArgs; // the alpha tensor follows the other args
    ++i;
  }
  if (i != ops.size())
    return "fused_ops " + listStr() + ": unexpected '" + ops[i].str() +
           "' after '" + ops[i - 1].str() + "'";
  if (tail.numArgs > available)
    return "fused_ops " + listStr() + " needs " + std::to_string(tail.numArgs) +
           " extra operand(s) but the op has " + std::to_string(available);
  return "";
}

/// A scalar tf.Const of `v` with the element type of `like`.
Value scalarLike(PatternRewriter &rw, Location loc, Value like, double v) {
  Type elt = cast<ShapedType>(like.getType()).getElementType();
  auto type = RankedTensorType::get({}, elt);
  return TF::ConstOp::create(
      rw, loc, DenseElementsAttr::get(type, rw.getFloatAttr(elt, v)));
}

/// Builds the ops of `tail` after the contraction result `x` (type `type`,
/// the fused op's result type). `dataFormat` is the BiasAdd / batch-norm
/// layout.
Value buildTail(PatternRewriter &rw, Location loc, Value x, Type type,
                const FusedTail &tail, ValueRange args, StringRef dataFormat,
                float epsilon, float alpha) {
  auto un = [&](StringRef name, Value v,
                ArrayRef<NamedAttribute> attrs = {}) -> Value {
    OperationState st(loc, ("tf." + name).str());
    st.addOperands(v);
    st.addTypes(type);
    st.addAttributes(attrs);
    return rw.create(st)->getResult(0);
  };
  auto bin = [&](StringRef name, Value a, Value b) -> Value {
    OperationState st(loc, ("tf." + name).str());
    st.addOperands({a, b});
    st.addTypes(type);
    return rw.create(st)->getResult(0);
  };
  NamedAttribute format =
      rw.getNamedAttr("data_format", rw.getStringAttr(dataFormat));
  if (tail.head == FusedTail::kBiasAdd) {
    x = TF::BiasAddOp::create(rw, loc, TypeRange{type}, ValueRange{x, args[0]},
                              {format});
    if (tail.add)
      x = bin("AddV2", x, args[1]);
  } else if (tail.head == FusedTail::kBatchNorm) {
    // Inference batch norm with the given statistics (TF's
    // FusedBatchNormOutputKernel: (x - mean) * rsqrt(var + eps) * scale +
    // offset).
    SmallVector<Type> types(1, type);
    for (int k = 0; k < 5; ++k)
      types.push_back(UnrankedTensorType::get(
          cast<ShapedType>(args[0].getType()).getElementType()));
    x = TF::FusedBatchNormV3Op::create(
            rw, loc, types, ValueRange{x, args[0], args[1], args[2], args[3]},
            {rw.getNamedAttr("epsilon", rw.getF32FloatAttr(epsilon)), format,
             rw.getNamedAttr("is_training", rw.getBoolAttr(false))})
            ->getResult(0);
  }
  StringRef act = tail.activation;
  if (act.empty())
    return x;
  if (act == "LeakyRelu")
    return un("LeakyRelu", x,
              {rw.getNamedAttr("alpha", rw.getF32FloatAttr(alpha))});
  if (act == "Prelu") {
    // TF.js: x > 0 ? x : alpha * x, as relu(x) - alpha * relu(-x) (exact:
    // one of the two terms is 0).
    Value a = args[tail.numArgs - 1];
    Value neg = un("Relu", un("Neg", x));
    return bin("Sub", un("Relu", x), bin("Mul", a, neg));
  }
  if (act == "GeluExact") {
    // 0.5 * x * (1 + erf(x / sqrt(2))), as matmul_op_fused.cc.
    Value t = un("Erf", bin("Mul", x, scalarLike(rw, loc, x, M_SQRT1_2)));
    Value one = bin("AddV2", t, scalarLike(rw, loc, x, 1.0));
    return bin("Mul", bin("Mul", x, scalarLike(rw, loc, x, 0.5)), one);
  }
  if (act == "GeluApproximate") {
    // 0.5 * x * (1 + tanh(sqrt(2 / pi) * (x + 0.044715 * x^3))).
    Value x3 = bin("Mul", bin("Mul", x, x), x);
    Value inner =
        bin("AddV2", x, bin("Mul", scalarLike(rw, loc, x, 0.044715), x3));
    Value t =
        un("Tanh",
           bin("Mul", scalarLike(rw, loc, x, std::sqrt(2.0 / M_PI)), inner));
    Value one = bin("AddV2", t, scalarLike(rw, loc, x, 1.0));
    return bin("Mul", bin("Mul", x, scalarLike(rw, loc, x, 0.5)), one);
  }
  return un(act, x); // Relu, Relu6, Elu, Tanh, Sigmoid
}

/// The start every fused conv/matmul pattern shares: refuses what cannot be
/// decomposed (notifyMatchFailure with the reason), parses `fused_ops` into
/// `tail` and keeps the attributes the core op takes in `coreAttrs`.
template <typename FusedOp>
LogicalResult prepareFused(FusedOp op, PatternRewriter &rw, bool isConv,
                           FusedTail &tail,
                           SmallVectorImpl<NamedAttribute> &coreAttrs) {
  std::string why = whyNotDecomposable(op);
  if (!why.empty())
    return rw.notifyMatchFailure(op, why);
  (void)parseFusedOps(op.getFusedOpsAttr(), op.getArgs().size(), isConv, tail);
  for (NamedAttribute a : op->getAttrs())
    if (!isFusionAttr(a.getName().getValue()))
      coreAttrs.push_back(a);
  return success();
}

/// _FusedConv2D / (_)FusedDepthwiseConv2dNative -> Conv2D /
/// DepthwiseConv2dNative + tail.
template <typename FusedOp, typename ConvOp>
struct DecomposeFusedConv : public OpRewritePattern<FusedOp> {
  using OpRewritePattern<FusedOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rw) const override {
    FusedTail tail;
    SmallVector<NamedAttribute> attrs;
    if (failed(prepareFused(op, rw, /*isConv=*/true, tail, attrs)))
      return failure();
    Type type = op.getOutput().getType();
    Value conv =
        ConvOp::create(rw, op.getLoc(), TypeRange{type},
                       ValueRange{op.getInput(), op.getFilter()}, attrs);
    rw.replaceOp(op,
                 buildTail(rw, op.getLoc(), conv, type, tail, op.getArgs(),
                           op.getDataFormat(), op.getEpsilon().convertToFloat(),
                           op.getLeakyreluAlpha().convertToFloat()));
    return success();
  }
};

/// _FusedMatMul -> MatMul + tail.
struct DecomposeFusedMatMul : public OpRewritePattern<TF::_FusedMatMulOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TF::_FusedMatMulOp op,
                                PatternRewriter &rw) const override {
    FusedTail tail;
    SmallVector<NamedAttribute> attrs;
    if (failed(prepareFused(op, rw, /*isConv=*/false, tail, attrs)))
      return failure();
    Type type = op.getProduct().getType();
    Value mm = TF::MatMulOp::create(rw, op.getLoc(), TypeRange{type},
                                    ValueRange{op.getA(), op.getB()}, attrs);
    rw.replaceOp(op, buildTail(rw, op.getLoc(), mm, type, tail, op.getArgs(),
                               "NHWC", op.getEpsilon().convertToFloat(),
                               op.getLeakyreluAlpha().convertToFloat()));
    return success();
  }
};

/// _FusedBatchNormEx -> FusedBatchNormV3 (+ AddV2 side input) (+ Relu).
struct DecomposeFusedBatchNormEx
    : public OpRewritePattern<TF::_FusedBatchNormExOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TF::_FusedBatchNormExOp op,
                                PatternRewriter &rw) const override {
    std::string why = whyNotDecomposable(op);
    if (!why.empty())
      return rw.notifyMatchFailure(op, why);
    SmallVector<NamedAttribute> attrs;
    for (NamedAttribute a : op->getAttrs())
      if (a.getName() != "num_side_inputs" &&
          a.getName() != "activation_mode" && a.getName() != "_output_shapes")
        attrs.push_back(a);
    Location loc = op.getLoc();
    auto bn = TF::FusedBatchNormV3Op::create(
        rw, loc, op->getResultTypes(),
        ValueRange{op.getX(), op.getScale(), op.getOffset(), op.getMean(),
                   op.getVariance()},
        attrs);
    Type type = op.getY().getType();
    Value y = bn.getY();
    if (!op.getSideInput().empty())
      y = TF::AddV2Op::create(rw, loc, TypeRange{type},
                              ValueRange{y, op.getSideInput()[0]});
    if (op.getActivationMode() == "Relu")
      y = TF::ReluOp::create(rw, loc, TypeRange{type}, ValueRange{y});
    SmallVector<Value> results{y};
    for (unsigned k = 1; k < 6; ++k)
      results.push_back(bn->getResult(k));
    rw.replaceOp(op, results);
    return success();
  }
};

/// TF.js's standalone Prelu(x, alpha) (not a TF op; TF.js's converter
/// writes it for Keras PReLU): relu(x) - alpha * relu(-x), the form the
/// fused [BiasAdd, Prelu] tail uses. Matched by name: the op is not in
/// the tf dialect's ODS.
struct DecomposeTFJSPrelu : public RewritePattern {
  explicit DecomposeTFJSPrelu(MLIRContext *ctx)
      : RewritePattern("tf.Prelu", 1, ctx) {}
  LogicalResult matchAndRewrite(Operation *op,
                                PatternRewriter &rw) const override {
    if (op->getNumOperands() != 2 || op->getNumResults() != 1)
      return rw.notifyMatchFailure(op, "Prelu takes x and alpha");
    FusedTail tail;
    tail.activation = "Prelu";
    tail.numArgs = 1;
    rw.replaceOp(op,
                 buildTail(rw, op->getLoc(), op->getOperand(0),
                           op->getResult(0).getType(), tail,
                           op->getOperands().drop_front(), "NHWC", 0.f, 0.f));
    return success();
  }
};

/// _FusedConv3D -> Conv3D + tail. BiasAdd reads the channel dim as
/// data_format NHWC (NDHWC) or NCHW (NCDHW) does for a 5-D value.
struct DecomposeFusedConv3D : public OpRewritePattern<TF::_FusedConv3DOp> {
  using OpRewritePattern::OpRewritePattern;
  LogicalResult matchAndRewrite(TF::_FusedConv3DOp op,
                                PatternRewriter &rw) const override {
    FusedTail tail;
    SmallVector<NamedAttribute> attrs;
    if (failed(prepareFused(op, rw, /*isConv=*/true, tail, attrs)))
      return failure();
    llvm::erase_if(attrs, [](NamedAttribute a) {
      return a.getName() == "explicit_paddings";
    });
    Type type = op.getOutput().getType();
    Value conv =
        TF::Conv3DOp::create(rw, op.getLoc(), TypeRange{type},
                             ValueRange{op.getInput(), op.getFilter()}, attrs);
    StringRef biasFormat = op.getDataFormat() == "NCDHW" ? "NCHW" : "NHWC";
    rw.replaceOp(op, buildTail(rw, op.getLoc(), conv, type, tail, op.getArgs(),
                               biasFormat, op.getEpsilon().convertToFloat(),
                               op.getLeakyreluAlpha().convertToFloat()));
    return success();
  }
};

/// FusedPadConv2D -> MirrorPad + Conv2D, and FusedResizeAndPadConv2D ->
/// ResizeBilinear (align_corners = resize_align_corners, legacy sampling:
/// half_pixel_centers = false, as TF's fused kernel) + MirrorPad + Conv2D,
/// all NHWC (conv_ops_fused_image_transform.cc). The intermediate values
/// are unranked; shape inference refines them.
template <typename FusedOp>
struct DecomposePadConv : public OpRewritePattern<FusedOp> {
  using OpRewritePattern<FusedOp>::OpRewritePattern;
  LogicalResult matchAndRewrite(FusedOp op,
                                PatternRewriter &rw) const override {
    Location loc = op.getLoc();
    Type elt = cast<ShapedType>(op.getInput().getType()).getElementType();
    Type unranked = UnrankedTensorType::get(elt);
    Value x = op.getInput();
    if constexpr (std::is_same_v<FusedOp, TF::FusedResizeAndPadConv2DOp>)
      x = TF::ResizeBilinearOp::create(
          rw, loc, TypeRange{unranked}, ValueRange{x, op.getSize()},
          {rw.getNamedAttr("align_corners",
                           rw.getBoolAttr(op.getResizeAlignCorners())),
           rw.getNamedAttr("half_pixel_centers", rw.getBoolAttr(false))});
    x = TF::MirrorPadOp::create(rw, loc, TypeRange{unranked},
                                ValueRange{x, op.getPaddings()},
                                {rw.getNamedAttr("mode", op.getModeAttr())});
    Value conv = TF::Conv2DOp::create(
        rw, loc, TypeRange{op.getOutput().getType()},
        ValueRange{x, op.getFilter()},
        {rw.getNamedAttr("strides", op.getStridesAttr()),
         rw.getNamedAttr("padding", op.getPaddingAttr()),
         rw.getNamedAttr("data_format", rw.getStringAttr("NHWC"))});
    rw.replaceOp(op, conv);
    return success();
  }
};

struct DecomposeFusedOpsPass
    : public tfmlir::impl::DecomposeFusedOpsPassBase<DecomposeFusedOpsPass> {
  using DecomposeFusedOpsPassBase::DecomposeFusedOpsPassBase;
  void runOnOperation() override {
    RewritePatternSet patterns(&getContext());
    populateDecomposeFusedOpsPatterns(patterns);
    populateDecomposeRNNOpsPatterns(patterns);
    if (failed(applyPatternsGreedily(getOperation(), std::move(patterns))))
      return signalPassFailure();
    if (!warnNotDecomposed)
      return;
    // What is left is not supported: say why, once per node. The ops stay,
    // so the legalizations list them in their histograms.
    getOperation().walk([](Operation *op) {
      std::string why;
      if (auto f = dyn_cast<TF::_FusedConv2DOp>(op))
        why = whyNotDecomposable(f);
      else if (auto f = dyn_cast<TF::_FusedDepthwiseConv2dNativeOp>(op))
        why = whyNotDecomposable(f);
      else if (auto f = dyn_cast<TF::FusedDepthwiseConv2dNativeOp>(op))
        why = whyNotDecomposable(f);
      else if (auto f = dyn_cast<TF::_FusedMatMulOp>(op))
        why = whyNotDecomposable(f);
      else if (auto f = dyn_cast<TF::_FusedBatchNormExOp>(op))
        why = whyNotDecomposable(f);
      else if (auto f = dyn_cast<TF::_FusedConv3DOp>(op))
        why = whyNotDecomposable(f);
      else
        why = whyRNNOpNotDecomposable(op);
      if (!why.empty())
        op->emitWarning() << "node '" << nodeNameOf(op->getLoc()) << "' ("
                          << op->getName() << ") is not decomposed: " << why;
    });
  }
};

} // namespace

template <typename FusedConvOp> static std::string whyNotConv(FusedConvOp op) {
  StringRef format = op.getDataFormat();
  if (format != "NHWC" && format != "NCHW")
    return ("data_format '" + format + "' is not supported").str();
  if (auto ff = op->template getAttrOfType<StringAttr>("filter_format"))
    if (ff.getValue() != "HWIO")
      return ("filter_format '" + ff.getValue() +
              "' is not supported (only HWIO, as on TF's CPU)")
          .str();
  if (auto n = op->template getAttrOfType<IntegerAttr>("num_host_args"))
    if (n.getInt() != 0)
      return "num_host_args > 0 (quantized fusion) is not supported";
  FusedTail tail;
  return parseFusedOps(op.getFusedOpsAttr(), op.getArgs().size(), true, tail);
}

std::string whyNotDecomposable(TF::_FusedConv2DOp op) { return whyNotConv(op); }
std::string whyNotDecomposable(TF::_FusedDepthwiseConv2dNativeOp op) {
  return whyNotConv(op);
}
std::string whyNotDecomposable(TF::FusedDepthwiseConv2dNativeOp op) {
  return whyNotConv(op);
}
std::string whyNotDecomposable(TF::_FusedConv3DOp op) {
  StringRef format = op.getDataFormat();
  if (format != "NDHWC" && format != "NCDHW")
    return ("data_format '" + format + "' is not supported").str();
  if (op.getPadding() == "EXPLICIT")
    return "padding EXPLICIT is not supported (Conv3D has no "
           "explicit_paddings)";
  FusedTail tail;
  std::string why =
      parseFusedOps(op.getFusedOpsAttr(), op.getArgs().size(), true, tail);
  if (why.empty() && tail.head == FusedTail::kBatchNorm)
    return "fused_ops with FusedBatchNorm is not supported for Conv3D (TF "
           "fuses BiasAdd and an activation)";
  return why;
}
std::string whyNotDecomposable(TF::_FusedMatMulOp op) {
  FusedTail tail;
  return parseFusedOps(op.getFusedOpsAttr(), op.getArgs().size(), false, tail);
}
std::string whyNotDecomposable(TF::_FusedBatchNormExOp op) {
  StringRef mode = op.getActivationMode();
  if (mode != "Identity" && mode != "Relu")
    return ("activation_mode '" + mode +
            "' is not supported (TF accepts Identity and Relu)")
        .str();
  if (op.getSideInput().size() > 1)
    return "more than one side input";
  return "";
}

void populateDecomposeFusedOpsPatterns(RewritePatternSet &patterns) {
  MLIRContext *ctx = patterns.getContext();
  patterns
      .add<DecomposeFusedConv<TF::_FusedConv2DOp, TF::Conv2DOp>,
           DecomposeFusedConv<TF::_FusedDepthwiseConv2dNativeOp,
                              TF::DepthwiseConv2dNativeOp>,
           DecomposeFusedConv<TF::FusedDepthwiseConv2dNativeOp,
                              TF::DepthwiseConv2dNativeOp>,
           DecomposeFusedMatMul, DecomposeFusedBatchNormEx, DecomposeTFJSPrelu>(
          ctx);
  patterns.add<DecomposeFusedConv3D, DecomposePadConv<TF::FusedPadConv2DOp>,
               DecomposePadConv<TF::FusedResizeAndPadConv2DOp>>(ctx);
}

} // namespace tfmlir
