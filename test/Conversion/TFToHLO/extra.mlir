// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// More ops (from the former ConvertExtra.cpp, now in the family folders; Math/Special.cpp; constant-predicate If).

// CHECK-LABEL: func @copy_concat
// DeepCopy is the value itself; ParallelConcat concatenates the pieces.
// CHECK: %[[C:.*]] = hlo.concatenate(%arg1, %arg2) dim = 0
// CHECK: return %arg0, %[[C]]
func.func @copy_concat(%x: tensor<2xf32>, %a: tensor<1x2xf32>, %b: tensor<1x2xf32>) -> (tensor<2xf32>, tensor<2x2xf32>) {
  %0 = "tf.DeepCopy"(%x) : (tensor<2xf32>) -> tensor<2xf32>
  %1 = "tf.ParallelConcat"(%a, %b) {N = 2 : i64, shape = #tf_type.shape<2x2>} : (tensor<1x2xf32>, tensor<1x2xf32>) -> tensor<2x2xf32>
  func.return %0, %1 : tensor<2xf32>, tensor<2x2xf32>
}

// CHECK-LABEL: func @argmax_pool
// Flat indices (y * W + x) * C + c without the batch term, then a running
// max over the 4 window offsets: taken when strictly greater or nothing is
// taken yet, and never from padding (index -1).
// CHECK: %[[IDX:.*]] = hlo.iota dim = 3 : tensor<1x4x4x1xi64>
// CHECK-NOT: hlo.iota dim = 0
// CHECK: hlo.pad %arg0
// CHECK: %[[V0:.*]] = hlo.slice %{{.*}}, start = [0, 0, 0, 0], limit = [1, 3, 3, 1], strides = [1, 2, 2, 1]
// CHECK: %[[V1:.*]] = hlo.slice %{{.*}}, start = [0, 0, 1, 0], limit = [1, 3, 4, 1], strides = [1, 2, 2, 1]
// CHECK: %[[NONE:.*]] = hlo.compare  LT, %{{.*}}, %{{.*}},  SIGNED
// CHECK: %[[REAL:.*]] = hlo.compare  GE
// CHECK: %[[GT:.*]] = hlo.compare  GT, %[[V1]], %[[V0]],  FLOAT
// CHECK: %[[OR:.*]] = hlo.or %[[GT]], %[[NONE]]
// CHECK: %[[TAKE:.*]] = hlo.and %[[OR]], %[[REAL]]
// CHECK: hlo.select %[[TAKE]], %[[V1]], %[[V0]]
// CHECK: return %{{.*}}, %{{.*}} : tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>
func.func @argmax_pool(%x: tensor<1x4x4x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>) {
  %o, %i = "tf.MaxPoolWithArgmax"(%x) {ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "VALID", include_batch_in_index = false, Targmax = i64} : (tensor<1x4x4x1xf32>) -> (tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>)
  func.return %o, %i : tensor<1x2x2x1xf32>, tensor<1x2x2x1xi64>
}

// CHECK-LABEL: func @bitpack
// CHECK: %[[B:.*]] = hlo.compare  GT, %arg0, %{{.*}},  FLOAT
// CHECK: %[[U:.*]] = hlo.convert %[[B]] : (tensor<16xi1>) -> tensor<16xui8>
// CHECK: %[[R:.*]] = hlo.reshape %[[U]] : (tensor<16xui8>) -> tensor<2x8xui8>
// CHECK: hlo.constant dense<[128, 64, 32, 16, 8, 4, 2, 1]> : tensor<8xui8>
// CHECK: hlo.reduce(%{{.*}}) init(%{{.*}}) dims = [1] : (tensor<2x8xui8>, tensor<ui8>) -> tensor<2xui8>
func.func @bitpack(%x: tensor<16xf32>, %t: tensor<f32>) -> tensor<2xui8> {
  %0 = "tf.CompareAndBitpack"(%x, %t) : (tensor<16xf32>, tensor<f32>) -> tensor<2xui8>
  func.return %0 : tensor<2xui8>
}

// CHECK-LABEL: func @bitpack_bool
// A bool input is packed as it is; the threshold is not compared.
// CHECK-NOT: hlo.compare
// CHECK: %[[U:.*]] = hlo.convert %arg0 : (tensor<8xi1>) -> tensor<8xui8>
// CHECK: hlo.reshape %[[U]] : (tensor<8xui8>) -> tensor<1x8xui8>
func.func @bitpack_bool(%x: tensor<8xi1>, %t: tensor<i1>) -> tensor<1xui8> {
  %0 = "tf.CompareAndBitpack"(%x, %t) : (tensor<8xi1>, tensor<i1>) -> tensor<1xui8>
  func.return %0 : tensor<1xui8>
}

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

// CHECK-LABEL: func @scatter_nd
// Constant indices: each update padded into place and added.
// CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [1], high = [2], interior = [0]
// CHECK: hlo.add
// CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [3], high = [0], interior = [0]
// CHECK: hlo.add
func.func @scatter_nd(%u: tensor<2xf32>) -> tensor<4xf32> {
  %i = "tf.Const"() {value = dense<[[1], [3]]> : tensor<2x1xi32>} : () -> tensor<2x1xi32>
  %s = "tf.Const"() {value = dense<[4]> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<4xf32>
  func.return %0 : tensor<4xf32>
}

// CHECK-LABEL: func @stitch
// Partition 0 = rows 1, 3; partition 1 = rows 0, 2; stitched back in order.
// CHECK: %[[R1:.*]] = hlo.slice %arg0, start = [1, 0], limit = [2, 2]
// CHECK: %[[R3:.*]] = hlo.slice %arg0, start = [3, 0], limit = [4, 2]
// CHECK: %[[P0:.*]] = hlo.concatenate(%[[R1]], %[[R3]]) dim = 0
// CHECK: %[[R0:.*]] = hlo.slice %arg0, start = [0, 0], limit = [1, 2]
// CHECK: %[[R2:.*]] = hlo.slice %arg0, start = [2, 0], limit = [3, 2]
// CHECK: %[[P1:.*]] = hlo.concatenate(%[[R0]], %[[R2]]) dim = 0
// CHECK: hlo.concatenate(%{{.*}}, %{{.*}}, %{{.*}}, %{{.*}}) dim = 0 : {{.*}} -> tensor<4x2xf32>
// CHECK-NOT: tf.
func.func @stitch(%d: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %p = "tf.Const"() {value = dense<[1, 0, 1, 0]> : tensor<4xi32>} : () -> tensor<4xi32>
  %0:2 = "tf.DynamicPartition"(%d, %p) {num_partitions = 2 : i64} : (tensor<4x2xf32>, tensor<4xi32>) -> (tensor<?x2xf32>, tensor<?x2xf32>)
  %i0 = "tf.Const"() {value = dense<[2, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  %i1 = "tf.Const"() {value = dense<[0, 1]> : tensor<2xi32>} : () -> tensor<2xi32>
  %1 = "tf.DynamicStitch"(%i0, %i1, %0#0, %0#1) {N = 2 : i64} : (tensor<2xi32>, tensor<2xi32>, tensor<?x2xf32>, tensor<?x2xf32>) -> tensor<?x2xf32>
  %s = "tf.Const"() {value = dense<[4, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %2 = "tf.Reshape"(%1, %s) : (tensor<?x2xf32>, tensor<2xi32>) -> tensor<4x2xf32>
  func.return %2 : tensor<4x2xf32>
}

// CHECK-LABEL: func @where_const
// CHECK: %[[W:.*]] = hlo.constant dense<{{\[\[}}0, 0], [1, 1]]> : tensor<2x2xi64>
// CHECK: return %[[W]]
func.func @where_const() -> tensor<2x2xi64> {
  %c = "tf.Const"() {value = dense<[[true, false], [false, true]]> : tensor<2x2xi1>} : () -> tensor<2x2xi1>
  %0 = "tf.Where"(%c) : (tensor<2x2xi1>) -> tensor<2x2xi64>
  func.return %0 : tensor<2x2xi64>
}

// CHECK-LABEL: func @resize
// ResizeArea 2 -> 3: output 1 averages halves of inputs 0 and 1.
// CHECK: %[[W:.*]] = hlo.constant dense<{{\[\[}}1.000000e+00, 0.000000e+00], [0.49999997, 0.50000006], [0.000000e+00, 0.99999994]]> : tensor<3x2xf32>
// CHECK: hlo.dot_general %[[W]], %arg0, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [1]>
// CHECK: hlo.dot_general %{{.*}}, %[[W]], <lhs_batch = [], rhs_batch = [], lhs_contract = [2], rhs_contract = [1]>
func.func @resize(%x: tensor<1x2x2x1xf32>) -> tensor<1x3x3x1xf32> {
  %s = "tf.Const"() {value = dense<3> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.ResizeArea"(%x, %s) {align_corners = false} : (tensor<1x2x2x1xf32>, tensor<2xi32>) -> tensor<1x3x3x1xf32>
  func.return %0 : tensor<1x3x3x1xf32>
}

// CHECK-LABEL: func @const_if
// The constant-false If is inlined as its else branch (a static 5-element
// slice), and LessEqual/All get static types from TF's shape functions.
// CHECK-NOT: hlo.if
// CHECK: %[[S:.*]] = hlo.slice %arg0, start = [1], limit = [6], strides = [1]
// CHECK: %[[LE:.*]] = hlo.compare  LE, %{{.*}}, %[[S]],  SIGNED : (tensor<5xi16>, tensor<5xi16>) -> tensor<5xi1>
// CHECK: hlo.reduce(%[[LE]])
func.func @const_if(%x: tensor<6xi16>) -> tensor<i1> {
  %p = "tf.Const"() {value = dense<false> : tensor<i1>} : () -> tensor<i1>
  %z = "tf.Const"() {value = dense<0> : tensor<i16>} : () -> tensor<i16>
  %ax = "tf.Const"() {value = dense<0> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StatelessIf"(%p, %x) {then_branch = @then, else_branch = @else, is_stateless = true} : (tensor<i1>, tensor<6xi16>) -> tensor<?xi16>
  %1 = "tf.LessEqual"(%z, %0) : (tensor<i16>, tensor<?xi16>) -> tensor<?xi1>
  %2 = "tf.All"(%1, %ax) {keep_dims = false} : (tensor<?xi1>, tensor<1xi32>) -> tensor<i1>
  func.return %2 : tensor<i1>
}

func.func private @then(%x: tensor<6xi16>) -> tensor<0xi16> {
  %0 = "tf.Const"() {value = dense<> : tensor<0xi16>} : () -> tensor<0xi16>
  func.return %0 : tensor<0xi16>
}

func.func private @else(%x: tensor<6xi16>) -> tensor<5xi16> {
  %b = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  %e = "tf.Const"() {value = dense<6> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.StridedSlice"(%x, %b, %e, %b) {begin_mask = 0 : i64, end_mask = 0 : i64, ellipsis_mask = 0 : i64, new_axis_mask = 0 : i64, shrink_axis_mask = 0 : i64} : (tensor<6xi16>, tensor<1xi32>, tensor<1xi32>, tensor<1xi32>) -> tensor<5xi16>
  func.return %0 : tensor<5xi16>
}

// CHECK-LABEL: func @special
// Computed in f64: Lanczos sums (log, sine for the reflection), the
// series / continued fraction of Igamma, rounded back to f32.
// CHECK: hlo.convert %arg0 : (tensor<3xf32>) -> tensor<3xf64>
// CHECK: hlo.sine
// CHECK: hlo.log
// CHECK: hlo.convert %{{.*}} : (tensor<3xf64>) -> tensor<3xf32>
// CHECK: hlo.exp
// CHECK: return %{{.*}}, %{{.*}} : tensor<3xf32>, tensor<3xf32>
func.func @special(%a: tensor<3xf32>, %x: tensor<3xf32>) -> (tensor<3xf32>, tensor<3xf32>) {
  %0 = "tf.Lgamma"(%a) : (tensor<3xf32>) -> tensor<3xf32>
  %1 = "tf.Igamma"(%a, %x) : (tensor<3xf32>, tensor<3xf32>) -> tensor<3xf32>
  func.return %0, %1 : tensor<3xf32>, tensor<3xf32>
}

// CHECK-LABEL: func @nms_const
// Box 1 (score .9) is kept; box 0 overlaps it with IoU 0.81 > 0.5 and is
// suppressed; box 2 is kept. Padded to 4 with zeros; 2 valid.
// CHECK-DAG: %[[I:.*]] = hlo.constant dense<[1, 2, 0, 0]> : tensor<4xi32>
// CHECK-DAG: %[[V:.*]] = hlo.constant dense<2> : tensor<i32>
// CHECK: return %[[I]], %[[V]]
func.func @nms_const() -> (tensor<4xi32>, tensor<i32>) {
  %b = "tf.Const"() {value = dense<[[0.0, 0.0, 1.0, 1.0], [0.0, 0.0, 0.9, 0.9], [2.0, 2.0, 3.0, 3.0]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %s = "tf.Const"() {value = dense<[0.8, 0.9, 0.7]> : tensor<3xf32>} : () -> tensor<3xf32>
  %m = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %t = "tf.Const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %z = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %i, %v = "tf.NonMaxSuppressionV4"(%b, %s, %m, %t, %z) {pad_to_max_output_size = true} : (tensor<3x4xf32>, tensor<3xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<4xi32>, tensor<i32>)
  func.return %i, %v : tensor<4xi32>, tensor<i32>
}

// CHECK-LABEL: func @listdiff_const
// The elements of x not in y, in order, and their positions.
// CHECK-DAG: hlo.constant dense<[0, 2, 3]> : tensor<3xi32>
// CHECK-DAG: hlo.constant dense<[0, 2, 4]> : tensor<3xi64>
func.func @listdiff_const() -> (tensor<3xi32>, tensor<3xi64>) {
  %x = "tf.Const"() {value = dense<[0, 1, 2, 1, 3]> : tensor<5xi32>} : () -> tensor<5xi32>
  %y = "tf.Const"() {value = dense<[1, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0:2 = "tf.ListDiff"(%x, %y) {out_idx = i64} : (tensor<5xi32>, tensor<2xi32>) -> (tensor<3xi32>, tensor<3xi64>)
  func.return %0#0, %0#1 : tensor<3xi32>, tensor<3xi64>
}
