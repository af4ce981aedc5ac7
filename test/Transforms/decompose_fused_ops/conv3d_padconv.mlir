// RUN: tf-opt %s -split-input-file -tf-decompose-fused-ops -mlir-print-debuginfo=false -verify-diagnostics | FileCheck %s

// CHECK-LABEL: func.func @conv3d_bias_leaky
// CHECK: %[[C:.*]] = "tf.Conv3D"(%arg0, %arg1) {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x5xf32>) -> tensor<1x4x3x6x5xf32>
// CHECK: %[[B:.*]] = "tf.BiasAdd"(%[[C]], %arg2) {data_format = "NHWC"}
// CHECK: %[[R:.*]] = "tf.LeakyRelu"(%[[B]]) {alpha = 1.000000e-01 : f32}
// CHECK: return %[[R]]
func.func @conv3d_bias_leaky(%x: tensor<1x4x6x6x2xf32>, %w: tensor<2x3x3x2x5xf32>, %b: tensor<5xf32>) -> tensor<1x4x3x6x5xf32> {
  %0 = "tf._FusedConv3D"(%x, %w, %b) {T = f32, data_format = "NDHWC", dilations = [1, 1, 1, 1, 1], epsilon = 0.0 : f32, explicit_paddings = [], fused_ops = ["BiasAdd", "LeakyRelu"], leakyrelu_alpha = 0.1 : f32, num_args = 1 : i64, padding = "SAME", strides = [1, 1, 2, 1, 1]} : (tensor<1x4x6x6x2xf32>, tensor<2x3x3x2x5xf32>, tensor<5xf32>) -> tensor<1x4x3x6x5xf32>
  func.return %0 : tensor<1x4x3x6x5xf32>
}

// -----

// NCDHW: BiasAdd reads the channel dim 1 (NCHW).
// CHECK-LABEL: func.func @conv3d_ncdhw_relu6
// CHECK: "tf.Conv3D"(%arg0, %arg1) {{.*}}data_format = "NCDHW"
// CHECK: "tf.BiasAdd"({{.*}}) {data_format = "NCHW"}
// CHECK: "tf.Relu6"
func.func @conv3d_ncdhw_relu6(%x: tensor<1x2x4x6x6xf32>, %w: tensor<1x1x1x2x5xf32>, %b: tensor<5xf32>) -> tensor<*xf32> {
  %0 = "tf._FusedConv3D"(%x, %w, %b) {T = f32, data_format = "NCDHW", fused_ops = ["BiasAdd", "Relu6"], num_args = 1 : i64, padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x2x4x6x6xf32>, tensor<1x1x1x2x5xf32>, tensor<5xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

func.func @conv3d_batchnorm(%x: tensor<1x4x6x6x2xf32>, %w: tensor<1x1x1x2x5xf32>, %s: tensor<5xf32>) -> tensor<*xf32> {
  // expected-warning @unknown {{node 'c3' (tf._FusedConv3D) is not decomposed: fused_ops with FusedBatchNorm is not supported for Conv3D}}
  %0 = "tf._FusedConv3D"(%x, %w, %s, %s, %s, %s) {T = f32, fused_ops = ["FusedBatchNorm"], num_args = 4 : i64, padding = "VALID", strides = [1, 1, 1, 1, 1]} : (tensor<1x4x6x6x2xf32>, tensor<1x1x1x2x5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>, tensor<5xf32>) -> tensor<*xf32> loc("c3")
  func.return %0 : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @pad_conv
// CHECK: %[[P:.*]] = "tf.MirrorPad"(%arg0, %arg1) {mode = "SYMMETRIC"} : (tensor<1x5x5x2xf32>, tensor<4x2xi32>) -> tensor<*xf32>
// CHECK: %[[C:.*]] = "tf.Conv2D"(%[[P]], %arg2) {data_format = "NHWC", padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<*xf32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
// CHECK: return %[[C]]
func.func @pad_conv(%x: tensor<1x5x5x2xf32>, %p: tensor<4x2xi32>, %w: tensor<3x3x2x4xf32>) -> tensor<*xf32> {
  %0 = "tf.FusedPadConv2D"(%x, %p, %w) {T = f32, mode = "SYMMETRIC", padding = "VALID", strides = [1, 2, 2, 1]} : (tensor<1x5x5x2xf32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @resize_pad_conv
// CHECK: %[[R:.*]] = "tf.ResizeBilinear"(%arg0, %arg1) {align_corners = true, half_pixel_centers = false}
// CHECK: %[[P:.*]] = "tf.MirrorPad"(%[[R]], %arg2) {mode = "REFLECT"}
// CHECK: "tf.Conv2D"(%[[P]], %arg3) {data_format = "NHWC", padding = "SAME", strides = [1, 1, 1, 1]}
func.func @resize_pad_conv(%x: tensor<1x5x5x2xf32>, %s: tensor<2xi32>, %p: tensor<4x2xi32>, %w: tensor<3x3x2x4xf32>) -> tensor<*xf32> {
  %0 = "tf.FusedResizeAndPadConv2D"(%x, %s, %p, %w) {T = f32, mode = "REFLECT", padding = "SAME", resize_align_corners = true, strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<2xi32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

func.func @bad_mode(%x: tensor<1x5x5x2xf32>, %p: tensor<4x2xi32>, %w: tensor<3x3x2x4xf32>) -> tensor<*xf32> {
  // expected-error @+1 {{'tf.FusedPadConv2D' op mode 'CONSTANT' is not REFLECT or SYMMETRIC}}
  %0 = "tf.FusedPadConv2D"(%x, %p, %w) {T = f32, mode = "CONSTANT", padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x5x5x2xf32>, tensor<4x2xi32>, tensor<3x3x2x4xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
