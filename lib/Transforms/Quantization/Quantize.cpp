//===- Quantize.cpp - rewrite ops between dequantize/quantize to int8 -----===//
//
// tfl-quantize (QuantPasses.td).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Quantization/Passes.h"
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/StringSet.h"

namespace tfmlir {
#define GEN_PASS_DEF_QUANTIZE
#include "lib/Transforms/Quantization/QuantPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;

bool tfmlir::quantutil::isQuantizableOp(StringRef n) {
  // TFLite builtins with int8 kernels in TFLite and in runtime/lite.
  static const llvm::StringSet<> ops = {"tfl.conv_2d",
                                        "tfl.depthwise_conv_2d",
                                        "tfl.fully_connected",
                                        "tfl.add",
                                        "tfl.sub",
                                        "tfl.mul",
                                        "tfl.average_pool_2d",
                                        "tfl.max_pool_2d",
                                        "tfl.reshape",
                                        "tfl.softmax",
                                        "tfl.logistic",
                                        "tfl.tanh",
                                        "tfl.concatenation",
                                        "tfl.mean",
                                        "tfl.pad",
                                        "tfl.resize_bilinear",
                                        "tfl.hard_swish",
                                        "tfl.strided_slice",
                                        "tfl.transpose",
                                        "tfl.relu",
                                        "tfl.relu6",
                                        "tfl.relu_n1_to_1",
                                        "tfl.leaky_relu",
                                        "tfl.squeeze",
                                        "tfl.expand_dims",
                                        "tfl.padv2",
                                        "tfl.gather",
                                        "tfl.transpose_conv"};
  return ops.contains(n);
}

namespace {

bool isF32Tensor(Type t) {
  auto st = dyn_cast<TensorType>(t);
  return st && st.getElementType().isF32();
}

bool isInt8Quant(Type t) {
  auto q = quantutil::quantElementType(t);
  return q && q.getStorageTypeIntegralWidth() == 8 && q.isSigned();
}

/// Ops whose inputs must carry the output's parameters in TFLite's int8
/// kernels (values are copied, selected or concatenated, not rescaled).
bool needsSameInputType(StringRef n) {
  static const llvm::StringSet<> ops = {
      "tfl.concatenation", "tfl.reshape",
      "tfl.max_pool_2d",   "tfl.average_pool_2d",
      "tfl.pad",           "tfl.strided_slice",
      "tfl.transpose",     "tfl.resize_bilinear",
      "tfl.squeeze",       "tfl.expand_dims",
      "tfl.padv2",         "tfl.gather"};
  return ops.contains(n);
}

/// Operand layout of the ops with weights: the weight operand, its
/// per-channel (output channel) axis, the bias operand and the activation
/// input whose scale the bias scale multiplies.
struct WeightLayout {
  unsigned weight;
  int32_t axis;
  unsigned bias;
  unsigned input;
};

/// conv_2d / fully_connected (weights [O, ...], axis 0), depthwise_conv_2d
/// (weights [1, H, W, O], axis 3) and transpose_conv (operands
/// output_shape, weights [O, H, W, I], input, bias: axis 0), as TFLite's
/// quantizer lays them out.
std::optional<WeightLayout> weightLayout(StringRef n) {
  if (n == "tfl.conv_2d" || n == "tfl.fully_connected")
    return WeightLayout{1, 0, 2, 0};
  if (n == "tfl.depthwise_conv_2d")
    return WeightLayout{1, 3, 2, 0};
  if (n == "tfl.transpose_conv")
    return WeightLayout{1, 0, 3, 2};
  return std::nullopt;
}

struct QuantizePass : public tfmlir::impl::QuantizeBase<QuantizePass> {
  using Base::Base;

  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](func::FuncOp fn) {
      if (fn.isExternal())
        return;
      SmallVector<Operation *> ops;
      for (Operation &op : fn.getBody().front())
        ops.push_back(&op);
      // quantizeOp erases the tfl.quantize users of an op it rewrites, which
      // come later in `ops`: those are skipped, never dereferenced.
      erased_.clear();
      for (Operation *op : ops)
        if (!erased_.contains(op) && !quantizeOp(op))
          failed = true;
    });
    if (failed)
      signalPassFailure();
  }

  /// Rewrites `op` if it qualifies; false only on a hard error.
  bool quantizeOp(Operation *op) {
    StringRef name = op->getName().getStringRef();
    if (!quantutil::isQuantizableOp(name))
      return true;
    SmallVector<Value> operands(op->getOperands());
    SmallVector<unsigned> constIdx;
    bool hasActivation = false;
    auto layout = weightLayout(name);
    quant::QuantizedType weightType;
    for (auto [i, v] : llvm::enumerate(op->getOperands())) {
      if (!isF32Tensor(v.getType()))
        continue;
      Operation *def = v.getDefiningOp();
      // Weights already quantized (QAT, or 4-bit): used as they are.
      if (layout && i == layout->weight && def &&
          def->getName().getStringRef() == "tfl.dequantize" &&
          quantutil::quantElementType(def->getOperand(0).getType())) {
        operands[i] = def->getOperand(0);
        weightType = quantutil::quantElementType(operands[i].getType());
        continue;
      }
      if (def && def->getName().getStringRef() == "tfl.dequantize" &&
          isInt8Quant(def->getOperand(0).getType())) {
        operands[i] = def->getOperand(0);
        hasActivation = true;
        continue;
      }
      if (quantutil::floatConstant(v)) {
        constIdx.push_back(i);
        continue;
      }
      return true; // a float activation without parameters: stays float
    }
    if (!hasActivation)
      return true;
    SmallVector<Type> resultTypes;
    SmallVector<Operation *> quantUsers;
    for (OpResult r : op->getResults()) {
      if (!isF32Tensor(r.getType()) || !r.hasOneUse())
        return true;
      Operation *u = *r.getUsers().begin();
      if (u->getName().getStringRef() != "tfl.quantize" ||
          !isInt8Quant(u->getResult(0).getType()))
        return true;
      resultTypes.push_back(u->getResult(0).getType());
      quantUsers.push_back(u);
    }
    if (resultTypes.empty())
      return true;

    OpBuilder b(op);
    // Weights first: the bias type depends on them.
    for (unsigned i : constIdx) {
      if (!layout || i != layout->weight)
        continue;
      DenseElementsAttr c = *quantutil::floatConstant(op->getOperand(i));
      int32_t axis = layout->axis;
      if (cast<ShapedType>(c.getType()).getRank() <= axis)
        return true;
      quant::QuantizedType qt;
      if (name == "tfl.fully_connected" && disablePerChannelForDenseLayers)
        qt = quantutil::symmetricPerTensorType(c);
      else
        qt = quantutil::symmetricPerAxisType(c, axis);
      weightType = qt;
      operands[i] =
          quantutil::makeConst(b, op->getOperand(i).getLoc(),
                               quantutil::withElementType(c.getType(), qt),
                               quantutil::quantizeValues(c, qt));
    }
    for (unsigned i : constIdx) {
      if (layout && i == layout->weight)
        continue;
      DenseElementsAttr c = *quantutil::floatConstant(op->getOperand(i));
      quant::QuantizedType qt;
      if (layout && i == layout->bias) {
        auto in = dyn_cast_or_null<quant::UniformQuantizedType>(
            quantutil::quantElementType(operands[layout->input].getType()));
        if (!in || !weightType)
          return true;
        qt = quantutil::biasType(op->getContext(), in.getScale(), weightType,
                                 c.getNumElements());
      } else if (needsSameInputType(name)) {
        qt = cast<quant::QuantizedType>(
            cast<ShapedType>(resultTypes[0]).getElementType());
      } else {
        qt = quantutil::asymmetricPerTensorType(c);
      }
      operands[i] =
          quantutil::makeConst(b, op->getOperand(i).getLoc(),
                               quantutil::withElementType(c.getType(), qt),
                               quantutil::quantizeValues(c, qt));
    }
    // conv_2d / depthwise_conv_2d / transpose_conv without bias: a zero
    // int32 bias.
    if (layout && name != "tfl.fully_connected" && weightType &&
        layout->bias < operands.size() &&
        isa<NoneType>(operands[layout->bias].getType())) {
      auto in = dyn_cast_or_null<quant::UniformQuantizedType>(
          quantutil::quantElementType(operands[layout->input].getType()));
      auto rt = dyn_cast<RankedTensorType>(resultTypes[0]);
      if (in && rt && rt.hasRank() && !rt.isDynamicDim(rt.getRank() - 1)) {
        int64_t channels = rt.getDimSize(rt.getRank() - 1);
        auto bt = quantutil::biasType(op->getContext(), in.getScale(),
                                      weightType, channels);
        auto storage = RankedTensorType::get({channels}, b.getI32Type());
        operands[layout->bias] = quantutil::makeConst(
            b, op->getLoc(), RankedTensorType::get({channels}, bt),
            DenseElementsAttr::get(
                storage, ArrayRef<int32_t>(std::vector<int32_t>(channels, 0))));
      }
    }
    // Inputs that must carry the output's parameters are requantized.
    if (needsSameInputType(name)) {
      Type outElem = cast<ShapedType>(resultTypes[0]).getElementType();
      for (Value &v : operands) {
        auto q = quantutil::quantElementType(v.getType());
        if (!q || q == outElem)
          continue;
        OperationState rq(v.getLoc(), "tfl.quantize");
        rq.addOperands(v);
        rq.addTypes(quantutil::withElementType(v.getType(), outElem));
        v = b.create(rq)->getResult(0);
      }
    }
    OperationState st(op->getLoc(), op->getName());
    st.addOperands(operands);
    st.addTypes(resultTypes);
    st.addAttributes(op->getAttrs());
    Operation *nop = b.create(st);
    nop->removeAttr("tfl.min_max");
    for (auto [k, u] : llvm::enumerate(quantUsers)) {
      u->getResult(0).replaceAllUsesWith(nop->getResult(k));
      erased_.insert(u);
      u->erase();
    }
    // The original op's results are now unused.
    erased_.insert(op);
    op->erase();
    return true;
  }

  /// The ops of the function being walked that quantizeOp erased.
  llvm::DenseSet<Operation *> erased_;
};

} // namespace
