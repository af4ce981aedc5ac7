// RUN: tf-opt %s -split-input-file -tf-inline-calls -verify-diagnostics

// Recursion is refused, naming the call node and the chain.
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  %0 = "tf.PartitionedCall"(%x) {f = @f} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
func.func private @f(%a: tensor<f32>) -> tensor<f32> {
  %0 = "tf.PartitionedCall"(%a) {f = @g} : (tensor<f32>) -> tensor<f32>
  func.return %0 : tensor<f32>
}
func.func private @g(%a: tensor<f32>) -> tensor<f32> {
  // expected-error @unknown {{node 'g/call_f' (tf.StatefulPartitionedCall) calls function @f recursively: @f -> @g -> @f; recursive functions cannot be inlined}}
  %0 = "tf.StatefulPartitionedCall"(%a) {f = @f} : (tensor<f32>) -> tensor<f32> loc("g/call_f")
  func.return %0 : tensor<f32>
}

// -----

// A function that calls itself.
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  // expected-error @unknown {{node 'self' (tf.LegacyCall) calls function @main recursively: @main -> @main}}
  %0 = "tf.LegacyCall"(%x) {f = @main} : (tensor<f32>) -> tensor<f32> loc("self")
  func.return %0 : tensor<f32>
}

// -----

// A generic function (dtype given per call by attr T) is not inlined: a
// warning, and the call stays.
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  // expected-warning @unknown {{node 'gen' (tf.LegacyCall) calls function @generic, which cannot be inlined: it is generic (argument #0 has the type attr 'T'); only functions with concrete dtypes can be inlined; the call is kept}}
  %0 = "tf.LegacyCall"(%x) {f = @generic} : (tensor<f32>) -> tensor<f32> loc("gen")
  func.return %0 : tensor<f32>
}
func.func private @generic(%a: tensor<*xf32> {tf._type_attr = "T"}) -> tensor<*xf32> {
  func.return %a : tensor<*xf32>
}

// -----

// A declaration has no body to inline (the importer says why it declared
// it): a warning, and the call stays.
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  // expected-warning @unknown {{node 'ext' (tf.PartitionedCall) calls function @decl, which cannot be inlined: it is only declared (function 'decl' is not in the GraphDef's library); the call is kept}}
  %0 = "tf.PartitionedCall"(%x) {f = @decl} : (tensor<f32>) -> tensor<f32> loc("ext")
  func.return %0 : tensor<f32>
}
func.func private @decl(tensor<f32>) -> tensor<f32> attributes {tf._unresolved = "function 'decl' is not in the GraphDef's library"}

// -----

// Functions that no public function reaches are not processed: their
// recursion and missing bodies are not errors (they never run).
// expected-no-diagnostics
func.func @main(%x: tensor<f32>) -> tensor<f32> {
  func.return %x : tensor<f32>
}
func.func private @dead(%a: tensor<f32>) -> tensor<f32> {
  %0 = "tf.PartitionedCall"(%a) {f = @dead} : (tensor<f32>) -> tensor<f32>
  %1 = "tf.PartitionedCall"(%0) {f = @decl} : (tensor<f32>) -> tensor<f32>
  func.return %1 : tensor<f32>
}
func.func private @decl(tensor<f32>) -> tensor<f32>
