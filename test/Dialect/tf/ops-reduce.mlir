// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the reduction family (TFOpsReduce.td).

// CHECK-LABEL: func @reductions
func.func @reductions(%x: tensor<2x3x4xf32>, %b: tensor<2x3xi1>, %dyn: tensor<i32>) {
  %axes = "tf.Const"() {value = dense<[0, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %one = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  // CHECK: "tf.Sum"(%arg0, %{{.*}}) {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  %0 = "tf.Sum"(%x, %axes) {T = f32, Tidx = i32, keep_dims = false} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  // CHECK: "tf.Mean"(%arg0, %{{.*}}) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  %1 = "tf.Mean"(%x, %axes) {keep_dims = true} : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<1x3x1xf32>
  // CHECK: "tf.Max"(%arg0, %{{.*}}) : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x4xf32>
  %2 = "tf.Max"(%x, %one) : (tensor<2x3x4xf32>, tensor<i64>) -> tensor<2x4xf32>
  // CHECK: "tf.Min"(%arg0, %arg2)
  %3 = "tf.Min"(%x, %dyn) : (tensor<2x3x4xf32>, tensor<i32>) -> tensor<*xf32>
  // CHECK: "tf.Prod"(%arg0, %{{.*}})
  %4 = "tf.Prod"(%x, %axes) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  // CHECK: "tf.All"(%arg1, %{{.*}}) {Tidx = i64, keep_dims = false} : (tensor<2x3xi1>, tensor<i64>) -> tensor<2xi1>
  %5 = "tf.All"(%b, %one) {Tidx = i64, keep_dims = false} : (tensor<2x3xi1>, tensor<i64>) -> tensor<2xi1>
  // CHECK: "tf.Any"(%arg1, %{{.*}})
  %6 = "tf.Any"(%b, %one) : (tensor<2x3xi1>, tensor<i64>) -> tensor<2xi1>
  // CHECK: "tf.EuclideanNorm"(%arg0, %{{.*}})
  %7 = "tf.EuclideanNorm"(%x, %axes) : (tensor<2x3x4xf32>, tensor<2xi32>) -> tensor<3xf32>
  return
}

// CHECK-LABEL: func @arg_and_scan
func.func @arg_and_scan(%x: tensor<2x3xf32>, %a: tensor<i32>) {
  %one = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.ArgMax"(%arg0, %{{.*}}) {T = f32, Tidx = i32, output_type = i64} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi64>
  %0 = "tf.ArgMax"(%x, %one) {T = f32, Tidx = i32, output_type = i64} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2xi64>
  // CHECK: "tf.ArgMin"(%arg0, %arg1) {output_type = i32} : (tensor<2x3xf32>, tensor<i32>) -> tensor<?xi32>
  %1 = "tf.ArgMin"(%x, %a) {output_type = i32} : (tensor<2x3xf32>, tensor<i32>) -> tensor<?xi32>
  // CHECK: "tf.Cumsum"(%arg0, %{{.*}}) {exclusive = true, reverse = false}
  %2 = "tf.Cumsum"(%x, %one) {exclusive = true, reverse = false} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  // CHECK: "tf.Cumprod"(%arg0, %arg1) {reverse = true}
  %3 = "tf.Cumprod"(%x, %a) {reverse = true} : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func @segments
func.func @segments(%d: tensor<4x3xf32>, %ids: tensor<4xi32>, %ids2: tensor<4x3xi64>) {
  %n = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.SegmentSum"(%arg0, %arg1) {T = f32, Tindices = i32} : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<?x3xf32>
  %0 = "tf.SegmentSum"(%d, %ids) {T = f32, Tindices = i32} : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<?x3xf32>
  // CHECK: "tf.SegmentMean"
  %1 = "tf.SegmentMean"(%d, %ids) : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<?x3xf32>
  // CHECK: "tf.SegmentProd"
  %2 = "tf.SegmentProd"(%d, %ids) : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<2x3xf32>
  // CHECK: "tf.SegmentMin"
  %3 = "tf.SegmentMin"(%d, %ids) : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<*xf32>
  // CHECK: "tf.SegmentMax"
  %4 = "tf.SegmentMax"(%d, %ids) : (tensor<4x3xf32>, tensor<4xi32>) -> tensor<?x3xf32>
  // CHECK: "tf.UnsortedSegmentSum"(%arg0, %arg1, %{{.*}}) {T = f32, Tindices = i32, Tnumsegments = i32} : (tensor<4x3xf32>, tensor<4xi32>, tensor<i32>) -> tensor<5x3xf32>
  %5 = "tf.UnsortedSegmentSum"(%d, %ids, %n) {T = f32, Tindices = i32, Tnumsegments = i32} : (tensor<4x3xf32>, tensor<4xi32>, tensor<i32>) -> tensor<5x3xf32>
  // CHECK: "tf.UnsortedSegmentMax"(%arg0, %arg2, %{{.*}}) : (tensor<4x3xf32>, tensor<4x3xi64>, tensor<i32>) -> tensor<5xf32>
  %6 = "tf.UnsortedSegmentMax"(%d, %ids2, %n) : (tensor<4x3xf32>, tensor<4x3xi64>, tensor<i32>) -> tensor<5xf32>
  // CHECK: "tf.UnsortedSegmentMin"
  %7 = "tf.UnsortedSegmentMin"(%d, %ids, %n) : (tensor<4x3xf32>, tensor<4xi32>, tensor<i32>) -> tensor<5x3xf32>
  // CHECK: "tf.UnsortedSegmentProd"
  %8 = "tf.UnsortedSegmentProd"(%d, %ids, %n) : (tensor<4x3xf32>, tensor<4xi32>, tensor<i32>) -> tensor<5x3xf32>
  return
}
