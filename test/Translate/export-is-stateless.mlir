// RUN: tf-translate -mlir-to-graphdef %s | FileCheck %s
// tf.If {is_stateless = true} (TF-MLIR's form) exports as a StatelessIf node
// without the is_stateless attr, which TF does not know.
// CHECK: name: "If"
// CHECK-NEXT: op: "StatelessIf"
// CHECK-NOT: is_stateless
module {
  func.func private @b(%a: tensor<f32>) -> tensor<f32> { return %a : tensor<f32> }
  func.func @main(%c: tensor<i1>, %x: tensor<f32>) -> tensor<f32> {
    %0 = tf_executor.graph {
      %o, %ctl = tf_executor.island {
        %r = "tf.If"(%c, %x) {then_branch = @b, else_branch = @b, is_stateless = true} : (tensor<i1>, tensor<f32>) -> tensor<f32>
        tf_executor.yield %r : tensor<f32>
      } : tensor<f32>
      tf_executor.fetch %o : tensor<f32>
    } : tensor<f32>
    return %0 : tensor<f32>
  }
}
