//===- GatherScatterToLinalg.cpp - indexed reads and writes ---------------===//
//
// XLA's run-time indexed data movement (XLA operation semantics: Gather,
// Scatter, DynamicSlice, DynamicUpdateSlice):
//  - gather -> one linalg.generic over the result whose body reads the
//    index vector from start_indices (tensor.extract), clamps each start to
//    [0, operand_dim - slice_size] and reads the operand element
//    (tensor.extract). All dimension numbers, operand/start-indices
//    batching dims and an implicit trailing index vector dim are handled.
//  - dynamic_slice -> a gather-like linalg.generic with the starts clamped
//    to [0, dim - size] once, outside the loop.
//  - dynamic_update_slice -> tensor.insert_slice at the clamped starts
//    (clamped to [0, dim - update_dim]).
//  - scatter -> an scf.for nest over every element of the updates carrying
//    the result tensors; each step computes the operand index (index
//    vector, inserted and batching dims, window offset), skips the element
//    when its whole update window does not fit in the operand (XLA skips
//    out-of-bounds windows), else reads the current values, applies the
//    update_computation region re-emitted on scalars and tensor.inserts the
//    results. Updates apply in row-major order of the updates, so a
//    non-commutative combiner is deterministic.
// Indices of unsigned integer type are zero-extended.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/Utils/StaticValueUtils.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

using Results = SmallVectorImpl<Value>;

/// Reads index component `k` of the index vector of start/scatter indices
/// `indices` at the batch position `batch` (one index per indices dim other
/// than `ivd`), as an index value.
Value readIndexComponent(OpBuilder &b, Location loc, Value indices,
                         ArrayRef<Value> batch, int64_t ivd, int64_t k,
                         bool isUnsigned) {
  auto t = cast<RankedTensorType>(indices.getType());
  SmallVector<Value> at;
  size_t j = 0;
  for (int64_t d = 0; d < t.getRank(); ++d)
    at.push_back(d == ivd ? indexConst(b, loc, k) : batch[j++]);
  Value v = tensor::ExtractOp::create(b, loc, indices, at);
  return toIndex(b, loc, v, isUnsigned);
}

bool contains(ArrayRef<int64_t> a, int64_t v) {
  return llvm::is_contained(a, v);
}

/// The dims of [0, rank) in none of `excluded`, in increasing order.
SmallVector<int64_t>
dimsExcept(int64_t rank, std::initializer_list<ArrayRef<int64_t>> excluded) {
  SmallVector<int64_t> out;
  for (int64_t d = 0; d < rank; ++d)
    if (llvm::none_of(excluded,
                      [&](ArrayRef<int64_t> e) { return contains(e, d); }))
      out.push_back(d);
  return out;
}

