//===- Einsum.cpp - tf-einsum: Einsum as Transpose/Reshape/BatchMatMulV2 --===//
//
// Rewrites tf.Einsum into the ops both lowerings know: StridedSlice (a
// repeated label's diagonal), Sum (labels only one operand has and the
// output lacks), Transpose, Reshape and BatchMatMulV2, like TF-MLIR's
// `-tf-einsum` and with the semantics of TF's CPU kernel
// (einsum_op_impl.h): one or two operands, named labels of equal size
// wherever they occur, "..." broadcast dims (right-aligned, as numpy and
// BatchMatMulV2 broadcast), contraction, batch, free and reduced labels.
// Needs static operand shapes, so it runs after shape inference. See
// Passes.td.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/Einsum.h"
#include "lib/Transforms/Passes.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/BuiltinAttributes.h"
#include "llvm/ADT/STLExtras.h"

#include <cctype>
#include <climits>
#include <cstdio>

namespace tfmlir {
#define GEN_PASS_DEF_EINSUMPASS
#include "lib/Transforms/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

/// Axis ids: named labels are 0..127 (their character), the i-th of the
/// R broadcast ("...") dims, counted right-aligned, is kEllBase + i.
constexpr int kEllBase = 1000;
constexpr int kEllipsis = -1;

/// A value being rewritten with the label id of each of its axes.
struct Labeled {
  Value value;
  SmallVector<int> ids;
  SmallVector<int64_t> dims;
};

/// Builds the replacement ops next to the Einsum, all with static types.
class Builder {
public:
  Builder(Operation *einsum)
      : b(einsum), loc(einsum->getLoc()),
        elt(cast<ShapedType>(einsum->getResult(0).getType()).getElementType()) {
  }

  /// A 1-D int32 tf.Const (int64 when a value does not fit).
  Value constI32(ArrayRef<int64_t> v) {
    if (llvm::any_of(v, [](int64_t x) { return x > INT32_MAX; })) {
      auto type = RankedTensorType::get({(int64_t)v.size()}, b.getI64Type());
      return TF::ConstOp::create(b, loc, DenseElementsAttr::get(type, v));
    }
    SmallVector<int32_t> w(v.begin(), v.end());
    auto type = RankedTensorType::get({(int64_t)w.size()}, b.getI32Type());
    return TF::ConstOp::create(b, loc,
                               DenseElementsAttr::get(type, ArrayRef(w)));
  }
  Value op(StringRef name, ValueRange operands, ArrayRef<int64_t> shape,
           ArrayRef<NamedAttribute> attrs = {}, Type resultType = {}) {
    OperationState st(loc, ("tf." + name).str());
    st.addOperands(operands);
    st.addTypes(resultType ? resultType : RankedTensorType::get(shape, elt));
    st.addAttributes(attrs);
    return b.create(st)->getResult(0);
  }
  /// x transposed so that axis k of the result is axis perm[k] of x; no op
  /// for the identity.
  void transpose(Labeled &x, ArrayRef<int64_t> perm) {
    if (llvm::equal(perm, llvm::seq<int64_t>(0, perm.size())))
      return;
    Labeled y;
    for (int64_t p : perm) {
      y.ids.push_back(x.ids[p]);
      y.dims.push_back(x.dims[p]);
    }
    y.value = op("Transpose", {x.value, constI32(perm)}, y.dims);
    x = y;
  }
  Value reshape(Value v, ArrayRef<int64_t> shape, Type resultType = {}) {
    if (!resultType && cast<ShapedType>(v.getType()).getShape() == shape)
      return v;
    return op("Reshape", {v, constI32(shape)}, shape, {}, resultType);
  }

