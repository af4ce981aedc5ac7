// RUN: not tf-opt %s -xla-legalize-tf -split-input-file -mlir-print-debuginfo=false 2>/dev/null | FileCheck %s --check-prefix=EMPTY
// RUN: not tf-opt %s -xla-legalize-tf -split-input-file -mlir-print-debuginfo=false 2>&1 >/dev/null | FileCheck %s --check-prefix=ERR
// GatherV2 / GatherNd from an empty dimension of params (issue 17: this
// aborted with "LLVM ERROR: Failed to infer result type(s)" on hlo.gather).
// With nothing to gather the result is the empty tensor, as TF returns;
// otherwise every index is out of range [0, 0), which TF reports as
// InvalidArgument, and the node is refused with that reason.

// EMPTY-LABEL: func @empty_result
// EMPTY-NOT: hlo.gather
// EMPTY: hlo.constant {{.*}} : tensor<0x3xf32>
// EMPTY: hlo.constant {{.*}} : tensor<0x2xf32>
func.func @empty_result(%x: tensor<0x3xf32>, %i: tensor<0xi32>, %p: tensor<0x2xf32>, %j: tensor<0x1xi32>) -> (tensor<0x3xf32>, tensor<0x2xf32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%x, %i, %a) {batch_dims = 0 : i64} : (tensor<0x3xf32>, tensor<0xi32>, tensor<i32>) -> tensor<0x3xf32>
  %1 = "tf.GatherNd"(%p, %j) : (tensor<0x2xf32>, tensor<0x1xi32>) -> tensor<0x2xf32>
  return %0, %1 : tensor<0x3xf32>, tensor<0x2xf32>
}

// -----

// ERR: remark: {{.*}}node 'g': not legalized to hlo: gathers from an empty dimension of params: every index is out of range [0, 0) (TF: InvalidArgument)
// ERR: remark: {{.*}}node 'gnd': not legalized to hlo: gathers from an empty dimension of params
// ERR: error: cannot legalize: tf.GatherNd (count 1: nodes gnd); tf.GatherV2 (count 1: nodes g)
func.func @main(%x: tensor<0x3xf32>, %i: tensor<2xi32>, %j: tensor<2x1xi32>) -> (tensor<2x3xf32>, tensor<2x3xf32>) {
  %a = "tf.Const"() {value = dense<0> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.GatherV2"(%x, %i, %a) {batch_dims = 0 : i64} : (tensor<0x3xf32>, tensor<2xi32>, tensor<i32>) -> tensor<2x3xf32> loc("g")
  %1 = "tf.GatherNd"(%x, %j) : (tensor<0x3xf32>, tensor<2x1xi32>) -> tensor<2x3xf32> loc("gnd")
  return %0, %1 : tensor<2x3xf32>, tensor<2x3xf32>
}
