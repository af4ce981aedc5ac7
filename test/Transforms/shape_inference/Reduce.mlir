// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the Reduce family (the ops of dialects/tf/TFOpsReduce.td).

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<2x3x4xf32>) -> () {
  %ax = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.Sum"({{.*}}) -> tensor<3xf32>
  %0 = "tf.Sum"(%x, %ax) {keep_dims = false} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  // CHECK: "tf.Mean"({{.*}}) -> tensor<1x3x1xf32>
  %1 = "tf.Mean"(%x, %ax) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<*xf32>
  %a1 = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.Max"({{.*}}) -> tensor<2x4xf32>
  %2 = "tf.Max"(%x, %a1) {keep_dims = false} : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  // CHECK: "tf.ArgMax"({{.*}}) -> tensor<2x4xi64>
  %3 = "tf.ArgMax"(%x, %a1) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xi64>
  %k = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.TopKV2"({{.*}}) -> (tensor<2x3x2xf32>, tensor<2x3x2xi32>)
  %4:2 = "tf.TopKV2"(%x, %k) {sorted = true} : (tensor<2x3x4xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  func.return
}
