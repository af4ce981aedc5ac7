//===- FunctionalizeUtils.h - helpers shared by loop and cond functionalization
//
// A "node" is an op directly in a tf_executor.graph block (an island or a
// control-flow op), i.e. a GraphDef node. Its inputs are the data values it
// reads from outside itself (operands of control-flow ops, values an island
// body uses from above) and its control operands.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_FUNCTIONALIZEUTILS_H
#define TFMLIR_LIB_TRANSFORMS_FUNCTIONALIZEUTILS_H

#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/SetVector.h"
#include "llvm/ADT/SmallVector.h"

#include <optional>
#include <string>

namespace tfmlir::functionalize {

bool isControl(mlir::Value v);

/// The GraphDef node name of `op` (its NameLoc, looking through fused and
/// call-site locations), or "<unnamed>".
std::string nodeName(mlir::Operation *op);

/// The op in `block` that is or contains `op`, or null.
mlir::Operation *nodeInBlock(mlir::Operation *op, mlir::Block *block);

/// The node in `block` defining `v`, or null (block arguments, values from
/// outside the graph).
mlir::Operation *definingNode(mlir::Value v, mlir::Block *block);

/// Data inputs (values read from outside the node, in a deterministic order,
/// without duplicates) and control operands of a node.
struct NodeInputs {
  llvm::SmallVector<mlir::Value> data;
  llvm::SmallVector<mlir::Value> control;
};
NodeInputs getNodeInputs(mlir::Operation *node);

/// Nodes of `block` that use a result of `node` (deterministic order).
llvm::SmallVector<mlir::Operation *> getNodeUsers(mlir::Operation *node,
                                                  mlir::Block *block);

/// If `island` wraps exactly one op (plus the yield, which returns its
/// results), returns that op.
mlir::Operation *getWrappedOp(mlir::Operation *node);

/// True for an island wrapping one `tf.Identity` (or IdentityN).
bool isIdentityNode(mlir::Operation *node);

/// Follows `v` through islands wrapping tf.Identity to the value it copies.
mlir::Value lookThroughIdentity(mlir::Value v, mlir::Block *block);

/// True for an island that can be copied freely into a branch or loop body:
/// it has no control inputs, reads no values (a `tf.Const` and the like),
/// and is stateless.
bool isFreeConstantNode(mlir::Operation *node);

/// Statefulness, as TensorFlow's OpDef `is_stateful` (plus ops that touch
/// resources or reference variables, and calls whose callee is stateful).
class StatefulnessAnalysis {
public:
  explicit StatefulnessAnalysis(mlir::SymbolTable &symbols)
      : symbols(symbols) {}
  bool isStateful(mlir::Operation *op);
  bool isFunctionStateful(mlir::func::FuncOp func);

private:
  mlir::SymbolTable &symbols;
  llvm::DenseMap<mlir::Operation *, bool> funcCache;
  mlir::func::FuncOp lookupFunc(mlir::Attribute ref);
};

/// The most general of two types that both describe a loop variable: equal
/// types are kept, tensors with different static dims get dynamic dims, and
/// different ranks give an unranked tensor.
mlir::Type joinTypes(mlir::Type a, mlir::Type b);

/// TF dtype list attr (ArrayAttr of TypeAttr of element types) for `types`.
mlir::ArrayAttr dtypeListAttr(mlir::MLIRContext *ctx, mlir::TypeRange types);

/// A symbol name built from a node name ("while/LoopCond" -> "while").
std::string sanitizeSymbolName(llvm::StringRef name);

/// Builds a private `func.func` whose body is a `tf_executor.graph` holding
/// copies of `nodes` (nodes of `sourceBlock`). `argValues[i]` (source values)
/// are replaced by argument i; each result is either a source value or an
/// int32 scalar constant. Control operands that refer to nodes not copied are
/// dropped (they are satisfied when the function runs). Data values from
/// outside the copied nodes that are not arguments are an error, reported at
/// the node that uses them.
struct FunctionResult {
  mlir::Value value;                  // a source value, or
  std::optional<int32_t> constantI32; // an int32 scalar constant
};
mlir::FailureOr<mlir::func::FuncOp> buildGraphFunction(
    mlir::ModuleOp module, mlir::SymbolTable &symbols, llvm::StringRef name,
    mlir::Location loc, mlir::Block *sourceBlock,
    const llvm::SetVector<mlir::Operation *> &nodes,
    llvm::ArrayRef<llvm::SmallVector<mlir::Value>> argValues,
    mlir::TypeRange argTypes, llvm::ArrayRef<FunctionResult> results,
    mlir::TypeRange resultTypes, mlir::Operation *insertAfter);

/// Orders `nodes` so that producers come before consumers (only edges inside
/// the set count). Fails, reporting at a node of the cycle, if there is one.
mlir::LogicalResult
topologicalOrder(const llvm::SetVector<mlir::Operation *> &nodes,
                 mlir::Block *block,
                 llvm::SmallVectorImpl<mlir::Operation *> &order);

/// Erases `nodes` from their graph. Every use of their results must be by
/// another node of the set.
void eraseNodes(llvm::ArrayRef<mlir::Operation *> nodes);

/// Creates, at `b`'s insertion point, an island wrapping a tf.NoOp with
/// control inputs `controls`, and returns its control token.
mlir::Value createNoOpControl(mlir::OpBuilder &b, mlir::Location loc,
                              llvm::ArrayRef<mlir::Value> controls);

} // namespace tfmlir::functionalize

#endif