LogicalResult lowerGather(Operation *op, OpBuilder &b, Results &results,
                          std::string &why) {
  auto g = cast<GatherOp>(op);
  Location loc = op->getLoc();
  auto ot = cast<RankedTensorType>(g.getOperand().getType());
  auto it = cast<RankedTensorType>(g.getStartIndices().getType());
  auto rt = cast<RankedTensorType>(g.getResult().getType());
  GatherDimensionNumbersAttr dn = g.getDimensionNumbers();
  ArrayRef<int64_t> offsetDims = dn.getOffsetDims();
  ArrayRef<int64_t> collapsed = dn.getCollapsedSliceDims();
  ArrayRef<int64_t> opBatch = dn.getOperandBatchingDims();
  ArrayRef<int64_t> idxBatch = dn.getStartIndicesBatchingDims();
  ArrayRef<int64_t> startMap = dn.getStartIndexMap();
  ArrayRef<int64_t> sizes = g.getSliceSizes();
  int64_t ivd = dn.getIndexVectorDim();
  int64_t oRank = ot.getRank(), iRank = it.getRank(), rRank = rt.getRank();
  if (static_cast<int64_t>(sizes.size()) != oRank) {
    why = "slice_sizes size differs from the operand rank";
    return failure();
  }
  bool implicitIvd = ivd == iRank;
  if (ivd < 0 || ivd > iRank) {
    why = "index_vector_dim out of range";
    return failure();
  }
  int64_t ivSize = implicitIvd ? 1 : it.getDimSize(ivd);
  if (ivSize != static_cast<int64_t>(startMap.size()) ||
      opBatch.size() != idxBatch.size()) {
    why = "start_index_map / batching dims do not match start_indices";
    return failure();
  }
  // Operand dims that offset_dims cover, in order.
  SmallVector<int64_t> windowOperandDims =
      dimsExcept(oRank, {collapsed, opBatch});
  SmallVector<int64_t> batchResultDims = dimsExcept(rRank, {offsetDims});
  // Indices dims other than ivd, in order; batchResultDims[j] iterates
  // indicesDims[j].
  SmallVector<int64_t> indicesDims = dimsExcept(iRank, {ArrayRef(ivd)});
  if (windowOperandDims.size() != offsetDims.size() ||
      batchResultDims.size() != indicesDims.size()) {
    why = "offset_dims / collapsed_slice_dims do not match the result rank";
    return failure();
  }
  for (auto [d, s] : llvm::enumerate(sizes))
    if (s < 0 || s > ot.getDimSize(d)) {
      why = "slice size " + std::to_string(s) + " does not fit operand dim " +
            std::to_string(d);
      return failure();
    }
  bool isUnsigned = isUnsignedOperand(op, 1);
  // The indices as read with implicit trailing ivd: add a unit dim.
  Value indices = g.getStartIndices();
  if (implicitIvd) {
    SmallVector<int64_t> shape(it.getShape());
    shape.push_back(1);
    SmallVector<ReassociationIndices> re;
    for (int64_t d = 0; d < iRank; ++d)
      re.push_back({d});
    if (iRank == 0)
      re.clear();
    else
      re.back().push_back(iRank);
    indices = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(shape, it.getElementType()), indices, re);
  }
  Value init = emptyTensor(b, loc, rt);
  auto generic = linalg::GenericOp::create(
      b, loc, TypeRange{rt}, ValueRange{}, ValueRange{init},
      {AffineMap::getMultiDimIdentityMap(rRank, b.getContext())},
      parallelIterators(rRank), [&](OpBuilder &nb, Location l, ValueRange) {
        SmallVector<Value> out;
        for (int64_t d = 0; d < rRank; ++d)
          out.push_back(linalg::IndexOp::create(nb, l, d));
        SmallVector<Value> batch;
        for (int64_t d : batchResultDims)
          batch.push_back(out[d]);
        // Start per operand dim: 0, the clamped index component, or the
        // batch position for batching dims.
        SmallVector<Value> start(oRank, indexConst(nb, l, 0));
        for (auto [k, d] : llvm::enumerate(startMap)) {
          Value s =
              readIndexComponent(nb, l, indices, batch, ivd, k, isUnsigned);
          start[d] = clampIndex(nb, l, s, 0, ot.getDimSize(d) - sizes[d]);
        }
        for (auto [od, id] : llvm::zip(opBatch, idxBatch)) {
          auto pos = llvm::find(indicesDims, id) - indicesDims.begin();
          start[od] = batch[pos];
        }
        SmallVector<Value> at(start);
        for (auto [k, d] : llvm::enumerate(windowOperandDims))
          at[d] = arith::AddIOp::create(nb, l, start[d], out[offsetDims[k]]);
        Value v = tensor::ExtractOp::create(nb, l, g.getOperand(), at);
        linalg::YieldOp::create(nb, l, v);
      });
  results.push_back(generic.getResult(0));
  return success();
}

/// The clamped starts of dynamic_slice / dynamic_update_slice: start d in
/// [0, dim_d - size_d].
SmallVector<Value> clampedStarts(OpBuilder &b, Location loc, Operation *op,
                                 ValueRange starts, unsigned firstStart,
                                 RankedTensorType ot, ArrayRef<int64_t> sizes) {
  SmallVector<Value> out;
  for (auto [d, s] : llvm::enumerate(starts)) {
    Value i = toIndex(b, loc, extractScalar(b, loc, s),
                      isUnsignedOperand(op, firstStart + d));
    out.push_back(clampIndex(b, loc, i, 0, ot.getDimSize(d) - sizes[d]));
  }
  return out;
}

LogicalResult lowerDynamicSlice(Operation *op, OpBuilder &b, Results &results,
                                std::string &why) {
  auto ds = cast<DynamicSliceOp>(op);
  Location loc = op->getLoc();
  auto ot = cast<RankedTensorType>(ds.getOperand().getType());
  auto rt = cast<RankedTensorType>(ds.getResult().getType());
  ArrayRef<int64_t> sizes = ds.getSliceSizes();
  if (ds.getStartIndices().size() != static_cast<size_t>(ot.getRank()) ||
      sizes.size() != static_cast<size_t>(ot.getRank())) {
    why = "start index count or slice_sizes differ from the operand rank";
    return failure();
  }
  for (auto [d, s] : llvm::enumerate(sizes))
    if (s < 0 || s > ot.getDimSize(d)) {
      why = "slice size does not fit operand dim " + std::to_string(d);
      return failure();
    }
  if (rt.getNumElements() == 0) { // reads nothing (see lowerSlice)
    results.push_back(
        tensor::EmptyOp::create(b, loc, rt.getShape(), rt.getElementType()));
    return success();
  }
  SmallVector<Value> starts =
      clampedStarts(b, loc, op, ds.getStartIndices(), 1, ot, sizes);
  SmallVector<OpFoldResult> offsets(starts.begin(), starts.end());
  MLIRContext *ctx = b.getContext();
  results.push_back(tensor::ExtractSliceOp::create(
      b, loc, rt, ds.getOperand(), offsets, getAsIndexOpFoldResult(ctx, sizes),
      getAsIndexOpFoldResult(ctx, SmallVector<int64_t>(ot.getRank(), 1))));
  return success();
}