  OpBuilder b;
  Location loc;
  Type elt;
};

int64_t product(ArrayRef<int64_t> dims) {
  int64_t p = 1;
  for (int64_t d : dims)
    p *= d;
  return p;
}

std::string labelStr(int id) { return std::string(1, (char)id); }

/// The character at byte `k` of `sub` for an error message: the whole UTF-8
/// sequence of a non-ASCII character (one byte of it would print as a
/// broken character) with its code point, or the byte in hex when it does
/// not start a well-formed sequence.
std::string describeChar(StringRef sub, size_t k) {
  unsigned char c = sub[k];
  if (c < 128)
    return "'" + std::string(1, (char)c) + "'";
  size_t len = c >= 0xF0 && c < 0xF8   ? 4
               : c >= 0xE0 && c < 0xF0 ? 3
               : c >= 0xC2 && c < 0xE0 ? 2
                                       : 0;
  uint32_t cp = len == 4 ? c & 0x07 : len == 3 ? c & 0x0F : c & 0x1F;
  bool ok = len != 0 && k + len <= sub.size();
  for (size_t i = 1; ok && i < len; ++i) {
    unsigned char cont = sub[k + i];
    ok = (cont & 0xC0) == 0x80;
    cp = (cp << 6) | (cont & 0x3F);
  }
  if (!ok) {
    char hex[8];
    std::snprintf(hex, sizeof(hex), "0x%02X", c);
    return std::string("the byte ") + hex + " (not UTF-8)";
  }
  char code[16];
  std::snprintf(code, sizeof(code), "U+%04X", (unsigned)cp);
  return "'" + sub.substr(k, len).str() + "' (" + code + ", not ASCII)";
}

} // namespace

std::string parseEinsumEquation(StringRef equation, unsigned numOperands,
                                EinsumEquation &eq) {
  std::string e;
  for (char ch : equation)
    if (ch != ' ')
      e.push_back(ch);
  StringRef s(e);
  size_t arrow = s.find("->");
  if (arrow != StringRef::npos && s.find("->", arrow + 2) != StringRef::npos)
    return "equation '" + equation.str() + "' has more than one '->'";
  StringRef lhs = s.substr(0, arrow);
  SmallVector<StringRef> subs;
  lhs.split(subs, ',');
  if (subs.size() != numOperands)
    return "equation '" + equation.str() + "' names " +
           std::to_string(subs.size()) + " operand(s) but the node has " +
           std::to_string(numOperands) + " input(s)";
  if (numOperands < 1 || numOperands > 2)
    return "Einsum with " + std::to_string(numOperands) +
           " inputs is not supported (TF's kernel takes 1 or 2)";
  auto parseSub = [&](StringRef sub, SmallVector<int> &out) -> std::string {
    bool ell = false;
    for (size_t k = 0; k < sub.size();) {
      if (sub.substr(k).starts_with("...")) {
        if (ell)
          return "subscript '" + sub.str() + "' has more than one '...'";
        ell = true;
        out.push_back(kEllipsis);
        k += 3;
        continue;
      }
      char ch = sub[k];
      if ((unsigned char)ch >= 128 || !std::isalpha((unsigned char)ch))
        return "subscript '" + sub.str() + "' has " + describeChar(sub, k) +
               " (labels are ASCII letters, and '...')";
      out.push_back(ch);
      ++k;
    }
    return "";
  };
  eq.inputs.assign(subs.size(), {});
  for (auto [i, sub] : llvm::enumerate(subs))
    if (std::string why = parseSub(sub, eq.inputs[i]); !why.empty())
      return "equation '" + equation.str() + "': " + why;
  eq.output.clear();
  if (arrow != StringRef::npos) {
    if (std::string why = parseSub(s.substr(arrow + 2), eq.output);
        !why.empty())
      return "equation '" + equation.str() + "': " + why;
  } else {
    // numpy's implicit output: "..." if an operand has it, then the labels
    // that occur once, in character order.
    int count[128] = {0};
    bool ell = false;
    for (auto &in : eq.inputs)
      for (int id : in)
        id == kEllipsis ? (void)(ell = true) : (void)++count[id];
    if (ell)
      eq.output.push_back(kEllipsis);
    for (int ch = 0; ch < 128; ++ch)
      if (count[ch] == 1)
        eq.output.push_back(ch);
  }
  llvm::SmallDenseSet<int> seen;
  for (int id : eq.output) {
    if (id == kEllipsis)
      continue;
    if (!seen.insert(id).second)
      return "equation '" + equation.str() + "': output label '" +
             labelStr(id) +
             "' is repeated (TF's kernel would inflate a diagonal): "
             "Unimplemented";
    if (!llvm::any_of(eq.inputs,
                      [&](auto &in) { return llvm::is_contained(in, id); }))
      return "equation '" + equation.str() + "': output label '" +
             labelStr(id) + "' does not occur in any input";
  }
  return "";
}

