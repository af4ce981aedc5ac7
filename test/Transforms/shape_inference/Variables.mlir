// RUN: tf-opt %s -tf-shape-inference -mlir-print-debuginfo=false | FileCheck %s
// tf-shape-inference: shape functions of the Variables family (the ops of
// dialects/tf/TFOpsVariables.td, and the variable ops without an ODS
// definition, lib/Transforms/ShapeFns/Variables.cpp).

// ReadVariableOp, ResourceGather and ResourceGatherNd take the variable's
// shape from the handle's subtype (resource_variable_ops.cc).
// CHECK-LABEL: func @resource_reads
func.func @resource_reads(%v: tensor<!tf_type.resource<tensor<3x5x2xf32>>>, %i: tensor<4xi32>, %n: tensor<4x2xi32>, %n1: tensor<7x1xi64>) -> () {
  // CHECK: "tf.ReadVariableOp"({{.*}}) -> tensor<3x5x2xf32>
  %0 = "tf.ReadVariableOp"(%v) : (tensor<!tf_type.resource<tensor<3x5x2xf32>>>) -> tensor<*xf32>
  // CHECK: "tf.ResourceGather"({{.*}}) -> tensor<4x5x2xf32>
  %1 = "tf.ResourceGather"(%v, %i) {dtype = f32} : (tensor<!tf_type.resource<tensor<3x5x2xf32>>>, tensor<4xi32>) -> tensor<*xf32>
  // CHECK: "tf.ResourceGatherNd"({{.*}}) -> tensor<4x2xf32>
  %2 = "tf.ResourceGatherNd"(%v, %n) {dtype = f32} : (tensor<!tf_type.resource<tensor<3x5x2xf32>>>, tensor<4x2xi32>) -> tensor<*xf32>
  // CHECK: "tf.ResourceGatherNd"({{.*}}) -> tensor<7x5x2xf32>
  %3 = "tf.ResourceGatherNd"(%v, %n1) {dtype = f32} : (tensor<!tf_type.resource<tensor<3x5x2xf32>>>, tensor<7x1xi64>) -> tensor<*xf32>
  func.return
}

// Without a subtype the variable's shape is unknown, and so is the result.
// CHECK-LABEL: func @resource_no_subtype
func.func @resource_no_subtype(%v: tensor<!tf_type.resource>, %n: tensor<4x2xi32>) -> () {
  // CHECK: "tf.ResourceGatherNd"({{.*}}) -> tensor<*xf32>
  %0 = "tf.ResourceGatherNd"(%v, %n) {dtype = f32} : (tensor<!tf_type.resource>, tensor<4x2xi32>) -> tensor<*xf32>
  func.return
}
