// RUN: tf-opt %s -xla-legalize-tf=allow-partial=true -xla-mark-for-compilation -mlir-print-debuginfo=false 2>/dev/null | FileCheck %s

// The ops xla-legalize-tf lowers (hlo) are clustered; the tf ops it leaves
// (data-dependent shapes: NMS, Where) stay host nodes without the attr.
// Levels: the Mul/Add on the inputs are level 0 (cluster_0); the Gather
// behind the NMS (static with pad_to_max_output_size) is level 1, its own
// cluster, and the Neg behind tf.Where is level 1 but not connected to it,
// so it is another cluster. Nothing can form a cycle through the host ops.

// CHECK-LABEL: func @main
func.func @main(%boxes: tensor<8x4xf32>, %scores: tensor<8xf32>) -> (tensor<4x4xf32>, tensor<?x1xi64>, tensor<8xf32>) {
  %max = "tf.Const"() {value = dense<4> : tensor<i32>} : () -> tensor<i32>
  %iou = "tf.Const"() {value = dense<0.5> : tensor<f32>} : () -> tensor<f32>
  %thr = "tf.Const"() {value = dense<0.1> : tensor<f32>} : () -> tensor<f32>
  %two = "tf.Const"() {value = dense<2.0> : tensor<f32>} : () -> tensor<f32>
  %zero = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  // CHECK: hlo.multiply {{.*}}_XlaCluster = "cluster_0"
  %s2 = "tf.Mul"(%scores, %two) : (tensor<8xf32>, tensor<f32>) -> tensor<8xf32>
  // CHECK: tf.NonMaxSuppressionV4
  // CHECK-NOT: _XlaCluster
  %idx, %n = "tf.NonMaxSuppressionV4"(%boxes, %s2, %max, %iou, %thr) {pad_to_max_output_size = true} : (tensor<8x4xf32>, tensor<8xf32>, tensor<i32>, tensor<f32>, tensor<f32>) -> (tensor<4xi32>, tensor<i32>)
  // CHECK: hlo.{{.*}}_XlaCluster = "cluster_1"
  %sel = "tf.GatherV2"(%boxes, %idx, %zero) {batch_dims = 0 : i64} : (tensor<8x4xf32>, tensor<4xi32>, tensor<i32>) -> tensor<4x4xf32>
  // CHECK: hlo.add {{.*}}_XlaCluster = "cluster_0"
  %a = "tf.AddV2"(%s2, %scores) : (tensor<8xf32>, tensor<8xf32>) -> tensor<8xf32>
  // CHECK: tf.Where
  // CHECK-NOT: _XlaCluster
  %w = "tf.Where"(%a) : (tensor<8xf32>) -> tensor<?x1xi64>
  // CHECK: tf.Neg
  // CHECK-NOT: _XlaCluster
  %neg = "tf.Neg"(%w) : (tensor<?x1xi64>) -> tensor<?x1xi64>
  // CHECK: return
  func.return %sel, %neg, %a : tensor<4x4xf32>, tensor<?x1xi64>, tensor<8xf32>
}

// A cycle candidate: %a feeds both the host op and %b directly, and %b
// also consumes the host op's result. Putting %a and %b in one cluster
// would make cluster -> Unique -> cluster a cycle; they get two clusters.
// CHECK-LABEL: func @no_cycle
func.func @no_cycle(%x: tensor<4xf32>) -> tensor<4xf32> {
  // CHECK: hlo.negate {{.*}}_XlaCluster = "cluster_0"
  %a = "tf.Neg"(%x) : (tensor<4xf32>) -> tensor<4xf32>
  // CHECK: tf.Unique
  %y, %idx = "tf.Unique"(%a) : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>)
  // CHECK: hlo.convert {{.*}}_XlaCluster = "cluster_1"
  %c = "tf.Cast"(%idx) : (tensor<4xi32>) -> tensor<4xf32>
  // CHECK: hlo.add {{.*}}_XlaCluster = "cluster_1"
  %b = "tf.AddV2"(%a, %c) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %b : tensor<4xf32>
}
