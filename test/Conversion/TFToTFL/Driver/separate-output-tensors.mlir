// RUN: tf-opt %s -tfl-separate-output-tensors --mlir-print-debuginfo --mlir-print-local-scope | FileCheck %s

// An argument returned as another output array gets a RESHAPE copy named
// after it; a value returned twice gets one for its second output; an input
// returned under its own name and an op result returned once stay as they
// are.
// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:[a-z0-9]+]]: tensor<2xf32> {{.*}}, %[[D:[a-z0-9]+]]: tensor<?x3xf32>
// CHECK: %[[R:.*]] = "tfl.relu"(%[[X]])
// CHECK: %[[S0:.*]] = "tfl.pseudo_const"() {value = dense<2> : tensor<1xi32>} {{.*}}loc("y/shape"
// CHECK: %[[Y:.*]] = "tfl.reshape"(%[[X]], %[[S0]]) {new_shape = array<i32: 2>} {{.*}}loc("y"
// CHECK: %[[S1:.*]] = "tfl.pseudo_const"
// CHECK: %[[R2:.*]] = "tfl.reshape"(%[[R]], %[[S1]]) {{.*}}loc("r2"
// CHECK: %[[DS:.*]] = "tfl.shape"(%[[D]]) {out_type = "INT32"} {{.*}}-> tensor<2xi32> loc("e/shape"
// CHECK: %[[E:.*]] = "tfl.reshape"(%[[D]], %[[DS]]) {new_shape = array<i32>} {{.*}}-> tensor<?x3xf32> loc("e"
// CHECK: return %[[Y]], %[[R]], %[[R2]], %[[X]], %[[E]]
func.func @main(%arg0: tensor<2xf32>, %arg1: tensor<?x3xf32>)
    -> (tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?x3xf32>)
    attributes {tf.entry_function = {inputs = "x,d", outputs = "y,r,r2,x,e"}} {
  %0 = "tfl.relu"(%arg0) : (tensor<2xf32>) -> tensor<2xf32>
  return %arg0, %0, %0, %arg0, %arg1
      : tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2xf32>, tensor<?x3xf32>
}

// Without tf.entry_function outputs nothing changes.
// CHECK-LABEL: func.func @other
// CHECK-NEXT: return %arg0, %arg0 :
func.func @other(%arg0: tensor<2xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  return %arg0, %arg0 : tensor<2xf32>, tensor<2xf32>
}
