//===- ElementwiseToLinalg.cpp - hlo element-wise ops -> linalg.generic ---===//
//
// One linalg.generic per op with identity maps (0-d operands of select and
// clamp are broadcast with constant maps) and the scalar body of
// ScalarOps.cpp (XLA semantics). bitcast_convert between types of one
// width is arith.bitcast; between widths it splits or joins the last dim.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/IR/AffineExpr.h"

using namespace mlir;

namespace tfmlir::tolinalg {
namespace {

LogicalResult lowerElementwise(Operation *op, OpBuilder &b,
                               SmallVectorImpl<Value> &results,
                               std::string &why) {
  auto rt = cast<RankedTensorType>(op->getResult(0).getType());
  for (Value v : op->getOperands()) {
    auto t = cast<RankedTensorType>(v.getType());
    if (t.getRank() != 0 && t.getShape() != rt.getShape()) {
      why = "operand shape differs from the result shape";
      return failure();
    }
  }
  bool failed = false;
  Value v = buildElementwise(b, op->getLoc(), rt, op->getOperands(),
                             [&](OpBuilder &nb, Location loc, ValueRange args) {
                               Value s = emitScalarOp(nb, loc, op, args,
                                                      rt.getElementType(), why);
                               failed |= !s;
                               return s;
                             });
  if (failed) {
    v.getDefiningOp()->erase();
    return failure();
  }
  results.push_back(v);
  return success();
}

/// The element type as a signless integer of its width.
Type intTypeOf(Type t) {
  return IntegerType::get(t.getContext(), t.getIntOrFloatBitWidth());
}

/// bitcast_convert between element types of different widths (XLA
/// BitcastConvertType on a little-endian host: element k of the narrow
/// dim holds bits [k*w, (k+1)*w) of the wide element).
LogicalResult lowerBitcastConvert(Operation *op, OpBuilder &b,
                                  SmallVectorImpl<Value> &results,
                                  std::string &why) {
  Value x = op->getOperand(0);
  auto it = cast<RankedTensorType>(x.getType());
  auto rt = cast<RankedTensorType>(op->getResult(0).getType());
  Type inElt = it.getElementType(), outElt = rt.getElementType();
  unsigned wi = inElt.getIntOrFloatBitWidth(),
           wo = outElt.getIntOrFloatBitWidth();
  if (wi == wo)
    return lowerElementwise(op, b, results, why);
  if (inElt.isInteger(1) || outElt.isInteger(1)) {
    why = "bitcast_convert of pred";
    return failure();
  }
  Location loc = op->getLoc();
  MLIRContext *ctx = b.getContext();
  if (wi > wo) {
    // [S] -> [S, r]: shift right by k * wo and truncate.
    unsigned rank = rt.getRank();
    SmallVector<AffineExpr> in;
    for (unsigned d = 0; d + 1 < rank; ++d)
      in.push_back(b.getAffineDimExpr(d));
    Value init = emptyTensor(b, loc, rt);
    auto g = linalg::GenericOp::create(
        b, loc, TypeRange{rt}, ValueRange{x}, ValueRange{init},
        {AffineMap::get(rank, 0, in, ctx),
         AffineMap::getMultiDimIdentityMap(rank, ctx)},
        parallelIterators(rank), [&](OpBuilder &nb, Location l, ValueRange a) {
          Type wide = intTypeOf(inElt), narrow = intTypeOf(outElt);
          Value v = arith::BitcastOp::create(nb, l, wide, a[0]);
          Value k = arith::IndexCastOp::create(
              nb, l, wide, linalg::IndexOp::create(nb, l, rank - 1));
          Value sh = arith::MulIOp::create(
              nb, l, k,
              arith::ConstantOp::create(nb, l, wide,
                                        nb.getIntegerAttr(wide, wo)));
          v = arith::TruncIOp::create(nb, l, narrow,
                                      arith::ShRUIOp::create(nb, l, v, sh));
          linalg::YieldOp::create(
              nb, l, Value(arith::BitcastOp::create(nb, l, outElt, v)));
        });
    results.push_back(g.getResult(0));
    return success();
  }
  // [S, r] -> [S]: or together zext(x_k) << k * wi, then bitcast.
  unsigned rank = it.getRank();
  Type wide = intTypeOf(outElt), narrow = intTypeOf(inElt);
  auto accType = RankedTensorType::get(rt.getShape(), wide);
  Value acc = filledTensor(b, loc, accType, zeroScalar(b, loc, wide));
  SmallVector<AffineExpr> out;
  for (unsigned d = 0; d + 1 < rank; ++d)
    out.push_back(b.getAffineDimExpr(d));
  SmallVector<utils::IteratorType> iters = parallelIterators(rank - 1);
  iters.push_back(utils::IteratorType::reduction);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{accType}, ValueRange{x}, ValueRange{acc},
      {AffineMap::getMultiDimIdentityMap(rank, ctx),
       AffineMap::get(rank, 0, out, ctx)},
      iters, [&](OpBuilder &nb, Location l, ValueRange a) {
        Value v = arith::ExtUIOp::create(
            nb, l, wide, arith::BitcastOp::create(nb, l, narrow, a[0]));
        Value k = arith::IndexCastOp::create(
            nb, l, wide, linalg::IndexOp::create(nb, l, rank - 1));
        Value sh = arith::MulIOp::create(
            nb, l, k,
            arith::ConstantOp::create(nb, l, wide,
                                      nb.getIntegerAttr(wide, wi)));
        linalg::YieldOp::create(
            nb, l,
            Value(arith::OrIOp::create(nb, l, a[1],
                                       arith::ShLIOp::create(nb, l, v, sh))));
      });
  Value v = g.getResult(0);
  if (wide != outElt)
    v = buildElementwise(b, loc, rt, ValueRange{v},
                         [&](OpBuilder &nb, Location l, ValueRange a) {
                           return Value(
                               arith::BitcastOp::create(nb, l, outElt, a[0]));
                         });
  results.push_back(v);
  return success();
}

} // namespace

void addElementwiseLowerings(llvm::StringMap<Lowering> &t) {
  for (StringRef name : {"add",
                         "subtract",
                         "multiply",
                         "divide",
                         "remainder",
                         "power",
                         "maximum",
                         "minimum",
                         "atan2",
                         "and",
                         "or",
                         "xor",
                         "shift_left",
                         "shift_right_arithmetic",
                         "shift_right_logical",
                         "negate",
                         "sign",
                         "exp",
                         "expm1",
                         "log",
                         "log1p",
                         "logistic",
                         "tanh",
                         "sqrt",
                         "rsqrt",
                         "cbrt",
                         "floor",
                         "ceil",
                         "round_nearest_even",
                         "round_nearest_afz",
                         "sine",
                         "cosine",
                         "not",
                         "popcnt",
                         "abs",
                         "is_finite",
                         "compare",
                         "select",
                         "clamp",
                         "convert"})
    t[("hlo." + name).str()] = lowerElementwise;
  t["hlo.bitcast_convert"] = lowerBitcastConvert;
}

} // namespace tfmlir::tolinalg
