// RUN: tf-opt %s -hlo-legalize-to-linalg -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// Data movement ops become tensor/linalg ops.

// CHECK: #[[BC:.*]] = affine_map<(d0, d1) -> (d1)>
// CHECK-LABEL: func @broadcast
func.func @broadcast(%v: tensor<3xf32>) -> tensor<2x3xf32> {
  // CHECK: linalg.generic {indexing_maps = [#[[BC]], #{{.*}}]
  %0 = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @transpose_reshape
func.func @transpose_reshape(%m: tensor<2x3xf32>) -> tensor<3x1x2xf32> {
  // CHECK: linalg.transpose ins(%{{.*}} : tensor<2x3xf32>) outs(%{{.*}} : tensor<3x2xf32>) permutation = [1, 0]
  // CHECK: tensor.collapse_shape %{{.*}} {{\[\[}}0, 1]] : tensor<3x2xf32> into tensor<6xf32>
  // CHECK: tensor.expand_shape %{{.*}} {{\[\[}}0, 1, 2]] output_shape [3, 1, 2] : tensor<6xf32> into tensor<3x1x2xf32>
  %0 = hlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %1 = hlo.reshape %0 : (tensor<3x2xf32>) -> tensor<3x1x2xf32>
  return %1 : tensor<3x1x2xf32>
}

// -----

// CHECK-LABEL: func @slice_concat
func.func @slice_concat(%m: tensor<2x4xf32>) -> tensor<4x2xf32> {
  // CHECK: %[[S:.*]] = tensor.extract_slice %arg0[0, 1] [2, 2] [1, 2] : tensor<2x4xf32> to tensor<2x2xf32>
  // CHECK: %[[E:.*]] = tensor.empty() : tensor<4x2xf32>
  // CHECK: %[[I:.*]] = tensor.insert_slice %[[S]] into %[[E]][0, 0] [2, 2] [1, 1]
  // CHECK: tensor.insert_slice %[[S]] into %[[I]][2, 0] [2, 2] [1, 1]
  %s = hlo.slice %m, start = [0, 1], limit = [2, 4], strides = [1, 2] : (tensor<2x4xf32>) -> tensor<2x2xf32>
  %0 = hlo.concatenate(%s, %s) dim = 0 : (tensor<2x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// Interior padding inserts with a stride; a negative low edge slices.
// CHECK-LABEL: func @pad
func.func @pad(%x: tensor<3xf32>, %p: tensor<f32>) -> tensor<6xf32> {
  // CHECK: %[[V:.*]] = tensor.extract %arg1[] : tensor<f32>
  // CHECK: %[[F:.*]] = linalg.fill ins(%[[V]] : f32) outs(%{{.*}} : tensor<7xf32>)
  // CHECK: %[[I:.*]] = tensor.insert_slice %arg0 into %[[F]][0] [3] [2] : tensor<3xf32> into tensor<7xf32>
  // CHECK: tensor.extract_slice %[[I]][1] [6] [1] : tensor<7xf32> to tensor<6xf32>
  %0 = hlo.pad %x, %p, low = [-1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
}

// -----

// CHECK-LABEL: func @iota_constant
func.func @iota_constant() -> (tensor<2x3xf32>, tensor<2xi32>) {
  // CHECK: linalg.index 1
  // CHECK: arith.sitofp
  // CHECK: arith.constant dense<[1, 2]> : tensor<2xi32>
  %0 = hlo.iota dim = 1 : tensor<2x3xf32>
  %1 = hlo.constant dense<[1, 2]> : tensor<2xi32>
  return %0, %1 : tensor<2x3xf32>, tensor<2xi32>
}

// -----

// CHECK: #[[REV:.*]] = affine_map<(d0, d1) -> (-d0 + 1, d1)>
// CHECK-LABEL: func @reverse
func.func @reverse(%m: tensor<2x3xf32>) -> tensor<2x3xf32> {
  // CHECK: linalg.generic {indexing_maps = [#[[REV]],
  %0 = hlo.reverse %m, dims = [0] : tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
}

// -----
// An empty slice reads nothing (tensor.extract_slice refuses offset 0 in a
// dim of size 0): TF's Slice/Split of an empty tensor is an empty tensor.
// CHECK-LABEL: func @slice_empty
func.func @slice_empty(%x: tensor<0x3xf32>) -> tensor<0x2xf32> {
  // CHECK: tensor.empty() : tensor<0x2xf32>
  // CHECK-NOT: extract_slice
  %0 = hlo.slice %x, start = [0, 1], limit = [0, 3], strides = [1, 1] : (tensor<0x3xf32>) -> tensor<0x2xf32>
  return %0 : tensor<0x2xf32>
}
