// RUN: tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false -split-input-file -verify-diagnostics | FileCheck %s
// RUN: not tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false -split-input-file 2>&1 | FileCheck %s --check-prefix=ERR
// RUN: tf-opt %s '-tfl-legalize-tf=fuse=false allow-custom-ops' -mlir-print-debuginfo=false -split-input-file 2>&1 | FileCheck %s --check-prefix=CUSTOM

// Every one-to-one element-wise map of LegalizePatterns.td (DRR): the tfl op
// takes the tf op's operands and result types; ADD/SUB/MUL/DIV get
// fused_activation_function = "NONE", ADD/SUB pot_scale_int16 = true. Ops
// whose types have no TFLite kernel stay tf ops and are reported with the
// reason (or become tfl.custom under allow-custom-ops).

// CHECK-LABEL: func @binary
// CHECK-NEXT: "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "tfl.add"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK-NEXT: "tfl.sub"(%arg0, %arg1) {fused_activation_function = "NONE", pot_scale_int16 = true}
// CHECK-NEXT: "tfl.mul"(%arg0, %arg1) {fused_activation_function = "NONE"}
// CHECK-NEXT: "tfl.div"(%arg0, %arg1) {fused_activation_function = "NONE"}
// CHECK-NEXT: "tfl.maximum"(%arg0, %arg1) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
// CHECK-NEXT: "tfl.minimum"(%arg0, %arg1)
// CHECK-NEXT: "tfl.pow"(%arg0, %arg1)
// CHECK-NEXT: "tfl.squared_difference"(%arg0, %arg1)
// CHECK-NEXT: "tfl.floor_div"(%arg0, %arg1)
// CHECK-NEXT: "tfl.floor_mod"(%arg0, %arg1)
// CHECK-NOT: tf.
func.func @binary(%a: tensor<2x3xf32>, %b: tensor<3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = "tf.Add"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %1 = "tf.AddV2"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %2 = "tf.Sub"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %3 = "tf.Mul"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %4 = "tf.RealDiv"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %5 = "tf.Maximum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %6 = "tf.Minimum"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %7 = "tf.Pow"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %8 = "tf.SquaredDifference"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %9 = "tf.FloorDiv"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %10 = "tf.FloorMod"(%a, %b) : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  func.return %0, %1, %2, %3, %4, %5, %6, %7, %8, %9, %10 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
}

// -----

// CHECK-LABEL: func @compare_logical
// CHECK-NEXT: "tfl.less"(%arg0, %arg1) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
// CHECK-NEXT: "tfl.less_equal"(%arg0, %arg1)
// CHECK-NEXT: "tfl.greater"(%arg0, %arg1)
// CHECK-NEXT: "tfl.greater_equal"(%arg0, %arg1)
// CHECK-NEXT: "tfl.equal"(%arg0, %arg1) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
// CHECK-NEXT: "tfl.not_equal"(%arg0, %arg1)
// CHECK-NEXT: %[[AND:.*]] = "tfl.logical_and"(%arg2, %arg2)
// CHECK-NEXT: %[[OR:.*]] = "tfl.logical_or"(%[[AND]], %arg2)
// CHECK-NEXT: "tfl.logical_not"(%[[OR]]) : (tensor<4xi1>) -> tensor<4xi1>
// CHECK-NOT: tf.
func.func @compare_logical(%a: tensor<4xi32>, %b: tensor<i32>, %p: tensor<4xi1>) -> (tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>) {
  %0 = "tf.Less"(%a, %b) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %1 = "tf.LessEqual"(%a, %b) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %2 = "tf.Greater"(%a, %b) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %3 = "tf.GreaterEqual"(%a, %b) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %4 = "tf.Equal"(%a, %b) {incompatible_shape_error = true} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %5 = "tf.NotEqual"(%a, %b) : (tensor<4xi32>, tensor<i32>) -> tensor<4xi1>
  %6 = "tf.LogicalAnd"(%p, %p) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %7 = "tf.LogicalOr"(%6, %p) : (tensor<4xi1>, tensor<4xi1>) -> tensor<4xi1>
  %8 = "tf.LogicalNot"(%7) : (tensor<4xi1>) -> tensor<4xi1>
  func.return %0, %1, %2, %3, %4, %5, %8 : tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>, tensor<4xi1>
}

// -----

