//===- ExecutorPasses.td - passes over tf_executor graphs -----------------===//
//
// Passes that clean up, simplify and finally dissolve the `tf_executor.graph`
// produced by the GraphDef importer. Flags follow TensorFlow's names. Each
// description shows the IR before and after.
//
// Shared vocabulary:
//   - an *executor op* is any op directly in a tf_executor.graph: an island
//     or a V1 control-flow op (Switch, SwitchN, Merge, Enter, Exit,
//     NextIteration.Source/Sink, LoopCond, ControlTrigger);
//   - a value is *dead* (TF executor semantics) when it comes from the
//     untaken output of a Switch, or from an op that consumed a dead value;
//     a Merge is dead only when all its data inputs are dead, and a
//     ControlTrigger is never dead.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TRANSFORMS_EXECUTOR_PASSES_TD
#define TFMLIR_TRANSFORMS_EXECUTOR_PASSES_TD

include "mlir/Pass/PassBase.td"

def ExecutorGraphPruningPass
    : Pass<"tf-executor-graph-pruning", "::mlir::func::FuncOp"> {
  let summary = "Removes the ops of a tf_executor.graph that its fetch does "
                "not need";
  let description = [{
    Walks back from the operands of `tf_executor.fetch` through data edges,
    control edges, and values that island bodies capture, and erases every
    executor op that is not reached. A `NextIteration.Source` that is reached
    keeps its `NextIteration.Sink` (they are one GraphDef node), so a loop's
    back edge is kept or removed as a whole.

    As in TensorFlow's pass, an op with side effects (an assignment, a print,
    a queue op) that the fetch reaches neither by data nor by a control edge
    IS removed: the fetch (outputs plus control outputs / targets) is the
    contract of what must run. To keep such ops, fetch them as control
    outputs (`-tf-control-output-arrays`) or name their op in
    `ops-to-preserve`. A graph whose fetch is empty (a GraphDef imported
    without `-tf-output-arrays` / `-tf-control-output-arrays`) is left
    unchanged: with no fetch there is nothing to prune towards, and TF keeps
    the whole graph in that case too.

    `ops-to-preserve` is a list of op names (`tf.Assert` or just `Assert`);
    an island holding such an op, and everything it depends on, is kept.

    Before (`@main` fetches %a only):
    ```mlir
    %0 = tf_executor.graph {
      %a, %ca = tf_executor.island { %x = "tf.Const"() ... ; tf_executor.yield %x : tensor<f32> }
      %b, %cb = tf_executor.island { %y = "tf.Neg"(%a) ... ; tf_executor.yield %y : tensor<f32> }
      tf_executor.fetch %a : tensor<f32>
    }
    ```
    After:
    ```mlir
    %0 = tf_executor.graph {
      %a, %ca = tf_executor.island { %x = "tf.Const"() ... ; tf_executor.yield %x : tensor<f32> }
      tf_executor.fetch %a : tensor<f32>
    }
    ```
  }];
  let options = [
    ListOption<"opsToPreserve", "ops-to-preserve", "std::string",
               "Op names (e.g. tf.Assert) whose islands are never pruned">
  ];
}

def ExecutorIslandCoarseningPass
    : Pass<"tf-executor-island-coarsening", "::mlir::func::FuncOp"> {
  let summary = "Merges the islands of a tf_executor.graph into as few as "
                "possible";
  let description = [{
    Orders the graph topologically (data and control edges, and values that
    island bodies capture), then, as TensorFlow's pass does, repeatedly merges
    an island into its nearest consumer (the first op, in topological order,
    that uses one of its results or its control token) and into its nearest
    producer, when that op is an island. Merging with the *nearest* neighbour
    can never create a cycle, and the result stays topologically ordered.

    Islands are only merged when they run under the same condition: each
    island's *control-flow frontier* (the outputs of V1 control-flow ops --
    Switch, Merge, Enter, ... -- that it depends on through islands only)
    must be the same. In a graph without V1 control flow every island can
    merge; control-flow ops themselves are never merged or crossed, so the
    deadness and frame of every op are unchanged. A graph that holds only
    islands becomes a single island (islands with no edge between them
    included), in topological order. Frontiers are compared exactly, so
    inside a V1 loop body islands that read different Enter values stay
    apart (conservative; functionalization normally removes such loops
    first).

    The merged island keeps the control inputs of its members that come from
    outside, runs the members' bodies in topological order, and returns only
    the results that are used outside it (by other ops or the fetch); uses
    inside it are rewired to the inner values. Ops inside an island run in
    order, so ops with side effects that had no order between them get one
    (a valid schedule of the original graph).

    Before:
    ```mlir
    %r = tf_executor.graph {
      %a, %ca = tf_executor.island { %x = "tf.Const"() ... ; tf_executor.yield %x : tensor<f32> }
      %b, %cb = tf_executor.island(%ca) { %y = "tf.Neg"(%a) ... ; tf_executor.yield %y : tensor<f32> }
      tf_executor.fetch %b : tensor<f32>
    }
    ```
    After:
    ```mlir
    %r = tf_executor.graph {
      %b, %cb = tf_executor.island {
        %x = "tf.Const"() ...
        %y = "tf.Neg"(%x) ...
        tf_executor.yield %y : tensor<f32>
      }
      tf_executor.fetch %b : tensor<f32>
    }
    ```
  }];
}

