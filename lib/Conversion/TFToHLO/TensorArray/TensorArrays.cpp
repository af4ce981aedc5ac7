//===- TensorArrays.cpp - TensorArray ops -> a stacked hlo tensor --------===//
//
// tf2xla's representation of a TensorArray (tensor_array_ops.cc): an array
// of `size` elements of one static element shape is one tensor of shape
// [size, element...] whose value is threaded through the ops in program
// order instead of living behind the resource handle:
//  - TensorArrayV3 starts it as zeros (TF's reads of never-written elements
//    of a known shape give zeros too);
//  - Write: hlo.dynamic_update_slice of the element at [index, 0, ...]
//    (static slices and a concatenate when the index is a constant);
//  - Read: hlo.dynamic_slice of [index, 0, ...] reshaped to the element
//    (a static slice for a constant index);
//  - Gather / Scatter: one dynamic slice / update per index (the count of
//    indices is static);
//  - Split with equal constant lengths L: the value reshaped to
//    [size, L, rest...] (elements of shape [L, rest...]);
//  - Concat: the stack reshaped to [size * d0, rest...] and lengths
//    [d0] * size (int64);
//  - Size: the static size; Close: dropped.
// The flow values (f32 scalars that only order the ops) become constant 0.
//
// Handled when every use of the handle is a TensorArray op of the same
// block (straight-line code; arrays carried through While/If are not: the
// tf-tensor-array-ops-decomposition pass, which the Session runs before
// this, rewrites those and these into plain tensor ops), the
// size is a constant (for dynamic_size arrays: the largest constant index
// written + 1 when larger), and the element shape is static: from the
// element_shape attr or, when that is unknown, from the first write,
// scatter, split, read or gather that fixes it. Anything else leaves the
// ops untouched, and they are reported as not legalized.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToHLO/Helpers.h"

#include "dialects/tf/TFTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;
using namespace tfmlir::hlo;

