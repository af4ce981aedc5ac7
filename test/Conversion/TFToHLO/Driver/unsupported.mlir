// RUN: not tf-opt %s -xla-legalize-tf -split-input-file 2>&1 | FileCheck %s
// RUN: tf-opt %s -xla-legalize-tf=allow-partial=true -split-input-file 2>&1 | FileCheck %s --check-prefix=PARTIAL
// Ops without a lowering (or with operands we cannot handle) are reported
// once, as a histogram with node names, most frequent first; the ops that
// can be legalized still are.

// CHECK: error: cannot legalize: tf.Where (count 2: nodes w1, w2); tf.Unique (count 1: nodes u)
// PARTIAL: warning: cannot legalize: tf.Where (count 2: nodes w1, w2); tf.Unique (count 1: nodes u)
// PARTIAL: "tf.Where"
// PARTIAL: "tf.Unique"
// PARTIAL: hlo.negate
module {
  func.func @main(%x: tensor<4xi1>, %y: tensor<4xf32>) -> (tensor<?x1xi64>, tensor<?x1xi64>, tensor<?xf32>, tensor<4xf32>) {
    %0 = "tf.Where"(%x) : (tensor<4xi1>) -> tensor<?x1xi64> loc("w1")
    %1 = "tf.Where"(%x) : (tensor<4xi1>) -> tensor<?x1xi64> loc("w2")
    %2:2 = "tf.Unique"(%y) : (tensor<4xf32>) -> (tensor<?xf32>, tensor<4xi32>) loc("u")
    %3 = "tf.Neg"(%y) : (tensor<4xf32>) -> tensor<4xf32> loc("n")
    func.return %0, %1, %2#0, %3 : tensor<?x1xi64>, tensor<?x1xi64>, tensor<?xf32>, tensor<4xf32>
  }
}

// -----

// A supported op with a non-constant shape operand is reported, with the
// reason as a remark on the node.
// CHECK: remark: {{.*}}node 't': not legalized to hlo: needs a static input and a constant perm
// CHECK: error: cannot legalize: tf.Transpose (count 1: nodes t)
module {
  func.func @main(%x: tensor<2x3xf32>, %p: tensor<2xi32>) -> tensor<3x2xf32> {
    %0 = "tf.Transpose"(%x, %p) : (tensor<2x3xf32>, tensor<2xi32>) -> tensor<3x2xf32> loc("t")
    func.return %0 : tensor<3x2xf32>
  }
}

// -----

// Ops of an If's branches that do not legalize are reported with their
// node names; the If itself still becomes hlo.if (its branches keep the tf
// ops with allow-partial).
// CHECK: error: cannot legalize: tf.Where (count 2: nodes w1, w2)
// PARTIAL: warning: cannot legalize: tf.Where (count 2: nodes w1, w2)
// PARTIAL: hlo.if %arg0 : (tensor<i1>) -> tensor<?x1xi64> {
// PARTIAL-NEXT: "tf.Where"(%arg1)
// PARTIAL: } else {
// PARTIAL-NEXT: "tf.Where"(%arg1)
// PARTIAL-NOT: func.func private
module {
  func.func @main(%c: tensor<i1>, %x: tensor<4xi1>) -> tensor<?x1xi64> {
    %0 = "tf.If"(%c, %x) {then_branch = @where_branch, else_branch = @where_branch2, is_stateless = true} : (tensor<i1>, tensor<4xi1>) -> tensor<?x1xi64> loc("if")
    func.return %0 : tensor<?x1xi64>
  }
  func.func private @where_branch(%x: tensor<4xi1>) -> tensor<?x1xi64> {
    %0 = "tf.Where"(%x) : (tensor<4xi1>) -> tensor<?x1xi64> loc("w1")
    func.return %0 : tensor<?x1xi64>
  }
  func.func private @where_branch2(%x: tensor<4xi1>) -> tensor<?x1xi64> {
    %0 = "tf.Where"(%x) : (tensor<4xi1>) -> tensor<?x1xi64> loc("w2")
    func.return %0 : tensor<?x1xi64>
  }
}
