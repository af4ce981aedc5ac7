//===- DataMovementToLinalg.cpp - hlo shape/data movement -> tensor/linalg ===//
//
// constant -> arith.constant (the dense attribute is kept as is), except a
// splat of at least kCpuExternalConstantBytes, which becomes a linalg.generic
// yielding the value (never materialized at compile time); iota,
// broadcast_in_dim and reverse -> linalg.generic with index maps; transpose
// -> linalg.transpose; reshape -> tensor.collapse_shape to 1-D then
// tensor.expand_shape (row-major order, as XLA Reshape); slice ->
// tensor.extract_slice; concatenate -> insert_slices into tensor.empty;
// pad -> buildXlaPad (Helpers.cpp).
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"

#include "mlir/Dialect/Utils/StaticValueUtils.h"
#include "mlir/IR/AffineExpr.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

using Results = SmallVectorImpl<Value>;

RankedTensorType resultType(Operation *op) {
  return cast<RankedTensorType>(op->getResult(0).getType());
}

LogicalResult lowerConstant(Operation *op, OpBuilder &b, Results &results,
                            std::string &why) {
  auto value = dyn_cast<TypedAttr>(Attribute(cast<ConstantOp>(op).getValue()));
  if (!value) {
    why = "constant value is not a typed attribute";
    return failure();
  }
  // A large splat (TF's compact form of a constant: one value for a whole
  // shape) is a linalg.generic that yields the value, never an
  // arith.constant: bufferization would turn the latter into a global of
  // every element (a [100000,100000] f32 splat is 40 GB). Consumers fuse
  // the generic (elementwise fusion) and read the scalar; where it is not
  // fused it is a buffer filled at run time, counted by the run's arena.
  auto dense = dyn_cast<DenseElementsAttr>(value);
  auto rt = dyn_cast<RankedTensorType>(value.getType());
  if (dense && dense.isSplat() && rt && rt.hasStaticShape() &&
      rt.getElementType().isIntOrFloat() &&
      rt.getNumElements() *
              static_cast<int64_t>(llvm::divideCeil(
                  rt.getElementType().getIntOrFloatBitWidth(), 8)) >=
          kCpuExternalConstantBytes) {
    Location loc = op->getLoc();
    Value init = emptyTensor(b, loc, rt);
    unsigned rank = rt.getRank();
    auto scalar = dense.getSplatValue<TypedAttr>();
    auto g = linalg::GenericOp::create(
        b, loc, TypeRange{rt}, ValueRange{}, ValueRange{init},
        {AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
        parallelIterators(rank), [&](OpBuilder &nb, Location l, ValueRange) {
          Value v = arith::ConstantOp::create(nb, l, scalar);
          linalg::YieldOp::create(nb, l, v);
        });
    results.push_back(g.getResult(0));
    return success();
  }
  results.push_back(arith::ConstantOp::create(b, op->getLoc(), value));
  return success();
}

LogicalResult lowerIota(Operation *op, OpBuilder &b, Results &results,
                        std::string &) {
  auto rt = resultType(op);
  int64_t dim = cast<IotaOp>(op).getIotaDimension();
  unsigned rank = rt.getRank();
  Value init = emptyTensor(b, op->getLoc(), rt);
  auto g = linalg::GenericOp::create(
      b, op->getLoc(), TypeRange{rt}, ValueRange{}, ValueRange{init},
      {AffineMap::getMultiDimIdentityMap(rank, b.getContext())},
      parallelIterators(rank), [&](OpBuilder &nb, Location loc, ValueRange) {
        Value i = linalg::IndexOp::create(nb, loc, dim);
        Type elt = rt.getElementType();
        Value v;
        if (isa<FloatType>(elt))
          v = arith::SIToFPOp::create(
              nb, loc, elt,
              arith::IndexCastOp::create(nb, loc, nb.getI64Type(), i));
        else
          v = arith::IndexCastOp::create(nb, loc, elt, i);
        linalg::YieldOp::create(nb, loc, v);
      });
  results.push_back(g.getResult(0));
  return success();
}

LogicalResult lowerBroadcast(Operation *op, OpBuilder &b, Results &results,
                             std::string &why) {
  auto bc = cast<BroadcastInDimOp>(op);
  auto rt = resultType(op);
  auto it = cast<RankedTensorType>(bc.getOperand().getType());
  ArrayRef<int64_t> dims = bc.getBroadcastDimensions();
  if (dims.size() != static_cast<size_t>(it.getRank())) {
    why = "broadcast_dimensions size differs from the operand rank";
    return failure();
  }
  SmallVector<AffineExpr> exprs;
  for (auto [i, d] : llvm::enumerate(dims)) {
    if (it.getDimSize(i) == 1 && rt.getDimSize(d) != 1)
      exprs.push_back(b.getAffineConstantExpr(0));
    else
      exprs.push_back(b.getAffineDimExpr(d));
  }
  auto map = AffineMap::get(rt.getRank(), 0, exprs, b.getContext());
  results.push_back(copyGeneric(b, op->getLoc(), bc.getOperand(), rt, map));
  return success();
}

LogicalResult lowerReverse(Operation *op, OpBuilder &b, Results &results,
                           std::string &) {
  auto rev = cast<ReverseOp>(op);
  results.push_back(
      buildReverse(b, op->getLoc(), rev.getOperand(), rev.getDimensions()));
  return success();
}

LogicalResult lowerTranspose(Operation *op, OpBuilder &b, Results &results,
                             std::string &) {
  auto tr = cast<TransposeOp>(op);
  Value init = emptyTensor(b, op->getLoc(), resultType(op));
  auto t = linalg::TransposeOp::create(b, op->getLoc(), tr.getOperand(), init,
                                       tr.getPermutation());
  results.push_back(t->getResult(0));
  return success();
}

LogicalResult lowerReshape(Operation *op, OpBuilder &b, Results &results,
                           std::string &) {
  Location loc = op->getLoc();
  Value v = op->getOperand(0);
  auto st = cast<RankedTensorType>(v.getType());
  auto rt = resultType(op);
  if (st == rt) {
    results.push_back(v);
    return success();
  }
  auto flat = RankedTensorType::get({st.getNumElements()}, st.getElementType());
  auto all = [](int64_t rank) {
    ReassociationIndices r;
    for (int64_t i = 0; i < rank; ++i)
      r.push_back(i);
    return SmallVector<ReassociationIndices>{r};
  };
  if (st.getRank() == 0)
    v = tensor::ExpandShapeOp::create(b, loc, flat, v,
                                      SmallVector<ReassociationIndices>{});
  else if (st.getRank() > 1)
    v = tensor::CollapseShapeOp::create(b, loc, flat, v, all(st.getRank()));
  if (rt.getRank() == 0)
    v = tensor::CollapseShapeOp::create(b, loc, rt, v,
                                        SmallVector<ReassociationIndices>{});
  else if (rt.getRank() > 1)
    v = tensor::ExpandShapeOp::create(b, loc, rt, v, all(rt.getRank()));
  results.push_back(v);
  return success();
}

LogicalResult lowerSlice(Operation *op, OpBuilder &b, Results &results,
                         std::string &) {
  auto s = cast<SliceOp>(op);
  MLIRContext *ctx = b.getContext();
  auto rt = resultType(op);
  // An empty result reads nothing: tensor.empty (tensor.extract_slice
  // refuses offset 0 in a dim of size 0, yet TF's Slice/Split/SplitV of an
  // empty tensor return empty tensors).
  if (rt.getNumElements() == 0) {
    results.push_back(tensor::EmptyOp::create(b, op->getLoc(), rt.getShape(),
                                              rt.getElementType()));
    return success();
  }
  results.push_back(tensor::ExtractSliceOp::create(
      b, op->getLoc(), rt, s.getOperand(),
      getAsIndexOpFoldResult(ctx, s.getStartIndices()),
      getAsIndexOpFoldResult(ctx, rt.getShape()),
      getAsIndexOpFoldResult(ctx, s.getStrides())));
  return success();
}

LogicalResult lowerConcatenate(Operation *op, OpBuilder &b, Results &results,
                               std::string &) {
  auto c = cast<ConcatenateOp>(op);
  MLIRContext *ctx = b.getContext();
  auto rt = resultType(op);
  int64_t dim = c.getDimension();
  Value acc = emptyTensor(b, op->getLoc(), rt);
  int64_t offset = 0;
  for (Value in : c.getInputs()) {
    auto it = cast<RankedTensorType>(in.getType());
    SmallVector<int64_t> offsets(rt.getRank(), 0);
    offsets[dim] = offset;
    offset += it.getDimSize(dim);
    if (it.getNumElements() == 0)
      continue;
    acc = tensor::InsertSliceOp::create(
        b, op->getLoc(), in, acc, getAsIndexOpFoldResult(ctx, offsets),
        getAsIndexOpFoldResult(ctx, it.getShape()),
        getAsIndexOpFoldResult(ctx, SmallVector<int64_t>(rt.getRank(), 1)));
  }
  results.push_back(acc);
  return success();
}

LogicalResult lowerPad(Operation *op, OpBuilder &b, Results &results,
                       std::string &why) {
  auto p = cast<PadOp>(op);
  Value pad = extractScalar(b, op->getLoc(), p.getPaddingValue());
  Value v =
      buildXlaPad(b, op->getLoc(), p.getOperand(), pad, p.getEdgePaddingLow(),
                  p.getEdgePaddingHigh(), p.getInteriorPadding(), why);
  if (!v)
    return failure();
  results.push_back(v);
  return success();
}

} // namespace

void addDataMovementLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.constant"] = lowerConstant;
  t["hlo.iota"] = lowerIota;
  t["hlo.broadcast_in_dim"] = lowerBroadcast;
  t["hlo.reverse"] = lowerReverse;
  t["hlo.transpose"] = lowerTranspose;
  t["hlo.reshape"] = lowerReshape;
  t["hlo.slice"] = lowerSlice;
  t["hlo.concatenate"] = lowerConcatenate;
  t["hlo.pad"] = lowerPad;
}

} // namespace tfmlir::tolinalg
