// RUN: tf-opt %s | tf-opt | FileCheck %s
// RUN: tf-opt %s -mlir-print-op-generic | tf-opt | FileCheck %s
// Round trip of the hlo shape and data-movement ops; the inferred result
// types must match the declared ones.

// CHECK-LABEL: func @movement
func.func @movement(%x: tensor<2x3xf32>, %i: tensor<i32>, %d: tensor<?x3xf32>) -> tensor<3x2xf32> {
  // CHECK: hlo.broadcast_in_dim %{{.*}}, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  %0 = hlo.broadcast_in_dim %x, dims = [1, 2] : (tensor<2x3xf32>) -> tensor<4x2x3xf32>
  // CHECK: hlo.reshape %{{.*}} : (tensor<4x2x3xf32>) -> tensor<24xf32>
  %1 = hlo.reshape %0 : (tensor<4x2x3xf32>) -> tensor<24xf32>
  // CHECK: hlo.transpose %{{.*}}, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = hlo.transpose %x, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  // CHECK: hlo.reverse %{{.*}}, dims = [0] : tensor<3x2xf32>
  %3 = hlo.reverse %2, dims = [0] : tensor<3x2xf32>
  // CHECK: hlo.slice %{{.*}}, start = [0, 1], limit = [2, 3], strides = [1, 2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  %4 = hlo.slice %x, start = [0, 1], limit = [2, 3], strides = [1, 2] : (tensor<2x3xf32>) -> tensor<2x1xf32>
  // CHECK: hlo.dynamic_slice %{{.*}}[%{{.*}}, %{{.*}}], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  %5 = hlo.dynamic_slice %x[%i, %i], sizes = [1, 2] : (tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<1x2xf32>
  // CHECK: hlo.dynamic_update_slice %{{.*}}, %{{.*}}[%{{.*}}, %{{.*}}] : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %6 = hlo.dynamic_update_slice %x, %5[%i, %i] : (tensor<2x3xf32>, tensor<1x2xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  // CHECK: hlo.concatenate(%{{.*}}, %{{.*}}) dim = 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  %7 = hlo.concatenate(%6, %d) dim = 0 : (tensor<2x3xf32>, tensor<?x3xf32>) -> tensor<?x3xf32>
  // CHECK: hlo.concatenate(%{{.*}}, %{{.*}}) dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %8 = hlo.concatenate(%x, %4) dim = 1 : (tensor<2x3xf32>, tensor<2x1xf32>) -> tensor<2x4xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  // 2 + 1 + (2-1)*2 - 1 = 4 and 3 + 0 + (3-1)*1 + 0 = 5 ... negative low edge removes one element.
  // CHECK: hlo.pad %{{.*}}, %{{.*}}, low = [-1, 0], high = [2, 0], interior = [2, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x5xf32>
  %9 = hlo.pad %x, %z, low = [-1, 0], high = [2, 0], interior = [2, 1] : (tensor<2x3xf32>, tensor<f32>) -> tensor<5x5xf32>
  return %3 : tensor<3x2xf32>
}

// CHECK-LABEL: func @gather_scatter
func.func @gather_scatter(%table: tensor<10x4xf32>, %ids: tensor<5x1xi32>, %upd: tensor<5x4xf32>) -> tensor<10x4xf32> {
  // TF Gather(axis 0) / embedding lookup: rows of the table.
  // CHECK: hlo.gather %{{.*}}, %{{.*}}, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 4] : (tensor<10x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  %0 = hlo.gather %table, %ids, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 4] : (tensor<10x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  // Scatter-add of rows (TF TensorScatterAdd).
  // CHECK: hlo.scatter(%{{.*}}) indices(%{{.*}}) updates(%{{.*}}) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1>
  // CHECK: hlo.add
  // CHECK: hlo.return
  %1 = hlo.scatter(%table) indices(%ids) updates(%0) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<10x4xf32>, tensor<5x1xi32>, tensor<5x4xf32>) -> tensor<10x4xf32> {
  ^bb0(%cur: tensor<f32>, %new: tensor<f32>):
    %s = hlo.add %cur, %new : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %1 : tensor<10x4xf32>
}
