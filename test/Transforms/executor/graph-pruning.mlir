// RUN: tf-opt %s -split-input-file -tf-executor-graph-pruning | FileCheck %s
// RUN: tf-opt %s -split-input-file -tf-executor-graph-pruning=ops-to-preserve=tf.Print,Assert | FileCheck %s --check-prefix=PRESERVE

// Unreachable islands go, including one with a side effect (tf.Print) that
// nothing fetches; data, control and captured dependencies are kept.
// CHECK-LABEL: func @basic
// PRESERVE-LABEL: func @basic
func.func @basic(%arg0: tensor<f32>, %var: tensor<!tf_type.resource<tensor<f32>>>) -> tensor<f32> {
  %0 = tf_executor.graph {
    // CHECK: tf_executor.island
    // CHECK-NEXT: tf.Const
    %a, %ca = tf_executor.island {
      %x = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    // Only a control edge from the fetched island reaches this one.
    // CHECK: tf_executor.island
    // CHECK-NEXT: "tf.AssignVariableOp"
    %ctl = tf_executor.island {
      "tf.AssignVariableOp"(%var, %arg0) : (tensor<!tf_type.resource<tensor<f32>>>, tensor<f32>) -> ()
      tf_executor.yield
    }
    // CHECK: tf_executor.island(%{{.*}})
    // CHECK-NEXT: "tf.Neg"
    %b, %cb = tf_executor.island(%ctl) {
      %y = "tf.Neg"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    // CHECK-NOT: tf.Print
    // PRESERVE: "tf.Print"
    %dd = tf_executor.island {
      %pr = "tf.Print"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    // CHECK-NOT: tf.Sqrt
    // PRESERVE-NOT: tf.Sqrt
    %e, %ce = tf_executor.island {
      %z = "tf.Sqrt"(%b) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %z : tensor<f32>
    } : tensor<f32>
    // CHECK: tf_executor.fetch
    tf_executor.fetch %b : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}

// -----

// A graph with an empty fetch (imported without outputs or targets) is kept
// whole.
// CHECK-LABEL: func @no_fetch
func.func @no_fetch() {
  tf_executor.graph {
    // CHECK: tf.Const
    // CHECK: "tf.Print"
    %a, %ca = tf_executor.island {
      %x = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %dd = tf_executor.island {
      %pr = "tf.Print"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    tf_executor.fetch
  }
  func.return
}

// -----

// A fetched control token (a target) keeps its island and its inputs.
// CHECK-LABEL: func @control_fetch
func.func @control_fetch() {
  tf_executor.graph {
    // CHECK: tf.Const
    // CHECK: "tf.Print"
    // CHECK-NOT: tf.Abs
    %a, %ca = tf_executor.island {
      %x = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %dd = tf_executor.island {
      %pr = "tf.Print"(%a, %a) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    %u, %cu = tf_executor.island {
      %y = "tf.Abs"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    // CHECK: tf_executor.fetch %{{.*}} : !tf_executor.control
    tf_executor.fetch %dd : !tf_executor.control
  }
  func.return
}

// -----

// A loop: the reached Source keeps its Sink (and what feeds the Sink); an
// unreached loop is removed whole, Source and Sink together. The graph's
// block order is not topological (a graph region).
// CHECK-LABEL: func @loops
func.func @loops(%arg0: tensor<i32>) -> tensor<i32> {
  %0 = tf_executor.graph {
    // CHECK-DAG: tf_executor.NextIteration.Source
    // CHECK-DAG: tf_executor.Merge
    // CHECK-DAG: "tf.AddV2"
    // CHECK-DAG: tf_executor.NextIteration.Sink
    // CHECK-NOT: NextIteration
    // CHECK-NOT: tf.Mul
    // CHECK: tf_executor.fetch
    %src:3 = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control)
    %m:3 = tf_executor.Merge %arg0, %src#0 : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %ctl1 = tf_executor.NextIteration.Sink %src#1, %inc : (!tf_executor.token, tensor<i32>) -> !tf_executor.control
    %inc, %ci = tf_executor.island {
      %y = "tf.AddV2"(%m#0, %m#0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %y : tensor<i32>
    } : tensor<i32>
    %src2:3 = tf_executor.NextIteration.Source : () -> (tensor<i32>, !tf_executor.token, !tf_executor.control)
    %m2:3 = tf_executor.Merge %arg0, %src2#0 : (tensor<i32>, tensor<i32>) -> (tensor<i32>, tensor<i32>, !tf_executor.control)
    %mul, %cm = tf_executor.island {
      %y = "tf.Mul"(%m2#0, %m2#0) : (tensor<i32>, tensor<i32>) -> tensor<i32>
      tf_executor.yield %y : tensor<i32>
    } : tensor<i32>
    %ctl2 = tf_executor.NextIteration.Sink %src2#1, %mul : (!tf_executor.token, tensor<i32>) -> !tf_executor.control
    tf_executor.fetch %m#0 : tensor<i32>
  } : tensor<i32>
  func.return %0 : tensor<i32>
}

// -----

// ops-to-preserve keeps an island holding the named op and its inputs.
// PRESERVE-LABEL: func @preserve
func.func @preserve(%arg0: tensor<i1>) -> tensor<i1> {
  %0 = tf_executor.graph {
    // PRESERVE: tf.Const
    // PRESERVE: "tf.Assert"
    // PRESERVE-NOT: tf.Abs
    %a, %ca = tf_executor.island {
      %x = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %dd = tf_executor.island {
      "tf.Assert"(%arg0, %a) : (tensor<i1>, tensor<f32>) -> ()
      tf_executor.yield
    }
    %u, %cu = tf_executor.island {
      %y = "tf.Abs"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    tf_executor.fetch %arg0 : tensor<i1>
  } : tensor<i1>
  func.return %0 : tensor<i1>
}
