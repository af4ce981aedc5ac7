// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Reduce/Segment.cpp.

// CHECK-LABEL: func @segment
// Rows [0, 2) -> segment 0, segment 1 empty (0), rows [2, 4) -> segment 2.
// CHECK: hlo.slice %arg0, start = [0, 0], limit = [2, 2]
// CHECK: hlo.reduce
// CHECK: hlo.divide %{{.*}}, %{{.*}} : tensor<2xf32>
// CHECK: %[[EMPTY:.*]] = hlo.constant dense<0.000000e+00> : tensor<1x2xf32>
// CHECK: hlo.slice %arg0, start = [2, 0], limit = [4, 2]
// CHECK: hlo.concatenate(%{{.*}}, %[[EMPTY]], %{{.*}}) dim = 0
func.func @segment(%x: tensor<4x2xf32>) -> tensor<3x2xf32> {
  %ids = "tf.Const"() {value = dense<[0, 0, 2, 2]> : tensor<4xi32>} : () -> tensor<4xi32>
  %0 = "tf.SegmentMean"(%x, %ids) : (tensor<4x2xf32>, tensor<4xi32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}

// CHECK-LABEL: func @segment_sum
func.func @segment_sum(%d: tensor<4x2xf32>, %ids: tensor<4xi32>) -> tensor<3x2xf32> {
  // CHECK: %[[CI:.*]] = hlo.custom_call "tfmlir_rt_check_indices"(%arg1) {backend_config = "segment\0A4\0A3\0A{{.*}}"}
  // CHECK: %[[Z:.*]] = hlo.constant dense<0.000000e+00> : tensor<3x2xf32>
  // CHECK: hlo.scatter(%[[Z]]) indices(%[[CI]]) updates(%arg0) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<3x2xf32>, tensor<4xi32>, tensor<4x2xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.add
  %n = "tf.Const"() {value = dense<3> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<4x2xf32>, tensor<4xi32>, tensor<i32>) -> tensor<3x2xf32>
  func.return %0 : tensor<3x2xf32>
}