def ExecutorToFunctionalConversionPass
    : Pass<"tf-executor-to-functional-conversion", "::mlir::func::FuncOp"> {
  let summary = "Dissolves tf_executor.graph ops that hold only islands";
  let description = [{
    For every `tf_executor.graph` that holds only islands (no V1 control-flow
    op is left), inlines the islands' bodies before the graph, in a
    topological order of the islands that follows data and control edges
    (ties keep the original order), and replaces the graph's results by the
    fetched values. Control tokens disappear: a control edge becomes program
    order, so ops with side effects keep their order. A graph that still
    holds V1 control flow is left as it is. When an island's result type is
    not the type it yields (both being tensor types that cast), a
    `tensor.cast` keeps the users' types.

    Before:
    ```mlir
    func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
      %0 = tf_executor.graph {
        %a, %ca = tf_executor.island { %x = "tf.Neg"(%arg0) ... ; tf_executor.yield %x : tensor<f32> }
        %b, %cb = tf_executor.island(%ca) { "tf.Print"() ... ; tf_executor.yield }
        tf_executor.fetch %a, %cb : tensor<f32>, !tf_executor.control
      }
      return %0 : tensor<f32>
    }
    ```
    After:
    ```mlir
    func.func @main(%arg0: tensor<f32>) -> tensor<f32> {
      %x = "tf.Neg"(%arg0) ...
      "tf.Print"() ...
      return %x : tensor<f32>
    }
    ```
  }];
  let dependentDialects = ["::mlir::tensor::TensorDialect"];
}

def FunctionalToExecutorConversionPass
    : Pass<"tf-functional-to-executor-conversion", "::mlir::func::FuncOp"> {
  let summary = "Wraps a function body into one island of a tf_executor.graph";
  let description = [{
    The inverse of `tf-executor-to-functional-conversion`, so that a function
    in the functional form can be exported as a GraphDef: the ops of the
    body (all but the `func.return`) move into a single island, whose
    results are the returned values, inside a `tf_executor.graph` that
    fetches them. Functions whose body already is a tf_executor.graph, and
    declarations, are left alone. A body with more than one block is an
    error.

    Before:
    ```mlir
    func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
      %0 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
      return %0 : tensor<f32>
    }
    ```
    After:
    ```mlir
    func.func @f(%arg0: tensor<f32>) -> tensor<f32> {
      %0 = tf_executor.graph {
        %1, %c = tf_executor.island {
          %2 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
          tf_executor.yield %2 : tensor<f32>
        }
        tf_executor.fetch %1 : tensor<f32>
      }
      return %0 : tensor<f32>
    }
    ```
  }];
  let dependentDialects = ["::tfmlir::tf_executor::TfExecutorDialect"];
}

def SwitchFoldPass : Pass<"tf-switch-fold", "::mlir::func::FuncOp"> {
  let summary = "Folds Switch ops with constant predicates and removes the "
                "dead branch";
  let description = [{
    A `tf_executor.Switch` whose predicate is a constant (a `tf.Const`, seen
    through islands and `tf.Identity`) always takes the same branch: its
    taken output is replaced by its data input, and its untaken output is
    dead. Deadness then propagates as in TF's executor, and every dead op is
    removed:
      - an island or control-flow op with a dead data or control input is
        dead, and so are all its results (a dead NextIteration.Sink makes its
        Source dead);
      - a Merge is dead only when all its data inputs are dead; a Merge left
        with one live input is replaced by that input (its `value_index` by a
        constant, its control token by the live input's producer's); dead
        inputs of a Merge with several live ones are dropped;
      - a ControlTrigger is never dead: its dead control inputs are dropped;
      - a dead control output fetched by the graph is dropped from the fetch;
        a dead data value fetched is an error naming the Switch.
    Graphs with `_Send`/`_Recv` are left alone, as in TF.

    Before:
    ```mlir
    %p, %cp = tf_executor.island { %t = "tf.Const"() {value = dense<true> : tensor<i1>} ... }
    %f, %t, %cs = tf_executor.Switch %x, %p : (tensor<f32>, tensor<i1>) -> ...
    %n, %cn = tf_executor.island { %y = "tf.Neg"(%f) ... }   // dead
    %a, %ca = tf_executor.island { %z = "tf.Abs"(%t) ... }
    %m, %i, %cm = tf_executor.Merge %n, %a : ...
    tf_executor.fetch %m : tensor<f32>
    ```
    After:
    ```mlir
    %p, %cp = tf_executor.island { ... }
    %a, %ca = tf_executor.island { %z = "tf.Abs"(%x) ... }
    tf_executor.fetch %a : tensor<f32>
    ```
  }];
  let dependentDialects = ["::tfmlir::TF::TFDialect"];
}

#endif
