// RUN: not tf-opt %s -split-input-file -tf-functionalize-control-flow 2>&1 | FileCheck %s

// Each pattern that cannot be functionalized is an error located at a node
// and naming it; nothing crashes and the other functions are still done.

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize while loop 'f': it has no LoopCond node (Enter 'enter')
func.func @no_loop_cond(%arg0: tensor<i32>) {
  tf_executor.graph {
    %e, %ce = tf_executor.Enter %arg0 {frame_name = "f"} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("enter")
    %m, %mi, %mc = tf_executor.Merge %e, %n : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("merge")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%m) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("neg")
    %n, %t, %cn = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control) loc("next")
    %s = tf_executor.NextIteration.Sink %t, %a : (!tf_executor.token, tensor<i32>) -> !tf_executor.control loc("next")
    tf_executor.fetch
  }
  return
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize conditional: node 'neg' uses Switch 'sw' but no Merge joins the branches of its conditional
func.func @switch_without_merge(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %f, %t, %c = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%t) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("neg")
    tf_executor.fetch %a : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize conditional: Merge 'm' has 3 inputs; only Merges with 2 inputs (tf.cond) are supported
func.func @merge3(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %f, %t, %c = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw")
    %m, %mi, %mc = tf_executor.Merge %f, %t, %t : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("m")
    tf_executor.fetch %m : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize conditional: input 'neg' of Merge 'm' is not inside any conditional branch (no Switch precedes it)
func.func @merge_outside_cond(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %f, %t, %c = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%arg1) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("neg")
    %m, %mi, %mc = tf_executor.Merge %t, %a : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("m")
    tf_executor.fetch %m : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize conditional: the inputs of Merge 'm' are not the then and else branches of one predicate (they differ in p=else q=then)
func.func @two_predicates(%arg0: tensor<i1>, %arg1: tensor<i1>, %arg2: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %0 = "tf.LogicalNot"(%arg0) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("p")
    %q, %cq = tf_executor.island {
      %0 = "tf.LogicalNot"(%arg1) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("q")
    %f, %t, %c = tf_executor.Switch %arg2, %p : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw")
    %f1, %t1, %c1 = tf_executor.Switch %arg2, %q : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw1")
    %m, %mi, %mc = tf_executor.Merge %f, %t1 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("m")
    tf_executor.fetch %m : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize while loop 'f': node 'neg' uses the exit value of Switch 'sw' inside the loop; only Identity and Exit nodes may follow a loop Switch's false output
func.func @general_graph_to_exit(%arg0: tensor<i32>) -> tensor<i32> {
  %r = tf_executor.graph {
    %e, %ce = tf_executor.Enter %arg0 {frame_name = "f"} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("enter")
    %m, %mi, %mc = tf_executor.Merge %e, %n : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("merge")
    %b, %cb = tf_executor.island {
      %0 = "tf.IsFinite"(%m) : (tensor<i32>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("pred")
    %lc, %clc = tf_executor.LoopCond %b : (tensor<i1>) -> (tensor<i1>, !tf_executor.control) loc("lc")
    %f, %t, %c = tf_executor.Switch %m, %lc : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("sw")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%f) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("neg")
    %x, %cx = tf_executor.Exit %a : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("exit")
    %n, %tk, %cn = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control) loc("next")
    %s = tf_executor.NextIteration.Sink %tk, %t : (!tf_executor.token, tensor<i32>) -> !tf_executor.control loc("next")
    tf_executor.fetch %x : tensor<i32>
  } : tensor<i32>
  return %r : tensor<i32>
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize while loop 'f': node 'neg' is inside the loop but is a result of the graph (it does not leave the loop through an Exit node)
func.func @escape_without_exit(%arg0: tensor<i32>) -> tensor<i32> {
  %r = tf_executor.graph {
    %e, %ce = tf_executor.Enter %arg0 {frame_name = "f"} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("enter")
    %m, %mi, %mc = tf_executor.Merge %e, %n : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("merge")
    %b, %cb = tf_executor.island {
      %0 = "tf.IsFinite"(%m) : (tensor<i32>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("pred")
    %lc, %clc = tf_executor.LoopCond %b : (tensor<i1>) -> (tensor<i1>, !tf_executor.control) loc("lc")
    %f, %t, %c = tf_executor.Switch %m, %lc : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("sw")
    %x, %cx = tf_executor.Exit %f : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("exit")
    %n, %tk, %cn = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control) loc("next")
    %s = tf_executor.NextIteration.Sink %tk, %t : (!tf_executor.token, tensor<i32>) -> !tf_executor.control loc("next")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%m) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("neg")
    tf_executor.fetch %a : tensor<i32>
  } : tensor<i32>
  return %r : tensor<i32>
}

// -----

// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize control flow: node 'add' has inputs from different while-loop frames (the root frame through 'outside' and frame 'f')
func.func @mixed_frames(%arg0: tensor<i32>) -> tensor<i32> {
  %r = tf_executor.graph {
    %o, %co = tf_executor.island {
      %0 = "tf.Neg"(%arg0) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("outside")
    %e, %ce = tf_executor.Enter %arg0 {frame_name = "f"} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("enter")
    %m, %mi, %mc = tf_executor.Merge %e, %n : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("merge")
    %b, %cb = tf_executor.island {
      %0 = "tf.IsFinite"(%m) : (tensor<i32>) -> tensor<i1>
      tf_executor.yield %0 : tensor<i1>
    } : tensor<i1> loc("pred")
    %lc, %clc = tf_executor.LoopCond %b : (tensor<i1>) -> (tensor<i1>, !tf_executor.control) loc("lc")
    %f, %t, %c = tf_executor.Switch %m, %lc : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("sw")
    %a, %ca = tf_executor.island {
      %0 = "tf.Add"(%t, %o) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("add")
    %x, %cx = tf_executor.Exit %f : (tensor<i32>) -> (tensor<i32>, !tf_executor.control) loc("exit")
    %n, %tk, %cn = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control) loc("next")
    %s = tf_executor.NextIteration.Sink %tk, %a : (!tf_executor.token, tensor<i32>) -> !tf_executor.control loc("next")
    tf_executor.fetch %x : tensor<i32>
  } : tensor<i32>
  return %r : tensor<i32>
}

// -----

// Errors in one function do not stop the others.
// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize conditional: node 'bad' uses Switch 'sw2'
// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize conditional: Merge 'm3' has 3 inputs
func.func @first_bad(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %f, %t, %c = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw2")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%t) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32> loc("bad")
    tf_executor.fetch %a : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}
func.func @second_bad(%arg0: tensor<i1>, %arg1: tensor<f32>) -> tensor<f32> {
  %r = tf_executor.graph {
    %f, %t, %c = tf_executor.Switch %arg1, %arg0 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control) loc("sw3")
    %m, %mi, %mc = tf_executor.Merge %f, %t, %t : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control) loc("m3")
    tf_executor.fetch %m : tensor<f32>
  } : tensor<f32>
  return %r : tensor<f32>
}

// -----

// A Merge <-> NextIteration cycle with no Enter: the NextIteration is named
// with what a TF1 loop needs (found by a bad-input trial).
// CHECK: error: {{(loc\(".*"\): )?}}cannot functionalize control flow: NextIteration node 'next' is not inside a while loop (its Merge is not reached from an Enter node of a frame
func.func @next_iteration_without_enter(%arg0: tensor<i32>) {
  tf_executor.graph {
    %n, %t, %cn = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control) loc("next")
    %m, %mi, %mc = tf_executor.Merge %arg0, %n : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control) loc("merge")
    %a, %ca = tf_executor.island {
      %0 = "tf.Neg"(%m) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %0 : tensor<i32>
    } : tensor<i32> loc("neg")
    %s = tf_executor.NextIteration.Sink %t, %a : (!tf_executor.token, tensor<i32>) -> !tf_executor.control loc("next")
    tf_executor.fetch
  }
  return
}
