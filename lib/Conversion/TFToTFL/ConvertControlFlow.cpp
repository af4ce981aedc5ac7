//===- ConvertControlFlow.cpp - tf.If/tf.While -> tfl.if/tfl.while --------===//
//
// Functional control flow maps onto TFLite's IF and WHILE builtins: the
// branch/cond/body functions become subgraphs (the exporter turns the
// symbol references into subgraph indices) and are legalized like @main.
// TF's If converts any cond tensor to bool (non-zero / non-empty); TFLite's
// IF needs a bool scalar, so other conds are not converted.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "dialects/tf/TFTypes.h"
#include "mlir/IR/BuiltinTypes.h"

using namespace mlir;

namespace tfmlir::conv {
namespace {

using Results = SmallVectorImpl<Value>;

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

LogicalResult convertIf(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  auto thenF = funcRef(op, "then_branch"), elseF = funcRef(op, "else_branch");
  if (!thenF || !elseF) {
    why = "then_branch/else_branch must name functions";
    return failure();
  }
  Value cond = op->getOperand(0);
  auto ct = dyn_cast<RankedTensorType>(cond.getType());
  if (!ct || ct.getRank() != 0 || !ct.getElementType().isInteger(1)) {
    why = "TFLite IF needs a bool scalar condition";
    return failure();
  }
  Operation *n = create(b, op->getLoc(), "tfl.if", op->getOperands(), op->getResultTypes(),
                        {b.getNamedAttr("then_subgraph_index", thenF),
                         b.getNamedAttr("else_subgraph_index", elseF)});
  res.append(n->result_begin(), n->result_end());
  return success();
}

LogicalResult convertWhile(Operation *op, OpBuilder &b, Results &res, std::string &why) {
  auto condF = funcRef(op, "cond"), bodyF = funcRef(op, "body");
  if (!condF || !bodyF) {
    why = "cond/body must name functions";
    return failure();
  }
  Operation *n = create(b, op->getLoc(), "tfl.while", op->getOperands(), op->getResultTypes(),
                        {b.getNamedAttr("cond_subgraph_index", condF),
                         b.getNamedAttr("body_subgraph_index", bodyF)});
  res.append(n->result_begin(), n->result_end());
  return success();
}

} // namespace

void addControlFlowConverters(llvm::StringMap<Converter> &t) {
  t["tf.If"] = convertIf;
  t["tf.StatelessIf"] = convertIf;
  t["tf.While"] = convertWhile;
  t["tf.StatelessWhile"] = convertWhile;
}

} // namespace tfmlir::conv
