// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @axis_range(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Sum' op requires 'reduction_indices' in [-2, 2), got 2}}
  %0 = "tf.Sum"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

// TF's ReductionHelper::Simplify: an axis named twice, here as 1 and -1.
func.func @duplicate_axes(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.Max' op Invalid reduction arguments: Axes contains duplicate dimension: 1}}
  %0 = "tf.Max"(%x, %a) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @indices_rank(%x: tensor<2x3xf32>, %a: tensor<1x1xi32>) {
  // expected-error @+1 {{'tf.Mean' op requires 'reduction_indices' to be rank 0 to 1, got 'tensor<1x1xi32>'}}
  %0 = "tf.Mean"(%x, %a) : (tensor<2x3xf32>, tensor<1x1xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @keep_dims_shape(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<1> : tensor<1xi32>} : () -> tensor<1xi32>
  // expected-error @+1 {{'tf.Max' op result type 'tensor<2xf32>' does not match the expected shape [2, 1]}}
  %0 = "tf.Max"(%x, %a) {keep_dims = true} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @keep_dims_rank(%x: tensor<2x3xf32>, %a: tensor<1xi32>) {
  // expected-error @+1 {{'tf.Prod' op requires 'output' to be rank 2, got 'tensor<6xf32>'}}
  %0 = "tf.Prod"(%x, %a) {keep_dims = true} : (tensor<2x3xf32>, tensor<1xi32>) -> tensor<6xf32>
  return
}

// -----

func.func @argmax_rank(%x: tensor<2x3xf32>, %d: tensor<i32>) {
  // expected-error @+1 {{'tf.ArgMax' op requires 'output' to be rank 1, got 'tensor<2x3xi64>'}}
  %0 = "tf.ArgMax"(%x, %d) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xi64>
  return
}

// -----

func.func @argmax_dimension(%x: tensor<2x3xf32>, %d: tensor<2xi32>) {
  // expected-error @+1 {{'tf.ArgMin' op requires 'dimension' to be a scalar or a 1-element vector, got 'tensor<2xi32>'}}
  %0 = "tf.ArgMin"(%x, %d) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<*xi64>
  return
}

// -----

func.func @cumsum_axis(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<-3> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Cumsum' op requires 'axis' in [-2, 2), got -3}}
  %0 = "tf.Cumsum"(%x, %a) : (tensor<2x3xf32>, tensor<i32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @segment_ids(%d: tensor<4x3xf32>, %ids: tensor<3xi32>) {
  // expected-error @+1 {{'tf.SegmentSum' op requires one segment id per row of 'data', got 'tensor<3xi32>' for 'tensor<4x3xf32>'}}
  %0 = "tf.SegmentSum"(%d, %ids) : (tensor<4x3xf32>, tensor<3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @unsorted_prefix(%d: tensor<4x3xf32>, %ids: tensor<3xi32>, %n: tensor<i32>) {
  // expected-error @+1 {{'tf.UnsortedSegmentSum' op requires the shape of 'segment_ids' 'tensor<3xi32>' to be a prefix of the shape of 'data' 'tensor<4x3xf32>'}}
  %0 = "tf.UnsortedSegmentSum"(%d, %ids, %n) : (tensor<4x3xf32>, tensor<3xi32>, tensor<i32>) -> tensor<*xf32>
  return
}
