// RUN: tf-opt %s -hlo-legalize-to-linalg -canonicalize -hlo-cpu-tile -canonicalize -hlo-cpu-vectorize -canonicalize -split-input-file -mlir-print-debuginfo=false | FileCheck %s
// hlo-cpu-tile cuts linalg ops into register tiles (scf.for over full,
// static tiles plus a peeled remainder); hlo-cpu-vectorize turns the tiles
// into vector ops.

// f32 matmul 20x7x40: an 8x32 register tile stepping k by 1; rows 16..19
// and columns 32..39 are peeled remainders, vectorized with their own
// static sizes.
// CHECK-LABEL: func @matmul
// CHECK: scf.for
// CHECK: scf.for
// CHECK: scf.for
// CHECK: vector.contract
// CHECK-SAME: vector<8x1xf32>, vector<1x32xf32> into vector<8x32xf32>
// CHECK: vector.contract
// CHECK-SAME: vector<8x1xf32>, vector<1x8xf32> into vector<8x8xf32>
// CHECK: vector.contract
// CHECK-SAME: vector<4x1xf32>, vector<1x32xf32> into vector<4x32xf32>
// CHECK-NOT: linalg.generic
// CHECK: return
func.func @matmul(%a: tensor<20x7xf32>, %b: tensor<7x40xf32>) -> tensor<20x40xf32> {
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<20x7xf32>, tensor<7x40xf32>) -> tensor<20x40xf32>
  return %0 : tensor<20x40xf32>
}

// -----

// Element-wise 3x37: 32-wide vectors along the last dim and a 5-wide
// remainder.
// CHECK-LABEL: func @elementwise
// CHECK: scf.for
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<1x32xf32>
// CHECK: arith.addf %{{.*}}, %{{.*}} : vector<1x5xf32>
// CHECK-NOT: linalg.generic
func.func @elementwise(%x: tensor<3x37xf32>, %y: tensor<3x37xf32>) -> tensor<3x37xf32> {
  %0 = hlo.add %x, %y : tensor<3x37xf32>
  return %0 : tensor<3x37xf32>
}

// -----

// NHWC 3x3 convolution: one output row of 8 columns x 32 features, decomposed
// to a 1-D convolution and vectorized (FMAs of outer products after
// lowering).
// CHECK-LABEL: func @conv
// CHECK: scf.for
// CHECK: vector.contract
// CHECK-SAME: into vector<1x8x32xf32>
func.func @conv(%x: tensor<1x18x18x8xf32>, %f: tensor<3x3x8x64xf32>) -> tensor<1x16x16x64xf32> {
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {} : (tensor<1x18x18x8xf32>, tensor<3x3x8x64xf32>) -> tensor<1x16x16x64xf32>
  return %0 : tensor<1x16x16x64xf32>
}

// -----

// Depthwise 3x3: 8 columns x 16 channels, multiply-adds on vectors.
// CHECK-LABEL: func @depthwise
// CHECK: scf.for
// CHECK: vector.fma
// CHECK-SAME: vector<1x8x16xf32>
func.func @depthwise(%x: tensor<1x18x18x16xf32>, %f: tensor<3x3x1x16xf32>) -> tensor<1x16x16x16xf32> {
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 16 : i64} : (tensor<1x18x18x16xf32>, tensor<3x3x1x16xf32>) -> tensor<1x16x16x16xf32>
  return %0 : tensor<1x16x16x16xf32>
}

// -----

// tanh has no vector instruction (a vector of it is one libm call per
// lane): the op is neither tiled nor vectorized.
// CHECK-LABEL: func @tanh_stays_scalar
// CHECK-NOT: scf.for
// CHECK-NOT: vector.
// CHECK: linalg.generic
// CHECK: math.tanh %{{.*}} : f32
func.func @tanh_stays_scalar(%x: tensor<3x37xf32>) -> tensor<3x37xf32> {
  %0 = hlo.tanh %x : tensor<3x37xf32>
  return %0 : tensor<3x37xf32>
}
