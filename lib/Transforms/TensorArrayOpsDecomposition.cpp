//===- TensorArrayOpsDecomposition.cpp - tf-tensor-array-ops-decomposition ===//
//
// TF1 TensorArrays (TensorArrayV3 and its Read/Write/Gather/Scatter/Split/
// Concat/Size/Close ops) rewritten into plain tensor ops, also when the
// array is carried through functional control flow (tf.While / tf.If, as
// tf.nn.dynamic_rnn and bidirectional_dynamic_rnn build it). The idea is
// tf2xla's and TF-MLIR's tensor-array-ops-decomposition: every TensorArray
// op takes the array's `flow` value, so the flow can carry the whole array
// as one stacked tensor [size, element...] and the resource handle becomes
// dead. An array whose size or element shape is only known at run time
// becomes TF2's form of a TensorArray instead (list-fallback): the flow
// carries a TensorList (a variant), which the Session's host kernels run.
// See Passes.td for the op-by-op rewrites and what is refused.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Passes.h"
#include "lib/Transforms/ShapeInference.h"
#include "lib/Transforms/ShapeInferenceContext.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFTypes.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Dialect/Tensor/IR/Tensor.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/IR/TypeUtilities.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Transforms/Passes.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

namespace tfmlir {
#define GEN_PASS_DEF_TENSORARRAYOPSDECOMPOSITIONPASS
#include "lib/Transforms/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// Whether `op` is the tf op `name` (without the "tf." prefix), registered
/// or generic.
bool isOp(Operation *op, StringRef name) {
  StringRef n = op->getName().getStringRef();
  return n.consume_front("tf.") && n == name;
}

/// tf.While or tf.StatelessWhile (functional loops: cond, body).
bool isWhile(Operation *op) {
  return isOp(op, "While") || isOp(op, "StatelessWhile");
}
/// tf.If or tf.StatelessIf (then_branch, else_branch; operand 0 is the
/// predicate).
bool isIf(Operation *op) { return isOp(op, "If") || isOp(op, "StatelessIf"); }

/// Ops that forward operand i to result i unchanged.
bool isForwarding(Operation *op) {
  return isOp(op, "Identity") || isOp(op, "IdentityN") ||
         isOp(op, "Snapshot") || isOp(op, "StopGradient");
}

/// The TensorArray ops that take a flow_in (always their last operand).
bool takesFlow(Operation *op) {
  return isOp(op, "TensorArrayWriteV3") || isOp(op, "TensorArrayReadV3") ||
         isOp(op, "TensorArrayGatherV3") || isOp(op, "TensorArrayScatterV3") ||
         isOp(op, "TensorArraySplitV3") || isOp(op, "TensorArrayConcatV3") ||
         isOp(op, "TensorArraySizeV3");
}
/// The TensorArray ops whose result 0 is the new flow.
bool makesFlow(Operation *op) {
  return isOp(op, "TensorArrayWriteV3") || isOp(op, "TensorArrayScatterV3") ||
         isOp(op, "TensorArraySplitV3");
}

/// "'tf.X' (node 'name')" for messages.
std::string describe(Operation *op) {
  return "'" + op->getName().getStringRef().str() + "' (node '" +
         nodeNameOf(op->getLoc()) + "')";
}

/// The function the symbol attr `attr` of `op` names, or null.
func::FuncOp callee(Operation *op, StringRef attr) {
  Attribute a = op->getAttr(attr);
  SymbolRefAttr sym = a ? TF::getFuncAttrSymbol(a) : SymbolRefAttr();
  if (!sym)
    return nullptr;
  return dyn_cast_or_null<func::FuncOp>(
      SymbolTable::lookupNearestSymbolFrom(op, sym));
}

/// The functions called by control flow op `op`.
SmallVector<func::FuncOp, 2> callees(Operation *op) {
  SmallVector<func::FuncOp, 2> fns;
  if (isWhile(op)) {
    fns = {callee(op, "cond"), callee(op, "body")};
  } else if (isIf(op)) {
    fns = {callee(op, "then_branch"), callee(op, "else_branch")};
  }
  return fns;
}

/// The values that carry one TensorArray's handle or flow, found by
/// following uses through forwarding ops and tf.While / tf.If (their
/// operands, function arguments, returns and results).
struct Carrier {
  llvm::SetVector<Value> values;
  /// TensorArray ops reached (at flow_in for flows, operand 0 for handles).
  llvm::SetVector<Operation *> taOps;
  /// Control-flow ops reached.
  llvm::SetVector<Operation *> controlFlow;
};

/// Follows `start` (a handle when `handle`, else a flow). `callers` maps a
/// function to its only caller (control flow op). Returns "" or why the
/// values cannot be followed.
std::string follow(Value start, bool handle,
                   const DenseMap<Operation *, Operation *> &callers,
                   Carrier &c) {
  SmallVector<Value> work{start};
  c.values.insert(start);
  auto push = [&](Value v) {
    if (c.values.insert(v))
      work.push_back(v);
  };
  while (!work.empty()) {
    Value v = work.pop_back_val();
    for (OpOperand &use : v.getUses()) {
      Operation *u = use.getOwner();
      unsigned idx = use.getOperandNumber();
      StringRef n = u->getName().getStringRef();
      if (n.starts_with("tf.TensorArray")) {
        if (handle ? idx != 0
                   : (!takesFlow(u) || idx + 1 != u->getNumOperands()))
          return "the " + std::string(handle ? "handle" : "flow") +
                 " is used by " + describe(u) + " in a way not handled";
        c.taOps.insert(u);
        if (!handle && makesFlow(u))
          push(u->getResult(0));
      } else if (isForwarding(u)) {
        push(u->getResult(isOp(u, "IdentityN") ? idx : 0));
      } else if (isWhile(u) || isIf(u)) {
        auto fns = callees(u);
        if (!fns[0] || !fns[1])
          return "the functions of " + describe(u) + " are not found";
        for (func::FuncOp f : fns)
          if (callers.lookup(f) != u)
            return "function '" + f.getName().str() +
                   "' has more than one caller";
        c.controlFlow.insert(u);
        if (isWhile(u)) {
          push(u->getResult(idx));
          push(fns[0].getArgument(idx));
          push(fns[1].getArgument(idx));
        } else {
          if (idx == 0)
            return "the predicate of " + describe(u) + " is a TensorArray";
          push(fns[0].getArgument(idx - 1));
          push(fns[1].getArgument(idx - 1));
        }
      } else if (isa<func::ReturnOp>(u)) {
        auto f = u->getParentOfType<func::FuncOp>();
        Operation *cf = f ? callers.lookup(f) : nullptr;
        if (!cf)
          return "it is returned from function '" +
                 (f ? f.getName().str() : std::string("?")) + "'";
        if (isWhile(cf) && callees(cf)[0] == f)
          return "it is returned from the cond of " + describe(cf);
        c.controlFlow.insert(cf);
        push(cf->getResult(idx));
        if (isWhile(cf)) {
          auto fns = callees(cf);
          push(fns[0].getArgument(idx));
          push(fns[1].getArgument(idx));
        }
      } else {
        return "the " + std::string(handle ? "handle" : "flow") +
               " is used by " + describe(u);
      }
    }
  }
  // Both sides of each control flow op must carry the array alike: a While
  // operand and its body result, both branches' results of an If.
  for (Operation *cf : c.controlFlow) {
    auto fns = callees(cf);
    if (isWhile(cf)) {
      auto ret = fns[1].getBody().front().getTerminator();
      for (unsigned i = 0; i < cf->getNumOperands(); ++i)
        if (c.values.contains(cf->getResult(i)) &&
            (!c.values.contains(cf->getOperand(i)) ||
             !c.values.contains(ret->getOperand(i))))
          return "loop variable #" + std::to_string(i) + " of " + describe(cf) +
                 " is not the TensorArray on every iteration";
    } else {
      for (unsigned i = 0; i < cf->getNumResults(); ++i) {
        if (!c.values.contains(cf->getResult(i)))
          continue;
        for (func::FuncOp f : fns)
          if (!c.values.contains(
                  f.getBody().front().getTerminator()->getOperand(i)))
            return "result #" + std::to_string(i) + " of " + describe(cf) +
                   " is the TensorArray in one branch only";
      }
    }
  }
  return "";
}

/// A partial element shape: dims < 0 are unknown; nullopt is an unknown
/// rank (TF's PartialTensorShape).
using PartialShape = std::optional<SmallVector<int64_t>>;

/// One TensorArrayV3 and what its rewrite needs.
struct Array {
  Operation *create;
  Carrier flow, handle;
  /// The stacked buffer type, when decomposed into a tensor.
  RankedTensorType buffer;
  /// Rewritten into TensorList ops instead (list-fallback), with this
  /// element shape.
  bool asList = false;
  PartialShape elem;
};

/// Merges `dims` into the element shape `elem` (unknown dims are < 0);
/// false on a rank or static dim mismatch.
bool mergeElem(PartialShape &elem, ArrayRef<int64_t> dims) {
  if (!elem) {
    elem = SmallVector<int64_t>(dims);
    return true;
  }
  if (elem->size() != dims.size())
    return false;
  for (auto [e, d] : llvm::zip(*elem, dims)) {
    if (d < 0)
      continue;
    if (e >= 0 && e != d)
      return false;
    e = d;
  }
  return true;
}

/// The element_shape attr of TensorArrayV3 `ta` (nullopt: unknown rank).
PartialShape attrShape(Operation *ta) {
  if (auto s =
          dyn_cast_or_null<tf_type::ShapeAttr>(ta->getAttr("element_shape")))
    if (s.hasRank())
      return SmallVector<int64_t>(s.getDims());
  return std::nullopt;
}

/// The element shape of `a`: the element_shape attr merged with the static
/// dims of every value written, scattered, read or gathered. Returns "" or
/// the op whose shape contradicts the others.
std::string elementShape(const Array &a, PartialShape &elem) {
  Operation *ta = a.create;
  elem = attrShape(ta);
  for (Operation *u : a.flow.taOps) {
    Type t;
    int drop = 0;
    if (isOp(u, "TensorArrayWriteV3")) {
      t = u->getOperand(2).getType();
    } else if (isOp(u, "TensorArrayScatterV3")) {
      t = u->getOperand(2).getType();
      drop = 1;
    } else if (isOp(u, "TensorArrayReadV3")) {
      t = u->getResult(0).getType();
    } else if (isOp(u, "TensorArrayGatherV3")) {
      t = u->getResult(0).getType();
      drop = 1;
    }
    auto rt = dyn_cast_or_null<RankedTensorType>(t);
    if (!rt || rt.getRank() < drop)
      continue;
    SmallVector<int64_t> dims(rt.getShape().drop_front(drop));
    for (int64_t &d : dims)
      if (ShapedType::isDynamic(d))
        d = -1;
    if (!mergeElem(elem, dims))
      return "the element shapes of " + describe(u) + " and " + describe(ta) +
             " differ";
  }
  return "";
}

/// Finds the static buffer type [size, element...] of `a`. Returns "" or
/// why there is none.
std::string bufferType(Array &a, shape_inference::ValueEvaluator &eval) {
  Operation *ta = a.create;
  Type elt;
  if (auto t = dyn_cast_or_null<TypeAttr>(ta->getAttr("dtype")))
    elt = t.getValue();
  if (!elt || !elt.isIntOrFloat())
    return "its dtype is not an integer, bool or float type";
  PartialShape elem;
  if (std::string why = elementShape(a, elem); !why.empty())
    return why;
  if (!elem || llvm::any_of(*elem, [](int64_t d) { return d < 0; }))
    return "its element shape is not static";

  auto size = eval.eval(ta->getOperand(0));
  if (!size || !size->fullyKnown() || size->values.size() != 1)
    return "its size is not a constant";
  if (size->values[0] < 0)
    return "its size " + std::to_string(size->values[0]) +
           " is negative (TF: size must be >= 0)";
  int64_t n = size->values[0];
  auto dyn = dyn_cast_or_null<BoolAttr>(ta->getAttr("dynamic_size"));
  if (dyn && dyn.getValue()) {
    // A growing array: as large as the largest constant index written.
    for (Operation *u : a.flow.taOps) {
      if (isOp(u, "TensorArraySplitV3")) {
        // A split writes one element per length.
        auto lens = eval.eval(u->getOperand(2));
        if (lens && lens->rank() == 1)
          n = std::max<int64_t>(n, lens->values.size());
        continue;
      }
      if (!isOp(u, "TensorArrayWriteV3") && !isOp(u, "TensorArrayScatterV3"))
        continue;
      auto idx = eval.eval(u->getOperand(1));
      if (!idx || !idx->fullyKnown())
        return "it has dynamic_size and " + describe(u) +
               " writes at an index that is not a constant";
      for (int64_t i : idx->values)
        n = std::max(n, i + 1);
    }
  }
  for (Operation *u : a.flow.taOps)
    if (isOp(u, "TensorArraySplitV3")) {
      auto lens = eval.eval(u->getOperand(2));
      auto v = dyn_cast<RankedTensorType>(u->getOperand(1).getType());
      if (!lens || !lens->fullyKnown() || !v || v.getRank() < 1 ||
          lens->values.size() != static_cast<size_t>(n) ||
          llvm::any_of(lens->values,
                       [&](int64_t l) { return l != (*elem)[0]; }) ||
          v.getDimSize(0) != n * (*elem)[0])
        return describe(u) +
               " does not split into `size` pieces of the element shape";
    } else if (isOp(u, "TensorArrayConcatV3") && elem->empty()) {
      return describe(u) + " concatenates scalar elements";
    }
  SmallVector<int64_t> shape{n};
  shape.append(elem->begin(), elem->end());
  a.buffer = RankedTensorType::get(shape, elt);
  return "";
}

/// A one-result tf op `name` (derived attrs come from the types).
Value makeOp(OpBuilder &b, Location loc, StringRef name, ValueRange operands,
             Type result) {
  OperationState st(loc, ("tf." + name).str());
  st.addOperands(operands);
  st.addTypes(result);
  return b.create(st)->getResult(0);
}

/// A tf.Const of integer type `elt`: a vector of `values`, or the scalar
/// values[0] when `scalar`.
Value constInts(OpBuilder &b, Location loc, ArrayRef<int64_t> values, Type elt,
                bool scalar = false) {
  auto type =
      scalar
          ? RankedTensorType::get({}, elt)
          : RankedTensorType::get({static_cast<int64_t>(values.size())}, elt);
  SmallVector<APInt> ints;
  for (int64_t v : values)
    ints.push_back(APInt(elt.getIntOrFloatBitWidth(), v, /*isSigned=*/true));
  return TF::ConstOp::create(b, loc, DenseElementsAttr::get(type, ints));
}

/// Rewrites the ops of `a` (already checked) into tensor ops on the buffer.
void rewrite(Array &a) {
  OpBuilder b(a.create);
  Location loc = a.create->getLoc();
  Type i32 = b.getI32Type();
  RankedTensorType buffer = a.buffer;
  ArrayRef<int64_t> elem = buffer.getShape().drop_front();
  int64_t n = buffer.getDimSize(0);
  Value zeros = TF::ConstOp::create(
      b, loc,
      DenseElementsAttr::get(buffer, b.getZeroAttr(buffer.getElementType())));
  for (Value v : a.flow.values)
    if (v != a.create->getResult(1))
      v.setType(buffer);
  a.create->getResult(1).replaceAllUsesWith(zeros);

  SmallVector<Operation *> dead;
  for (Operation *u : a.flow.taOps) {
    b.setInsertionPoint(u);
    Location l = u->getLoc();
    Value flowIn = u->getOperands().back();
    SmallVector<Value, 2> repl;
    if (isOp(u, "TensorArrayWriteV3")) {
      // flow' = TensorScatterUpdate(flow, [[index]], [value]).
      Value idx = makeOp(b, l, "Reshape",
                         {u->getOperand(1), constInts(b, l, {1, 1}, i32)},
                         RankedTensorType::get(
                             {1, 1}, getElementTypeOrSelf(u->getOperand(1))));
      SmallVector<int64_t> one{1};
      one.append(elem.begin(), elem.end());
      Value upd =
          makeOp(b, l, "Reshape", {u->getOperand(2), constInts(b, l, one, i32)},
                 RankedTensorType::get(one, buffer.getElementType()));
      repl.push_back(
          makeOp(b, l, "TensorScatterUpdate", {flowIn, idx, upd}, buffer));
    } else if (isOp(u, "TensorArrayScatterV3")) {
      // flow' = TensorScatterUpdate(flow, indices[:, None], value).
      Value ind = u->getOperand(1);
      int64_t k = ShapedType::kDynamic;
      if (auto t = dyn_cast<RankedTensorType>(ind.getType());
          t && t.getRank() == 1)
        k = t.getDimSize(0);
      Value idx =
          makeOp(b, l, "ExpandDims", {ind, constInts(b, l, {-1}, i32, true)},
                 RankedTensorType::get({k, 1}, getElementTypeOrSelf(ind)));
      repl.push_back(makeOp(b, l, "TensorScatterUpdate",
                            {flowIn, idx, u->getOperand(2)}, buffer));
    } else if (isOp(u, "TensorArrayReadV3") || isOp(u, "TensorArrayGatherV3")) {
      repl.push_back(
          makeOp(b, l, "GatherV2",
                 {flowIn, u->getOperand(1), constInts(b, l, {0}, i32, true)},
                 u->getResult(0).getType()));
    } else if (isOp(u, "TensorArraySplitV3")) {
      repl.push_back(makeOp(
          b, l, "Reshape",
          {u->getOperand(1), constInts(b, l, buffer.getShape(), i32)}, buffer));
    } else if (isOp(u, "TensorArrayConcatV3")) {
      SmallVector<int64_t> cs(elem);
      cs[0] *= n;
      repl.push_back(makeOp(b, l, "Reshape", {flowIn, constInts(b, l, cs, i32)},
                            u->getResult(0).getType()));
      SmallVector<int64_t> lens(n, elem[0]);
      repl.push_back(constInts(b, l, lens, b.getI64Type()));
    } else if (isOp(u, "TensorArraySizeV3")) {
      repl.push_back(constInts(b, l, {n}, i32, /*scalar=*/true));
    }
    for (auto [r, w] : llvm::zip(u->getResults(), repl))
      r.replaceAllUsesWith(w);
    dead.push_back(u);
  }
  for (Operation *u : a.handle.taOps)
    if (isOp(u, "TensorArrayCloseV3"))
      dead.push_back(u);
  for (Operation *u : dead)
    u->erase();
}

/// The int32 element_shape operand of the TensorList ops for `elem`: the
/// scalar -1 for an unknown rank, else the dims with -1 for unknown ones
/// (what TF's TensorShapeFromTensor reads).
Value shapeOperand(OpBuilder &b, Location loc, const PartialShape &elem) {
  Type i32 = b.getI32Type();
  if (!elem)
    return constInts(b, loc, {-1}, i32, /*scalar=*/true);
  SmallVector<int64_t> dims;
  for (int64_t d : *elem)
    dims.push_back(d < 0 ? -1 : d);
  return constInts(b, loc, dims, i32);
}

/// A tf op `name` with `attrs` (a TensorList op, which has no ODS
/// definition: the attrs TF's OpDef has are set explicitly).
Operation *makeListOp(OpBuilder &b, Location loc, StringRef name,
                      ValueRange operands, TypeRange results,
                      ArrayRef<NamedAttribute> attrs) {
  OperationState st(loc, ("tf." + name).str());
  st.addOperands(operands);
  st.addTypes(results);
  st.addAttributes(attrs);
  return b.create(st);
}

/// Rewrites the ops of `a` into TF2's TensorList form of a TensorArray
/// (tensorflow/python/ops/tensor_array_ops.py, _GraphTensorArrayV2): the
/// flow carries the list, a scalar variant.
void rewriteAsList(Array &a) {
  OpBuilder b(a.create);
  MLIRContext *ctx = a.create->getContext();
  Location loc = a.create->getLoc();
  Type elt = cast<TypeAttr>(a.create->getAttr("dtype")).getValue();
  auto dyn = dyn_cast_or_null<BoolAttr>(a.create->getAttr("dynamic_size"));
  bool growing = dyn && dyn.getValue();
  auto variant = RankedTensorType::get({}, tf_type::VariantType::get(ctx));
  NamedAttribute dtype(b.getStringAttr("element_dtype"), TypeAttr::get(elt));
  NamedAttribute shapeType(b.getStringAttr("shape_type"),
                           TypeAttr::get(b.getI32Type()));
  Value list =
      makeListOp(b, loc, "TensorListReserve",
                 {shapeOperand(b, loc, a.elem), a.create->getOperand(0)},
                 {variant}, {dtype, shapeType})
          ->getResult(0);
  for (Value v : a.flow.values)
    if (v != a.create->getResult(1))
      v.setType(variant);
  a.create->getResult(1).replaceAllUsesWith(list);

  SmallVector<Operation *> dead;
  for (Operation *u : a.flow.taOps) {
    b.setInsertionPoint(u);
    Location l = u->getLoc();
    Value flowIn = u->getOperands().back();
    Operation *repl = nullptr;
    if (isOp(u, "TensorArrayWriteV3")) {
      // A dynamic_size array grows on a write past its end.
      repl = makeListOp(
          b, l, "TensorListSetItem",
          {flowIn, u->getOperand(1), u->getOperand(2)}, {variant},
          {dtype, NamedAttribute(b.getStringAttr("resize_if_index_out_of_"
                                                 "bounds"),
                                 b.getBoolAttr(growing))});
    } else if (isOp(u, "TensorArrayReadV3")) {
      repl = makeListOp(b, l, "TensorListGetItem",
                        {flowIn, u->getOperand(1), shapeOperand(b, l, a.elem)},
                        u->getResultTypes(), {dtype});
    } else if (isOp(u, "TensorArrayGatherV3")) {
      PartialShape elem = a.elem;
      PartialShape own = attrShape(u);
      if (own && !mergeElem(elem, *own))
        elem = a.elem;
      repl = makeListOp(b, l, "TensorListGather",
                        {flowIn, u->getOperand(1), shapeOperand(b, l, elem)},
                        u->getResultTypes(), {dtype});
    } else if (isOp(u, "TensorArrayScatterV3")) {
      repl = makeListOp(b, l, "TensorListScatterIntoExistingList",
                        {flowIn, u->getOperand(2), u->getOperand(1)}, {variant},
                        {dtype});
    } else if (isOp(u, "TensorArraySplitV3")) {
      // A new list of the pieces, as TF2's split (the old elements go).
      repl = makeListOp(
          b, l, "TensorListSplit",
          {u->getOperand(1), shapeOperand(b, l, a.elem), u->getOperand(2)},
          {variant}, {dtype, shapeType});
    } else if (isOp(u, "TensorArrayConcatV3")) {
      // element_shape [?, element[1:]...] (TF2 passes [None] + dims[1:]),
      // merged with element_shape_except0; no leading_dims.
      PartialShape cs;
      if (a.elem && !a.elem->empty()) {
        cs = a.elem;
        (*cs)[0] = -1;
      } else if (a.elem) {
        cs = a.elem; // scalar elements: the kernel's error
      }
      auto except0 = dyn_cast_or_null<tf_type::ShapeAttr>(
          u->getAttr("element_shape_except0"));
      if (except0 && except0.hasRank() && (!cs || !cs->empty())) {
        SmallVector<int64_t> dims{-1};
        dims.append(except0.getDims().begin(), except0.getDims().end());
        PartialShape merged = cs;
        if (mergeElem(merged, dims))
          cs = merged;
      }
      repl = makeListOp(
          b, l, "TensorListConcatV2",
          {flowIn, shapeOperand(b, l, cs), constInts(b, l, {}, b.getI64Type())},
          u->getResultTypes(), {dtype, shapeType});
    } else if (isOp(u, "TensorArraySizeV3")) {
      repl = makeListOp(b, l, "TensorListLength", {flowIn}, u->getResultTypes(),
                        {});
    }
    for (auto [r, w] : llvm::zip(u->getResults(), repl->getResults()))
      r.replaceAllUsesWith(w);
    dead.push_back(u);
  }
  for (Operation *u : a.handle.taOps)
    if (isOp(u, "TensorArrayCloseV3"))
      dead.push_back(u);
  for (Operation *u : dead)
    u->erase();
  // A list that only a split replaced (TensorList ops are generic, so the
  // canonicalizer keeps them).
  if (list.use_empty())
    list.getDefiningOp()->erase();
}

/// Rewrites a control flow op's type-list attrs (T, Tin, Tout) after its
/// operand and result types changed, and drops its output_shapes.
void syncControlFlowAttrs(Operation *cf) {
  auto types = [&](TypeRange ts) {
    SmallVector<Attribute> attrs;
    for (Type t : ts)
      attrs.push_back(TypeAttr::get(getElementTypeOrSelf(t)));
    return ArrayAttr::get(cf->getContext(), attrs);
  };
  if (cf->hasAttr("T"))
    cf->setAttr("T", types(cf->getOperandTypes()));
  if (cf->hasAttr("Tin"))
    cf->setAttr("Tin", types(TypeRange(cf->getOperands().drop_front())));
  if (cf->hasAttr("Tout"))
    cf->setAttr("Tout", types(cf->getResultTypes()));
  cf->removeAttr("output_shapes");
}

/// The control flow op `op` rebuilt without the operands (and, for While,
/// the results) in `drop`; returns the new op.
Operation *rebuildWithout(Operation *op, const llvm::BitVector &drop) {
  OpBuilder b(op);
  OperationState st(op->getLoc(), op->getName());
  bool loop = isWhile(op);
  unsigned first = loop ? 0 : 1;
  for (unsigned i = 0; i < op->getNumOperands(); ++i)
    if (i < first || !drop.test(i - first))
      st.addOperands(op->getOperand(i));
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (!loop || !drop.test(i))
      st.addTypes(op->getResult(i).getType());
  st.addAttributes(op->getAttrs());
  Operation *nop = b.create(st);
  unsigned j = 0;
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    if (!loop || !drop.test(i))
      op->getResult(i).replaceAllUsesWith(nop->getResult(j++));
  op->erase();
  syncControlFlowAttrs(nop);
  return nop;
}

/// Drops the handles in `handles` that control flow now only passes
/// around: While loop variables its body returns unchanged and nothing
/// reads, If operands the branches ignore. Repeats until nothing changes.
void dropDeadHandles(ModuleOp module, llvm::DenseSet<Value> &handles) {
  bool changed = true;
  while (changed) {
    changed = false;
    SmallVector<Operation *> cfs;
    module.walk([&](Operation *op) {
      if (isWhile(op) || isIf(op))
        cfs.push_back(op);
    });
    for (Operation *cf : cfs) {
      auto fns = callees(cf);
      if (!fns[0] || !fns[1])
        continue;
      bool loop = isWhile(cf);
      unsigned first = loop ? 0 : 1;
      unsigned count = cf->getNumOperands() - first;
      llvm::BitVector drop(count);
      for (unsigned i = 0; i < count; ++i) {
        if (!handles.contains(cf->getOperand(i + first)))
          continue;
        if (loop) {
          Operation *ret = fns[1].getBody().front().getTerminator();
          BlockArgument arg = fns[1].getArgument(i);
          if (!fns[0].getArgument(i).use_empty() || ret->getOperand(i) != arg ||
              !arg.hasOneUse() || !cf->getResult(i).use_empty())
            continue;
        } else if (!fns[0].getArgument(i).use_empty() ||
                   !fns[1].getArgument(i).use_empty()) {
          continue;
        }
        drop.set(i);
      }
      if (drop.none())
        continue;
      for (func::FuncOp f : fns) {
        if (loop && f == fns[1]) {
          Operation *ret = f.getBody().front().getTerminator();
          for (int i = count - 1; i >= 0; --i)
            if (drop.test(i))
              ret->eraseOperand(i);
          (void)f.eraseResults(drop);
        }
        (void)f.eraseArguments(drop);
      }
      rebuildWithout(cf, drop);
      changed = true;
    }
    // Forwarding ops of handles that nothing reads any more.
    SmallVector<Operation *> fwd;
    module.walk([&](Operation *op) {
      if (isForwarding(op) && op->use_empty() && op->getNumOperands() > 0 &&
          handles.contains(op->getOperand(0)))
        fwd.push_back(op);
    });
    for (Operation *op : fwd) {
      op->erase();
      changed = true;
    }
  }
}

/// Sets the type of `f` from its block's argument and return types.
void syncFunctionType(func::FuncOp f) {
  Block &body = f.getBody().front();
  f.setType(FunctionType::get(f.getContext(), body.getArgumentTypes(),
                              body.getTerminator()->getOperandTypes()));
}

/// The only caller (a While or If) of each function that control flow
/// calls and that nothing else references.
DenseMap<Operation *, Operation *> soleCallers(ModuleOp module) {
  DenseMap<Operation *, Operation *> callers;
  DenseSet<Operation *> shared;
  module.walk([&](Operation *op) {
    if (!isWhile(op) && !isIf(op))
      return;
    for (func::FuncOp f : callees(op))
      if (f && !callers.try_emplace(f, op).second)
        shared.insert(f);
  });
  for (Operation *f : shared)
    callers.erase(f);
  // A function with any other use (a call, a second reference) is shared.
  SmallVector<Operation *> fns;
  for (auto &[f, op] : callers)
    fns.push_back(f);
  for (Operation *f : fns) {
    auto uses = SymbolTable::getSymbolUses(f, module);
    if (!uses || !llvm::hasSingleElement(*uses))
      callers.erase(f);
  }
  return callers;
}

/// Decomposes every TensorArrayV3 of `module` that is ready (its buffer
/// type known); with `asLists`, also rewrites into TensorList ops those
/// refused only for want of a constant size or static element shape.
/// Returns how many it rewrote (-1 after an error it emitted); `refused`
/// gets the others with the reason.
int decomposeReady(
    ModuleOp module,
    SmallVectorImpl<std::pair<Operation *, std::string>> &refused,
    bool asLists) {
  SmallVector<Operation *> creates;
  module.walk([&](Operation *op) {
    if (isOp(op, "TensorArrayV3") && op->getNumResults() == 2)
      creates.push_back(op);
  });
  if (creates.empty())
    return 0;
  DenseMap<Operation *, Operation *> callers = soleCallers(module);
  shape_inference::ValueEvaluator eval;
  std::vector<Array> arrays;
  for (Operation *ta : creates) {
    Array a;
    a.create = ta;
    std::string why = follow(ta->getResult(1), false, callers, a.flow);
    if (why.empty())
      why = follow(ta->getResult(0), true, callers, a.handle);
    // Every op that reads or writes through the flow must be one of this
    // array's (its handle), and every op on the handle must take the flow.
    if (why.empty())
      for (Operation *u : a.flow.taOps)
        if (!a.handle.taOps.contains(u))
          why = describe(u) + " takes the flow but another handle";
    if (why.empty())
      for (Operation *u : a.handle.taOps)
        if (!isOp(u, "TensorArrayCloseV3") && !a.flow.taOps.contains(u))
          why = describe(u) + " is not ordered by the array's flow";
    if (why.empty()) {
      why = bufferType(a, eval);
      // Every other reason is a run-time size or element shape (or element
      // shapes that differ, which a list allows), unless the dtype is not
      // one a list holds.
      auto dt = dyn_cast_or_null<TypeAttr>(ta->getAttr("dtype"));
      if (!why.empty() && asLists && dt && dt.getValue().isIntOrFloat()) {
        a.asList = true;
        if (!elementShape(a, a.elem).empty())
          a.elem = attrShape(ta);
        why.clear();
      }
    }
    if (!why.empty()) {
      refused.push_back({ta, why});
      continue;
    }
    arrays.push_back(std::move(a));
  }
  // Lists with a static element shape first: the element shapes of the
  // others may come from their reads (a dynamic_rnn output array written
  // with values read from the input array), and with those known an array
  // of constant size is still decomposed into a tensor in a later round.
  auto staticList = [](const Array &a) {
    return a.asList && a.elem &&
           llvm::all_of(*a.elem, [](int64_t d) { return d >= 0; });
  };
  if (llvm::any_of(arrays, staticList)) {
    std::vector<Array> now;
    for (Array &a : arrays) {
      if (!a.asList || staticList(a))
        now.push_back(std::move(a));
      else
        refused.push_back({a.create, "its element shape is not static yet"});
    }
    arrays = std::move(now);
  }
  llvm::DenseSet<Value> handles;
  llvm::SetVector<Operation *> controlFlow;
  for (Array &a : arrays) {
    for (Value v : a.handle.values)
      handles.insert(v);
    controlFlow.insert(a.flow.controlFlow.begin(), a.flow.controlFlow.end());
  }
  for (Array &a : arrays) {
    if (a.asList)
      rewriteAsList(a);
    else
      rewrite(a);
  }
  for (Operation *cf : controlFlow) {
    for (func::FuncOp f : callees(cf))
      syncFunctionType(f);
    syncControlFlowAttrs(cf);
  }
  dropDeadHandles(module, handles);
  for (Array &a : arrays) {
    if (!a.create->getResult(0).use_empty()) {
      // The handle still reaches control flow that does more than pass it
      // on (the ops on it are gone): an error, not a retry.
      a.create->emitError() << "cannot decompose TensorArrayV3 '"
                            << nodeNameOf(a.create->getLoc())
                            << "': its handle is still used by control flow "
                               "after the rewrite";
      return -1;
    }
    a.create->erase();
  }
  return arrays.size();
}

struct TensorArrayOpsDecompositionPass
    : public impl::TensorArrayOpsDecompositionPassBase<
          TensorArrayOpsDecompositionPass> {
  using Base::Base;
  void runOnOperation() override {
    ModuleOp module = getOperation();
    // Rounds: an array whose element shape only becomes known once another
    // array is decomposed (its writes depend on the other's reads) is
    // ready after the shape inference of the round before.
    // When a round decomposes nothing, the arrays left that only lack a
    // constant size or static element shape become TensorLists
    // (list-fallback), and the rounds go on.
    while (true) {
      SmallVector<std::pair<Operation *, std::string>> refused;
      int done = decomposeReady(module, refused, /*asLists=*/false);
      if (done == 0 && !refused.empty() && listFallback) {
        refused.clear();
        done = decomposeReady(module, refused, /*asLists=*/true);
      }
      if (done < 0)
        return signalPassFailure();
      if (done > 0) {
        // The reads and gathers now see static buffers (or lists): refine
        // the types the earlier shape inference left unknown, and fold
        // what became constant.
        OpPassManager pm(ModuleOp::getOperationName());
        pm.addPass(createTFShapeInference());
        pm.addPass(createCanonicalizerPass());
        if (failed(runPipeline(pm, module)))
          return signalPassFailure();
      }
      if (refused.empty())
        return;
      if (done == 0) {
        for (auto &[ta, why] : refused)
          ta->emitError() << "cannot decompose TensorArrayV3 '"
                          << nodeNameOf(ta->getLoc()) << "': " << why;
        return signalPassFailure();
      }
    }
  }
};

} // namespace
} // namespace tfmlir
