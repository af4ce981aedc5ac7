// RUN: tf-opt %s -split-input-file -tf-functional-to-executor-conversion | FileCheck %s
// RUN: tf-opt %s -split-input-file -tf-functional-to-executor-conversion -tf-executor-to-functional-conversion | FileCheck %s --check-prefix=ROUNDTRIP

// CHECK-LABEL: func @f
// CHECK-SAME: (%[[ARG:arg[0-9]+]]: tensor<f32>
// CHECK-NEXT: %[[G:.*]]:2 = tf_executor.graph {
// CHECK-NEXT:   %[[I:.*]]:2, %{{.*}} = tf_executor.island {
// CHECK-NEXT:     %[[N:.*]] = "tf.Neg"(%[[ARG]])
// CHECK-NEXT:     "tf.Print"(%[[N]], %[[N]])
// CHECK-NEXT:     tf_executor.yield %[[N]], %[[ARG]] : tensor<f32>, tensor<f32>
// CHECK-NEXT:   } : tensor<f32>, tensor<f32>
// CHECK-NEXT:   tf_executor.fetch %[[I]]#0, %[[I]]#1 : tensor<f32>, tensor<f32>
// CHECK-NEXT: } : tensor<f32>, tensor<f32>
// CHECK-NEXT: return %[[G]]#0, %[[G]]#1
// ROUNDTRIP-LABEL: func @f
// ROUNDTRIP-NEXT: %[[N:.*]] = "tf.Neg"(%arg0)
// ROUNDTRIP-NEXT: "tf.Print"(%[[N]], %[[N]])
// ROUNDTRIP-NEXT: return %[[N]], %arg0
func.func @f(%arg0: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = "tf.Neg"(%arg0) : (tensor<f32>) -> tensor<f32>
  %pr = "tf.Print"(%0, %0) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %0, %arg0 : tensor<f32>, tensor<f32>
}

// -----

// Already in executor form, and a declaration: unchanged.
// CHECK-LABEL: func @g
// CHECK-NEXT: tf_executor.graph
// CHECK-NEXT: tf_executor.fetch
func.func @g() {
  tf_executor.graph {
    tf_executor.fetch
  }
  func.return
}
// CHECK-LABEL: func private @decl
func.func private @decl(tensor<f32>) -> tensor<f32>
