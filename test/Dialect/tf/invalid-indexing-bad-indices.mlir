// RUN: tf-opt %s -split-input-file -verify-diagnostics
// bad_indices_policy must be a name TF's BadIndicesPolicyFromString accepts.

func.func @gather_nd(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>) {
  // expected-error @+1 {{'tf.GatherNd' op has invalid 'bad_indices_policy' "SKIP"; expected "", "DEFAULT", "ERROR", "IGNORE"}}
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "SKIP"} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32>
  return
}

// -----

func.func @scatter_nd(%i: tensor<2x1xi32>, %u: tensor<2xf32>, %s: tensor<1xi32>) {
  // expected-error @+1 {{'tf.ScatterNd' op has invalid 'bad_indices_policy' "ignore"}}
  %0 = "tf.ScatterNd"(%i, %u, %s) {bad_indices_policy = "ignore"} : (tensor<2x1xi32>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32>
  return
}

// -----

func.func @tensor_scatter_update(%t: tensor<5xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) {
  // expected-error @+1 {{'tf.TensorScatterUpdate' op has invalid 'bad_indices_policy' "CLAMP"}}
  %0 = "tf.TensorScatterUpdate"(%t, %i, %u) {bad_indices_policy = "CLAMP"} : (tensor<5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<5xf32>
  return
}

// -----

func.func @valid(%t: tensor<5xf32>, %i: tensor<2x1xi32>, %u: tensor<2xf32>) {
  %0 = "tf.TensorScatterAdd"(%t, %i, %u) {bad_indices_policy = ""} : (tensor<5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<5xf32>
  %1 = "tf.TensorScatterSub"(%t, %i, %u) {bad_indices_policy = "ERROR"} : (tensor<5xf32>, tensor<2x1xi32>, tensor<2xf32>) -> tensor<5xf32>
  return
}
