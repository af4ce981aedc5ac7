// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// GatherNd's bad_indices_policy "IGNORE" (TF's CPU kernel zeroes the output
// slice of an out-of-range index row): no run-time check; each index is
// compared with 0 and with its params dim, the row's flags and-reduced,
// and the clamped hlo.gather's slice replaced by zeros where the row is out
// of range. Values: test/tools/index-checks.test (node gni).

// Full index rows: one element per row, the row mask is the select's.
// CHECK-LABEL: func @gather_nd_ignore
// CHECK-NOT: custom_call
// CHECK: %[[G:.*]] = hlo.gather %arg0, %arg1
// CHECK: %[[B:.*]] = hlo.constant dense<[3, 5]> : tensor<2xi32>
// CHECK: %[[LIM:.*]] = hlo.broadcast_in_dim %[[B]], dims = [1] : (tensor<2xi32>) -> tensor<2x2xi32>
// CHECK: %[[Z:.*]] = hlo.constant dense<0> : tensor<2x2xi32>
// CHECK: %[[GE:.*]] = hlo.compare  GE, %arg1, %[[Z]],  SIGNED
// CHECK: %[[LT:.*]] = hlo.compare  LT, %arg1, %[[LIM]],  SIGNED
// CHECK: %[[OK:.*]] = hlo.and %[[GE]], %[[LT]] : tensor<2x2xi1>
// CHECK: %[[ROW:.*]] = hlo.reduce(%[[OK]]) init(%{{.*}}) dims = [1] : (tensor<2x2xi1>, tensor<i1>) -> tensor<2xi1>
// CHECK: hlo.and
// CHECK: %[[ZERO:.*]] = hlo.constant dense<0.000000e+00> : tensor<2xf32>
// CHECK: hlo.select %[[ROW]], %[[G]], %[[ZERO]] : tensor<2xi1>, tensor<2xf32>
func.func @gather_nd_ignore(%p: tensor<3x5xf32>, %i: tensor<2x2xi32>) -> tensor<2xf32> {
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "IGNORE"} : (tensor<3x5xf32>, tensor<2x2xi32>) -> tensor<2xf32> loc("gn_ignore")
  func.return %0 : tensor<2xf32>
}

// Partial index rows (K = 1 of rank 2): the row mask is broadcast over the
// slice's dims; int64 indices.
// CHECK-LABEL: func @gather_nd_ignore_rows
// CHECK-NOT: custom_call
// CHECK: %[[G:.*]] = hlo.gather %arg0, %arg1
// CHECK: hlo.compare LT, %arg1, {{.*}} : (tensor<4x1xi64>, tensor<4x1xi64>)
// CHECK: %[[ROW:.*]] = hlo.reduce({{.*}}) dims = [1] : (tensor<4x1xi1>, tensor<i1>) -> tensor<4xi1>
// CHECK: %[[MASK:.*]] = hlo.broadcast_in_dim %[[ROW]], dims = [0] : (tensor<4xi1>) -> tensor<4x5xi1>
// CHECK: hlo.select %[[MASK]], %[[G]], %{{.*}} : tensor<4x5xi1>, tensor<4x5xf32>
func.func @gather_nd_ignore_rows(%p: tensor<3x5xf32>, %i: tensor<4x1xi64>) -> tensor<4x5xf32> {
  %0 = "tf.GatherNd"(%p, %i) {bad_indices_policy = "IGNORE"} : (tensor<3x5xf32>, tensor<4x1xi64>) -> tensor<4x5xf32> loc("gn_rows")
  func.return %0 : tensor<4x5xf32>
}