namespace tfmlir::tohlo {
namespace {

bool isTAOp(Operation *op, StringRef name) {
  return op->getName().getStringRef() == ("tf." + name).str();
}

/// The static element shape of the TensorArray `ta` (TensorArrayV3), from
/// its element_shape attr or from the ops in `users` (block order).
std::optional<SmallVector<int64_t>> elementShape(Operation *ta,
                                                 ArrayRef<Operation *> users) {
  if (auto s =
          dyn_cast_or_null<tf_type::ShapeAttr>(ta->getAttr("element_shape")))
    if (s.hasRank() &&
        llvm::none_of(s.getDims(), [](int64_t d) { return d < 0; }))
      return SmallVector<int64_t>(s.getDims());
  for (Operation *u : users) {
    RankedTensorType t;
    int drop = 0;
    if (isTAOp(u, "TensorArrayWriteV3")) {
      t = staticType(u->getOperand(2));
    } else if (isTAOp(u, "TensorArrayScatterV3")) {
      t = staticType(u->getOperand(2));
      drop = 1;
    } else if (isTAOp(u, "TensorArrayReadV3")) {
      t = staticResult(u);
    } else if (isTAOp(u, "TensorArrayGatherV3")) {
      t = staticResult(u);
      drop = 1;
    } else if (isTAOp(u, "TensorArraySplitV3")) {
      auto v = staticType(u->getOperand(1));
      auto lens = constantInts(u->getOperand(2));
      if (!v || v.getRank() < 1 || !lens || lens->empty())
        continue;
      for (int64_t l : *lens)
        if (l != lens->front())
          return std::nullopt;
      SmallVector<int64_t> s{lens->front()};
      s.append(v.getShape().begin() + 1, v.getShape().end());
      return s;
    }
    if (t && t.getRank() >= drop)
      return SmallVector<int64_t>(t.getShape().drop_front(drop));
  }
  return std::nullopt;
}

/// 0-d i32 value of element `i` of the static 1-D integer `indices`.
Value indexAt(OpBuilder &b, Location loc, Value indices, int64_t i) {
  Value s = SliceOp::create(b, loc, indices, ArrayRef<int64_t>{i},
                            ArrayRef<int64_t>{i + 1}, ArrayRef<int64_t>{1});
  return convert(b, loc, reshape(b, loc, s, {}), b.getI32Type());
}

/// Start indices [index, 0, ...] for the stacked tensor of rank `rank`.
SmallVector<Value> starts(OpBuilder &b, Location loc, Value index,
                          int64_t rank) {
  SmallVector<Value> s{
      convert(b, loc, reshape(b, loc, index, {}), b.getI32Type())};
  for (int64_t d = 1; d < rank; ++d)
    s.push_back(scalar(b, loc, b.getI32Type(), 0));
  return s;
}

/// The constant element index `index` when it is one, in [0, n).
std::optional<int64_t> staticIndex(Value index, int64_t n) {
  auto c = constantInts(index);
  if (!c || c->size() != 1 || (*c)[0] < 0 || (*c)[0] >= n)
    return std::nullopt;
  return (*c)[0];
}

/// `stack` with row `i` (a constant) replaced by `row` ([1, elem...]):
/// static slices and a concatenate.
Value writeRow(OpBuilder &b, Location loc, Value stack, Value row, int64_t i) {
  auto t = cast<RankedTensorType>(stack.getType());
  int64_t r = t.getRank(), n = t.getDimSize(0);
  SmallVector<Value> parts;
  auto rows = [&](int64_t from, int64_t to) {
    SmallVector<int64_t> start(r, 0), limit(t.getShape()), step(r, 1);
    start[0] = from;
    limit[0] = to;
    return Value(SliceOp::create(b, loc, stack, start, limit, step));
  };
  if (i > 0)
    parts.push_back(rows(0, i));
  parts.push_back(row);
  if (i + 1 < n)
    parts.push_back(rows(i + 1, n));
  return parts.size() == 1
             ? parts[0]
             : Value(ConcatenateOp::create(b, loc, parts, uint64_t{0}));
}

/// Row `i` (a constant) of `stack` as [1, elem...].
Value readRow(OpBuilder &b, Location loc, Value stack, int64_t i) {
  auto t = cast<RankedTensorType>(stack.getType());
  int64_t r = t.getRank();
  SmallVector<int64_t> start(r, 0), limit(t.getShape()), step(r, 1);
  start[0] = i;
  limit[0] = i + 1;
  return SliceOp::create(b, loc, stack, start, limit, step);
}

/// Lowers one TensorArrayV3 `ta` whose uses are `users` (block order);
/// returns false (touching nothing) when it is not in the handled form.
bool lowerOne(Operation *ta, ArrayRef<Operation *> users, std::string &why) {
  auto size = constantInts(ta->getOperand(0));
  if (!size || size->size() != 1 || size->front() < 0) {
    why = "size is not a constant";
    return false;
  }
  auto elemShape = elementShape(ta, users);
  if (!elemShape) {
    why = "element shape is not static";
    return false;
  }
  Type elt;
  if (auto ty = dyn_cast_or_null<TypeAttr>(ta->getAttr("dtype")))
    elt = ty.getValue();
  if (!elt || !elt.isIntOrFloat()) {
    why = "dtype is not an integer or float type";
    return false;
  }
  // Capacity: dynamic_size arrays grow to the largest constant index.
  int64_t n = size->front();
  bool dynamic = boolAttr(ta, "dynamic_size");
  for (Operation *u : users) {
    std::optional<SmallVector<int64_t>> idx;
    if (isTAOp(u, "TensorArrayWriteV3") || isTAOp(u, "TensorArrayScatterV3") ||
        isTAOp(u, "TensorArrayReadV3") || isTAOp(u, "TensorArrayGatherV3")) {
      idx = constantInts(u->getOperand(1));
      if (!idx && !staticType(u->getOperand(1))) {
        why = "indices of '" + u->getName().getStringRef().str() +
              "' have no static shape";
        return false;
      }
      if (!idx && dynamic &&
          (isTAOp(u, "TensorArrayWriteV3") ||
           isTAOp(u, "TensorArrayScatterV3"))) {
        why = "a dynamic_size array is written at a non-constant index";
        return false;
      }
      if (idx && dynamic)
        for (int64_t i : *idx)
          n = std::max(n, i + 1);
    } else if (!isTAOp(u, "TensorArraySizeV3") &&
               !isTAOp(u, "TensorArrayCloseV3") &&
               !isTAOp(u, "TensorArraySplitV3") &&
               !isTAOp(u, "TensorArrayConcatV3")) {
      why = "the handle is used by '" + u->getName().getStringRef().str() + "'";
      return false;
    }
  }
  SmallVector<int64_t> stackShape{n};
  stackShape.append(elemShape->begin(), elemShape->end());
  auto stackType = RankedTensorType::get(stackShape, elt);
  SmallVector<int64_t> oneShape(stackShape);
  oneShape[0] = 1;
  int64_t rank = stackShape.size();
  // Checks every user's static types before building anything.
  for (Operation *u : users) {
    if (isTAOp(u, "TensorArrayWriteV3")) {
      auto v = staticType(u->getOperand(2));
      if (!v || v.getShape() != ArrayRef<int64_t>(*elemShape)) {
        why = "a written value does not have the element shape";
        return false;
      }
    } else if (isTAOp(u, "TensorArrayScatterV3")) {
      auto v = staticType(u->getOperand(2));
      auto i = staticType(u->getOperand(1));
      if (!v || !i || i.getRank() != 1 || v.getRank() != rank ||
          v.getDimSize(0) != i.getDimSize(0) ||
          v.getShape().drop_front() != ArrayRef<int64_t>(*elemShape)) {
        why = "a scattered value does not stack elements of the element shape";
        return false;
      }
    } else if (isTAOp(u, "TensorArrayGatherV3")) {
      auto i = staticType(u->getOperand(1));
      if (!i || i.getRank() != 1) {
        why = "gather indices must be a static vector";
        return false;
      }
    } else if (isTAOp(u, "TensorArraySplitV3")) {
      auto v = staticType(u->getOperand(1));
      if (!v || v.getNumElements() != stackType.getNumElements() ||
          v.getRank() < 1 || v.getDimSize(0) != n * (*elemShape)[0]) {
        why = "a split value does not fill the array with equal pieces";
        return false;
      }
    } else if (isTAOp(u, "TensorArrayConcatV3")) {
      if (elemShape->empty()) {
        why = "concat of scalar elements";
        return false;
      }
    }
  }

  OpBuilder b(ta);
  Location loc = ta->getLoc();
  Value stack = splat(b, loc, stackType, 0);
  auto zeroFlow = [&](OpBuilder &bb, Location l) {
    return scalar(bb, l, bb.getF32Type(), 0);
  };
  for (Operation *u : users) {
    b.setInsertionPoint(u);
    Location l = u->getLoc();
    Value repl0, repl1;
    if (isTAOp(u, "TensorArrayWriteV3")) {
      Value v = reshape(b, l, u->getOperand(2), oneShape);
      if (auto i = staticIndex(u->getOperand(1), n))
        stack = writeRow(b, l, stack, v, *i);
      else
        stack = DynamicUpdateSliceOp::create(
            b, l, stack, v, starts(b, l, u->getOperand(1), rank));
      repl0 = zeroFlow(b, l);
    } else if (isTAOp(u, "TensorArrayReadV3")) {
      Value s = staticIndex(u->getOperand(1), n)
                    ? readRow(b, l, stack, *staticIndex(u->getOperand(1), n))
                    : Value(DynamicSliceOp::create(
                          b, l, stack, starts(b, l, u->getOperand(1), rank),
                          oneShape));
      repl0 = reshape(b, l, s, *elemShape);
    } else if (isTAOp(u, "TensorArrayGatherV3")) {
      Value idx = u->getOperand(1);
      int64_t k = cast<RankedTensorType>(idx.getType()).getDimSize(0);
      auto cidx = constantInts(idx);
      SmallVector<Value> parts;
      for (int64_t i = 0; i < k; ++i) {
        if (cidx && (*cidx)[i] >= 0 && (*cidx)[i] < n) {
          parts.push_back(readRow(b, l, stack, (*cidx)[i]));
          continue;
        }
        SmallVector<Value> st{indexAt(b, l, idx, i)};
        for (int64_t d = 1; d < rank; ++d)
          st.push_back(scalar(b, l, b.getI32Type(), 0));
        parts.push_back(DynamicSliceOp::create(b, l, stack, st, oneShape));
      }
      if (parts.empty()) {
        SmallVector<int64_t> es(stackShape);
        es[0] = 0;
        repl0 = splat(b, l, RankedTensorType::get(es, elt), 0);
      } else {
        repl0 = parts.size() == 1
                    ? parts.front()
                    : Value(ConcatenateOp::create(b, l, parts, uint64_t{0}));
      }
    } else if (isTAOp(u, "TensorArrayScatterV3")) {
      Value idx = u->getOperand(1), v = u->getOperand(2);
      int64_t k = cast<RankedTensorType>(idx.getType()).getDimSize(0);
      for (int64_t i = 0; i < k; ++i) {
        SmallVector<int64_t> start(rank, 0), limit(stackShape), step(rank, 1);
        start[0] = i;
        limit[0] = i + 1;
        Value piece = SliceOp::create(b, l, v, start, limit, step);
        auto cidx = constantInts(idx);
        if (cidx && (*cidx)[i] >= 0 && (*cidx)[i] < n) {
          stack = writeRow(b, l, stack, piece, (*cidx)[i]);
          continue;
        }
        SmallVector<Value> st{indexAt(b, l, idx, i)};
        for (int64_t d = 1; d < rank; ++d)
          st.push_back(scalar(b, l, b.getI32Type(), 0));
        stack = DynamicUpdateSliceOp::create(b, l, stack, piece, st);
      }
      repl0 = zeroFlow(b, l);
    } else if (isTAOp(u, "TensorArraySplitV3")) {
      stack = reshape(b, l, u->getOperand(1), stackShape);
      repl0 = zeroFlow(b, l);
    } else if (isTAOp(u, "TensorArrayConcatV3")) {
      SmallVector<int64_t> cs(elemShape->begin(), elemShape->end());
      cs[0] *= n;
      repl0 = reshape(b, l, stack, cs);
      SmallVector<int64_t> lens(n, (*elemShape)[0]);
      repl1 = constant(
          b, l,
          DenseElementsAttr::get(RankedTensorType::get({n}, b.getI64Type()),
                                 ArrayRef<int64_t>(lens)));
    } else if (isTAOp(u, "TensorArraySizeV3")) {
      repl0 = scalar(b, l, b.getI32Type(), static_cast<double>(n));
    }
    Value reps[2] = {repl0, repl1};
    for (auto [i, r] : llvm::enumerate(u->getResults())) {
      Value with = reps[i];
      if (with && with.getType() != r.getType() &&
          getElementTypeOrSelf(with.getType()) !=
              getElementTypeOrSelf(r.getType()))
        with = convert(b, l, with, getElementTypeOrSelf(r.getType()));
      r.replaceAllUsesWith(with);
    }
    u->erase();
  }
  // The flow result of TensorArrayV3 feeds only the ops just replaced.
  b.setInsertionPoint(ta);
  ta->getResult(1).replaceAllUsesWith(zeroFlow(b, loc));
  ta->erase();
  return true;
}

} // namespace

void lowerTensorArrays(Block &block) {
  SmallVector<Operation *> arrays;
  for (Operation &op : block)
    if (isTAOp(&op, "TensorArrayV3") && op.getNumResults() == 2)
      arrays.push_back(&op);
  for (Operation *ta : arrays) {
    Value handle = ta->getResult(0);
    SmallVector<Operation *> users;
    bool sameBlock = true;
    for (Operation *u : handle.getUsers()) {
      if (u->getBlock() != &block) {
        sameBlock = false;
        break;
      }
      users.push_back(u);
    }
    if (!sameBlock) {
      ta->emitRemark() << "not legalized to hlo: the TensorArray is used "
                          "outside its block (e.g. in a loop; run "
                          "-tf-tensor-array-ops-decomposition first)";
      continue;
    }
    llvm::sort(users, [](Operation *a, Operation *b) {
      return a->isBeforeInBlock(b);
    });
    users.erase(std::unique(users.begin(), users.end()), users.end());
    std::string why;
    if (!lowerOne(ta, users, why))
      ta->emitRemark() << "not legalized to hlo: " << why;
  }
}

} // namespace tfmlir::tohlo
