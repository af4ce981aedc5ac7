// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -xla-legalize-tf=clamp-indices=true -mlir-print-debuginfo=false | FileCheck %s --check-prefix=CLAMP
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Gather.cpp.

// The run-time index checks of TF's CPU kernels in front of GatherV2,
// GatherNd, ScatterNd and UnsortedSegment*: a custom call on the flattened
// indices whose config is kind, indices shape, limits and node name
// (lib/Support/ABI/IndexCheck.h); the op uses its result. Constant in-range
// indices need no check; clamp-indices=true leaves XLA's semantics.

// CHECK-LABEL: func @gather_nd
// CLAMP-LABEL: func @gather_nd
func.func @gather_nd(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  // CHECK: %[[F:.*]] = hlo.reshape %arg1 : (tensor<2x2xi32>) -> tensor<4xi32>
  // CHECK: %[[C:.*]] = hlo.custom_call "tfmlir_rt_check_indices"(%[[F]]) {backend_config = "gather_nd\0A2,2\0A3,5\0Agn"} : (tensor<4xi32>) -> tensor<4xi32>
  // CHECK: %[[I:.*]] = hlo.reshape %[[C]] : (tensor<4xi32>) -> tensor<2x2xi32>
  // CHECK: hlo.gather %arg0, %[[I]]
  // CLAMP-NOT: custom_call
  // CLAMP: hlo.gather %arg0, %{{.*}}
  %0 = "tf.GatherNd"(%p, %i) : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32> loc("gn")
  func.return %0 : tensor<2xf32>
}

// In-range constant indices: no check. An out-of-range constant index: the
// check (TF fails the run; it is not a compile error).
// CHECK-LABEL: func @constant_indices
func.func @constant_indices(%p: tensor<5xf32>) -> (tensor<2xf32>, tensor<2xf32>) {
  // CHECK-COUNT-1: hlo.custom_call "tfmlir_rt_check_indices"({{.*}}) {backend_config = "gather\0A2\0A5\0Abad"}
  // CHECK-NOT: custom_call
  // CHECK: return
  %ax = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %ok = "tf.Const"() {value = dense<[0, 4]> : tensor<2xi32>} : () -> tensor<2xi32>
  %bad = "tf.Const"() {value = dense<[0, 5]> : tensor<2xi32>} : () -> tensor<2xi32>
  %0 = "tf.GatherV2"(%p, %ok, %ax) {batch_dims = 0 : i64} : (tensor<5xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2xf32> loc("ok")
  %1 = "tf.GatherV2"(%p, %bad, %ax) {batch_dims = 0 : i64} : (tensor<5xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2xf32> loc("bad")
  func.return %0, %1 : tensor<2xf32>, tensor<2xf32>
}
