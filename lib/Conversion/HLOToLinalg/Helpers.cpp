//===- Helpers.cpp - builders shared by the hlo -> linalg lowerings -------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineMap.h"
#include "mlir/IR/IRMapping.h"

using namespace mlir;

namespace tfmlir::tolinalg {

Value zeroScalar(OpBuilder &b, Location loc, Type t) {
  return arith::ConstantOp::create(b, loc, t, b.getZeroAttr(t));
}

Value extractScalar(OpBuilder &b, Location loc, Value v) {
  return tensor::ExtractOp::create(b, loc, v, ValueRange{});
}

Value emptyTensor(OpBuilder &b, Location loc, RankedTensorType t) {
  return tensor::EmptyOp::create(b, loc, t.getShape(), t.getElementType());
}

Value filledTensor(OpBuilder &b, Location loc, RankedTensorType t, Value v) {
  Value init = emptyTensor(b, loc, t);
  return linalg::FillOp::create(b, loc, ValueRange{v}, ValueRange{init})
      .getResult(0);
}

SmallVector<utils::IteratorType> parallelIterators(unsigned n) {
  return SmallVector<utils::IteratorType>(n, utils::IteratorType::parallel);
}

Value buildElementwise(
    OpBuilder &b, Location loc, RankedTensorType resultType, ValueRange inputs,
    function_ref<Value(OpBuilder &, Location, ValueRange)> body) {
  unsigned rank = resultType.getRank();
  MLIRContext *ctx = b.getContext();
  SmallVector<AffineMap> maps;
  for (Value in : inputs) {
    auto t = cast<RankedTensorType>(in.getType());
    maps.push_back(t.getRank() == 0 && rank != 0
                       ? AffineMap::get(rank, 0, {}, ctx)
                       : AffineMap::getMultiDimIdentityMap(rank, ctx));
  }
  maps.push_back(AffineMap::getMultiDimIdentityMap(rank, ctx));
  Value init = emptyTensor(b, loc, resultType);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{resultType}, inputs, ValueRange{init}, maps,
      parallelIterators(rank),
      [&](OpBuilder &nb, Location nloc, ValueRange args) {
        Value v = body(nb, nloc, args.drop_back());
        // A failed body yields the init element; the caller erases the op.
        linalg::YieldOp::create(nb, nloc, v ? v : args.back());
      });
  return generic.getResult(0);
}

