//===- PrepareQuantize.cpp - quantize/dequantize pairs from statistics ----===//
//
// tfl-prepare-quantize (QuantPasses.td).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Quantization/Passes.h"
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "mlir/IR/Builders.h"
#include "llvm/ADT/StringSet.h"

namespace tfmlir {
#define GEN_PASS_DEF_PREPAREQUANTIZE
#include "lib/Transforms/Quantization/QuantPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;

namespace {

/// Ops whose int8 TFLite kernel requires the output to have the input's
/// quantization parameters (the kernels copy or select values).
bool isSameScaleOp(StringRef n) {
  static const llvm::StringSet<> ops = {"tfl.reshape",
                                        "tfl.squeeze",
                                        "tfl.expand_dims",
                                        "tfl.transpose",
                                        "tfl.max_pool_2d",
                                        "tfl.average_pool_2d",
                                        "tfl.strided_slice",
                                        "tfl.slice",
                                        "tfl.pad",
                                        "tfl.gather",
                                        "tfl.resize_nearest_neighbor",
                                        "tfl.resize_bilinear",
                                        "tfl.depth_to_space",
                                        "tfl.space_to_depth"};
  return ops.contains(n);
}

/// TFLite's fixed output parameters (int8 kernels of SOFTMAX, LOGISTIC,
/// TANH, LOG_SOFTMAX).
quant::UniformQuantizedType fixedOutputType(MLIRContext *ctx, StringRef n) {
  auto make = [&](double scale, int64_t zp) {
    return quant::UniformQuantizedType::get(
        quant::QuantizationFlags::Signed, IntegerType::get(ctx, 8),
        Float32Type::get(ctx), scale, zp, -128, 127);
  };
  if (n == "tfl.softmax" || n == "tfl.logistic")
    return make(1.0 / 256.0, -128);
  if (n == "tfl.tanh")
    return make(1.0 / 128.0, 0);
  if (n == "tfl.log_softmax")
    return make(16.0 / 256.0, 127);
  return {};
}

bool isF32Tensor(Type t) {
  auto st = dyn_cast<TensorType>(t);
  return st && st.getElementType().isF32();
}

/// The [min, max] of a `tfl.min_max` dictionary; per-channel statistics
/// (several values, as some calibrated .tflite files carry) are merged into
/// one per-tensor range, since activations are quantized per tensor.
std::optional<std::pair<double, double>> rangeOf(DictionaryAttr d) {
  if (!d)
    return std::nullopt;
  auto lo = d.getAs<DenseF32ArrayAttr>("min");
  auto hi = d.getAs<DenseF32ArrayAttr>("max");
  if (!lo || !hi || lo.empty() || lo.size() != hi.size())
    return std::nullopt;
  double l = lo[0], h = hi[0];
  for (int64_t i = 1; i < static_cast<int64_t>(lo.size()); ++i) {
    l = std::min(l, double(lo[i]));
    h = std::max(h, double(hi[i]));
  }
  return std::make_pair(l, h);
}

struct PrepareQuantizePass
    : public tfmlir::impl::PrepareQuantizeBase<PrepareQuantizePass> {
  void runOnOperation() override {
    bool failed = false;
    getOperation().walk([&](func::FuncOp fn) {
      if (!fn.isExternal() && !prepare(fn))
        failed = true;
    });
    if (failed)
      signalPassFailure();
  }

  bool prepare(func::FuncOp fn) {
    MLIRContext *ctx = fn.getContext();
    llvm::MapVector<Value, Type> assigned;
    bool ok = true;
    auto fromStats = [&](DictionaryAttr d, Location loc) -> Type {
      auto r = rangeOf(d);
      if (!r)
        return {};
      std::string why;
      auto t = quantutil::rangeToType(ctx, r->first, r->second, 8, false, true,
                                      &why);
      if (!t) {
        emitError(loc) << "bad tfl.min_max statistics: " << why;
        ok = false;
        return {};
      }
      return t;
    };
    for (BlockArgument a : fn.getArguments())
      if (isF32Tensor(a.getType()))
        if (Type t = fromStats(fn.getArgAttrOfType<DictionaryAttr>(
                                   a.getArgNumber(), "tfl.min_max"),
                               a.getLoc()))
          assigned[a] = t;
    for (Operation &op : fn.getBody().front()) {
      StringRef n = op.getName().getStringRef();
      if (n == "tfl.pseudo_const" || n == "tfl.quantize" ||
          n == "tfl.dequantize" || n == "tfl.no_value" ||
          op.hasTrait<OpTrait::IsTerminator>() || op.getNumRegions() > 0)
        continue;
      auto stats = op.getAttrOfType<ArrayAttr>("tfl.min_max");
      for (OpResult r : op.getResults()) {
        if (!isF32Tensor(r.getType()))
          continue;
        Type t = fixedOutputType(ctx, n);
        if (!t && isSameScaleOp(n) && op.getNumOperands() > 0) {
          Value in = op.getOperand(0);
          if (auto it = assigned.find(in); it != assigned.end())
            t = it->second;
          else if (Operation *d = in.getDefiningOp();
                   d && d->getName().getStringRef() == "tfl.dequantize")
            if (auto qt =
                    quantutil::quantElementType(d->getOperand(0).getType());
                qt && qt.getStorageTypeIntegralWidth() == 8)
              t = qt; // a QAT (FakeQuant) pair feeds this op
        }
        if (!t && stats && stats.size() == op.getNumResults())
          t = fromStats(dyn_cast<DictionaryAttr>(stats[r.getResultNumber()]),
                        op.getLoc());
        if (t)
          assigned[r] = t;
      }
    }
    for (auto &[v, qt] : assigned) {
      OpBuilder b(ctx);
      if (auto a = dyn_cast<BlockArgument>(v))
        b.setInsertionPointToStart(a.getOwner());
      else
        b.setInsertionPointAfter(v.getDefiningOp());
      // Keep an existing QAT pair: a value already feeding a quantize keeps
      // its parameters.
      if (llvm::any_of(v.getUsers(), [](Operation *u) {
            return u->getName().getStringRef() == "tfl.quantize";
          }))
        continue;
      OperationState qs(v.getLoc(), "tfl.quantize");
      qs.addOperands(v);
      qs.addTypes(quantutil::withElementType(v.getType(), qt));
      Operation *q = b.create(qs);
      OperationState ds(v.getLoc(), "tfl.dequantize");
      ds.addOperands(q->getResult(0));
      ds.addTypes(v.getType());
      Operation *dq = b.create(ds);
      v.replaceAllUsesExcept(dq->getResult(0), q);
    }
    return ok;
  }
};

} // namespace
