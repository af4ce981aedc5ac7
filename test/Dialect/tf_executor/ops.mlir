// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s

// Every tf_executor op parses, prints and re-parses.
// CHECK-LABEL: func @all_ops
func.func @all_ops(%arg0: tensor<f32>, %pred: tensor<i1>, %idx: tensor<i32>) -> tensor<*xf32> {
  // CHECK: tf_executor.graph
  %r = tf_executor.graph {
    // CHECK: tf_executor.island
    %a, %actl = tf_executor.island {
      %0 = "tf.Identity"(%arg0) {T = f32} : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %0 : tensor<f32>
    } : tensor<f32>
    // CHECK: tf_executor.island(%{{.*}})
    %ctl = tf_executor.island(%actl) {
      tf_executor.yield
    }
    // CHECK: tf_executor.Switch
    %f, %t, %sctl = tf_executor.Switch %a, %pred, %ctl : (tensor<f32>, tensor<i1>, !tf_executor.control) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    // CHECK: tf_executor.SwitchN
    %o:3, %snctl = tf_executor.SwitchN %a, %idx {num_outs = 3 : i64} : (tensor<f32>, tensor<i32>) -> (tensor<f32>, tensor<f32>, tensor<f32>, !tf_executor.control)
    // CHECK: tf_executor.Merge
    %m, %mi, %mctl = tf_executor.Merge %f, %t : (tensor<f32>, tensor<f32>) -> (tensor<*xf32>, tensor<i32>, !tf_executor.control)
    // CHECK: tf_executor.Enter
    %e, %ectl = tf_executor.Enter %m {frame_name = "loop", is_constant = false, parallel_iterations = 10 : i64} : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control)
    // CHECK: tf_executor.NextIteration.Source
    %src, %tok, %srcctl = tf_executor.NextIteration.Source : () -> (tensor<*xf32>, !tf_executor.token, !tf_executor.control)
    // CHECK: tf_executor.LoopCond
    %lc, %lcctl = tf_executor.LoopCond %pred : (tensor<i1>) -> (tensor<i1>, !tf_executor.control)
    // CHECK: tf_executor.Exit
    %x, %xctl = tf_executor.Exit %e : (tensor<*xf32>) -> (tensor<*xf32>, !tf_executor.control)
    // CHECK: tf_executor.NextIteration.Sink
    %sinkctl = tf_executor.NextIteration.Sink %tok, %e : (!tf_executor.token, tensor<*xf32>) -> !tf_executor.control
    // CHECK: tf_executor.ControlTrigger
    %ct = tf_executor.ControlTrigger %xctl, %sinkctl : (!tf_executor.control, !tf_executor.control) -> !tf_executor.control
    // CHECK: tf_executor.fetch %{{.*}}, %{{.*}} : tensor<*xf32>, !tf_executor.control
    tf_executor.fetch %x, %ct : tensor<*xf32>, !tf_executor.control
  } : tensor<*xf32>
  return %r : tensor<*xf32>
}

