// RUN: tf-opt %s -tf-inline-calls -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tf-inline-calls -mlir-print-debuginfo -mlir-print-local-scope | FileCheck %s --check-prefix=LOC

// Nested calls of all three kinds are inlined, callees first: @main ends
// up with the callees' ops and no calls; casts bridge the refined call-site
// types and the callees' unranked ones. The callees stay (symbol DCE in the
// standard pipeline removes them).

// CHECK-LABEL: func.func @main
// CHECK-SAME: (%[[X:.*]]: tensor<2xf32>)
// CHECK-NOT: Call
// CHECK: %[[C:.*]] = tensor.cast %[[X]] : tensor<2xf32> to tensor<*xf32>
// CHECK: %[[R:.*]] = "tf.Relu"(%[[C]])
// CHECK: %[[N:.*]] = "tf.Neg"(%[[R]])
// CHECK: %[[S:.*]] = "tf.Sqrt"(%[[N]])
// CHECK: %[[B:.*]] = tensor.cast %[[S]] : tensor<*xf32> to tensor<2xf32>
// CHECK: %[[T:.*]] = "tf.Tanh"(%[[B]])
// CHECK: return %[[T]]
func.func @main(%x: tensor<2xf32>) -> tensor<2xf32> {
  %0 = "tf.StatefulPartitionedCall"(%x) {f = @outer, config = "", config_proto = "", executor_type = ""} : (tensor<2xf32>) -> tensor<2xf32> loc("call_outer")
  %1 = "tf.Tanh"(%0) : (tensor<2xf32>) -> tensor<2xf32>
  func.return %1 : tensor<2xf32>
}
// CHECK-LABEL: func.func private @outer
// CHECK-NOT: Call
// CHECK: "tf.Relu"
// CHECK: "tf.Neg"
// CHECK: "tf.Sqrt"
func.func private @outer(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.PartitionedCall"(%a) {f = #tf_type.func<@middle, {}>} : (tensor<*xf32>) -> tensor<*xf32> loc("call_middle")
  %1 = "tf.Sqrt"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}
func.func private @middle(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.LegacyCall"(%a) {f = @inner} : (tensor<*xf32>) -> tensor<*xf32> loc("call_inner")
  %1 = "tf.Neg"(%0) : (tensor<*xf32>) -> tensor<*xf32>
  func.return %1 : tensor<*xf32>
}
func.func private @inner(%a: tensor<*xf32>) -> tensor<*xf32> {
  %0 = "tf.Relu"(%a) : (tensor<*xf32>) -> tensor<*xf32> loc("relu")
  func.return %0 : tensor<*xf32>
}

// Inlined ops are located at the callee's node, called from the call node
// (through every level).
// LOC-LABEL: func.func @main
// LOC: "tf.Relu"{{.*}} loc(callsite("relu" at callsite("call_inner" at callsite("call_middle" at "call_outer"))))

// Multiple results and arguments, one unused result, a function called
// twice, and a call in a function used as a tf.If branch (which itself is
// kept as control flow).
// CHECK-LABEL: func.func @multi
// CHECK-NOT: Call
// CHECK: "tf.AddV2"(%arg0, %arg1)
// CHECK: "tf.Sub"(%arg0, %arg1)
// CHECK: "tf.AddV2"
// CHECK: "tf.Sub"
// CHECK: "tf.If"
func.func @multi(%a: tensor<f32>, %b: tensor<f32>, %p: tensor<i1>) -> (tensor<f32>, tensor<f32>, tensor<f32>) {
  %0:2 = "tf.PartitionedCall"(%a, %b) {f = @addsub} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %1:2 = "tf.PartitionedCall"(%0#0, %0#1) {f = @addsub} : (tensor<f32>, tensor<f32>) -> (tensor<f32>, tensor<f32>)
  %2 = "tf.If"(%p, %a) {then_branch = @then, else_branch = @else, is_stateless = true} : (tensor<i1>, tensor<f32>) -> tensor<f32>
  func.return %0#1, %1#0, %2 : tensor<f32>, tensor<f32>, tensor<f32>
}
func.func private @addsub(%a: tensor<f32>, %b: tensor<f32>) -> (tensor<f32>, tensor<f32>) {
  %0 = "tf.AddV2"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  %1 = "tf.Sub"(%a, %b) : (tensor<f32>, tensor<f32>) -> tensor<f32>
  func.return %0, %1 : tensor<f32>, tensor<f32>
}
// CHECK-LABEL: func.func private @then
// CHECK-NOT: Call
// CHECK: "tf.Relu"
func.func private @then(%a: tensor<f32>) -> tensor<f32> {
  %0 = "tf.StatefulPartitionedCall"(%a) {f = @inner} : (tensor<f32>) -> tensor<*xf32>
  %1 = tensor.cast %0 : tensor<*xf32> to tensor<f32>
  func.return %1 : tensor<f32>
}
func.func private @else(%a: tensor<f32>) -> tensor<f32> {
  func.return %a : tensor<f32>
}
