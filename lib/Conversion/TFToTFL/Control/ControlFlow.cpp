//===- ControlFlow.cpp - tf.If / tf.While -> tfl.if / tfl.while -----------===//
//
// Functional control flow of TFOpsControl.td (If, StatelessIf, While,
// StatelessWhile; TF kernels IfOp, WhileOp) maps onto TFLite's IF and WHILE
// builtins: the branch/cond/body functions become subgraphs (the exporter
// turns the symbol references into subgraph indices) and are legalized
// like @main. TF's If converts any cond tensor to bool (non-zero /
// non-empty); TFLite's IF needs a bool scalar, so other conds are refused
// with the reason. Any operand types (TFLite's IF/WHILE move tensors).
//
// Assert (TFOpsControl.td, no results) is dropped, as TF's converter does:
// TFLite has no run-time checks.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Patterns.h"

#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFTypes.h"
#include "dialects/tfl/TFLOps.h"
#include "mlir/IR/BuiltinTypes.h"

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

/// tf.If / tf.StatelessIf -> tfl.if (bool scalar cond).
template <typename TFOp> struct IfLowering : TFLPattern<TFOp> {
  using TFLPattern<TFOp>::TFLPattern;
  using OpAdaptor = typename TFLPattern<TFOp>::OpAdaptor;
  LogicalResult convert(TFOp op, OpAdaptor a, ConversionPatternRewriter &b,
                        SmallVectorImpl<Value> &results) const override {
    auto thenF = funcRef(op, "then_branch"), elseF = funcRef(op, "else_branch");
    if (!thenF || !elseF)
      return this->fail(op, b, "then_branch/else_branch must name functions");
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
