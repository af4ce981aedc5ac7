// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{min-flops=0}))' -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel))' | FileCheck %s --check-prefix=DEFAULT
// RUN: tf-opt %s -split-input-file -pass-pipeline='builtin.module(func.func(hlo-cpu-gemm-ukernel{depthwise=false}))' | FileCheck %s --check-prefix=NODW
// hlo-cpu-gemm-ukernel: f32 GEMMs and their epilogues become one custom
// call of the runtime/cpu microkernel; constant B is packed at compile time
// into [ceil(N/32), K, 32] panels (zero-padded columns).

// A constant [2,3] B: one panel, rows k = 0, 1 of 32 lanes, 3 of them used.
// CHECK-LABEL: func @dot_const_bias_relu
// CHECK: %[[P:.*]] = hlo.constant dense<{{\[\[\[}}0.000000e+00, 1.000000e+00, 2.000000e+00, 0.000000e+00
// CHECK-SAME: [1.000000e+01, 1.100000e+01, 1.200000e+01, 0.000000e+00
// CHECK-SAME: tensor<1x2x32xf32>
// CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_sgemm_packed"(%arg0, %[[P]], %arg1) {backend_config = "activation=relu;bias=1;residual=0;transpose_b=0", has_side_effect = false} : (tensor<16x2xf32>, tensor<1x2x32xf32>, tensor<3xf32>) -> tensor<16x3xf32>
// CHECK-NOT: hlo.dot_general
// CHECK-NOT: hlo.maximum
// CHECK: return %[[C]]
// DEFAULT-LABEL: func @dot_const_bias_relu
// DEFAULT: hlo.dot_general
// DEFAULT-NOT: custom_call
// DEFAULT: return
func.func @dot_const_bias_relu(%x: tensor<16x2xf32>, %b: tensor<3xf32>) -> tensor<16x3xf32> {
  %w = hlo.constant dense<[[0.0, 1.0, 2.0], [10.0, 11.0, 12.0]]> : tensor<2x3xf32>
  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<16x2xf32>, tensor<2x3xf32>) -> tensor<16x3xf32>
  %1 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<3xf32>) -> tensor<16x3xf32>
  %2 = hlo.add %0, %1 : tensor<16x3xf32>
  %z = hlo.constant dense<0.0> : tensor<16x3xf32>
  %3 = hlo.maximum %2, %z : tensor<16x3xf32>
  return %3 : tensor<16x3xf32>
}

// -----

// TF's transpose_b: B is [N, K]; packing reads it transposed.
// CHECK-LABEL: func @dot_const_transposed
// CHECK: hlo.constant dense<{{\[\[\[}}0.000000e+00, 1.000000e+01, 0.000000e+00
// CHECK-SAME: [1.000000e+00, 1.100000e+01, 0.000000e+00
// CHECK: hlo.custom_call "tfmlir_rt_sgemm_packed"(%arg0, %{{.*}}) {backend_config = "activation=none;bias=0;residual=0;transpose_b=0"
func.func @dot_const_transposed(%x: tensor<4x2xf32>) -> tensor<4x2xf32> {
  %w = hlo.constant dense<[[0.0, 1.0], [10.0, 11.0]]> : tensor<2x2xf32>
  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [1]> : (tensor<4x2xf32>, tensor<2x2xf32>) -> tensor<4x2xf32>
  return %0 : tensor<4x2xf32>
}

// -----

// B not constant: the call packs it at run time; the residual add and
// Relu6 (max 0, min 6) are fused.
// CHECK-LABEL: func @dot_runtime_b_residual_relu6
// CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_sgemm"(%arg0, %arg1, %arg2) {backend_config = "activation=relu6;bias=0;residual=1;transpose_b=0", has_side_effect = false}
// CHECK-NOT: hlo.add
// CHECK: return %[[C]]
func.func @dot_runtime_b_residual_relu6(%x: tensor<8x64xf32>, %w: tensor<64x40xf32>, %r: tensor<8x40xf32>) -> tensor<8x40xf32> {
  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<8x64xf32>, tensor<64x40xf32>) -> tensor<8x40xf32>
  %1 = hlo.add %r, %0 : tensor<8x40xf32>
  %z = hlo.constant dense<0.0> : tensor<8x40xf32>
  %s = hlo.constant dense<6.0> : tensor<8x40xf32>
  %2 = hlo.maximum %1, %z : tensor<8x40xf32>
  %3 = hlo.minimum %2, %s : tensor<8x40xf32>
  return %3 : tensor<8x40xf32>
}

