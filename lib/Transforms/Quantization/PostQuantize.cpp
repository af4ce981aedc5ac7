//===- PostQuantize.cpp - remove redundant quantize/dequantize; I/O types
//--===//
//
// tfl-post-quantize (QuantPasses.td).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Quantization/Passes.h"
#include "lib/Transforms/Quantization/QuantUtils.h"

#include "mlir/IR/Builders.h"

namespace tfmlir {
#define GEN_PASS_DEF_POSTQUANTIZE
#include "lib/Transforms/Quantization/QuantPasses.h.inc"
} // namespace tfmlir

using namespace mlir;
using namespace tfmlir;

namespace {

bool isOp(Operation *op, StringRef n) {
  return op && op->getName().getStringRef() == n;
}

/// `t` with its int8 quantized element type moved to uint8 storage
/// (zero point + 128), the legacy uint8 interface TFLite offers.
Type toUint8(Type t) {
  auto q = cast<quant::UniformQuantizedType>(quantutil::quantElementType(t));
  auto u8 = quant::UniformQuantizedType::get(
      0, IntegerType::get(t.getContext(), 8), q.getExpressedType(),
      q.getScale(), q.getZeroPoint() + 128, 0, 255);
  return quantutil::withElementType(t, u8);
}

struct PostQuantizePass
    : public tfmlir::impl::PostQuantizeBase<PostQuantizePass> {
  using Base::Base;

  void runOnOperation() override {
    for (StringRef t :
         {StringRef(inferenceInputType), StringRef(inferenceOutputType)})
      if (t != "float32" && t != "int8" && t != "uint8") {
        getOperation().emitError()
            << "inference type must be float32, int8 or uint8, got '" << t
            << "'";
        return signalPassFailure();
      }
    bool failed = false;
    getOperation().walk([&](func::FuncOp fn) {
      if (fn.isExternal())
        return;
      foldAndClean(fn);
      if (fn.getSymName() == "main" && !setInterface(fn))
        failed = true;
      foldAndClean(fn);
    });
    if (failed)
      signalPassFailure();
  }

  /// transpose/reshape(dequantize(quantize(c))) of a float constant c
  /// (QAT weights after the TF->TFL layout change) becomes
  /// dequantize(quantize(c')), c' the transposed/reshaped constant, with the
  /// quantized axis moved along.
  void hoistLayoutOps(func::FuncOp fn) {
    SmallVector<Operation *> ops;
    fn.walk([&](Operation *op) {
      if (isOp(op, "tfl.transpose") || isOp(op, "tfl.reshape"))
        ops.push_back(op);
    });
    for (Operation *op : ops) {
      Operation *dq = op->getOperand(0).getDefiningOp();
      if (!isOp(dq, "tfl.dequantize"))
        continue;
      Operation *q = dq->getOperand(0).getDefiningOp();
      if (!isOp(q, "tfl.quantize"))
        continue;
      auto c = quantutil::floatConstant(q->getOperand(0));
      auto outT = dyn_cast<RankedTensorType>(op->getResult(0).getType());
      if (!c || !outT || !outT.hasStaticShape())
        continue;
      auto inShape = cast<ShapedType>(c->getType()).getShape();
      auto qt = quantutil::quantElementType(q->getResult(0).getType());
      DenseElementsAttr moved;
      int32_t newAxis = -1;
      auto pa = dyn_cast<quant::UniformQuantizedPerAxisType>(qt);
      if (isOp(op, "tfl.transpose")) {
        Operation *pdef = op->getOperand(1).getDefiningOp();
        auto perm =
            pdef
                ? dyn_cast_or_null<DenseIntElementsAttr>(pdef->getAttr("value"))
                : DenseIntElementsAttr();
        if (!perm)
          continue;
        SmallVector<int64_t> p;
        for (APInt v : perm.getValues<APInt>())
          p.push_back(v.getSExtValue());
        if (p.size() != inShape.size())
          continue;
        // out[idx] = in[idx permuted]: iterate over output positions.
        SmallVector<int64_t> inStrides(inShape.size(), 1);
        for (int i = int(inShape.size()) - 2; i >= 0; --i)
          inStrides[i] = inStrides[i + 1] * inShape[i + 1];
        auto vals = llvm::to_vector(c->getValues<APFloat>());
        SmallVector<APFloat> out;
        out.reserve(vals.size());
        ArrayRef<int64_t> os = outT.getShape();
        SmallVector<int64_t> idx(os.size(), 0);
        for (size_t n = 0; n < vals.size(); ++n) {
          int64_t src = 0;
          for (size_t d = 0; d < os.size(); ++d)
            src += idx[d] * inStrides[p[d]];
          out.push_back(vals[src]);
          for (int d = int(os.size()) - 1; d >= 0; --d) {
            if (++idx[d] < os[d])
              break;
            idx[d] = 0;
          }
        }
        moved = DenseElementsAttr::get(outT, out);
        if (pa)
          for (size_t d = 0; d < p.size(); ++d)
            if (p[d] == pa.getQuantizedDimension())
              newAxis = static_cast<int32_t>(d);
      } else {
        moved = c->reshape(outT);
        if (pa) {
          int32_t a = pa.getQuantizedDimension();
          if (a == int32_t(inShape.size()) - 1 && outT.getRank() > 0 &&
              outT.getShape().back() == inShape.back())
            newAxis = static_cast<int32_t>(outT.getRank() - 1);
          else
            continue;
        }
      }
      if (pa)
        qt = quant::UniformQuantizedPerAxisType::get(
            pa.getFlags(), pa.getStorageType(), pa.getExpressedType(),
            pa.getScales(), pa.getZeroPoints(), newAxis, pa.getStorageTypeMin(),
            pa.getStorageTypeMax());
      OpBuilder b(op);
      Value nc = quantutil::makeConst(b, op->getLoc(), outT, moved);
      OperationState qs(op->getLoc(), "tfl.quantize");
      qs.addOperands(nc);
      qs.addTypes(quantutil::withElementType(outT, qt));
      Value nq = b.create(qs)->getResult(0);
      OperationState ds(op->getLoc(), "tfl.dequantize");
      ds.addOperands(nq);
      ds.addTypes(outT);
      op->getResult(0).replaceAllUsesWith(b.create(ds)->getResult(0));
      op->erase();
    }
  }

  void foldAndClean(func::FuncOp fn) {
    hoistLayoutOps(fn);
    SmallVector<Operation *> ops;
    fn.walk([&](Operation *op) { ops.push_back(op); });
    for (Operation *op : ops) {
      if (!isOp(op, "tfl.quantize"))
        continue;
      Value in = op->getOperand(0);
      Type outT = op->getResult(0).getType();
      auto qt = quantutil::quantElementType(outT);
      if (!qt)
        continue;
      OpBuilder b(op);
      // quantize(constant) -> quantized constant.
      if (auto c = quantutil::floatConstant(in)) {
        DenseElementsAttr vals = quantutil::quantizeValues(*c, qt);
        Attribute storage = vals;
        if (qt.getStorageTypeIntegralWidth() == 4)
          storage = b.getStringAttr(quantutil::packInt4(vals));
        Value nc = quantutil::makeConst(b, op->getLoc(), outT, storage);
        op->getResult(0).replaceAllUsesWith(nc);
        op->erase();
        continue;
      }
      // quantize(dequantize(x)) -> x, or a requantize of x.
      Operation *def = in.getDefiningOp();
      if (isOp(def, "tfl.dequantize") &&
          quantutil::quantElementType(def->getOperand(0).getType())) {
        Value x = def->getOperand(0);
        if (x.getType() == outT) {
          op->getResult(0).replaceAllUsesWith(x);
          op->erase();
        } else {
          op->setOperand(0, x);
        }
      }
    }
    // Dead quantize/dequantize/constants, innermost first.
    bool changed = true;
    while (changed) {
      changed = false;
      SmallVector<Operation *> dead;
      fn.walk([&](Operation *op) {
        if ((isOp(op, "tfl.quantize") || isOp(op, "tfl.dequantize") ||
             isOp(op, "tfl.pseudo_const")) &&
            op->use_empty())
          dead.push_back(op);
      });
      for (Operation *op : dead)
        op->erase();
      changed = !dead.empty();
    }
  }

  bool setInterface(func::FuncOp fn) {
    Block &body = fn.getBody().front();
    SmallVector<Type> argTypes(fn.getArgumentTypes());
    if (inferenceInputType != "float32") {
      for (BlockArgument a : body.getArguments()) {
        if (a.use_empty() || !llvm::all_of(a.getUsers(), [](Operation *u) {
              return isOp(u, "tfl.quantize");
            }))
          continue;
        Type qt = (*a.getUsers().begin())->getResult(0).getType();
        auto q = quantutil::quantElementType(qt);
        if (!q || !isa<quant::UniformQuantizedType>(q) ||
            q.getStorageTypeIntegralWidth() != 8 ||
            !llvm::all_of(a.getUsers(), [&](Operation *u) {
              return u->getResult(0).getType() == qt;
            }))
          continue;
        Type newT = inferenceInputType == "int8" ? qt : toUint8(qt);
        a.setType(newT);
        argTypes[a.getArgNumber()] = newT;
        for (Operation *u : llvm::make_early_inc_range(a.getUsers())) {
          if (newT == qt) {
            u->getResult(0).replaceAllUsesWith(a);
            u->erase();
          }
          // uint8: the quantize stays and requantizes uint8 -> int8.
        }
      }
    }
    SmallVector<Type> resultTypes(fn.getResultTypes());
    if (inferenceOutputType != "float32") {
      Operation *ret = body.getTerminator();
      for (OpOperand &o : ret->getOpOperands()) {
        Operation *def = o.get().getDefiningOp();
        if (!isOp(def, "tfl.dequantize"))
          continue;
        Value x = def->getOperand(0);
        auto q = quantutil::quantElementType(x.getType());
        if (!q || !isa<quant::UniformQuantizedType>(q) ||
            q.getStorageTypeIntegralWidth() != 8 || !q.isSigned())
          continue;
        Value out = x;
        if (inferenceOutputType == "uint8") {
          OpBuilder b(ret);
          OperationState st(def->getLoc(), "tfl.quantize");
          st.addOperands(x);
          st.addTypes(toUint8(x.getType()));
          out = b.create(st)->getResult(0);
        }
        o.set(out);
        resultTypes[o.getOperandNumber()] = out.getType();
      }
    }
    fn.setFunctionType(
        FunctionType::get(fn.getContext(), argTypes, resultTypes));
    return true;
  }
};

} // namespace
