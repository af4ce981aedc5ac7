//===- ControlFlowKernels.h - If/While on host, bodies on executors -*- C++
//-*-===//
//
// Functional control flow that the executor cannot compile (a While whose
// body holds TensorList ops or data-dependent ops, an If whose branches
// take a list) runs as TF's executor runs it: a host node that calls its
// functions, each built once as its own GraphExecutor (clusters inside the
// function compiled by the same rules as at the top level, the run-time
// clusters cached by input shapes), per iteration or per branch taken.
// Semantics of TF's If/StatelessIf and While/StatelessWhile (the cond
// tensor converted to bool as TF's ToBool: a scalar is true iff non-zero, a
// non-scalar iff it has elements) and Case/StatelessCase (branch_index an
// int32 scalar; out of range runs the last branch, as TF's CaseOp).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_CONTROLFLOWKERNELS_H
#define TFMLIR_RUNTIME_SESSION_CONTROLFLOWKERNELS_H

#include "runtime/session/Executor.h"
#include "runtime/session/kernels/HostKernel.h"

namespace tfmlir::session {

/// True for tf.If, tf.StatelessIf, tf.While, tf.StatelessWhile, tf.Case
/// and tf.StatelessCase.
bool isFunctionalControlFlow(mlir::Operation *op);

/// Builds the host kernel of the functional op `op` (see the file comment):
/// its functions (looked up in `op`'s module) are cloned, with the
/// functions they call, into modules of `op`'s context and built with
/// GraphExecutor::createForFunction and `options` (run sequentially on the
/// calling thread). Errors: the function's executor error (a missing host
/// kernel in the body names the body's nodes), prefixed with
/// "function '<name>': "; the caller adds the op and node. The kernel's errors
/// at run time carry the failing inner node (" [[{{node write}}]]"), and the
/// executor adds the op's own node.
absl::StatusOr<std::unique_ptr<HostKernel>>
buildControlFlowKernel(mlir::Operation *op, const ExecutorOptions &options);

} // namespace tfmlir::session

#endif
