//===- MarkForCompilation.h - auto-clustering of lowered ops ---*- C++ -*-===//
//
// The Session's auto-clustering (global_jit_level=kAuto), modelled on TF's
// MarkForCompilationPass: after xla-legalize-tf{allow-partial=true}, the
// hlo ops of a function are grouped into clusters that the executor
// compiles (CpuExecutable), and the tf ops left are run on host kernels.
// See MarkForCompilationPass in Passes.td for the rules.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_MARKFORCOMPILATION_H
#define TFMLIR_LIB_TRANSFORMS_MARKFORCOMPILATION_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "llvm/ADT/STLFunctionalExtras.h"
#include "llvm/ADT/StringRef.h"

namespace tfmlir {

/// The string attr naming an op's cluster ("cluster_<n>"), TF's
/// kXlaClusterAttr.
inline constexpr llvm::StringLiteral kXlaClusterAttr = "_XlaCluster";

/// True for an op that runs on the host: an op of the tf dialect (one that
/// xla-legalize-tf left in place).
bool isHostOp(mlir::Operation *op);

/// True for a constant (hlo.constant, tf.Const, arith.constant): never
/// clustered, cloned into each cluster that uses it and materialized on
/// the host for host users.
bool isClusterConstant(mlir::Operation *op);

/// Marks the compilable ops of `fn`'s entry block with kXlaClusterAttr
/// (clusters numbered from `firstId` in block order of their first op) and
/// returns the number of clusters formed. Ops in nested regions belong to
/// their parent op. Existing kXlaClusterAttr attrs are replaced.
/// `classOf(op)` puts each op of the block in a cluster class: 0 = never
/// clustered (a host node), k > 0 = ops that may share a cluster with ops
/// of class k; constants and the terminator are never asked. The default
/// (no `classOf`) is class 1 for every op that is not a tf op.
/// Levels: level(op) = max over producers p of level(p), plus one when p
/// is of another class or of class 0 (constants and arguments: level 0);
/// a cluster is a connected component (def-use edges) of one class and
/// one level. Every edge that leaves a cluster's class raises the level and
/// no edge lowers it, so no path leaves a cluster and comes back: the
/// clusters, contracted, form no cycle.
int markForCompilation(
    mlir::func::FuncOp fn, int firstId = 0,
    llvm::function_ref<int(mlir::Operation *)> classOf = nullptr);

} // namespace tfmlir

#endif
