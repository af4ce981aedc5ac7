//===- ConvertOps.cpp - tf -> tfl: NoOp, Identity-like ops, shared helpers ===//
//
// The converters left in the legacy table (run through LegacyTFLPattern):
// NoOp is dropped, Identity, IdentityN, StopGradient, Snapshot and
// PreventGradient forward their operands. And the helpers the typed
// patterns share (Helpers.h, "From ConvertOps.cpp"): index operands TFLite
// wants as int32 (axes, perms, shapes, paddings, begin/end) are rebuilt as
// int32 constants, or cast when not constant; builtins without a dedicated
// tfl op become tfl.builtin_op.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/TFToTFL/Helpers.h"

#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/TypeUtilities.h"

using namespace mlir;

namespace tfmlir::conv {

int64_t normAxis(int64_t axis, Value v) {
  if (auto t = dyn_cast<RankedTensorType>(v.getType()); t && axis < 0)
    return axis + t.getRank();
  return axis;
}

LogicalResult i32Operand(Operation *op, OpBuilder &b, unsigned i, Value &out,
                         std::string &why) {
  out = toI32(b, op->getLoc(), op->getOperand(i));
  if (!out) {
    why = "operand " + std::to_string(i) + " has values outside int32";
    return failure();
  }
  return success();
}

LogicalResult constAxis(Operation *op, unsigned i, int64_t &axis,
                        std::string &why) {
  auto v = constantInts(op->getOperand(i));
  if (!v || v->size() != 1) {
    why = "the axis operand must be a constant scalar";
    return failure();
  }
  axis = (*v)[0];
  return success();
}

Operation *builtinOp(OpBuilder &b, Operation *op, ValueRange operands,
                     int32_t code, StringRef name, StringRef options,
                     ArrayRef<NamedAttribute> opts) {
  SmallVector<NamedAttribute> a{i32A(b, "builtin_code", code),
                                strA(b, "name", name), i32A(b, "version", 1)};
  if (!options.empty()) {
    a.push_back(strA(b, "builtin_options_type", options));
    a.push_back(b.getNamedAttr("builtin_options", b.getDictionaryAttr(opts)));
  }
  return create(b, op->getLoc(), "tfl.builtin_op", operands,
                op->getResultTypes(), a);
}

namespace {

using Results = SmallVectorImpl<Value>;

LogicalResult convertIdentity(Operation *op, OpBuilder &, Results &res,
                              std::string &) {
  // Result i forwards operand i (IdentityN has one result per operand).
  for (unsigned i = 0; i < op->getNumResults(); ++i)
    res.push_back(op->getOperand(i));
  return success();
}

/// Ops without results that only order or check execution (NoOp, Assert):
/// TFLite has no control edges or runtime checks, so they are dropped, as
/// TF's converter does.
LogicalResult convertDrop(Operation *op, OpBuilder &, Results &,
                          std::string &why) {
  if (op->getNumResults() != 0) {
    why = "op with results cannot be dropped";
    return failure();
  }
  return success();
}

} // namespace

void addGenericConverters(llvm::StringMap<Converter> &t) {
  // The other ops of this table moved to typed patterns under <Family>/.
  t["tf.NoOp"] = convertDrop;
  // Identity-like ops are removed.
  for (StringRef n : {"tf.Identity", "tf.IdentityN", "tf.StopGradient",
                      "tf.Snapshot", "tf.PreventGradient"})
    t[n] = convertIdentity;
}

} // namespace tfmlir::conv