std::string checkEinsumShapes(const EinsumEquation &eq,
                              ArrayRef<ArrayRef<int64_t>> shapes) {
  int64_t size[128];
  std::fill(std::begin(size), std::end(size), ShapedType::kDynamic);
  SmallVector<int64_t> bcast; // right-aligned broadcast dims so far
  for (auto [i, in] : llvm::enumerate(eq.inputs)) {
    ArrayRef<int64_t> shape = shapes[i];
    bool ell = llvm::is_contained(in, kEllipsis);
    int64_t named = in.size() - (ell ? 1 : 0);
    int64_t rank = shape.size();
    if (ell ? rank < named : rank != named)
      return "input " + std::to_string(i) + " has rank " +
             std::to_string(rank) + " but its subscript names " +
             std::to_string(named) + " dims" + (ell ? " and '...'" : "");
    int64_t ellRank = rank - named, axis = 0;
    for (int id : in) {
      if (id == kEllipsis) {
        ArrayRef<int64_t> part = shape.slice(axis, ellRank);
        if (part.size() > bcast.size())
          bcast.insert(bcast.begin(), part.size() - bcast.size(), 1);
        for (size_t k = 0; k < part.size(); ++k) {
          int64_t &b = bcast[bcast.size() - part.size() + k];
          int64_t d = part[k];
          if (b != 1 && d != 1 && b != d)
            return "the '...' dims of the inputs do not broadcast (" +
                   std::to_string(b) + " vs " + std::to_string(d) + ")";
          if (b == 1)
            b = d;
        }
        axis += ellRank;
        continue;
      }
      int64_t d = shape[axis++];
      if (size[id] != ShapedType::kDynamic && size[id] != d)
        return "label '" + labelStr(id) + "' has size " +
               std::to_string(size[id]) + " and " + std::to_string(d) +
               " (input " + std::to_string(i) + ")";
      size[id] = d;
    }
  }
  if (!bcast.empty() && !llvm::is_contained(eq.output, kEllipsis))
    return "the inputs have " + std::to_string(bcast.size()) +
           " broadcast dim(s) but the output subscript has no '...'";
  return "";
}

