// RUN: tf-opt %s -split-input-file -verify-diagnostics -tf-switch-fold -tf-executor-island-coarsening

// A cycle that does not go through NextIteration is reported on a node.
func.func @cycle() {
  tf_executor.graph {
    // expected-error@+1 {{is on a cycle of the graph}}
    %a, %ca = tf_executor.island {
      %x = "tf.Neg"(%b) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %b, %cb = tf_executor.island {
      %y = "tf.Neg"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    tf_executor.fetch
  }
  func.return
}

// -----

// Fetching a value that folding proves dead is an error naming the Switch.
func.func @fetch_dead(%arg0: tensor<f32>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %p, %cp = tf_executor.island {
      %t = "tf.Const"() {value = dense<true> : tensor<i1>} : () -> tensor<i1>
      tf_executor.yield %t : tensor<i1>
    } : tensor<i1>
    // expected-note@+1 {{this Switch}}
    %sw:3 = tf_executor.Switch %arg0, %p : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %f, %cf = tf_executor.island {
      %y = "tf.Neg"(%sw#0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    // expected-error@+1 {{fetched value #0 is dead}}
    tf_executor.fetch %f : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
