// RUN: tf-opt %s -split-input-file -tf-shape-inference -verify-diagnostics

// Static contradictions found by shape functions are user-facing errors
// that name the node (its NameLoc) and the input shapes, and fail the pass.
// The operands come through Identity ops with unknown shapes, as after
// import, so the contradiction shows only once shapes are inferred.

func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x5xf32>) -> tensor<*xf32> {
  %a1 = "tf.Identity"(%a) {T = f32} : (tensor<2x3xf32>) -> tensor<*xf32>
  // expected-error @unknown {{shape inference failed for node 'dense/MatMul' (tf.MatMul): inner dimensions 3 and 4 differ (transpose_a=false, transpose_b=false); input shapes: [2,3], [4,5]}}
  %0 = "tf.MatMul"(%a1, %b) {transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<4x5xf32>) -> tensor<*xf32> loc("dense/MatMul")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @main(%a: tensor<2x3xf32>, %b: tensor<4x3xf32>) -> tensor<*xf32> {
  %a1 = "tf.Identity"(%a) {T = f32} : (tensor<2x3xf32>) -> tensor<*xf32>
  // expected-error @unknown {{shape inference failed for node 'add' (tf.AddV2): incompatible shapes for broadcasting: [2,3] and [4,3]; input shapes: [2,3], [4,3]}}
  %0 = "tf.AddV2"(%a1, %b) : (tensor<*xf32>, tensor<4x3xf32>) -> tensor<*xf32> loc("add")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @main(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  %x1 = "tf.Identity"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<*xf32>
  %c = "tf.Const"() {value = dense<[4, -1]> : tensor<2xi32>} : () -> tensor<2xi32>
  // expected-error @unknown {{node 'r' (tf.Reshape): cannot reshape a tensor with 6 elements to shape [4,?] (4 elements times -1)}}
  %0 = "tf.Reshape"(%x1, %c) : (tensor<*xf32>, tensor<2xi32>) -> tensor<*xf32> loc("r")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @main(%x: tensor<1x5x5x3xf32>, %f: tensor<2x2x2x4xf32>) -> tensor<*xf32> {
  %x1 = "tf.Identity"(%x) {T = f32} : (tensor<1x5x5x3xf32>) -> tensor<*xf32>
  // expected-error @unknown {{node 'conv' (tf.Conv2D): input depth 3 must be a multiple of the filter's in_channels 2}}
  %0 = "tf.Conv2D"(%x1, %f) {data_format = "NHWC", dilations = [1, 1, 1, 1], padding = "VALID", strides = [1, 1, 1, 1]} : (tensor<*xf32>, tensor<2x2x2x4xf32>) -> tensor<*xf32> loc("conv")
  func.return %0 : tensor<*xf32>
}

// -----

func.func @main(%x: tensor<2x3xf32>, %y: tensor<3x4xf32>) -> tensor<*xf32> {
  %x1 = "tf.Identity"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<*xf32>
  %ax = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  // expected-error @unknown {{node 'concat' (tf.ConcatV2): dimension 0 of the concatenated values: dimensions 2 and 3 must be equal; input shapes: [2,3], [3,4], []}}
  %0 = "tf.ConcatV2"(%x1, %y, %ax) : (tensor<*xf32>, tensor<3x4xf32>, tensor<i32>) -> tensor<*xf32> loc("concat")
  func.return %0 : tensor<*xf32>
}

// -----

// The inferred shape contradicts the type the op already has (e.g. from
// `_output_shapes`); the location is the node's (NameLoc of a file loc).
func.func @main(%a: tensor<2x3xf32>) -> tensor<*xf32> {
  %a1 = "tf.Identity"(%a) {T = f32} : (tensor<2x3xf32>) -> tensor<*xf32>
  // expected-error @unknown {{shape inference failed for node 'neg' (tf.Neg): inferred type 'tensor<2x3xf32>' contradicts the existing type 'tensor<3x3xf32>' of result #0}}
  %0 = "tf.Neg"(%a1) : (tensor<*xf32>) -> tensor<3x3xf32> loc("neg")
  %1 = "tf.Identity"(%0) {T = f32} : (tensor<3x3xf32>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}

// -----

// Errors inside islands and inside called functions name the node too.
func.func @main(%x: tensor<4xf32>) -> tensor<*xf32> {
  %0 = tf_executor.graph {
    %k, %kc = tf_executor.island {
      %c = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32> loc("k")
      tf_executor.yield %c : tensor<i32>
    } : tensor<i32>
    %t, %tc = tf_executor.island {
      // expected-error @unknown {{node 'topk' (tf.TopKV2): input must have at least k = 5 columns, got 4}}
      %v:2 = "tf.TopKV2"(%x, %k) {sorted = true} : (tensor<4xf32>, tensor<i32>) -> (tensor<*xf32>, tensor<*xi32>) loc("topk")
      tf_executor.yield %v#0 : tensor<*xf32>
    } : tensor<*xf32>
    tf_executor.fetch %t : tensor<*xf32>
  } : tensor<*xf32>
  func.return %0 : tensor<*xf32>
}

// -----

func.func @main(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  %0 = "tf.PartitionedCall"(%x) {f = @f, config = "", config_proto = "", executor_type = ""} : (tensor<2x3xf32>) -> tensor<*xf32>
  func.return %0 : tensor<*xf32>
}
func.func private @f(%a: tensor<*xf32>) -> tensor<*xf32> {
  %w = "tf.Const"() {value = dense<1.0> : tensor<2x2xf32>} : () -> tensor<2x2xf32>
  // expected-error @unknown {{node 'f/MatMul' (tf.MatMul): inner dimensions 3 and 2 differ}}
  %0 = "tf.MatMul"(%a, %w) {transpose_a = false, transpose_b = false} : (tensor<*xf32>, tensor<2x2xf32>) -> tensor<*xf32> loc("f/MatMul")
  func.return %0 : tensor<*xf32>
}

// -----

// Errors name the node even in an unregistered op (here with a bad axis).
func.func @main(%x: tensor<2x3xf32>) -> tensor<*xf32> {
  %x1 = "tf.Identity"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<*xf32>
  %d = "tf.Const"() {value = dense<5> : tensor<i32>} : () -> tensor<i32>
  // expected-error @unknown {{node 'am' (tf.ArgMax): dimension 5 is out of range for rank 2}}
  %0 = "tf.ArgMax"(%x1, %d) : (tensor<*xf32>, tensor<i32>) -> tensor<*xi64> loc("am")
  %1 = "tf.Cast"(%0) {DstT = f32} : (tensor<*xi64>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}