namespace {

/// Expands `in`'s "..." into broadcast ids (right-aligned against `maxEll`
/// broadcast dims in all).
Labeled expand(Value v, ArrayRef<int> in, int64_t maxEll) {
  Labeled x;
  x.value = v;
  ArrayRef<int64_t> shape = cast<ShapedType>(v.getType()).getShape();
  x.dims.assign(shape.begin(), shape.end());
  int64_t named = in.size() - (llvm::is_contained(in, kEllipsis) ? 1 : 0);
  int64_t ellRank = shape.size() - named;
  for (int id : in) {
    if (id != kEllipsis) {
      x.ids.push_back(id);
      continue;
    }
    for (int64_t k = 0; k < ellRank; ++k)
      x.ids.push_back(kEllBase + (int)(maxEll - ellRank + k));
  }
  return x;
}

/// Takes the diagonal of every label `x` holds more than once: moves its
/// c axes (size d) last, merges them into one of d^c and keeps every
/// ((d^c - 1) / (d - 1))-th element, as TF's StrideOrInflate.
void takeDiagonals(Builder &bld, Labeled &x) {
  for (;;) {
    int rep = -1;
    for (int id : x.ids)
      if (llvm::count(x.ids, id) > 1) {
        rep = id;
        break;
      }
    if (rep < 0)
      return;
    SmallVector<int64_t> perm;
    for (auto [k, id] : llvm::enumerate(x.ids))
      if (id != rep)
        perm.push_back(k);
    int64_t c = 0;
    for (auto [k, id] : llvm::enumerate(x.ids))
      if (id == rep) {
        perm.push_back(k);
        ++c;
      }
    bld.transpose(x, perm);
    int64_t d = x.dims.back();
    SmallVector<int64_t> merged(x.dims.begin(), x.dims.end() - c);
    int64_t dc = 1;
    for (int64_t k = 0; k < c; ++k)
      dc *= d;
    merged.push_back(dc);
    Value flat = bld.reshape(x.value, merged);
    SmallVector<int64_t> begin(merged.size(), 0), end(merged),
        strides(merged.size(), 1);
    strides.back() = d > 1 ? (dc - 1) / (d - 1) : 1;
    SmallVector<int64_t> out(merged);
    out.back() = d;
    Value diag = bld.op(
        "StridedSlice",
        {flat, bld.constI32(begin), bld.constI32(end), bld.constI32(strides)},
        out);
    x.ids.resize(x.ids.size() - c);
    x.ids.push_back(rep);
    x.dims = out;
    x.value = diag;
  }
}

/// Sums the axes of `x` whose ids `keep` rejects.
void reduceUnless(Builder &bld, Labeled &x,
                  llvm::function_ref<bool(int)> keep) {
  SmallVector<int64_t> axes;
  Labeled y;
  for (auto [k, id] : llvm::enumerate(x.ids)) {
    if (keep(id)) {
      y.ids.push_back(id);
      y.dims.push_back(x.dims[k]);
    } else {
      axes.push_back(k);
    }
  }
  if (axes.empty())
    return;
  y.value = bld.op("Sum", {x.value, bld.constI32(axes)}, y.dims,
                   {bld.b.getNamedAttr("keep_dims", bld.b.getBoolAttr(false))});
  x = y;
}

/// The positions in `x.ids` of `ids`, in that order.
SmallVector<int64_t> positions(const Labeled &x, ArrayRef<int> ids) {
  SmallVector<int64_t> p;
  for (int id : ids)
    p.push_back(llvm::find(x.ids, id) - x.ids.begin());
  return p;
}

/// The result's label ids: the output subscript with "..." expanded.
SmallVector<int> outputIds(const EinsumEquation &eq, int64_t maxEll) {
  SmallVector<int> ids;
  for (int id : eq.output) {
    if (id != kEllipsis) {
      ids.push_back(id);
      continue;
    }
    for (int64_t k = 0; k < maxEll; ++k)
      ids.push_back(kEllBase + (int)k);
  }
  return ids;
}

/// Rewrites `op` (checked by parseEinsumEquation / checkEinsumShapes, with
/// static operand shapes).
void rewriteEinsum(Operation *op, const EinsumEquation &eq) {
  Builder bld(op);
  bld.b.setInsertionPoint(op);
  int64_t maxEll = 0;
  for (auto [i, in] : llvm::enumerate(eq.inputs)) {
    int64_t named = in.size() - (llvm::is_contained(in, kEllipsis) ? 1 : 0);
    int64_t rank = cast<ShapedType>(op->getOperand(i).getType()).getRank();
    if (llvm::is_contained(in, kEllipsis))
      maxEll = std::max(maxEll, rank - named);
  }
  SmallVector<int> outIds = outputIds(eq, maxEll);
  SmallVector<Labeled> xs;
  for (auto [i, in] : llvm::enumerate(eq.inputs)) {
    xs.push_back(expand(op->getOperand(i), in, maxEll));
    takeDiagonals(bld, xs.back());
  }
  // Labels only this operand has and the output lacks are summed first.
  for (auto [i, x] : llvm::enumerate(xs))
    reduceUnless(bld, x, [&](int id) {
      return llvm::is_contained(outIds, id) ||
             (xs.size() == 2 && llvm::is_contained(xs[1 - i].ids, id));
    });
  Type resultType = op->getResult(0).getType();
  Value result;
  SmallVector<int64_t> outDims;
  if (xs.size() == 1) {
    Labeled &x = xs[0];
    bld.transpose(x, positions(x, outIds));
    result = x.value;
    outDims = x.dims;
  } else {
    Labeled &a = xs[0], &b = xs[1];
    SmallVector<int> ellA, ellB, batch, freeA, freeB, contract;
    for (int id : a.ids)
      if (id >= kEllBase)
        ellA.push_back(id);
    for (int id : b.ids)
      if (id >= kEllBase)
        ellB.push_back(id);
    for (int id : outIds) {
      if (id >= kEllBase)
        continue;
      bool inA = llvm::is_contained(a.ids, id);
      bool inB = llvm::is_contained(b.ids, id);
      (inA && inB ? batch : inA ? freeA : freeB).push_back(id);
    }
    for (int id : a.ids)
      if (id < kEllBase && !llvm::is_contained(outIds, id))
        contract.push_back(id);
    auto dimsOf = [](const Labeled &x, ArrayRef<int> ids) {
      SmallVector<int64_t> d;
      for (int id : ids)
        d.push_back(x.dims[llvm::find(x.ids, id) - x.ids.begin()]);
      return d;
    };
    SmallVector<int64_t> bDims = dimsOf(a, batch), mDims = dimsOf(a, freeA),
                         nDims = dimsOf(b, freeB), kDims = dimsOf(a, contract);
    // a: [ellA..., batch..., freeA..., contract...] ->
    //    [ellA dims..., (prod batch), prod freeA, prod contract]
    auto order = [](std::initializer_list<ArrayRef<int>> parts) {
      SmallVector<int> ids;
      for (ArrayRef<int> p : parts)
        ids.append(p.begin(), p.end());
      return ids;
    };
    bld.transpose(a, positions(a, order({ellA, batch, freeA, contract})));
    bld.transpose(b, positions(b, order({ellB, batch, contract, freeB})));
    auto matShape = [&](const Labeled &x, size_t ellRank, int64_t rows,
                        int64_t cols) {
      SmallVector<int64_t> s(x.dims.begin(), x.dims.begin() + ellRank);
      if (!batch.empty())
        s.push_back(product(bDims));
      s.push_back(rows);
      s.push_back(cols);
      return s;
    };
    SmallVector<int64_t> aShape =
        matShape(a, ellA.size(), product(mDims), product(kDims));
    SmallVector<int64_t> bShape =
        matShape(b, ellB.size(), product(kDims), product(nDims));
    Value am = bld.reshape(a.value, aShape);
    Value bm = bld.reshape(b.value, bShape);
    // BatchMatMulV2 broadcasts the batch dims right-aligned, as "..." does.
    SmallVector<int64_t> ell(maxEll, 1);
    auto merge = [&](const Labeled &x, size_t ellRank) {
      for (size_t k = 0; k < ellRank; ++k) {
        int64_t &e = ell[maxEll - ellRank + k];
        if (e == 1)
          e = x.dims[k];
      }
    };
    merge(a, ellA.size());
    merge(b, ellB.size());
    size_t mmEll = std::max(ellA.size(), ellB.size());
    SmallVector<int64_t> mmShape(ell.end() - mmEll, ell.end());
    if (!batch.empty())
      mmShape.push_back(product(bDims));
    mmShape.push_back(product(mDims));
    mmShape.push_back(product(nDims));
    Value mm = bld.op("BatchMatMulV2", {am, bm}, mmShape);
    Labeled y;
    for (size_t k = 0; k < mmEll; ++k) {
      y.ids.push_back(kEllBase + (int)(maxEll - mmEll + k));
      y.dims.push_back(mmShape[k]);
    }
    for (auto [ids, dims] :
         {std::pair(ArrayRef<int>(batch), ArrayRef(bDims)),
          std::pair(ArrayRef<int>(freeA), ArrayRef(mDims)),
          std::pair(ArrayRef<int>(freeB), ArrayRef(nDims))}) {
      y.ids.append(ids.begin(), ids.end());
      y.dims.append(dims.begin(), dims.end());
    }
    y.value = bld.reshape(mm, y.dims);
    bld.transpose(y, positions(y, outIds));
    result = y.value;
    outDims = y.dims;
  }
  if (result.getType() != resultType)
    result = bld.reshape(result, outDims, resultType);
  op->getResult(0).replaceAllUsesWith(result);
  op->erase();
}

struct EinsumPass : public tfmlir::impl::EinsumPassBase<EinsumPass> {
  void runOnOperation() override {
    SmallVector<Operation *> ops;
    getOperation().walk([&](Operation *op) {
      if (op->getName().getStringRef() == "tf.Einsum")
        ops.push_back(op);
    });
    bool ok = true;
    for (Operation *op : ops) {
      auto fail = [&](const std::string &why) {
        op->emitError() << "node '" << nodeNameOf(op->getLoc())
                        << "' (tf.Einsum): " << why;
        ok = false;
      };
      auto eqAttr = op->getAttrOfType<StringAttr>("equation");
      if (!eqAttr) {
        fail("has no string attr 'equation'");
        continue;
      }
      if (op->getNumResults() != 1) {
        fail("has " + std::to_string(op->getNumResults()) +
             " results (Einsum has one)");
        continue;
      }
      EinsumEquation eq;
      if (std::string why =
              parseEinsumEquation(eqAttr.getValue(), op->getNumOperands(), eq);
          !why.empty()) {
        fail(why);
        continue;
      }
      // Unknown shapes: left for the legalizations to list.
      SmallVector<ArrayRef<int64_t>> shapes;
      bool isStatic = isa<ShapedType>(op->getResult(0).getType());
      for (Value v : op->getOperands()) {
        auto t = dyn_cast<RankedTensorType>(v.getType());
        if (!t || !t.hasStaticShape()) {
          isStatic = false;
          break;
        }
        shapes.push_back(t.getShape());
      }
      if (!isStatic)
        continue;
      if (std::string why = checkEinsumShapes(eq, shapes); !why.empty()) {
        fail("equation '" + eqAttr.getValue().str() + "': " + why);
        continue;
      }
      rewriteEinsum(op, eq);
    }
    if (!ok)
      signalPassFailure();
  }
};

} // namespace
} // namespace tfmlir
