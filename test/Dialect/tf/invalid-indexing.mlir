// RUN: tf-opt %s -split-input-file -verify-diagnostics

func.func @gather_v2_axis(%p: tensor<5x4xf32>, %i: tensor<3xi32>) {
  %a = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op requires 'axis' in [-2, 2), got 2}}
  %0 = "tf.GatherV2"(%p, %i, %a) : (tensor<5x4xf32>, tensor<3xi32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_v2_batch_dims(%p: tensor<5x4xf32>, %i: tensor<5x3xi32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.GatherV2' op requires 'batch_dims' (1) <= axis (0)}}
  %0 = "tf.GatherV2"(%p, %i, %a) {batch_dims = 1 : i64} : (tensor<5x4xf32>, tensor<5x3xi32>, tensor<i32>) -> tensor<*xf32>
  return
}

// -----

func.func @gather_result(%p: tensor<5x4xf32>, %i: tensor<3xi32>) {
  // expected-error @+1 {{'tf.Gather' op result type 'tensor<3x5xf32>' does not match the expected shape [3, 4]}}
  %0 = "tf.Gather"(%p, %i) : (tensor<5x4xf32>, tensor<3xi32>) -> tensor<3x5xf32>
  return
}

// -----

func.func @gather_nd_tuple(%p: tensor<5x4xf32>, %i: tensor<2x3xi32>) {
  // expected-error @+1 {{'tf.GatherNd' op index tuples have 3 entries (last dim of 'indices') but the indexed tensor has rank 2}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<5x4xf32>, tensor<2x3xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @scatter_nd_updates(%i: tensor<7x1xi32>, %u: tensor<7x2xf32>) {
  %s = "tf.Const"() {value = dense<[5, 3]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.ScatterNd' op requires 'updates' of shape indices.shape[:-1] + shape[K:], got 'tensor<7x2xf32>' for indices 'tensor<7x1xi32>'}}
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<7x1xi32>, tensor<7x2xf32>, tensor<2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @select_condition(%c: tensor<3xi1>, %t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.Select' op requires 'condition' to be a scalar, to have the shape of 'then_value', or to be a vector of its first dimension; got 'tensor<3xi1>' for 'tensor<2x3xf32>'}}
  %0 = "tf.Select"(%c, %t, %t) : (tensor<3xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @select_v2_broadcast(%c: tensor<4xi1>, %t: tensor<2x3xf32>) {
  // expected-error @+1 {{'tf.SelectV2' op operands are not broadcast-compatible}}
  %0 = "tf.SelectV2"(%c, %t, %t) : (tensor<4xi1>, tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @where_rank(%x: tensor<2x3xi1>) {
  // expected-error @+1 {{'tf.Where' op requires dim 1 of 'index' to be 2, got 'tensor<?x3xi64>'}}
  %0 = "tf.Where"(%x) : (tensor<2x3xi1>) -> tensor<?x3xi64>
  return
}

// -----

func.func @topk_k(%x: tensor<2x3xf32>) {
  %k = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.TopKV2' op requires 'input' to have at least k = 4 entries in its last dimension, got 'tensor<2x3xf32>'}}
  %0:2 = "tf.TopKV2"(%x, %k) : (tensor<2x3xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>)
  return
}

// -----

func.func @onehot_axis(%i: tensor<3xi32>, %d: tensor<i32>, %v: tensor<f32>) {
  // expected-error @+1 {{'tf.OneHot' op requires 'axis' >= -1, got -2}}
  %0 = "tf.OneHot"(%i, %d, %v, %v) {axis = -2 : i64} : (tensor<3xi32>, tensor<i32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @space_to_batch_divisible(%x: tensor<1x5x4x3xf32>) {
  %b = "tf.Const"() {value = dense<[2, 2]> : tensor<2xi32>} : () -> tensor<2xi32>
  %p = "tf.Const"() {value = dense<0> : tensor<2x2xi32>} : () -> tensor<2x2xi32>
  // expected-error @+1 {{'tf.SpaceToBatchND' op requires padded spatial dim 1 (5 + 0) to be divisible by block size 2}}
  %0 = "tf.SpaceToBatchND"(%x, %b, %p) : (tensor<1x5x4x3xf32>, tensor<2xi32>, tensor<2x2xi32>) -> tensor<*xf32>
  return
}

// -----

func.func @depth_to_space(%x: tensor<1x2x2x6xf32>) {
  // expected-error @+1 {{'tf.DepthToSpace' op requires the depth (6) to be divisible by 4}}
  %0 = "tf.DepthToSpace"(%x) {block_size = 2 : i64} : (tensor<1x2x2x6xf32>) -> tensor<*xf32>
  return
}

// -----

func.func @reverse_dup(%x: tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<[1, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @+1 {{'tf.ReverseV2' op has axis 1 more than once in 'axis'}}
  %0 = "tf.ReverseV2"(%x, %a) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<2x3xf32>
  return
}

// -----

func.func @range_direction() {
  %s = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %l = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %d = "tf.Const"() {value = dense<-1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Range' op requires start >= limit when delta < 0, got start 0, limit 5}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<*xi32>
  return
}

// -----

func.func @range_size() {
  %s = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %l = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  %d = "tf.Const"() {value = dense<2> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Range' op requires dim 0 of 'output' to be 3, got 'tensor<2xi32>'}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<2xi32>
  return
}

// -----

func.func @range_inf_limit() {
  %s = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %l = "tf.Const"() {value = dense<0x7F800000> : tensor<f32>} : () -> tensor<f32>
  %d = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{'tf.Range' op requires finite start, limit and delta, got start 0, limit inf, delta 1}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @range_nan_delta() {
  %s = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %l = "tf.Const"() {value = dense<1.0> : tensor<f32>} : () -> tensor<f32>
  %d = "tf.Const"() {value = dense<0x7FC00000> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{'tf.Range' op requires finite start, limit and delta, got start 0, limit 1, delta nan}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @range_too_many() {
  %s = "tf.Const"() {value = dense<0.0> : tensor<f32>} : () -> tensor<f32>
  %l = "tf.Const"() {value = dense<1.0e30> : tensor<f32>} : () -> tensor<f32>
  %d = "tf.Const"() {value = dense<1.0e-30> : tensor<f32>} : () -> tensor<f32>
  // expected-error @+1 {{'tf.Range' op requires ((limit - start) / delta) <= 9223372036854775807}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<f32>, tensor<f32>, tensor<f32>) -> tensor<*xf32>
  return
}

// -----

func.func @range_int64_extremes() {
  %s = "tf.Const"() {value = dense<-9223372036854775808> : tensor<i64>} : () -> tensor<i64>
  %l = "tf.Const"() {value = dense<9223372036854775807> : tensor<i64>} : () -> tensor<i64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{'tf.Range' op requires ((limit - start) / delta) <= 9223372036854775807}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
  return
}

// -----

func.func @range_int64_too_many() {
  %s = "tf.Const"() {value = dense<-1> : tensor<i64>} : () -> tensor<i64>
  %l = "tf.Const"() {value = dense<9223372036854775807> : tensor<i64>} : () -> tensor<i64>
  %d = "tf.Const"() {value = dense<1> : tensor<i64>} : () -> tensor<i64>
  // expected-error @+1 {{'tf.Range' op requires ((limit - start) / delta) <= 9223372036854775807}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i64>, tensor<i64>, tensor<i64>) -> tensor<*xi64>
  return
}

// -----

func.func @range_mixed_dtypes() {
  %s = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %l = "tf.Const"() {value = dense<5> : tensor<i64>} : () -> tensor<i64>
  %d = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @+1 {{'tf.Range' op requires 'limit' to have the dtype of 'start' (Tidx), got 'tensor<i64>' and 'tensor<i32>'}}
  %0 = "tf.Range"(%s, %l, %d) : (tensor<i32>, tensor<i64>, tensor<i32>) -> tensor<*xi32>
  return
}

// -----

func.func @stitch_suffix(%i: tensor<2xi32>, %a: tensor<2x3xf32>, %b: tensor<2x4xf32>) {
  // expected-error @+1 {{'tf.DynamicStitch' op requires every data[i] to have the same trailing shape beyond indices[i]}}
  %0 = "tf.DynamicStitch"(%i, %i, %a, %b) : (tensor<2xi32>, tensor<2xi32>, tensor<2x3xf32>, tensor<2x4xf32>) -> tensor<*xf32>
  return
}