// -----

// A 1x1 NHWC convolution is a GEMM of [N*H*W, Cin] x [Cin, Cout] on
// reshaped operands; BiasAdd + clamp(0, x, 6) fused.
// CHECK-LABEL: func @conv1x1_bias_relu6
// CHECK: %[[A:.*]] = hlo.reshape %arg0 : (tensor<1x4x5x8xf32>) -> tensor<20x8xf32>
// CHECK: %[[P:.*]] = hlo.constant dense<{{.*}}> : tensor<1x8x32xf32>
// CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_sgemm_packed"(%[[A]], %[[P]], %arg1) {backend_config = "activation=relu6;bias=1;residual=0;transpose_b=0", has_side_effect = false} : (tensor<20x8xf32>, tensor<1x8x32xf32>, tensor<16xf32>) -> tensor<20x16xf32>
// CHECK: %[[R:.*]] = hlo.reshape %[[C]] : (tensor<20x16xf32>) -> tensor<1x4x5x16xf32>
// CHECK: return %[[R]]
func.func @conv1x1_bias_relu6(%x: tensor<1x4x5x8xf32>, %b: tensor<16xf32>) -> tensor<1x4x5x16xf32> {
  %k = hlo.constant dense<[[[[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0],[2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0],[4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0],[6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0],[1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0],[3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0],[5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0],[0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0, 2.0, 3.0, 4.0, 5.0, 6.0, 0.0, 1.0]]]]> : tensor<1x1x8x16xf32>
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x4x5x8xf32>, tensor<1x1x8x16xf32>) -> tensor<1x4x5x16xf32>
  %1 = hlo.broadcast_in_dim %b, dims = [3] : (tensor<16xf32>) -> tensor<1x4x5x16xf32>
  %2 = hlo.add %0, %1 : tensor<1x4x5x16xf32>
  %lo = hlo.constant dense<0.0> : tensor<f32>
  %hi = hlo.constant dense<6.0> : tensor<f32>
  %3 = hlo.clamp %lo, %2, %hi : tensor<f32>, tensor<1x4x5x16xf32>, tensor<f32>
  return %3 : tensor<1x4x5x16xf32>
}

// -----

// Not rewritten: a strided 1x1 conv, a 3x3 conv, an f64 dot, a batched dot,
// and an epilogue whose intermediate has a second use (only the dot and
// bias are fused then).
// CHECK-LABEL: func @not_rewritten
// CHECK-COUNT-2: hlo.convolution
// CHECK: hlo.dot_general
// CHECK: hlo.dot_general
// CHECK: hlo.custom_call "tfmlir_rt_sgemm"(%arg4, %arg5, %arg6) {backend_config = "activation=none;bias=1;residual=0;transpose_b=0"
// CHECK: hlo.maximum
func.func @not_rewritten(%x: tensor<1x8x8x4xf32>, %k: tensor<1x1x4x4xf32>, %k3: tensor<3x3x4x4xf32>, %d: tensor<4x4xf64>, %a: tensor<4x4xf32>, %w: tensor<4x4xf32>, %b: tensor<4xf32>, %bx: tensor<2x4x4xf32>) -> (tensor<1x4x4x4xf32>, tensor<1x6x6x4xf32>, tensor<4x4xf64>, tensor<2x4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>) {
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {window_strides = array<i64: 2, 2>} : (tensor<1x8x8x4xf32>, tensor<1x1x4x4xf32>) -> tensor<1x4x4x4xf32>
  %1 = hlo.convolution %x, %k3, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x8x8x4xf32>, tensor<3x3x4x4xf32>) -> tensor<1x6x6x4xf32>
  %2 = hlo.dot_general %d, %d, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<4x4xf64>, tensor<4x4xf64>) -> tensor<4x4xf64>
  %3 = hlo.dot_general %bx, %bx, <lhs_batch = [0], rhs_batch = [0], lhs_contract = [2], rhs_contract = [1]> : (tensor<2x4x4xf32>, tensor<2x4x4xf32>) -> tensor<2x4x4xf32>
  %4 = hlo.dot_general %a, %w, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<4x4xf32>, tensor<4x4xf32>) -> tensor<4x4xf32>
  %5 = hlo.broadcast_in_dim %b, dims = [1] : (tensor<4xf32>) -> tensor<4x4xf32>
  %6 = hlo.add %4, %5 : tensor<4x4xf32>
  %z = hlo.constant dense<0.0> : tensor<4x4xf32>
  %7 = hlo.maximum %6, %z : tensor<4x4xf32>
  return %0, %1, %2, %3, %6, %7 : tensor<1x4x4x4xf32>, tensor<1x6x6x4xf32>, tensor<4x4xf64>, tensor<2x4x4xf32>, tensor<4x4xf32>, tensor<4x4xf32>
}