/// A generic copying `in` into a tensor of type `rt` with input map `map`.
Value copyGeneric(OpBuilder &b, Location loc, Value in, RankedTensorType rt,
                  AffineMap map) {
  unsigned rank = rt.getRank();
  Value init = emptyTensor(b, loc, rt);
  auto g = linalg::GenericOp::create(
      b, loc, TypeRange{rt}, ValueRange{in}, ValueRange{init},
      {map, AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
      parallelIterators(rank), [&](OpBuilder &nb, Location nloc, ValueRange a) {
        linalg::YieldOp::create(nb, nloc, a[0]);
      });
  return g.getResult(0);
}

Value buildReverse(OpBuilder &b, Location loc, Value v,
                   ArrayRef<int64_t> dims) {
  auto rt = cast<RankedTensorType>(v.getType());
  SmallVector<AffineExpr> exprs;
  for (int64_t d = 0; d < rt.getRank(); ++d)
    exprs.push_back(b.getAffineDimExpr(d));
  for (int64_t d : dims)
    exprs[d] = b.getAffineConstantExpr(rt.getDimSize(d) - 1) - exprs[d];
  auto map = AffineMap::get(rt.getRank(), 0, exprs, b.getContext());
  return copyGeneric(b, loc, v, rt, map);
}

Value buildXlaPad(OpBuilder &b, Location loc, Value operand, Value padValue,
                  ArrayRef<int64_t> low, ArrayRef<int64_t> high,
                  ArrayRef<int64_t> interior, std::string &why) {
  auto t = cast<RankedTensorType>(operand.getType());
  int64_t rank = t.getRank();
  SmallVector<int64_t> full, result, insOff, insStride, extOff;
  bool trivial = true, negative = false;
  for (int64_t d = 0; d < rank; ++d) {
    int64_t n = t.getDimSize(d);
    if (interior[d] < 0) {
      why = "negative interior padding in dim " + std::to_string(d);
      return {};
    }
    int64_t body = n + std::max<int64_t>(n - 1, 0) * interior[d];
    int64_t r = low[d] + high[d] + body;
    if (r < 0) {
      why = "padded size of dim " + std::to_string(d) + " is negative";
      return {};
    }
    result.push_back(r);
    full.push_back(std::max<int64_t>(low[d], 0) +
                   std::max<int64_t>(high[d], 0) + body);
    insOff.push_back(std::max<int64_t>(low[d], 0));
    insStride.push_back(interior[d] + 1);
    extOff.push_back(std::max<int64_t>(-low[d], 0));
    trivial &= low[d] == 0 && high[d] == 0 && interior[d] == 0;
    negative |= low[d] < 0 || high[d] < 0;
  }
  if (trivial)
    return operand;
  MLIRContext *ctx = b.getContext();
  auto fullType = RankedTensorType::get(full, t.getElementType());
  Value acc = filledTensor(b, loc, fullType, padValue);
  if (t.getNumElements() != 0)
    acc = tensor::InsertSliceOp::create(
        b, loc, operand, acc, getAsIndexOpFoldResult(ctx, insOff),
        getAsIndexOpFoldResult(ctx, t.getShape()),
        getAsIndexOpFoldResult(ctx, insStride));
  if (!negative)
    return acc;
  auto resType = RankedTensorType::get(result, t.getElementType());
  return tensor::ExtractSliceOp::create(
      b, loc, resType, acc, getAsIndexOpFoldResult(ctx, extOff),
      getAsIndexOpFoldResult(ctx, result),
      getAsIndexOpFoldResult(ctx, SmallVector<int64_t>(rank, 1)));
}

bool readPadding(Attribute attr, size_t n, SmallVectorImpl<int64_t> &low,
                 SmallVectorImpl<int64_t> &high) {
  low.assign(n, 0);
  high.assign(n, 0);
  if (!attr)
    return true;
  auto e = dyn_cast<DenseIntElementsAttr>(attr);
  if (!e || e.getType().getRank() != 2 ||
      e.getType().getDimSize(0) != static_cast<int64_t>(n) ||
      e.getType().getDimSize(1) != 2)
    return false;
  SmallVector<int64_t> v;
  for (const APInt &x : e.getValues<APInt>())
    v.push_back(x.getSExtValue());
  for (size_t i = 0; i < n; ++i) {
    low[i] = v[2 * i];
    high[i] = v[2 * i + 1];
  }
  return true;
}

SmallVector<int64_t> readI64Array(Attribute attr, size_t n, int64_t dflt) {
  if (auto a = dyn_cast_or_null<DenseI64ArrayAttr>(attr))
    if (a.size() == static_cast<int64_t>(n))
      return SmallVector<int64_t>(a.asArrayRef());
  return SmallVector<int64_t>(n, dflt);
}

static bool flagAt(Operation *op, StringRef name, unsigned i) {
  auto a = op->getAttrOfType<DenseBoolArrayAttr>(name);
  return a && i < a.size() && a[i];
}

bool isUnsignedOperand(Operation *op, unsigned i) {
  return flagAt(op, kUnsignedOperandsAttr, i);
}

bool isUnsignedResult(Operation *op, unsigned i) {
  return flagAt(op, kUnsignedResultsAttr, i);
}

Value toIndex(OpBuilder &b, Location loc, Value v, bool isUnsigned) {
  if (isUnsigned || v.getType().isInteger(1))
    return arith::IndexCastUIOp::create(b, loc, b.getIndexType(), v);
  return arith::IndexCastOp::create(b, loc, b.getIndexType(), v);
}

Value indexConst(OpBuilder &b, Location loc, int64_t v) {
  return arith::ConstantIndexOp::create(b, loc, v);
}

Value clampIndex(OpBuilder &b, Location loc, Value v, int64_t lo, int64_t hi) {
  v = arith::MaxSIOp::create(b, loc, v, indexConst(b, loc, lo));
  return arith::MinSIOp::create(b, loc, v, indexConst(b, loc, hi));
}

LogicalResult emitRegionOnScalars(OpBuilder &b, Location loc, Block &body,
                                  ValueRange args, SmallVectorImpl<Value> &out,
                                  std::string &why) {
  IRMapping map;
  for (auto [arg, s] : llvm::zip(body.getArguments(), args))
    map.map(arg, s);
  for (Operation &op : body) {
    if (isa<hlo::ReturnOp>(op)) {
      for (Value v : op.getOperands()) {
        Value s = map.lookupOrNull(v);
        if (!s) {
          why = "region returns a value defined outside it";
          return failure();
        }
        out.push_back(s);
      }
      return success();
    }
    if (op.getNumResults() != 1) {
      why = "region op " + op.getName().getStringRef().str() +
            " does not have one result";
      return failure();
    }
    SmallVector<Value> operands;
    for (Value v : op.getOperands()) {
      Value s = map.lookupOrNull(v);
      if (!s) {
        why = "region op " + op.getName().getStringRef().str() +
              " uses a value defined outside the region";
        return failure();
      }
      operands.push_back(s);
    }
    Type elt = getElementTypeOrSelf(op.getResult(0).getType());
    Value s = emitScalarOp(b, loc, &op, operands, elt, why);
    if (!s) {
      why = "in the region: " + why;
      return failure();
    }
    map.map(op.getResult(0), s);
  }
  why = "region has no terminator";
  return failure();
}

} // namespace tfmlir::tolinalg
