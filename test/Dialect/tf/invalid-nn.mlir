// RUN: tf-opt %s -split-input-file -verify-diagnostics
// Verifier errors of the NN family: the checks of TF's shape functions.

func.func @matmul_inner(%a: tensor<3x5xf32>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tf.MatMul' op inner dimensions do not match: 5 vs 4}}
  %0 = "tf.MatMul"(%a, %b) : (tensor<3x5xf32>, tensor<4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @matmul_rank(%a: tensor<3xf32>, %b: tensor<3x4xf32>) {
  // expected-error @+1 {{'tf.MatMul' op requires 'a' to be rank 2, got 'tensor<3xf32>'}}
  %0 = "tf.MatMul"(%a, %b) : (tensor<3xf32>, tensor<3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @batch_matmul_v1_batch(%x: tensor<2x3x4xf32>, %y: tensor<1x4x5xf32>) {
  // expected-error @+1 {{'tf.BatchMatMul' op batch dimensions of 'tensor<2x3x4xf32>' and 'tensor<1x4x5xf32>' must be equal}}
  %0 = "tf.BatchMatMul"(%x, %y) : (tensor<2x3x4xf32>, tensor<1x4x5xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @batch_matmul_result(%x: tensor<2x3x4xf32>, %y: tensor<1x4x5xf32>) {
  // expected-error @+1 {{'tf.BatchMatMulV2' op result type 'tensor<2x3x4xf32>' does not match [2, 3, 5]}}
  %0 = "tf.BatchMatMulV2"(%x, %y) : (tensor<2x3x4xf32>, tensor<1x4x5xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @conv_strides_size(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op requires 'strides' to have 4 elements, got 2}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_padding(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op has invalid 'padding' "FULL"; expected "SAME", "VALID", "EXPLICIT"}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "FULL", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_data_format(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op has invalid 'data_format' "NDHWC"; expected "NHWC", "NCHW"}}
  %0 = "tf.Conv2D"(%x, %w) {data_format = "NDHWC", padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_batch_stride(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op does not support 'strides' in the batch and depth dimensions}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [2, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_explicit_size(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op requires 'explicit_paddings' to have 8 elements, got 4}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "EXPLICIT", explicit_paddings = [1, 1, 1, 1], strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_depth(%x: tensor<1x8x8x5xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op input depth 5 is not a multiple of the filter's input depth 3}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x5xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv_output_size(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op output dim 1 is 8 but should be 6 (input 8, window 3, dilation 1, stride 1, padding VALID)}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @conv_missing_strides(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv2D' op requires attribute 'strides'}}
  %0 = "tf.Conv2D"(%x, %w) {padding = "SAME"} : (tensor<1x8x8x3xf32>, tensor<3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @conv3d_rank(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x3x4xf32>) {
  // expected-error @+1 {{'tf.Conv3D' op requires 'input' to be rank 5, got 'tensor<1x8x8x3xf32>'}}
  %0 = "tf.Conv3D"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x3x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @depthwise_channels(%x: tensor<1x8x8x3xf32>, %w: tensor<3x3x3x2xf32>) {
  // expected-error @+1 {{'tf.DepthwiseConv2dNative' op requires 6 output channels (input channels * channel multiplier), got 3}}
  %0 = "tf.DepthwiseConv2dNative"(%x, %w) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<1x8x8x3xf32>, tensor<3x3x3x2xf32>) -> tensor<1x8x8x3xf32>
  return
}

// -----

func.func @backprop_input_sizes(%s: tensor<3xi32>, %w: tensor<3x3x3x4xf32>, %g: tensor<1x8x8x4xf32>) {
  // expected-error @+1 {{'tf.Conv2DBackpropInput' op requires 'input_sizes' to have 4 (or 2) elements, got 'tensor<3xi32>'}}
  %0 = "tf.Conv2DBackpropInput"(%s, %w, %g) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<3xi32>, tensor<3x3x3x4xf32>, tensor<1x8x8x4xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @backprop_result(%w: tensor<3x3x3x4xf32>, %g: tensor<1x8x8x4xf32>) {
  %s = "tf.Const"() {value = dense<[1, 8, 8, 3]> : tensor<4xi32>} : () -> tensor<4xi32>
  // expected-error @+1 {{'tf.Conv2DBackpropInput' op result type 'tensor<1x8x8x4xf32>' does not match 'input_sizes' [1, 8, 8, 3]}}
  %0 = "tf.Conv2DBackpropInput"(%s, %w, %g) {padding = "SAME", strides = [1, 1, 1, 1]} : (tensor<4xi32>, tensor<3x3x3x4xf32>, tensor<1x8x8x4xf32>) -> tensor<1x8x8x4xf32>
  return
}

// -----

func.func @bias_length(%x: tensor<2x3x4xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tf.BiasAdd' op requires 'bias' of length 4 (dim 2 of 'value' for NHWC), got 'tensor<3xf32>'}}
  %0 = "tf.BiasAdd"(%x, %b) : (tensor<2x3x4xf32>, tensor<3xf32>) -> tensor<2x3x4xf32>
  return
}

// -----

func.func @bias_nchw_rank(%x: tensor<2x3xf32>, %b: tensor<3xf32>) {
  // expected-error @+1 {{'tf.BiasAdd' op requires 'value' to be at least rank 3, got 'tensor<2x3xf32>'}}
  %0 = "tf.BiasAdd"(%x, %b) {data_format = "NCHW"} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @batchnorm_scale(%x: tensor<1x4x4x8xf32>, %s: tensor<4xf32>) {
  // expected-error @+1 {{'tf.FusedBatchNormV3' op requires dim 0 of 'scale' (4) to equal dim 3 of 'x' (8)}}
  %0:6 = "tf.FusedBatchNormV3"(%x, %s, %s, %s, %s) : (tensor<1x4x4x8xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @batchnorm_v1_format(%x: tensor<1x4x4x4x8xf32>, %s: tensor<8xf32>) {
  // expected-error @+1 {{'tf.FusedBatchNorm' op has invalid 'data_format' "NDHWC"; expected "NHWC", "NCHW"}}
  %0:5 = "tf.FusedBatchNorm"(%x, %s, %s, %s, %s) {data_format = "NDHWC"} : (tensor<1x4x4x4x8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>, tensor<8xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @pool_ksize(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'tf.MaxPool' op requires 'ksize' to have 4 elements, got 3}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 2, 2], strides = [1, 2, 2, 1], padding = "VALID"} : (tensor<1x8x8x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @pool_batch(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'tf.AvgPool' op does not support pooling on the batch dimension}}
  %0 = "tf.AvgPool"(%x) {ksize = [2, 2, 2, 1], strides = [1, 2, 2, 1], padding = "VALID"} : (tensor<1x8x8x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @pool_explicit(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'tf.AvgPool' op has invalid 'padding' "EXPLICIT"; expected "SAME", "VALID"}}
  %0 = "tf.AvgPool"(%x) {ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "EXPLICIT"} : (tensor<1x8x8x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @pool_output(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'tf.MaxPool' op output dim 2 is 3 but should be 4 (input 8, window 2, dilation 1, stride 2, padding SAME)}}
  %0 = "tf.MaxPool"(%x) {ksize = [1, 2, 2, 1], strides = [1, 2, 2, 1], padding = "SAME"} : (tensor<1x8x8x3xf32>) -> tensor<1x4x3x3xf32>
  return
}

// -----

func.func @pool3d_rank(%x: tensor<1x8x8x3xf32>) {
  // expected-error @+1 {{'tf.MaxPool3D' op requires 'input' to be rank 5}}
  %0 = "tf.MaxPool3D"(%x) {ksize = [1, 2, 2, 2, 1], strides = [1, 2, 2, 2, 1], padding = "VALID"} : (tensor<1x8x8x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @softmax_scalar(%x: tensor<f32>) {
  // expected-error @+1 {{'tf.Softmax' op requires 'logits' to be at least rank 1, got 'tensor<f32>'}}
  %0 = "tf.Softmax"(%x) : (tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @l2loss_result(%x: tensor<3xf32>) {
  // expected-error @+1 {{'tf.L2Loss' op requires 'output' to be rank 0, got 'tensor<3xf32>'}}
  %0 = "tf.L2Loss"(%x) : (tensor<3xf32>) -> tensor<3xf32>
  return
}

// -----

func.func @sparse_xent_labels(%f: tensor<2x3xf32>, %l: tensor<3xi64>) {
  // expected-error @+1 {{'tf.SparseSoftmaxCrossEntropyWithLogits' op requires dim 0 of 'labels' (3) to equal dim 0 of 'features' (2)}}
  %0:2 = "tf.SparseSoftmaxCrossEntropyWithLogits"(%f, %l) : (tensor<2x3xf32>, tensor<3xi64>) -> (tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @leaky_alpha_kind(%x: tensor<3xf32>) {
  // expected-error @+1 {{'tf.LeakyRelu' op attribute 'alpha' failed to satisfy constraint: 32-bit float attribute}}
  %0 = "tf.LeakyRelu"(%x) {alpha = 1 : i64} : (tensor<3xf32>) -> tensor<3xf32>
  return
}
