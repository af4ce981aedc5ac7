//===- SortToLinalg.cpp - hlo.sort -> scf insertion sort on tensors -------===//
//
// XLA Sort of N inputs of one shape along `dimension`: an scf.for nest over
// every position of the other dims carries the N result tensors (copies of
// the inputs); each line is sorted by insertion sort: for i in [1, n), an
// scf.while moves element j = i left while comparator(x[j], x[j-1]) holds,
// swapping the elements of all N tensors together. The comparator region is
// re-emitted on scalars with arguments (lhs_1, rhs_1, ..., lhs_N, rhs_N).
// An element only moves past one that it strictly precedes, so the sort is
// stable whether or not is_stable is set (XLA allows either when unset).
// O(n^2) comparisons per line.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Helpers.h"

#include "mlir/Dialect/SCF/IR/SCF.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tolinalg {
namespace {

using Results = SmallVectorImpl<Value>;

/// `pos` with entry `d` replaced by `v`.
SmallVector<Value> withDim(ArrayRef<Value> pos, int64_t d, Value v) {
  SmallVector<Value> r(pos);
  r[d] = v;
  return r;
}

LogicalResult lowerSort(Operation *op, OpBuilder &b, Results &results,
                        std::string &why) {
  auto sort = cast<SortOp>(op);
  Location loc = op->getLoc();
  ValueRange inputs = sort.getInputs();
  if (inputs.empty()) {
    why = "sort has no inputs";
    return failure();
  }
  auto t = cast<RankedTensorType>(inputs[0].getType());
  int64_t rank = t.getRank();
  int64_t dim = sort.getDimension();
  if (dim < 0)
    dim += rank;
  if (dim < 0 || dim >= rank) {
    why = "sort dimension out of range";
    return failure();
  }
  int64_t n = t.getDimSize(dim);
  SmallVector<Value> acc(inputs.begin(), inputs.end());
  if (n <= 1 || t.getNumElements() == 0) {
    results.append(acc);
    return success();
  }
  Block &comparator = sort.getComparator().front();
  OpBuilder::InsertionGuard guard(b);
  SmallVector<scf::ForOp> loops;
  SmallVector<Value> pos(rank);
  auto openLoop = [&](int64_t lo, int64_t hi) {
    auto f =
        scf::ForOp::create(b, loc, indexConst(b, loc, lo),
                           indexConst(b, loc, hi), indexConst(b, loc, 1), acc);
    if (!loops.empty())
      scf::YieldOp::create(b, loc, f.getResults());
    loops.push_back(f);
    b.setInsertionPointToStart(f.getBody());
    acc.assign(f.getRegionIterArgs().begin(), f.getRegionIterArgs().end());
    return f.getInductionVar();
  };
  for (int64_t d = 0; d < rank; ++d)
    if (d != dim)
      pos[d] = openLoop(0, t.getDimSize(d));
  Value i = openLoop(1, n);

  // while (j > 0 && comp(x[j], x[j-1])) { swap(x[j], x[j-1]); --j; }
  SmallVector<Type> types{b.getIndexType()};
  SmallVector<Value> init{i};
  for (Value v : acc) {
    types.push_back(v.getType());
    init.push_back(v);
  }
  auto w = scf::WhileOp::create(b, loc, types, init);
  SmallVector<Location> locs(types.size(), loc);
  Block *before = b.createBlock(&w.getBefore(), {}, types, locs);
  {
    Value j = before->getArgument(0);
    Value one = indexConst(b, loc, 1);
    Value positive = arith::CmpIOp::create(b, loc, arith::CmpIPredicate::sgt, j,
                                           indexConst(b, loc, 0));
    Value prev = arith::MaxSIOp::create(
        b, loc, arith::SubIOp::create(b, loc, j, one), indexConst(b, loc, 0));
    SmallVector<Value> args;
    for (Value v : before->getArguments().drop_front()) {
      args.push_back(
          tensor::ExtractOp::create(b, loc, v, withDim(pos, dim, j)));
      args.push_back(
          tensor::ExtractOp::create(b, loc, v, withDim(pos, dim, prev)));
    }
    SmallVector<Value> out;
    if (failed(emitRegionOnScalars(b, loc, comparator, args, out, why)) ||
        out.size() != 1 || !out[0].getType().isInteger(1)) {
      if (why.empty())
        why = "comparator does not return one pred";
      loops.front()->erase();
      return failure();
    }
    Value cond = arith::AndIOp::create(b, loc, positive, out[0]);
    scf::ConditionOp::create(b, loc, cond, before->getArguments());
  }
  Block *after = b.createBlock(&w.getAfter(), {}, types, locs);
  {
    Value j = after->getArgument(0);
    Value prev = arith::SubIOp::create(b, loc, j, indexConst(b, loc, 1));
    SmallVector<Value> next{prev};
    for (Value v : after->getArguments().drop_front()) {
      SmallVector<Value> atJ = withDim(pos, dim, j);
      SmallVector<Value> atPrev = withDim(pos, dim, prev);
      Value x = tensor::ExtractOp::create(b, loc, v, atJ);
      Value y = tensor::ExtractOp::create(b, loc, v, atPrev);
      Value s = tensor::InsertOp::create(b, loc, x, v, atPrev);
      next.push_back(tensor::InsertOp::create(b, loc, y, s, atJ));
    }
    scf::YieldOp::create(b, loc, next);
  }
  b.setInsertionPointAfter(w);
  scf::YieldOp::create(b, loc, w.getResults().drop_front());
  results.append(loops.front().getResults().begin(),
                 loops.front().getResults().end());
  return success();
}

} // namespace

void addSortLowerings(llvm::StringMap<Lowering> &t) {
  t["hlo.sort"] = lowerSort;
}

} // namespace tfmlir::tolinalg
