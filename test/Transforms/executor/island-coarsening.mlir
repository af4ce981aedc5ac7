// RUN: tf-opt %s -split-input-file -tf-executor-island-coarsening | FileCheck %s

// A chain with a control-only edge and multi-op islands becomes one island;
// the ops keep their dependency order and only the fetched value is
// returned.
// CHECK-LABEL: func @chain
func.func @chain(%arg0: tensor<f32>, %var: tensor<!tf_type.resource<tensor<f32>>>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %ctl = tf_executor.island {
      "tf.AssignVariableOp"(%var, %arg0) : (tensor<!tf_type.resource<tensor<f32>>>, tensor<f32>) -> ()
      tf_executor.yield
    }
    %a, %ca = tf_executor.island(%ctl) {
      %x = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      %x2 = "tf.Neg"(%x) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %x2 : tensor<f32>
    } : tensor<f32>
    %b, %cb = tf_executor.island {
      %y = "tf.Add"(%a, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    tf_executor.fetch %b : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// CHECK:      tf_executor.graph {
// CHECK-NEXT:   %[[OUT:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:     "tf.AssignVariableOp"(%{{.*}}, %arg0)
// CHECK-NEXT:     %[[C:.*]] = tf.Const
// CHECK-NEXT:     %[[N:.*]] = "tf.Neg"(%[[C]])
// CHECK-NEXT:     %[[A:.*]] = "tf.Add"(%[[N]], %arg0)
// CHECK-NEXT:     tf_executor.yield %[[A]] : tensor<f32>
// CHECK-NEXT:   } : tensor<f32>
// CHECK-NEXT:   tf_executor.fetch %[[OUT]] : tensor<f32>

// -----

// The block order of a graph is not topological: the consumer comes first.
// Results used outside (fetched twice, and a control token fetched) stay.
// CHECK-LABEL: func @unordered
func.func @unordered(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = tf_executor.graph {
    %b, %cb = tf_executor.island {
      %y = "tf.Sqrt"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %a, %ca = tf_executor.island {
      %x = "tf.Abs"(%arg0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %p = tf_executor.island(%ca) {
      %pr = "tf.Print"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    tf_executor.fetch %a, %b, %p : tensor<f32>, tensor<f32>, !tf_executor.control
  } : tensor<f32>, tensor<f32>
  func.return %0#0, %0#1 : tensor<f32>, tensor<f32>
}
// CHECK:      %[[R:.*]]:2, %[[CTL:.*]] = tf_executor.island {
// CHECK-NEXT:   %[[ABS:.*]] = "tf.Abs"(%arg0)
// CHECK-NEXT:   %[[SQRT:.*]] = "tf.Sqrt"(%[[ABS]])
// CHECK-NEXT:   "tf.Print"(%arg0, %arg0)
// CHECK-NEXT:   tf_executor.yield %[[ABS]], %[[SQRT]] : tensor<f32>, tensor<f32>
// CHECK-NEXT: } : tensor<f32>, tensor<f32>
// CHECK-NEXT: tf_executor.fetch %[[R]]#0, %[[R]]#1, %[[CTL]] : tensor<f32>, tensor<f32>, !tf_executor.control

// -----

// Islands do not merge across V1 control flow, and an island that runs
// under a condition (after a Switch) does not absorb one that does not:
// %x feeds both the conditional island (first consumer) and %d.
// CHECK-LABEL: func @switch_merge
func.func @switch_merge(%arg0: tensor<f32>, %arg1: tensor<i1>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = tf_executor.graph {
    %x, %cx = tf_executor.island {
      %c = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %c : tensor<f32>
    } : tensor<f32>
    %sw:3 = tf_executor.Switch %arg0, %arg1 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %b, %cb = tf_executor.island {
      %y = "tf.Add"(%sw#1, %x) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %b2, %cb2 = tf_executor.island {
      %y = "tf.Neg"(%b) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %d, %cd = tf_executor.island {
      %z = "tf.Abs"(%x) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %z : tensor<f32>
    } : tensor<f32>
    %m:3 = tf_executor.Merge %b2, %sw#0 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    %e, %ce = tf_executor.island {
      %w = "tf.Sqrt"(%m#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %w : tensor<f32>
    } : tensor<f32>
    tf_executor.fetch %e, %d : tensor<f32>, tensor<f32>
  } : tensor<f32>, tensor<f32>
  func.return %0#0, %0#1 : tensor<f32>, tensor<f32>
}
// CHECK:      %[[X:.*]]:2, %{{.*}} = tf_executor.island {
// CHECK-NEXT:   %[[C:.*]] = tf.Const
// CHECK-NEXT:   %[[ABS:.*]] = "tf.Abs"(%[[C]])
// CHECK-NEXT:   tf_executor.yield %[[C]], %[[ABS]]
// CHECK:      %[[SWF:.*]], %[[SWT:.*]], %{{.*}} = tf_executor.Switch
// CHECK-NEXT: %[[B:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:   %[[ADD:.*]] = "tf.Add"(%[[SWT]], %[[X]]#0)
// CHECK-NEXT:   %[[NEG:.*]] = "tf.Neg"(%[[ADD]])
// CHECK-NEXT:   tf_executor.yield %[[NEG]]
// CHECK:      %[[M:.*]], %{{.*}}, %{{.*}} = tf_executor.Merge %[[B]], %[[SWF]]
// CHECK-NEXT: %[[E:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:   "tf.Sqrt"(%[[M]])
// CHECK:      tf_executor.fetch %[[E]], %[[X]]#1

// -----

// A while loop: the body's islands (under the Switch's true output) merge;
// the islands before the loop merge; nothing crosses Enter/Merge/Switch/
// NextIteration/Exit.
// CHECK-LABEL: func @loop
func.func @loop(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = tf_executor.graph {
    %init, %ci = tf_executor.island {
      %c = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
      %s = "tf.AddV2"(%c, %arg0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %s : tensor<i32>
    } : tensor<i32>
    %en:2 = tf_executor.Enter %init {frame_name = "loop"} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control)
    %src:3 = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control)
    %m:3 = tf_executor.Merge %en#0, %src#0 : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %cond, %cc = tf_executor.island {
      %lim = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
      %lt = "tf.Less"(%m#0, %lim) : (tensor<i32>, tensor<i32>) -> tensor<i1>
      tf_executor.yield %lt : tensor<i1>
    } : tensor<i1>
    %lc:2 = tf_executor.LoopCond %cond : (tensor<i1>) -> (tensor<i1>, !tf_executor.control)
    %sw:3 = tf_executor.Switch %m#0, %lc#0 : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %id, %cid = tf_executor.island {
      %i = "tf.Identity"(%sw#1) : (tensor<i32>) -> tensor<i32>
      tf_executor.yield %i : tensor<i32>
    } : tensor<i32>
    %one, %c1 = tf_executor.island(%cid) {
      %o = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
      tf_executor.yield %o : tensor<i32>
    } : tensor<i32>
    %inc, %cinc = tf_executor.island {
      %a = "tf.AddV2"(%id, %one) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %a : tensor<i32>
    } : tensor<i32>
    %sink = tf_executor.NextIteration.Sink %src#1, %inc : (!tf_executor.token, tensor<i32>) -> !tf_executor.control
    %ex:2 = tf_executor.Exit %sw#0 : (tensor<i32>) -> (tensor<i32>, !tf_executor.control)
    tf_executor.fetch %ex#0 : tensor<i32>
  } : tensor<i32>
  func.return %0 : tensor<i32>
}
// CHECK:      tf_executor.island {
// CHECK-NEXT:   tf.Const
// CHECK-NEXT:   "tf.AddV2"
// CHECK-NEXT:   tf_executor.yield
// CHECK:      tf_executor.Enter
// CHECK:      tf_executor.NextIteration.Source
// CHECK:      tf_executor.Merge
// CHECK:      tf_executor.island {
// CHECK-NEXT:   tf.Const
// CHECK-NEXT:   "tf.Less"
// CHECK-NEXT:   tf_executor.yield
// CHECK:      tf_executor.LoopCond
// CHECK:      tf_executor.Switch
// CHECK:      %[[BODY:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:   "tf.Identity"
// CHECK-NEXT:   tf.Const
// CHECK-NEXT:   "tf.AddV2"
// CHECK-NEXT:   tf_executor.yield
// CHECK:      tf_executor.NextIteration.Sink %{{.*}}, %[[BODY]]
// CHECK:      tf_executor.Exit

// -----

// Independent islands of a graph with islands only also become one island.
// CHECK-LABEL: func @independent
func.func @independent(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0:2 = tf_executor.graph {
    %a, %ca = tf_executor.island {
      %x = "tf.Abs"(%arg0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %b, %cb = tf_executor.island {
      %y = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    tf_executor.fetch %a, %b : tensor<f32>, tensor<f32>
  } : tensor<f32>, tensor<f32>
  func.return %0#0, %0#1 : tensor<f32>, tensor<f32>
}
// CHECK:      %[[R:.*]]:2, %{{.*}} = tf_executor.island {
// CHECK-NEXT:   "tf.Abs"
// CHECK-NEXT:   "tf.Neg"
// CHECK-NEXT:   tf_executor.yield
// CHECK-NOT:  tf_executor.island
// CHECK:      tf_executor.fetch %[[R]]#0, %[[R]]#1