LogicalResult lowerDynamicUpdateSlice(Operation *op, OpBuilder &b,
                                      Results &results, std::string &why) {
  auto dus = cast<DynamicUpdateSliceOp>(op);
  Location loc = op->getLoc();
  auto ot = cast<RankedTensorType>(dus.getOperand().getType());
  auto ut = cast<RankedTensorType>(dus.getUpdate().getType());
  if (dus.getStartIndices().size() != static_cast<size_t>(ot.getRank()) ||
      ut.getRank() != ot.getRank()) {
    why = "start index count or update rank differ from the operand rank";
    return failure();
  }
  for (int64_t d = 0; d < ot.getRank(); ++d)
    if (ut.getDimSize(d) > ot.getDimSize(d)) {
      why = "update dim " + std::to_string(d) + " exceeds the operand's";
      return failure();
    }
  if (ut.getNumElements() == 0) {
    results.push_back(dus.getOperand());
    return success();
  }
  SmallVector<Value> starts =
      clampedStarts(b, loc, op, dus.getStartIndices(), 2, ot, ut.getShape());
  SmallVector<OpFoldResult> offsets(starts.begin(), starts.end());
  MLIRContext *ctx = b.getContext();
  results.push_back(tensor::InsertSliceOp::create(
      b, loc, dus.getUpdate(), dus.getOperand(), offsets,
      getAsIndexOpFoldResult(ctx, ut.getShape()),
      getAsIndexOpFoldResult(ctx, SmallVector<int64_t>(ot.getRank(), 1))));
  return success();
}

