//===- FunctionalizePasses.td - TF1 control flow to functional ops --------===//
//
// Functionalization turns TensorFlow 1 (V1) dataflow control flow
// (Switch/Merge conditionals, Enter/Merge/Switch/NextIteration/Exit loops)
// into the functional ops `tf.If` and `tf.While`, whose branches, condition
// and body are private functions. The algorithm follows TensorFlow's
// tf2xla functionalize_control_flow (functionalize_while.cc and
// functionalize_cond.cc); see FunctionalizeControlFlow.cpp for a summary.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TRANSFORMS_FUNCTIONALIZE_PASSES_TD
#define TFMLIR_TRANSFORMS_FUNCTIONALIZE_PASSES_TD

include "mlir/Pass/PassBase.td"

def FunctionalizeControlFlowPass
    : Pass<"tf-functionalize-control-flow", "::mlir::ModuleOp"> {
  let summary = "Turn TF1 Switch/Merge conditionals and Enter/Exit loops into "
                "tf.If and tf.While";
  let description = [{
    Runs on every `func.func` whose body is a `tf_executor.graph` (the
    imported `@main` and library functions) and on the functions it creates.

    Loops are functionalized first, innermost frame first (frames are found
    from `Enter.frame_name` by propagating along data and control edges, as
    TensorFlow's BuildControlFlowInfo does). For each frame the pass matches,
    per loop variable, the pattern

      Enter -> Merge <- NextIteration.Source   (Sink <- next value)
               Merge -> Switch(pred = LoopCond) -> Exit (possibly via Identity)

    builds a condition function (the nodes the LoopCond depends on, with the
    Merges as arguments) and a body function (the nodes the
    NextIteration.Sinks depend on, with the Switch true outputs as
    arguments), and replaces the frame by a `tf.While` island whose operands
    are the Enter inputs. Loop-invariant Enters (`is_constant`) become extra
    loop variables that the body returns unchanged; loop variables without
    an Exit simply leave their While result unused; control inputs of the
    Enters become control inputs of the While island.

    Conditionals are then functionalized in every graph (including the new
    loop bodies): each node gets a "cond state" (which predicate/branch pairs
    must hold for it to run), Merges whose inputs differ in exactly one
    predicate are grouped by (state, ancestors, predicate), and each group,
    innermost first, becomes a `tf.If` whose then/else functions hold the
    nodes of each branch. Switch data inputs (and values used directly by a
    branch) become the If operands; each Merge output becomes an If result
    (an Identity named after the Merge keeps the node name).

    The created ops are `tf.If {then_branch, else_branch, is_stateless, Tin,
    Tout}` and `tf.While {cond, body, is_stateless, parallel_iterations, T}`
    (function attrs are flat symbol references) and live in islands. When no
    op in the called functions is stateful (TF's OpDef `is_stateful`, ops on
    resources or reference variables, stateful calls), they are
    `tf.StatelessIf` / `tf.StatelessWhile` and `is_stateless` is true. New
    functions are private and have `tf_executor.graph` bodies.

    A pattern that cannot be functionalized is reported as an error located
    at the offending node (its NameLoc), saying why.

    Before:
    ```mlir
    %out, %ctl = tf_executor.island { ... }                         // pred
    %f, %t, %c = tf_executor.Switch %x, %p : (tensor<f32>, tensor<i1>) -> ...
    %a, %ca = tf_executor.island { %0 = "tf.Neg"(%t) ...; yield %0 }
    %m, %i, %cm = tf_executor.Merge %f, %a : ...
    ```
    After:
    ```mlir
    %m, %cm = tf_executor.island {
      %0 = "tf.StatelessIf"(%p, %x) {then_branch = @cond_then,
          else_branch = @cond_else, is_stateless = true} : ...
      %1 = "tf.Identity"(%0) loc("cond/Merge") ...
      tf_executor.yield %1 : tensor<f32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::func::FuncDialect"];
}

#endif
