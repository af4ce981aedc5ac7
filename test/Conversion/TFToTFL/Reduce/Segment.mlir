// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s

// Segment reductions and Cumsum: SegmentSum, UnsortedSegmentSum/Prod/Max/
// Min -> SEGMENT_SUM, UNSORTED_SEGMENT_SUM/PROD/MAX/MIN; Cumsum -> CUMSUM
// (tfl.builtin_op) with TF's exclusive and reverse.

// The segment reductions take int32 segment ids in TFLite: int64
// constants are narrowed, other operands pass through.
// CHECK-LABEL: func @segments
// CHECK: "tfl.unsorted_segment_sum"(%arg1, %{{.*}}, %{{.*}}) : (tensor<3x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<2x2xf32>
func.func @segments(%u: tensor<2xf32>, %d: tensor<3x2xf32>) -> tensor<2x2xf32> {
  %ids = "tf.Const"() {value = dense<[0, 1, 0]> : tensor<3xi64>} : () -> tensor<3xi64>
  %n = "tf.Const"() {value = dense<2> : tensor<i64>} : () -> tensor<i64>
  %1 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi64>, tensor<i64>) -> tensor<2x2xf32>
  func.return %1 : tensor<2x2xf32>
}

// The other unsorted segment reductions, and SegmentSum (sorted ids, the
// number of segments from the ids as in TF): ids and num_segments as int32.
// CHECK-LABEL: func @segment_kinds
// CHECK-DAG: %[[IDS:.*]] = "tfl.pseudo_const"() {value = dense<[0, 0, 1]> : tensor<3xi32>}
// CHECK-DAG: %[[N:.*]] = "tfl.pseudo_const"() {value = dense<3> : tensor<i32>}
// CHECK: "tfl.segment_sum"(%arg0, %[[IDS]]) : (tensor<3x2xf32>, tensor<3xi32>) -> tensor<?x2xf32>
// CHECK: "tfl.unsorted_segment_prod"(%arg0, %[[IDS]], %[[N]]) : (tensor<3x2xf32>, tensor<3xi32>, tensor<i32>) -> tensor<3x2xf32>
// CHECK: "tfl.unsorted_segment_max"(%arg0, %[[IDS]], %[[N]])
// CHECK: "tfl.unsorted_segment_min"(%arg0, %[[IDS]], %[[N]])
func.func @segment_kinds(%d: tensor<3x2xf32>) -> (tensor<?x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>) {
  %ids = "tf.Const"() {value = dense<[0, 0, 1]> : tensor<3xi64>} : () -> tensor<3xi64>
  %n = "tf.Const"() {value = dense<3> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.SegmentSum"(%d, %ids) : (tensor<3x2xf32>, tensor<3xi64>) -> tensor<?x2xf32>
  %1 = "tf.UnsortedSegmentProd"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi64>, tensor<i64>) -> tensor<3x2xf32>
  %2 = "tf.UnsortedSegmentMax"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi64>, tensor<i64>) -> tensor<3x2xf32>
  %3 = "tf.UnsortedSegmentMin"(%d, %ids, %n) : (tensor<3x2xf32>, tensor<3xi64>, tensor<i64>) -> tensor<3x2xf32>
  func.return %0, %1, %2, %3 : tensor<?x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>, tensor<3x2xf32>
}

// Cumsum: TF's exclusive and reverse (false when absent) are CUMSUM's
// options; the axis becomes int32.
// CHECK-LABEL: func @cumsum
// CHECK: "tfl.builtin_op"(%arg0, %[[AX:.*]]) {builtin_code = 128 : i32, builtin_options = {exclusive = false, reverse = false}, builtin_options_type = "CumsumOptions", name = "CUMSUM", version = 1 : i32} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
// CHECK: "tfl.builtin_op"(%arg0, %[[AX]]) {builtin_code = 128 : i32, builtin_options = {exclusive = true, reverse = true}, builtin_options_type = "CumsumOptions", name = "CUMSUM", version = 1 : i32}
func.func @cumsum(%x: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %ax = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  %0 = "tf.Cumsum"(%x, %ax) : (tensor<2x3xf32>, tensor<i64>) -> tensor<2x3xf32>
  %1 = "tf.Cumsum"(%x, %ax) {exclusive = true, reverse = true} : (tensor<2x3xf32>, tensor<i64>) -> tensor<2x3xf32>
  func.return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