LogicalResult lowerScatter(Operation *op, OpBuilder &b, Results &results,
                           std::string &why) {
  auto sc = cast<ScatterOp>(op);
  Location loc = op->getLoc();
  ValueRange inputs = sc.getInputs(), updates = sc.getUpdates();
  Value indices = sc.getScatterIndices();
  if (inputs.empty() || inputs.size() != updates.size()) {
    why = "scatter needs as many updates as inputs (at least one)";
    return failure();
  }
  auto ot = cast<RankedTensorType>(inputs[0].getType());
  auto ut = cast<RankedTensorType>(updates[0].getType());
  auto it = cast<RankedTensorType>(indices.getType());
  ScatterDimensionNumbersAttr dn = sc.getDimensionNumbers();
  ArrayRef<int64_t> windowDims = dn.getUpdateWindowDims();
  ArrayRef<int64_t> inserted = dn.getInsertedWindowDims();
  ArrayRef<int64_t> inBatch = dn.getInputBatchingDims();
  ArrayRef<int64_t> idxBatch = dn.getScatterIndicesBatchingDims();
  ArrayRef<int64_t> toOperand = dn.getScatterDimsToOperandDims();
  int64_t ivd = dn.getIndexVectorDim();
  int64_t oRank = ot.getRank(), iRank = it.getRank(), uRank = ut.getRank();
  if (ivd < 0 || ivd > iRank) {
    why = "index_vector_dim out of range";
    return failure();
  }
  bool implicitIvd = ivd == iRank;
  int64_t ivSize = implicitIvd ? 1 : it.getDimSize(ivd);
  if (ivSize != static_cast<int64_t>(toOperand.size()) ||
      inBatch.size() != idxBatch.size()) {
    why = "scatter_dims_to_operand_dims / batching dims do not match "
          "scatter_indices";
    return failure();
  }
  SmallVector<int64_t> windowOperandDims =
      dimsExcept(oRank, {inserted, inBatch});
  SmallVector<int64_t> scatterUpdateDims = dimsExcept(uRank, {windowDims});
  SmallVector<int64_t> indicesDims = dimsExcept(iRank, {ArrayRef(ivd)});
  if (windowOperandDims.size() != windowDims.size() ||
      scatterUpdateDims.size() != indicesDims.size()) {
    why = "update_window_dims / inserted_window_dims do not match the ranks";
    return failure();
  }
  // Window size per operand dim: 1 for inserted and batching dims.
  SmallVector<int64_t> windowSize(oRank, 1);
  for (auto [k, d] : llvm::enumerate(windowOperandDims))
    windowSize[d] = ut.getDimSize(windowDims[k]);
  bool isUnsigned = isUnsignedOperand(op, inputs.size());
  if (implicitIvd) {
    SmallVector<int64_t> shape(it.getShape());
    shape.push_back(1);
    SmallVector<ReassociationIndices> re;
    for (int64_t d = 0; d < iRank; ++d)
      re.push_back({d});
    if (iRank != 0)
      re.back().push_back(iRank);
    indices = tensor::ExpandShapeOp::create(
        b, loc, RankedTensorType::get(shape, it.getElementType()), indices, re);
  }
  SmallVector<Value> acc(inputs.begin(), inputs.end());
  if (ut.getNumElements() == 0 || ot.getNumElements() == 0) {
    results.append(acc);
    return success();
  }
  Block &body = sc.getUpdateComputation().front();
  // Loop nest over the updates' dims, carrying the results.
  SmallVector<Value> ivs;
  SmallVector<scf::ForOp> loops;
  OpBuilder::InsertionGuard guard(b);
  Value zero = indexConst(b, loc, 0), one = indexConst(b, loc, 1);
  for (int64_t d = 0; d < uRank; ++d) {
    auto f = scf::ForOp::create(b, loc, zero,
                                indexConst(b, loc, ut.getDimSize(d)), one, acc);
    if (!loops.empty())
      scf::YieldOp::create(b, loc, f.getResults());
    loops.push_back(f);
    b.setInsertionPointToStart(f.getBody());
    ivs.push_back(f.getInductionVar());
    acc.assign(f.getRegionIterArgs().begin(), f.getRegionIterArgs().end());
    zero = indexConst(b, loc, 0);
    one = indexConst(b, loc, 1);
  }
  SmallVector<Value> batch;
  for (int64_t d : scatterUpdateDims)
    batch.push_back(ivs[d]);
  SmallVector<Value> start(oRank, indexConst(b, loc, 0));
  for (auto [k, d] : llvm::enumerate(toOperand))
    start[d] = readIndexComponent(b, loc, indices, batch, ivd, k, isUnsigned);
  for (auto [od, id] : llvm::zip(inBatch, idxBatch)) {
    auto pos = llvm::find(indicesDims, id) - indicesDims.begin();
    start[od] = batch[pos];
  }
  // The whole window must fit: 0 <= start <= dim - window size.
  Value valid = arith::ConstantIntOp::create(b, loc, 1, 1);
  for (auto d : toOperand) {
    Value ge = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sge,
                                     start[d], indexConst(b, loc, 0));
    Value le = arith::CmpIOp::create(
        b, loc, arith::CmpIPredicate::sle, start[d],
        indexConst(b, loc, ot.getDimSize(d) - windowSize[d]));
    valid = arith::AndIOp::create(b, loc, valid,
                                  arith::AndIOp::create(b, loc, ge, le));
  }
  SmallVector<Value> at(start);
  for (auto [k, d] : llvm::enumerate(windowOperandDims))
    at[d] = arith::AddIOp::create(b, loc, start[d], ivs[windowDims[k]]);
  SmallVector<Type> accTypes;
  for (Value v : acc)
    accTypes.push_back(v.getType());
  auto ifOp = scf::IfOp::create(b, loc, accTypes, valid, /*else=*/true);
  {
    OpBuilder::InsertionGuard g2(b);
    b.setInsertionPointToStart(&ifOp.getThenRegion().front());
    SmallVector<Value> args;
    for (Value v : acc)
      args.push_back(tensor::ExtractOp::create(b, loc, v, at));
    for (Value u : updates)
      args.push_back(tensor::ExtractOp::create(b, loc, u, ivs));
    SmallVector<Value> out;
    if (failed(emitRegionOnScalars(b, loc, body, args, out, why)) ||
        out.size() != acc.size()) {
      if (why.empty())
        why = "update_computation yields the wrong number of values";
      if (loops.empty())
        ifOp->erase();
      else
        loops.front()->erase();
      return failure();
    }
    SmallVector<Value> next;
    for (auto [v, t] : llvm::zip(out, acc))
      next.push_back(tensor::InsertOp::create(b, loc, v, t, at));
    scf::YieldOp::create(b, loc, next);
    b.setInsertionPointToStart(&ifOp.getElseRegion().front());
    scf::YieldOp::create(b, loc, acc);
  }
  if (loops.empty()) {
    results.append(ifOp.getResults().begin(), ifOp.getResults().end());
    return success();
  }
  scf::YieldOp::create(b, loc, ifOp.getResults());
  results.append(loops.front().getResults().begin(),
                 loops.front().getResults().end());
  return success();
}

} // namespace

void addGatherScatterLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.gather"] = lowerGather;
  t["hlo.scatter"] = lowerScatter;
  t["hlo.dynamic_slice"] = lowerDynamicSlice;
  t["hlo.dynamic_update_slice"] = lowerDynamicUpdateSlice;
}

} // namespace tfmlir::tolinalg
