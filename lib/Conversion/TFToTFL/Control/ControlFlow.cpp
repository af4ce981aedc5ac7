//===- ControlFlow.cpp - tf.If / tf.While -> tfl.if / tfl.while -----------===//
//
// Functional control flow of TFOpsControl.td (If, StatelessIf, While,
// StatelessWhile; TF kernels IfOp, WhileOp) maps onto TFLite's IF and WHILE
// builtins: the branch/cond/body functions become subgraphs (the exporter
// turns the symbol references into subgraph indices) and are legalized
// like @main. TF's If converts any cond tensor to bool (non-zero /
// non-empty); TFLite's IF needs a bool scalar, so other conds are refused
// with the reason; likewise a While whose cond function does not return
// one bool scalar (TFLite's WHILE reads its cond subgraph's output as one
// bool). Any operand types (TFLite's IF/WHILE move tensors). A branch,
// cond or body function that calls itself (directly, or through the
// functions its If/While/Case/calls name) is refused naming it: TFLite's
// subgraphs cannot recurse (the interpreter would invoke them without end).
//
// Assert (TFOpsControl.td, no results) is dropped, as TF's converter does:
// TFLite has no run-time checks.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFTypes.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SmallPtrSet.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

/// The function symbol of a TF func attr (#tf_type.func<@f, {}> or @f).
FlatSymbolRefAttr funcRef(Operation *op, StringRef name) {
  Attribute a = op->getAttr(name);
  if (auto f = dyn_cast_or_null<FlatSymbolRefAttr>(a))
    return f;
  if (auto f = dyn_cast_or_null<tf_type::FuncAttr>(a))
    if (auto s = dyn_cast<FlatSymbolRefAttr>(f.getName()))
      return s;
  return nullptr;
}

/// The function `sym` names in `op`'s module, or null.
func::FuncOp lookupFunc(Operation *op, SymbolRefAttr sym) {
  return dyn_cast_or_null<func::FuncOp>(
      SymbolTable::lookupNearestSymbolFrom(op, sym));
}

/// Why the functions `syms` of `op` cannot become TFLite subgraphs: one is
/// missing from the module or calls itself; "" when they can.
std::string subgraphProblem(Operation *op, ArrayRef<FlatSymbolRefAttr> syms) {
  for (FlatSymbolRefAttr s : syms) {
    func::FuncOp f = lookupFunc(op, s);
    if (!f)
      return ("@" + s.getValue() + " is not a function of the module").str();
    if (std::string path = TF::recursionPath(f); !path.empty())
      return ("@" + s.getValue() + " calls itself (" + path +
              "; TFLite subgraphs cannot recurse)")
          .str();
  }
  return "";
}

/// Why `cond`'s results are not the one bool scalar TFLite's WHILE reads
/// (an unranked bool is taken), or "".
std::string condProblem(Operation *op, FlatSymbolRefAttr cond) {
  func::FuncOp f = lookupFunc(op, cond);
  ArrayRef<Type> res = f.getFunctionType().getResults();
  auto t = res.size() == 1 ? dyn_cast<TensorType>(res[0]) : TensorType();
  if (t && t.getElementType().isInteger(1) &&
      (!t.hasRank() || t.getRank() == 0))
    return "";
  std::string got;
  llvm::raw_string_ostream os(got);
  llvm::interleaveComma(res, os);
  return ("TFLite WHILE needs @" + cond.getValue() +
          " to return one bool scalar, it returns (" + got + ")")
      .str();
}

/// tf.If / tf.StatelessIf -> tfl.if (bool scalar cond).
template <typename TFOp> struct IfLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto thenF = funcRef(op, "then_branch"), elseF = funcRef(op, "else_branch");
    if (!thenF || !elseF)
      return this->fail(op, b, "then_branch/else_branch must name functions");
    if (std::string why = subgraphProblem(op, {thenF, elseF}); !why.empty())
      return this->fail(op, b, why);
    auto ct = dyn_cast<RankedTensorType>(a.getCond().getType());
    if (!ct || ct.getRank() != 0 || !ct.getElementType().isInteger(1))
      return this->fail(op, b, "TFLite IF needs a bool scalar condition");
    auto n = tfl::IfOp::create(b, op.getLoc(), op->getResultTypes(),
                               a.getCond(), a.getInput(), thenF, elseF);
    results.append(n->result_begin(), n->result_end());
    return success();
  }
};

/// tf.While / tf.StatelessWhile -> tfl.while.
template <typename TFOp> struct WhileLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto condF = funcRef(op, "cond"), bodyF = funcRef(op, "body");
    if (!condF || !bodyF)
      return this->fail(op, b, "cond/body must name functions");
    if (std::string why = subgraphProblem(op, {condF, bodyF}); !why.empty())
      return this->fail(op, b, why);
    if (std::string why = condProblem(op, condF); !why.empty())
      return this->fail(op, b, why);
    auto n = tfl::WhileOp::create(b, op.getLoc(), op->getResultTypes(),
                                  a.getInput(), condF, bodyF);
    results.append(n->result_begin(), n->result_end());
    return success();
  }
};

/// tf.Assert -> nothing (dropped).
struct AssertLowering : TFLPattern<TF::AssertOp> {
  using TFLPattern::TFLPattern;
  LogicalResult convert(TF::AssertOp op, OpAdaptor,
                        ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &) const override {
    if (op->getNumResults() != 0)
      return fail(op, b, "op with results cannot be dropped");
    return success();
  }
};

} // namespace

void populateControlControlFlowPatterns(RewritePatternSet &patterns,
                                        ConversionState &state) {
  patterns.add<IfLowering<TF::IfOp>, IfLowering<TF::StatelessIfOp>,
               WhileLowering<TF::WhileOp>, WhileLowering<TF::StatelessWhileOp>,
               AssertLowering>(patterns.getContext(), state);
}

} // namespace tfmlir::conv
