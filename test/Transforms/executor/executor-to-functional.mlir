// RUN: tf-opt %s -split-input-file -tf-executor-to-functional-conversion | FileCheck %s

// Islands are inlined in dependency order (data, then a control-only edge:
// the Print runs before the Assign that waits for it); control tokens and
// the graph disappear.
// CHECK-LABEL: func @islands
// CHECK-SAME: (%[[ARG:arg[0-9]+]]: tensor<f32>
func.func @islands(%arg0: tensor<f32>, %var: tensor<!tf_type.resource<tensor<f32>>>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %b, %cb = tf_executor.island(%cp) {
      "tf.AssignVariableOp"(%var, %a) : (tensor<!tf_type.resource<tensor<f32>>>, tensor<f32>) -> ()
      %y = "tf.Sqrt"(%a) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %y : tensor<f32>
    } : tensor<f32>
    %a, %ca = tf_executor.island {
      %x = "tf.Abs"(%arg0) : (tensor<f32>) -> tensor<f32>
      tf_executor.yield %x : tensor<f32>
    } : tensor<f32>
    %cp = tf_executor.island {
      %pr = "tf.Print"(%arg0, %arg0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
      tf_executor.yield
    }
    tf_executor.fetch %b, %cb : tensor<f32>, !tf_executor.control
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// CHECK-NOT:  tf_executor
// CHECK:      %[[ABS:.*]] = "tf.Abs"(%[[ARG]])
// CHECK-NEXT: "tf.Print"(%[[ARG]], %[[ARG]])
// CHECK-NEXT: "tf.AssignVariableOp"(%{{.*}}, %[[ABS]])
// CHECK-NEXT: %[[SQRT:.*]] = "tf.Sqrt"(%[[ABS]])
// CHECK-NEXT: return %[[SQRT]] : tensor<f32>

// -----

// A fetched function argument, and a graph result whose type is only
// cast-compatible with the fetched value.
// CHECK-LABEL: func @passthrough
func.func @passthrough(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<?xf32>) {
  %0:2 = tf_executor.graph {
    %a, %ca = tf_executor.island {
      %x = "tf.Abs"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
      tf_executor.yield %x : tensor<2xf32>
    } : tensor<2xf32>
    tf_executor.fetch %arg0, %a : tensor<2xf32>, tensor<2xf32>
  } : tensor<2xf32>, tensor<?xf32>
  func.return %0#0, %0#1 : tensor<2xf32>, tensor<?xf32>
}
// CHECK:      %[[ABS:.*]] = "tf.Abs"(%arg0)
// CHECK-NEXT: %[[CAST:.*]] = tensor.cast %[[ABS]] : tensor<2xf32> to tensor<?xf32>
// CHECK-NEXT: return %arg0, %[[CAST]]

// -----

// V1 control flow stays in executor form.
// CHECK-LABEL: func @v1
func.func @v1(%arg0: tensor<f32>, %arg1: tensor<i1>) -> tensor<f32> {
  %0 = tf_executor.graph {
    %sw:3 = tf_executor.Switch %arg0, %arg1 : (tensor<f32>, tensor<i1>) -> (tensor<f32>, tensor<f32>, !tf_executor.control)
    %m:3 = tf_executor.Merge %sw#0, %sw#1 : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<i32>, !tf_executor.control)
    tf_executor.fetch %m#0 : tensor<f32>
  } : tensor<f32>
  func.return %0 : tensor<f32>
}
// CHECK: tf_executor.graph
// CHECK: tf_executor.Switch
// CHECK: tf_executor.Merge

// -----

// An empty graph.
// CHECK-LABEL: func @empty
// CHECK-NEXT: return
func.func @empty() {
  tf_executor.graph {
    tf_executor.fetch
  }
  func.return
}
