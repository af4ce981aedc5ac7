// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the indexing family (TFOpsIndexing.td).

// CHECK-LABEL: func @gather_scatter
func.func @gather_scatter(%p: tensor<5x4x3xf32>, %i: tensor<2x6xi32>, %nd: tensor<7x2xi64>, %u: tensor<7x3xf32>) {
  // CHECK: "tf.Gather"(%arg0, %arg1) {Tindices = i32, Tparams = f32, validate_indices = true} : (tensor<5x4x3xf32>, tensor<2x6xi32>) -> tensor<2x6x4x3xf32>
  %0 = "tf.Gather"(%p, %i) {Tindices = i32, Tparams = f32, validate_indices = true} : (tensor<5x4x3xf32>, tensor<2x6xi32>) -> tensor<2x6x4x3xf32>
  %ax = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.GatherV2"(%arg0, %arg1, %{{.*}}) {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<5x4x3xf32>, tensor<2x6xi32>, tensor<i32>) -> tensor<5x2x6x3xf32>
  %1 = "tf.GatherV2"(%p, %i, %ax) {Taxis = i32, Tindices = i32, Tparams = f32, batch_dims = 0 : i64} : (tensor<5x4x3xf32>, tensor<2x6xi32>, tensor<i32>) -> tensor<5x2x6x3xf32>
  // With batch_dims = 1 (indices [5, 6], axis 1): [5] + [6] + [3].
  %bi = "tf.Const"() {value = dense<0> : tensor<5x6xi32>} : () -> tensor<5x6xi32>
  // CHECK: "tf.GatherV2"(%arg0, %{{.*}}, %{{.*}}) {batch_dims = 1 : i64} : (tensor<5x4x3xf32>, tensor<5x6xi32>, tensor<i32>) -> tensor<5x6x3xf32>
  %2 = "tf.GatherV2"(%p, %bi, %ax) {batch_dims = 1 : i64} : (tensor<5x4x3xf32>, tensor<5x6xi32>, tensor<i32>) -> tensor<5x6x3xf32>
  // CHECK: "tf.GatherNd"(%arg0, %arg2) {Tindices = i64, Tparams = f32} : (tensor<5x4x3xf32>, tensor<7x2xi64>) -> tensor<7x3xf32>
  %3 = "tf.GatherNd"(%p, %nd) {Tindices = i64, Tparams = f32} : (tensor<5x4x3xf32>, tensor<7x2xi64>) -> tensor<7x3xf32>
  %shape = "tf.Const"() {value = dense<[5, 4, 3]> : tensor<3xi64>} : () -> tensor<3xi64>
  // CHECK: "tf.ScatterNd"(%arg2, %arg3, %{{.*}}) {T = f32, Tindices = i64} : (tensor<7x2xi64>, tensor<7x3xf32>, tensor<3xi64>) -> tensor<5x4x3xf32>
  %4 = "tf.ScatterNd"(%nd, %u, %shape) {T = f32, Tindices = i64} : (tensor<7x2xi64>, tensor<7x3xf32>, tensor<3xi64>) -> tensor<5x4x3xf32>
  // CHECK: "tf.TensorScatterUpdate"(%arg0, %arg2, %arg3)
  %5 = "tf.TensorScatterUpdate"(%p, %nd, %u) : (tensor<5x4x3xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x4x3xf32>
  // CHECK: "tf.TensorScatterAdd"(%arg0, %arg2, %arg3)
  %6 = "tf.TensorScatterAdd"(%p, %nd, %u) : (tensor<5x4x3xf32>, tensor<7x2xi64>, tensor<7x3xf32>) -> tensor<5x4x3xf32>
  return
}

// CHECK-LABEL: func @select_where
func.func @select_where(%c: tensor<2xi1>, %cs: tensor<i1>, %t: tensor<2x3xf32>, %e: tensor<2x3xf32>, %r: tensor<3xf32>) {
  // CHECK: "tf.Select"(%arg0, %arg2, %arg3) {T = f32} : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %0 = "tf.Select"(%c, %t, %e) {T = f32} : (tensor<2xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Select"(%arg1, %arg2, %arg3)
  %1 = "tf.Select"(%cs, %t, %e) : (tensor<i1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.SelectV2"(%arg1, %arg4, %arg3) {T = f32} : (tensor<i1>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  %2 = "tf.SelectV2"(%cs, %r, %e) {T = f32} : (tensor<i1>, tensor<3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Where"(%arg2) {T = f32} : (tensor<2x3xf32>) -> tensor<?x2xi64>
  %3 = "tf.Where"(%t) {T = f32} : (tensor<2x3xf32>) -> tensor<?x2xi64>
  return
}

// CHECK-LABEL: func @topk_onehot
func.func @topk_onehot(%x: tensor<2x5xf32>, %i: tensor<3xi64>, %k: tensor<i32>) {
  %two = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.TopKV2"(%arg0, %{{.*}}) {T = f32, Tk = i32, index_type = i32, sorted = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  %0:2 = "tf.TopKV2"(%x, %two) {T = f32, Tk = i32, index_type = i32, sorted = true} : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x2xf32>, tensor<2x2xi32>)
  // CHECK: "tf.TopKV2"(%arg0, %arg2) : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  %1:2 = "tf.TopKV2"(%x, %k) : (tensor<2x5xf32>, tensor<i32>) -> (tensor<2x?xf32>, tensor<2x?xi32>)
  // CHECK: "tf.NthElement"(%arg0, %{{.*}}) {reverse = false}
  %2 = "tf.NthElement"(%x, %two) {reverse = false} : (tensor<2x5xf32>, tensor<i32>) -> tensor<2xf32>
  %depth = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %on = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %off = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  // CHECK: "tf.OneHot"(%arg1, %{{.*}}, %{{.*}}, %{{.*}}) {T = f32, TI = i64, axis = -1 : i64} : (tensor<3xi64>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
  %3 = "tf.OneHot"(%i, %depth, %on, %off) {T = f32, TI = i64, axis = -1 : i64} : (tensor<3xi64>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<3x4xf32>
  // CHECK: "tf.OneHot"(%arg1, %{{.*}}, %{{.*}}, %{{.*}}) {axis = 0 : i64} : (tensor<3xi64>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  %4 = "tf.OneHot"(%i, %depth, %on, %off) {axis = 0 : i64} : (tensor<3xi64>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<4x3xf32>
  return
}

// CHECK-LABEL: func @space_batch_depth
func.func @space_batch_depth(%x: tensor<2x6x4x3xf32>, %y: tensor<8x2x2x3xf32>) {
  %block = "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %pads = "tf.Const"() {value = dense<[[1, 1], [0, 0]]> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // (6 + 2) / 2 = 4, 4 / 2 = 2, batch 2 * 4 = 8.
  // CHECK: "tf.SpaceToBatchND"(%arg0, %{{.*}}, %{{.*}}) {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<2x6x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<8x4x2x3xf32>
  %0 = "tf.SpaceToBatchND"(%x, %block, %pads) {T = f32, Tblock_shape = i32, Tpaddings = i32} : (tensor<2x6x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<8x4x2x3xf32>
  // CHECK: "tf.BatchToSpaceND"(%{{.*}}, %{{.*}}, %{{.*}}) {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<8x4x2x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<2x6x4x3xf32>
  %1 = "tf.BatchToSpaceND"(%0, %block, %pads) {T = f32, Tblock_shape = i32, Tcrops = i32} : (tensor<8x4x2x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<2x6x4x3xf32>
  // CHECK: "tf.SpaceToDepth"(%arg0) {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<2x6x4x3xf32>) -> tensor<2x3x2x12xf32>
  %2 = "tf.SpaceToDepth"(%x) {T = f32, block_size = 2 : i64, data_format = "NHWC"} : (tensor<2x6x4x3xf32>) -> tensor<2x3x2x12xf32>
  // CHECK: "tf.DepthToSpace"(%{{.*}}) {block_size = 2 : i64} : (tensor<2x3x2x12xf32>) -> tensor<2x6x4x3xf32>
  %3 = "tf.DepthToSpace"(%2) {block_size = 2 : i64} : (tensor<2x3x2x12xf32>) -> tensor<2x6x4x3xf32>
  return
}

// CHECK-LABEL: func @reorder_and_sequences
func.func @reorder_and_sequences(%x: tensor<4x5xf32>, %len: tensor<4xi64>, %s: tensor<f32>, %n: tensor<i32>) {
  %axis = "tf.Const"() {value = dense<[-1, 0]> : tensor<2xi32>} : () -> tensor<2xi32>
  // CHECK: "tf.ReverseV2"(%arg0, %{{.*}}) {T = f32, Tidx = i32}
  %0 = "tf.ReverseV2"(%x, %axis) {T = f32, Tidx = i32} : (tensor<4x5xf32>, tensor<2xi32>) -> tensor<4x5xf32>
  // CHECK: "tf.Roll"(%arg0, %{{.*}}, %{{.*}}) {Taxis = i32, Tshift = i32}
  %1 = "tf.Roll"(%x, %axis, %axis) {Taxis = i32, Tshift = i32} : (tensor<4x5xf32>, tensor<2xi32>, tensor<2xi32>) -> tensor<4x5xf32>
  // CHECK: "tf.ReverseSequence"(%arg0, %arg1) {Tlen = i64, batch_dim = 0 : i64, seq_dim = 1 : i64}
  %2 = "tf.ReverseSequence"(%x, %len) {Tlen = i64, batch_dim = 0 : i64, seq_dim = 1 : i64} : (tensor<4x5xf32>, tensor<4xi64>) -> tensor<4x5xf32>
  %start = "tf.Const"() {value = dense<10> : tensor<i32>} : () -> tensor<i32>
  %limit = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %delta = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  // CHECK: "tf.Range"(%{{.*}}, %{{.*}}, %{{.*}}) {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  %3 = "tf.Range"(%start, %limit, %delta) {Tidx = i32} : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<3xi32>
  // CHECK: "tf.Range"(%{{.*}}, %arg3, %{{.*}}) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  %4 = "tf.Range"(%start, %n, %delta) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<?xi32>
  // CHECK: "tf.LinSpace"(%arg2, %arg2, %{{.*}}) {T = f32, Tidx = i32} : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<10xf32>
  %5 = "tf.LinSpace"(%s, %s, %start) {T = f32, Tidx = i32} : (tensor<f32>, tensor<f32>, tensor<i32>) -> tensor<10xf32>
  return
}

// CHECK-LABEL: func @matrix_and_partition
func.func @matrix_and_partition(%d: tensor<2x3xf32>, %m: tensor<2x3x4xf32>, %x: tensor<6xi32>, %p: tensor<6xi32>, %k: tensor<i64>) {
  // CHECK: "tf.MatrixDiag"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  %0 = "tf.MatrixDiag"(%d) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3x3xf32>
  // CHECK: "tf.MatrixSetDiag"(%arg1, %arg0) : (tensor<2x3x4xf32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
  %1 = "tf.MatrixSetDiag"(%m, %d) : (tensor<2x3x4xf32>, tensor<2x3xf32>) -> tensor<2x3x4xf32>
  // CHECK: "tf.MatrixDiagPart"(%arg1) : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  %2 = "tf.MatrixDiagPart"(%m) : (tensor<2x3x4xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.MatrixBandPart"(%arg1, %arg4, %arg4) {Tindex = i64}
  %3 = "tf.MatrixBandPart"(%m, %k, %k) {Tindex = i64} : (tensor<2x3x4xf32>, tensor<i64>, tensor<i64>) -> tensor<2x3x4xf32>
  // CHECK: "tf.Unique"(%arg2) {T = i32, out_idx = i32} : (tensor<6xi32>) -> (tensor<?xi32>, tensor<6xi32>)
  %4:2 = "tf.Unique"(%x) {T = i32, out_idx = i32} : (tensor<6xi32>) -> (tensor<?xi32>, tensor<6xi32>)
  // CHECK: "tf.DynamicPartition"(%arg2, %arg3) {T = i32, num_partitions = 2 : i64} : (tensor<6xi32>, tensor<6xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  %5:2 = "tf.DynamicPartition"(%x, %p) {T = i32, num_partitions = 2 : i64} : (tensor<6xi32>, tensor<6xi32>) -> (tensor<?xi32>, tensor<?xi32>)
  // Operands: N index tensors, then N data tensors.
  %data = "tf.Const"() {value = dense<0.0> : tensor<6x7xf32>} : () -> tensor<6x7xf32>
  // CHECK: "tf.DynamicStitch"(%arg2, %arg3, %{{.*}}, %{{.*}}) {N = 2 : i64, T = f32} : (tensor<6xi32>, tensor<6xi32>, tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<?x7xf32>
  %6 = "tf.DynamicStitch"(%x, %p, %data, %data) {N = 2 : i64, T = f32} : (tensor<6xi32>, tensor<6xi32>, tensor<6x7xf32>, tensor<6x7xf32>) -> tensor<?x7xf32>
  // CHECK: "tf.ParallelDynamicStitch"(%arg2, %{{.*}}) {N = 1 : i64} : (tensor<6xi32>, tensor<6x7xf32>) -> tensor<?x7xf32>
  %7 = "tf.ParallelDynamicStitch"(%x, %data) {N = 1 : i64} : (tensor<6xi32>, tensor<6x7xf32>) -> tensor<?x7xf32>
  %size = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %w = "tf.Const"() {value = dense<> : tensor<0xf32>} : () -> tensor<0xf32>
  // CHECK: "tf.Bincount"(%arg2, %{{.*}}, %{{.*}}) {T = f32} : (tensor<6xi32>, tensor<i32>, tensor<0xf32>) -> tensor<5xf32>
  %8 = "tf.Bincount"(%x, %size, %w) {T = f32} : (tensor<6xi32>, tensor<i32>, tensor<0xf32>) -> tensor<5xf32>
  return
}