// -----

// A depthwise conv (feature_group_count = C, channel multiplier 1) with
// BiasAdd + Relu6 goes to the direct kernel with its window in the config;
// the filter [3,3,1,C] is reshaped to [3,3,C].
// CHECK-LABEL: func @depthwise_bias_relu6
// CHECK: %[[F:.*]] = hlo.reshape %arg1 : (tensor<3x3x1x16xf32>) -> tensor<3x3x16xf32>
// CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_depthwise_conv2d"(%arg0, %[[F]], %arg2) {backend_config = "activation=relu6;bias=1;residual=0;transpose_b=0;strides=2,2;dilations=1,1;pad=0,1", has_side_effect = false} : (tensor<1x9x9x16xf32>, tensor<3x3x16xf32>, tensor<16xf32>) -> tensor<1x4x5x16xf32>
// CHECK: return %[[C]]
// NODW-LABEL: func @depthwise_bias_relu6
// NODW: hlo.convolution
// NODW-NOT: custom_call
// NODW: return
func.func @depthwise_bias_relu6(%x: tensor<1x9x9x16xf32>, %k: tensor<3x3x1x16xf32>, %b: tensor<16xf32>) -> tensor<1x4x5x16xf32> {
  %0 = hlo.convolution %x, %k, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {feature_group_count = 16 : i64, padding = dense<[[0, 1], [1, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<1x9x9x16xf32>, tensor<3x3x1x16xf32>) -> tensor<1x4x5x16xf32>
  %1 = hlo.broadcast_in_dim %b, dims = [3] : (tensor<16xf32>) -> tensor<1x4x5x16xf32>
  %2 = hlo.add %0, %1 : tensor<1x4x5x16xf32>
  %z = hlo.constant dense<0.0> : tensor<1x4x5x16xf32>
  %s = hlo.constant dense<6.0> : tensor<1x4x5x16xf32>
  %3 = hlo.maximum %2, %z : tensor<1x4x5x16xf32>
  %4 = hlo.minimum %3, %s : tensor<1x4x5x16xf32>
  return %4 : tensor<1x4x5x16xf32>
}

// -----

// Two layers: the second GEMM's A is the first one's fused result (its
// producer chain was replaced before the second is rewritten).
// CHECK-LABEL: func @chained_layers
// CHECK: %[[H:.*]] = hlo.custom_call "tfmlir_rt_sgemm"(%arg0, %arg1, %arg2) {backend_config = "activation=relu;bias=1;residual=0;transpose_b=0"
// CHECK: %[[Y:.*]] = hlo.custom_call "tfmlir_rt_sgemm"(%[[H]], %arg3) {backend_config = "activation=none;bias=0;residual=0;transpose_b=0"
// CHECK: return %[[Y]]
func.func @chained_layers(%x: tensor<8x16xf32>, %w1: tensor<16x32xf32>, %b1: tensor<32xf32>, %w2: tensor<32x8xf32>) -> tensor<8x8xf32> {
  %0 = hlo.dot_general %x, %w1, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<8x16xf32>, tensor<16x32xf32>) -> tensor<8x32xf32>
  %1 = hlo.broadcast_in_dim %b1, dims = [1] : (tensor<32xf32>) -> tensor<8x32xf32>
  %2 = hlo.add %0, %1 : tensor<8x32xf32>
  %z = hlo.constant dense<0.0> : tensor<8x32xf32>
  %3 = hlo.maximum %2, %z : tensor<8x32xf32>
  %4 = hlo.dot_general %3, %w2, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<8x32xf32>, tensor<32x8xf32>) -> tensor<8x8xf32>
  return %4 : tensor<8x8xf32>
}
