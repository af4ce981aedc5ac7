// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -xla-legalize-tf=clamp-indices=true -mlir-print-debuginfo=false | FileCheck %s --check-prefix=CLAMP
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Indexing/Scatter.cpp.

// The run-time index checks of TF's CPU kernels in front of GatherV2,
// GatherNd, ScatterNd and UnsortedSegment*: a custom call on the flattened
// indices whose config is kind, indices shape, limits and node name
// (runtime/cpu/IndexCheck.h); the op uses its result. Constant in-range
// indices need no check; clamp-indices=true leaves XLA's semantics.

// CHECK-LABEL: func @scatter_nd
// With clamp-indices=true there is no check: XLA's scatter drops the
// out-of-range updates.
// CLAMP-LABEL: func @scatter_nd
// CLAMP-NOT: custom_call
// CLAMP: hlo.scatter
func.func @scatter_nd(%i: tensor<2x1xi64>, %u: tensor<2xf32>) -> tensor<5xf32> {
  // CHECK: hlo.custom_call "tfmlir_rt_check_indices"(%{{.*}}) {backend_config = "scatter_nd\0A2,1\0A5\0Asn"} : (tensor<2xi64>) -> tensor<2xi64>
  %s = "tf.Const"() {value = dense<5> : tensor<1xi32>} : () -> tensor<1xi32>
  %0 = "tf.ScatterNd"(%i, %u, %s) : (tensor<2x1xi64>, tensor<2xf32>, tensor<1xi32>) -> tensor<5xf32> loc("sn")
  func.return %0 : tensor<5xf32>
}
