// RUN: tf-opt %s -split-input-file -tf-switch-fold | FileCheck %s
// RUN: tf-opt %s -split-input-file -tf-switch-fold | FileCheck %s --check-prefix=DEAD

// A constant-true predicate: the false branch is dead (islands fed by it,
// directly or through a control edge, go), the Merge forwards the true
// branch, and the Switch forwards its data input.
// CHECK-LABEL: func @cond_true
func.func @cond_true(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %t = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    %sw:3 = tf_executor.Switch %arg0, %p : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %f, %cf = tf_executor.island {
      %y = "tf.Neg"(%sw#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %side = tf_executor.island(%cf) {
      %pr = "tf.Print"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    %t, %ct = tf_executor.island {
      %z = "tf.Abs"(%sw#1) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %z : tensor<f32>
    } : tensor<f32>
    %m:3 = tf_executor.Merge %f, %t : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    %e, %ce = tf_executor.island {
      %w = "tf.Sqrt"(%m#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %w : tensor<f32>
    } : tensor<f32>
    tf_executor.fetch %e : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// DEAD-LABEL: func @cond_true
// DEAD-NOT: tf_executor.Switch
// DEAD-NOT: tf.Neg
// DEAD-NOT: tf.Print
// DEAD-NOT: tf_executor.Merge
// DEAD: return
// CHECK:     tf.Const dense<true>
// CHECK:     %[[T:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:  "tf.Abs"(%arg0)
// CHECK:     %[[E:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:  "tf.Sqrt"(%[[T]])
// CHECK:     tf_executor.fetch %[[E]]

// -----

// The predicate is seen through an Identity (in another island); false
// takes output 0. The Merge's value_index becomes a constant and its
// control token the live producer's.
// CHECK-LABEL: func @cond_false_identity
func.func @cond_false_identity(%arg0: tensor<f32>) -> (tensor<f32>, tensor<i32>) {
  %0:2 = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %t = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    %pi, %cpi = tf_executor.island {
      %t = "tf.Identity"(%p) : (tensor<i1>) -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    %sw:3 = tf_executor.Switch %arg0, %pi : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %f, %cf = tf_executor.island {
      %y = "tf.Neg"(%sw#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %t, %ct = tf_executor.island {
      %z = "tf.Abs"(%sw#1) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %z : tensor<f32>
    } : tensor<f32>
    %m:3 = tf_executor.Merge %t, %f : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    %side = tf_executor.island(%m#2) {
      %pr = "tf.Print"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    tf_executor.fetch %m#0, %m#1, %side : tensor<f32>, tensor<i32>, !tf_executor.control
  } : tensor<f32>, tensor<i32>
  func.return %0#0, %0#1 : tensor<f32>, tensor<i32>
}
// DEAD-LABEL: func @cond_false_identity
// DEAD-NOT: tf.Abs
// DEAD: return
// CHECK:     "tf.Identity"
// CHECK:     %[[F:.*]], %[[CF:.*]] = tf_executor.island {
// CHECK-NEXT:  "tf.Neg"(%arg0)
// CHECK:     %[[IDX:.*]], %{{.*}} = tf_executor.island {
// CHECK-NEXT:  tf.Const dense<1> : tensor<i32>
// CHECK:     %[[SIDE:.*]] = tf_executor.island(%[[CF]]) {
// CHECK-NEXT:  "tf.Print"
// CHECK:     tf_executor.fetch %[[F]], %[[IDX]], %[[SIDE]]

// -----

// Nested conditionals: the dead inner Merge (all its inputs dead) makes the
// outer Merge forward the other branch. A ControlTrigger is never dead: it
// only loses its dead control input. A dead fetched control token is
// dropped from the fetch.
// CHECK-LABEL: func @nested
func.func @nested(%arg0: tensor<f32>, %arg1: tensor<i1>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %t = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    %sw:3 = tf_executor.Switch %arg0, %p : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    // Inner cond inside the dead (true) branch, with a non-constant predicate.
    %sw2:3 = tf_executor.Switch %sw#1, %arg1 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %a, %ca = tf_executor.island {
      %y = "tf.Neg"(%sw2#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %m2:3 = tf_executor.Merge %a, %sw2#1 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    %b, %cb = tf_executor.island {
      %z = "tf.Abs"(%sw#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %z : tensor<f32>
    } : tensor<f32>
    %m:3 = tf_executor.Merge %m2#0, %b : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    %trig = tf_executor.ControlTrigger %ca, %cb : (!tf_executor.control, !tf_executor.control) -> !tf_executor.control
    tf_executor.fetch %m#0, %trig, %ca : tensor<f32>, !tf_executor.control, !tf_executor.control
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// DEAD-LABEL: func @nested
// DEAD-NOT: tf_executor.Switch
// DEAD-NOT: tf_executor.Merge
// DEAD-NOT: tf.Neg
// DEAD: return
// CHECK:     tf.Const dense<false>
// CHECK:     %[[B:.*]], %[[CB:.*]] = tf_executor.island {
// CHECK-NEXT:  "tf.Abs"(%arg0)
// CHECK:     %[[TRIG:.*]] = tf_executor.ControlTrigger %[[CB]] :
// CHECK:     tf_executor.fetch %[[B]], %[[TRIG]] : tensor<f32>, !tf_executor.control

// -----

// A Merge that keeps two live inputs loses only its dead one.
// CHECK-LABEL: func @merge_two_live
func.func @merge_two_live(%arg0: tensor<f32>, %arg1: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %t = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    %sw:3 = tf_executor.Switch %arg0, %p : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %m:3 = tf_executor.Merge %arg1, %sw#1, %sw#0 : (tensor<f32>, tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    tf_executor.fetch %m#0 : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// CHECK: %[[M:.*]], %{{.*}}, %{{.*}} = tf_executor.Merge %arg1, %arg0 :
// CHECK: tf_executor.fetch %[[M]]

// -----

// A Switch with a constant-false predicate in front of a loop body: the
// body and its NextIteration.Sink are dead, so the Source is too, and the
// loop's Merge forwards the Enter value.
// CHECK-LABEL: func @loop_never_runs
func.func @loop_never_runs(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %t = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    %en:2 = tf_executor.Enter %arg0 {frame_name = "loop"} : (tensor<i32>) -> (tensor<i32>, !tf_executor.control)
    %src:3 = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control)
    %m:3 = tf_executor.Merge %en#0, %src#0 : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %sw:3 = tf_executor.Switch %m#0, %p : (tensor<i32>, tensor<i1>) -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %inc, %ci = tf_executor.island {
      %a = "tf.AddV2"(%sw#1, %sw#1) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %a : tensor<i32>
    } : tensor<i32>
    %sink = tf_executor.NextIteration.Sink %src#1, %inc : (!tf_executor.token, tensor<i32>) -> !tf_executor.control
    %ex:2 = tf_executor.Exit %sw#0 : (tensor<i32>) -> (tensor<i32>, !tf_executor.control)
    tf_executor.fetch %ex#0 : tensor<i32>
  } : tensor<i32>
  func.return %0 : tensor<i32>
}
// DEAD-LABEL: func @loop_never_runs
// DEAD-NOT: NextIteration
// DEAD-NOT: tf_executor.Merge
// DEAD-NOT: tf.AddV2
// DEAD: return
// CHECK:     %[[EN:.*]], %{{.*}} = tf_executor.Enter %arg0
// CHECK:     %[[EX:.*]], %{{.*}} = tf_executor.Exit %[[EN]]
// CHECK:     tf_executor.fetch %[[EX]]

// -----

// A predicate that is not constant: nothing changes.
// CHECK-LABEL: func @not_constant
func.func @not_constant(%arg0: tensor<f32>, %arg1: tensor<i1>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %sw:3 = tf_executor.Switch %arg0, %arg1 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %m:3 = tf_executor.Merge %sw#0, %sw#1 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    tf_executor.fetch %m#0 : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// CHECK: tf_executor.Switch
// CHECK: tf_executor.Merge
