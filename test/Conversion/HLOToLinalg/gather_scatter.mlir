// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -split-input-file -hlo-to-llvm-pipeline | FileCheck %s --check-prefix=LLVM
// gather: a linalg.generic over the result reading the index vector and
// the operand with tensor.extract, starts clamped to [0, dim - size].
// dynamic_slice / dynamic_update_slice: extract_slice / insert_slice at
// clamped starts. scatter: an scf.for nest over the updates with an scf.if
// skipping out-of-bounds windows and the update region inlined.

// LLVM-LABEL: llvm.func @embedding
// CHECK-LABEL: func @embedding
func.func @embedding(%table: tensor<10x4xf32>, %ids: tensor<5x1xi32>) -> tensor<5x4xf32> {
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<5x4xf32>
  // CHECK: linalg.generic {indexing_maps = [#{{.*}}], iterator_types = ["parallel", "parallel"]} outs(%[[E]] : tensor<5x4xf32>)
  // CHECK: %[[I0:.*]] = linalg.index 0 : index
  // CHECK: %[[I1:.*]] = linalg.index 1 : index
  // CHECK: %[[ID:.*]] = tensor.extract %{{.*}}[%[[I0]], %c0{{.*}}] : tensor<5x1xi32>
  // CHECK: %[[IX:.*]] = arith.index_cast %[[ID]] : i32 to index
  // CHECK: %[[LO:.*]] = arith.maxsi %[[IX]], %c0
  // CHECK: %[[ST:.*]] = arith.minsi %[[LO]], %c9
  // CHECK: %[[C:.*]] = arith.addi %{{.*}}, %[[I1]] : index
  // CHECK: tensor.extract %{{.*}}[%[[ST]], %[[C]]] : tensor<10x4xf32>
  %0 = hlo.gather %table, %ids, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 4] : (tensor<10x4xf32>, tensor<5x1xi32>) -> tensor<5x4xf32>
  return %0 : tensor<5x4xf32>
}

// -----

// Implicit index vector dim (index_vector_dim = rank), unsigned indices
// (zero-extended), a 2x2 window of a 4x5 operand: starts clamp to [0, 2].
// LLVM-LABEL: llvm.func @implicit_unsigned
// CHECK-LABEL: func @implicit_unsigned
func.func @implicit_unsigned(%x: tensor<4x5xf32>, %ids: tensor<3xui8>) -> tensor<3x2x2xf32> {
  // CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1]] output_shape [3, 1] : tensor<3xi8> into tensor<3x1xi8>
  // CHECK: linalg.generic
  // CHECK: arith.index_castui %{{.*}} : i8 to index
  // CHECK: arith.minsi %{{.*}}, %c2
  %0 = hlo.gather %x, %ids, <offset_dims = [1, 2], collapsed_slice_dims = [], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [2, 2] : (tensor<4x5xf32>, tensor<3xui8>) -> tensor<3x2x2xf32>
  return %0 : tensor<3x2x2xf32>
}

// -----

