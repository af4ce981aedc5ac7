// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @random_shape() {
  %s = "tf.Const"() {value = dense<[3, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.RandomUniform' op result type 'tensor<4x3xf32>' does not match the expected shape [3, 4]}}
  %0 = "tf.RandomUniform"(%s) : (tensor<2xi32>) -> tensor<4x3xf32>
  return
}

// -----

func.func @random_int_range(%s: tensor<1xi32>) {
  %lo = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.RandomUniformInt' op requires minval < maxval, got 5 >= 5}}
  %0 = "tf.RandomUniformInt"(%s, %lo, %lo) : (tensor<1xi32>, tensor<i32>, tensor<i32>) -> tensor<*xi32>
  return
}

// -----

func.func @stateless_seed(%s: tensor<1xi32>, %seed: tensor<3xi64>) {
  // expected-error @+1 {{'tf.StatelessRandomNormal' op requires dim 0 of 'seed' to be 2, got 'tensor<3xi64>'}}
  %0 = "tf.StatelessRandomNormal"(%s, %seed) : (tensor<1xi32>, tensor<3xi64>) -> tensor<*xf32>
  return
}

// -----

func.func @inverse_square(%m: tensor<3x4xf32>) {
  // expected-error @+1 {{'tf.MatrixInverse' op requires square matrices in 'input', got 'tensor<3x4xf32>'}}
  %0 = "tf.MatrixInverse"(%m) : (tensor<3x4xf32>) -> tensor<3x4xf32>
  return
}

// -----

func.func @solve_rows(%m: tensor<3x3xf32>, %r: tensor<4x2xf32>) {
  // expected-error @+1 {{'tf.MatrixSolve' op requires 'rhs' rows (4) to match the matrix size (3)}}
  %0 = "tf.MatrixSolve"(%m, %r) : (tensor<3x3xf32>, tensor<4x2xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @svd_s(%a: tensor<5x3xf32>) {
  // expected-error @+1 {{'tf.Svd' op result type 'tensor<5xf32>' does not match the expected shape [3]}}
  %0:3 = "tf.Svd"(%a) : (tensor<5x3xf32>) -> (tensor<5xf32>, tensor<*xf32>, tensor<*xf32>)
  return
}

// -----

func.func @tensor_array_handle(%h: tensor<f32>, %i: tensor<i32>, %f: tensor<f32>) {
  // expected-error @+1 {{'tf.TensorArrayReadV3' op requires 'handle' to be a !tf_type.resource tensor, got 'tensor<f32>'}}
  %0 = "tf.TensorArrayReadV3"(%h, %i, %f) : (tensor<f32>, tensor<i32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @tensor_array_index(%h: tensor<!tf_type.resource>, %i: tensor<2xi32>, %f: tensor<f32>, %v: tensor<3xf32>) {
  // expected-error @+1 {{'tf.TensorArrayWriteV3' op requires 'index' to be a scalar, got 'tensor<2xi32>'}}
  %0 = "tf.TensorArrayWriteV3"(%h, %i, %v, %f) : (tensor<!tf_type.resource>, tensor<2xi32>, tensor<3xf32>, tensor<f32>) -> tensor<f32>
  return
}

// -----

func.func @bitpack(%x: tensor<2x12xf32>, %t: tensor<f32>) {
  // expected-error @+1 {{'tf.CompareAndBitpack' op requires the last dimension of 'input' to be a multiple of 8, got 'tensor<2x12xf32>'}}
  %0 = "tf.CompareAndBitpack"(%x, %t) : (tensor<2x12xf32>, tensor<f32>) -> tensor<*xui8>
  return
}

// -----

func.func @sparse_dense_add(%ai: tensor<3x2xi64>, %av: tensor<4xf32>, %ash: tensor<2xi64>, %b: tensor<4x5xf32>) {
  // expected-error @+1 {{'tf.SparseTensorDenseAdd' op requires dim 0 of 'a_values' to be 3, got 'tensor<4xf32>'}}
  %0 = "tf.SparseTensorDenseAdd"(%ai, %av, %ash, %b) : (tensor<3x2xi64>, tensor<4xf32>, tensor<2xi64>, tensor<4x5xf32>) -> tensor<4x5xf32>
  return
}
