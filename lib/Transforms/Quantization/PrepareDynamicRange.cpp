//===- PrepareDynamicRange.cpp - hybrid int8 weights / float16 weights ----===//
//
// tfl-prepare-quantize-dynamic-range (QuantPasses.td).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Quantization/Passes.h"
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "mlir/IR/Builders.h"

namespace tfmlir {
#define GEN_PASS_DEF_PREPAREDYNAMICRANGEQUANTIZE
#include "lib/Transforms/Quantization/QuantPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;

namespace {

/// Which operand of `op` is a weight that dynamic-range quantization turns
/// into int8, and along which axis (-1: per-tensor). None for other ops.
std::optional<std::pair<unsigned, int32_t>> weightOperand(Operation *op) {
  StringRef n = op->getName().getStringRef();
  if (n == "tfl.conv_2d" || n == "tfl.fully_connected")
    return std::make_pair(1u, 0);
  if (n == "tfl.depthwise_conv_2d")
    return std::make_pair(1u, 3);
  if (n == "tfl.batch_matmul")
    return std::make_pair(1u, -1);
  return std::nullopt;
}

struct PrepareDynamicRangeQuantizePass
    : public tfmlir::impl::PrepareDynamicRangeQuantizeBase<
          PrepareDynamicRangeQuantizePass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    int64_t changed = enableFloat16 ? runFloat16(module) : runInt8(module);
    if (changed < 0)
      return signalPassFailure();
    if (changed == 0 && failIfNothing) {
      if (enableFloat16)
        module.emitError()
            << "no float32 constant weights to convert to float16";
      else
        module.emitError()
            << "no float weights to quantize: no conv_2d, depthwise_conv_2d, "
               "fully_connected or batch_matmul has a constant float32 weight "
               "with at least "
            << static_cast<int64_t>(minElements) << " elements";
      return signalPassFailure();
    }
  }

  int64_t runInt8(ModuleOp module) {
    int64_t count = 0;
    module.walk([&](Operation *op) {
      auto w = weightOperand(op);
      if (!w || op->getNumOperands() <= w->first)
        return;
      // Only float ops: int8 activations are tfl-quantize's business.
      if (!isa<FloatType>(getElementTypeOrSelf(op->getOperand(0).getType())))
        return;
      Value v = op->getOperand(w->first);
      auto c = quantutil::floatConstant(v);
      if (!c || c->getNumElements() < static_cast<int64_t>(minElements))
        return;
      auto st = cast<ShapedType>(c->getType());
      if (w->second >= 0 && st.getRank() <= w->second)
        return;
      quant::QuantizedType qt =
          w->second >= 0
              ? quant::QuantizedType(
                    quantutil::symmetricPerAxisType(*c, w->second))
              : quant::QuantizedType(quantutil::symmetricPerTensorType(*c));
      OpBuilder b(op);
      Value q = quantutil::makeConst(
          b, v.getLoc(), quantutil::withElementType(v.getType(), qt),
          quantutil::quantizeValues(*c, qt));
      op->setOperand(w->first, q);
      if (op->hasAttr("asymmetric_quantize_inputs"))
        op->setAttr("asymmetric_quantize_inputs", b.getBoolAttr(true));
      if (Operation *def = v.getDefiningOp(); def && def->use_empty())
        def->erase();
      ++count;
    });
    return count;
  }

  int64_t runFloat16(ModuleOp module) {
    int64_t count = 0;
    SmallVector<Operation *> consts;
    module.walk([&](Operation *op) {
      if (op->getName().getStringRef() == "tfl.pseudo_const" &&
          op->getNumResults() == 1 &&
          quantutil::floatConstant(op->getResult(0)))
        consts.push_back(op);
    });
    for (Operation *op : consts) {
      Value v = op->getResult(0);
      // Leave constants only consumed by a dequantize (already converted)
      // or by nothing.
      bool used = llvm::any_of(v.getUsers(), [](Operation *u) {
        return u->getName().getStringRef() != "tfl.dequantize";
      });
      if (!used)
        continue;
      DenseElementsAttr c = *quantutil::floatConstant(v);
      OpBuilder b(op);
      b.setInsertionPointAfter(op);
      auto f16 = b.getF16Type();
      auto halfType =
          RankedTensorType::get(cast<ShapedType>(c.getType()).getShape(), f16);
      SmallVector<APFloat> halves;
      halves.reserve(c.getNumElements());
      for (APFloat x : c.getValues<APFloat>()) {
        bool lost;
        x.convert(APFloat::IEEEhalf(), APFloat::rmNearestTiesToEven, &lost);
        halves.push_back(x);
      }
      Value h = quantutil::makeConst(b, v.getLoc(), halfType,
                                     DenseElementsAttr::get(halfType, halves));
      OperationState st(v.getLoc(), "tfl.dequantize");
      st.addOperands(h);
      st.addTypes(v.getType());
      Value dq = b.create(st)->getResult(0);
      v.replaceAllUsesExcept(dq, dq.getDefiningOp());
      if (op->use_empty())
        op->erase();
      ++count;
    }
    return count;
  }
};

} // namespace