// CHECK-LABEL: func @unary
// CHECK-NEXT: %[[V0:.*]] = "tfl.exp"(%arg0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
// CHECK-NEXT: %[[V1:.*]] = "tfl.log"(%[[V0]])
// CHECK-NEXT: %[[V2:.*]] = "tfl.sqrt"(%[[V1]])
// CHECK-NEXT: %[[V3:.*]] = "tfl.rsqrt"(%[[V2]])
// CHECK-NEXT: %[[V4:.*]] = "tfl.square"(%[[V3]])
// CHECK-NEXT: %[[V5:.*]] = "tfl.abs"(%[[V4]])
// CHECK-NEXT: %[[V6:.*]] = "tfl.neg"(%[[V5]])
// CHECK-NEXT: %[[V7:.*]] = "tfl.sin"(%[[V6]])
// CHECK-NEXT: %[[V8:.*]] = "tfl.cos"(%[[V7]])
// CHECK-NEXT: %[[V9:.*]] = "tfl.floor"(%[[V8]])
// CHECK-NEXT: %[[V10:.*]] = "tfl.ceil"(%[[V9]])
// CHECK-NEXT: %[[V11:.*]] = "tfl.round"(%[[V10]])
// CHECK-NEXT: %[[V12:.*]] = "tfl.round"(%[[V11]])
// CHECK-NEXT: %[[V13:.*]] = "tfl.sign"(%[[V12]])
// CHECK-NEXT: %[[V14:.*]] = "tfl.relu"(%[[V13]])
// CHECK-NEXT: %[[V15:.*]] = "tfl.relu6"(%[[V14]])
// CHECK-NEXT: %[[V16:.*]] = "tfl.logistic"(%[[V15]])
// CHECK-NEXT: %[[V17:.*]] = "tfl.tanh"(%[[V16]])
// CHECK-NEXT: %[[V18:.*]] = "tfl.elu"(%[[V17]])
// CHECK-NEXT: return %[[V18]]
func.func @unary(%a: tensor<?x4xf32>) -> tensor<?x4xf32> {
  %0 = "tf.Exp"(%a) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %1 = "tf.Log"(%0) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %2 = "tf.Sqrt"(%1) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %3 = "tf.Rsqrt"(%2) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %4 = "tf.Square"(%3) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %5 = "tf.Abs"(%4) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %6 = "tf.Neg"(%5) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %7 = "tf.Sin"(%6) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %8 = "tf.Cos"(%7) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %9 = "tf.Floor"(%8) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %10 = "tf.Ceil"(%9) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %11 = "tf.Round"(%10) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %12 = "tf.Rint"(%11) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %13 = "tf.Sign"(%12) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %14 = "tf.Relu"(%13) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %15 = "tf.Relu6"(%14) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %16 = "tf.Sigmoid"(%15) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %17 = "tf.Tanh"(%16) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  %18 = "tf.Elu"(%17) : (tensor<?x4xf32>) -> tensor<?x4xf32>
  func.return %18 : tensor<?x4xf32>
}

// -----

// CHECK-LABEL: func @select
// CHECK-NEXT: "tfl.select"(%arg0, %arg1, %arg1) : (tensor<2xi1>, tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
// CHECK-NEXT: "tfl.select_v2"(%arg2, %arg1, %arg3) : (tensor<i1>, tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
func.func @select(%c: tensor<2xi1>, %t: tensor<2x3xi8>, %s: tensor<i1>, %e: tensor<3xi8>) -> (tensor<2x3xi8>, tensor<2x3xi8>) {
  %0 = "tf.Select"(%c, %t, %t) : (tensor<2xi1>, tensor<2x3xi8>, tensor<2x3xi8>) -> tensor<2x3xi8>
  %1 = "tf.SelectV2"(%s, %t, %e) : (tensor<i1>, tensor<2x3xi8>, tensor<3xi8>) -> tensor<2x3xi8>
  func.return %0, %1 : tensor<2x3xi8>, tensor<2x3xi8>
}

// -----

// Float64/float16 element-wise ops have no TFLite kernel: the DRR patterns
// leave them and the report names the builtin and the type.
// ERR: error: some ops cannot be converted to TFLite builtins
// ERR: TFLite builtin ops used (1):
// ERR-NEXT: tfl.mul x1: m32
// ERR: Ops whose TFLite builtin cannot take them as they are (2); -tfl-legalize-tf=allow-custom-ops emits them as custom ops:
// ERR-NEXT: tf.AddV2 x1: a64 (tfl.add has no kernel for tensor<2xf64> (TFLite computes in float32: Cast first))
// ERR-NEXT: tf.Rint x1: r16 (tfl.round has no kernel for tensor<2xf16> (TFLite computes in float32: Cast first))
// CUSTOM-LABEL: func @no_kernel
// CUSTOM: "tfl.custom"(%arg0, %arg0) {custom_code = "AddV2", custom_option = "", version = 1 : i32}
// CUSTOM: "tfl.custom"(%arg1) {custom_code = "Rint"
// CUSTOM: "tfl.mul"(%arg2, %arg2) {fused_activation_function = "NONE"}
// expected-error@+1 {{some ops cannot be converted to TFLite builtins}}
module {
func.func @no_kernel(%a: tensor<2xf64>, %h: tensor<2xf16>, %f: tensor<2xf32>) -> (tensor<2xf64>, tensor<2xf16>, tensor<2xf32>) {
  %0 = "tf.AddV2"(%a, %a) : (tensor<2xf64>, tensor<2xf64>) -> tensor<2xf64> loc("a64")
  %1 = "tf.Rint"(%h) : (tensor<2xf16>) -> tensor<2xf16> loc("r16")
  %2 = "tf.Mul"(%f, %f) : (tensor<2xf32>, tensor<2xf32>) -> tensor<2xf32> loc("m32")
  func.return %0, %1, %2 : tensor<2xf64>, tensor<2xf16>, tensor<2xf32>
}
}