// Batching dims: operand dim 0 pairs with start_indices dim 0.
// LLVM-LABEL: llvm.func @batched
// CHECK-LABEL: func @batched
func.func @batched(%x: tensor<2x6xf32>, %ids: tensor<2x3x1xi32>) -> tensor<2x3xf32> {
  // CHECK: %[[B:.*]] = linalg.index 0 : index
  // CHECK: tensor.extract %{{.*}}[%[[B]], %{{.*}}] : tensor<2x6xf32>
  %0 = hlo.gather %x, %ids, <offset_dims = [], collapsed_slice_dims = [1], operand_batching_dims = [0], start_indices_batching_dims = [0], start_index_map = [1], index_vector_dim = 2>, sizes = [1, 1] : (tensor<2x6xf32>, tensor<2x3x1xi32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// LLVM-LABEL: llvm.func @dynamic_slices
// CHECK-LABEL: func @dynamic_slices
func.func @dynamic_slices(%x: tensor<4x5xf32>, %u: tensor<2x2xf32>, %i: tensor<i32>, %j: tensor<i64>) -> (tensor<2x3xf32>, tensor<4x5xf32>) {
  // CHECK: %[[I:.*]] = tensor.extract %{{.*}}[] : tensor<i32>
  // CHECK: %[[II:.*]] = arith.index_cast %[[I]] : i32 to index
  // CHECK: arith.maxsi %[[II]], %c0
  // CHECK: arith.minsi %{{.*}}, %c2
  // CHECK: tensor.extract_slice %{{.*}}[%{{.*}}, %{{.*}}] [2, 3] [1, 1] : tensor<4x5xf32> to tensor<2x3xf32>
  %0 = hlo.dynamic_slice %x[%i, %j], sizes = [2, 3] : (tensor<4x5xf32>, tensor<i32>, tensor<i64>) -> tensor<2x3xf32>
  // CHECK: tensor.insert_slice %{{.*}} into %{{.*}}[%{{.*}}, %{{.*}}] [2, 2] [1, 1] : tensor<2x2xf32> into tensor<4x5xf32>
  %1 = hlo.dynamic_update_slice %x, %u[%i, %j] : (tensor<4x5xf32>, tensor<2x2xf32>, tensor<i32>, tensor<i64>) -> tensor<4x5xf32>
  return %0, %1 : tensor<2x3xf32>, tensor<4x5xf32>
}

// -----

// Scatter-add of rows (TF TensorScatterAdd).
// LLVM-LABEL: llvm.func @scatter_add
// CHECK-LABEL: func @scatter_add
func.func @scatter_add(%table: tensor<10x4xf32>, %ids: tensor<5x1xi32>, %up: tensor<5x4xf32>) -> tensor<10x4xf32> {
  // CHECK: %[[R:.*]] = scf.for %[[U0:.*]] = %c0 to %c5 step %c1 iter_args(%[[A0:.*]] = %{{.*}}) -> (tensor<10x4xf32>)
  // CHECK: scf.for %[[U1:.*]] = %c0{{.*}} to %c4 step %c1{{.*}} iter_args(%[[A1:.*]] = %[[A0]]) -> (tensor<10x4xf32>)
  // CHECK: %[[ID:.*]] = tensor.extract %{{.*}}[%[[U0]], %{{.*}}] : tensor<5x1xi32>
  // CHECK: arith.cmpi sge
  // CHECK: arith.cmpi sle
  // CHECK: scf.if %{{.*}} -> (tensor<10x4xf32>)
  // CHECK: %[[CUR:.*]] = tensor.extract %[[A1]]
  // CHECK: %[[NEW:.*]] = tensor.extract %{{.*}}[%[[U0]], %[[U1]]] : tensor<5x4xf32>
  // CHECK: %[[S:.*]] = arith.addf %[[CUR]], %[[NEW]] : f32
  // CHECK: tensor.insert %[[S]] into %[[A1]]
  // CHECK: } else {
  // CHECK: scf.yield %[[A1]]
  // CHECK: return %[[R]]
  %1 = hlo.scatter(%table) indices(%ids) updates(%up) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<10x4xf32>, tensor<5x1xi32>, tensor<5x4xf32>) -> tensor<10x4xf32> {
  ^bb0(%cur: tensor<f32>, %new: tensor<f32>):
    %s = hlo.add %cur, %new : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %1 : tensor<10x4xf32>
}

// -----

// Scalar updates with an implicit index vector dim; a replacing region.
// LLVM-LABEL: llvm.func @scatter_scalar
// CHECK-LABEL: func @scatter_scalar
func.func @scatter_scalar(%x: tensor<6xi32>, %ids: tensor<i32>, %up: tensor<i32>) -> tensor<6xi32> {
  // CHECK-NOT: scf.for
  // CHECK: scf.if
  // CHECK: tensor.insert
  %1 = hlo.scatter(%x) indices(%ids) updates(%up) <update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 0> : (tensor<6xi32>, tensor<i32>, tensor<i32>) -> tensor<6xi32> {
  ^bb0(%cur: tensor<i32>, %new: tensor<i32>):
    hlo.return %new : tensor<i32>
  }
  return %1 : tensor<6xi32>
}

// -----

// Two inputs scattered together: one loop nest carries both results and
// the region sees (cur0, cur1, upd0, upd1).
// LLVM-LABEL: llvm.func @scatter_pair
// CHECK-LABEL: func @scatter_pair
func.func @scatter_pair(%a: tensor<6xf32>, %b: tensor<6xi32>, %ids: tensor<3x1xi32>, %ua: tensor<3xf32>, %ub: tensor<3xi32>) -> (tensor<6xf32>, tensor<6xi32>) {
  // CHECK: %[[R:.*]]:2 = scf.for %{{.*}} = %c0 to %c3 step %c1 iter_args(%[[A:.*]] = %arg0, %[[B:.*]] = %arg1) -> (tensor<6xf32>, tensor<6xi32>)
  // CHECK: scf.if %{{.*}} -> (tensor<6xf32>, tensor<6xi32>)
  // CHECK: arith.maximumf
  // CHECK: arith.addi
  // CHECK: tensor.insert %{{.*}} into %[[A]]
  // CHECK: tensor.insert %{{.*}} into %[[B]]
  // CHECK: return %[[R]]#0, %[[R]]#1
  %0:2 = hlo.scatter(%a, %b) indices(%ids) updates(%ua, %ub) <update_window_dims = [], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<6xf32>, tensor<6xi32>, tensor<3x1xi32>, tensor<3xf32>, tensor<3xi32>) -> (tensor<6xf32>, tensor<6xi32>) {
  ^bb0(%c0: tensor<f32>, %c1: tensor<i32>, %u0: tensor<f32>, %u1: tensor<i32>):
    %m = hlo.maximum %c0, %u0 : tensor<f32>
    %s = hlo.add %c1, %u1 : tensor<i32>
    hlo.return %m, %s : tensor<f32>, tensor<i32>
  }
  return %0#0, %0#1 : tensor<6xf32>, tensor<6xi32>
}
