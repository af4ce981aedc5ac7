// RUN: tf-opt %s --mlir-print-debuginfo=false | tf-opt --mlir-print-debuginfo=false | FileCheck %s
// Round trip of the math family (TFOpsMath.td): every op parses, verifies
// and prints in generic form with its TF attrs.

// CHECK-LABEL: func @binary_broadcast
func.func @binary_broadcast(%x: tensor<2x3xf32>, %y: tensor<3xf32>, %u: tensor<*xf32>) {
  // CHECK: "tf.Add"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Add = "tf.Add"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.AddV2"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %AddV2 = "tf.AddV2"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Sub"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Sub = "tf.Sub"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Mul"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Mul = "tf.Mul"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.MulNoNan"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %MulNoNan = "tf.MulNoNan"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Div"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Div = "tf.Div"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.RealDiv"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %RealDiv = "tf.RealDiv"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.DivNoNan"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %DivNoNan = "tf.DivNoNan"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.FloorDiv"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %FloorDiv = "tf.FloorDiv"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.FloorMod"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %FloorMod = "tf.FloorMod"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Mod"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Mod = "tf.Mod"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.TruncateDiv"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %TruncateDiv = "tf.TruncateDiv"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.TruncateMod"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %TruncateMod = "tf.TruncateMod"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Maximum"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Maximum = "tf.Maximum"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Minimum"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Minimum = "tf.Minimum"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Pow"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Pow = "tf.Pow"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.SquaredDifference"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %SquaredDifference = "tf.SquaredDifference"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Atan2"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Atan2 = "tf.Atan2"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Xdivy"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Xdivy = "tf.Xdivy"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Xlogy"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Xlogy = "tf.Xlogy"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Xlog1py"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Xlog1py = "tf.Xlog1py"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Igamma"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Igamma = "tf.Igamma"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Igammac"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Igammac = "tf.Igammac"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Zeta"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Zeta = "tf.Zeta"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Polygamma"(%arg0, %arg1) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  %Polygamma = "tf.Polygamma"(%x, %y) {T = f32, device = ""} : (tensor<2x3xf32>, tensor<3xf32>) -> tensor<2x3xf32>
  // Unranked and dynamic shapes are always accepted.
  // CHECK: "tf.AddV2"(%arg2, %arg1) : (tensor<*xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  %d = "tf.AddV2"(%u, %y) : (tensor<*xf32>, tensor<3xf32>) -> tensor<?x?xf32>
  return
}

// CHECK-LABEL: func @binary_int
func.func @binary_int(%x: tensor<4xi32>, %y: tensor<i32>) {
  // CHECK: "tf.BitwiseAnd"(%arg0, %arg1) {T = i32}
  %BitwiseAnd = "tf.BitwiseAnd"(%x, %y) {T = i32} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  // CHECK: "tf.BitwiseOr"(%arg0, %arg1) {T = i32}
  %BitwiseOr = "tf.BitwiseOr"(%x, %y) {T = i32} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  // CHECK: "tf.BitwiseXor"(%arg0, %arg1) {T = i32}
  %BitwiseXor = "tf.BitwiseXor"(%x, %y) {T = i32} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  // CHECK: "tf.LeftShift"(%arg0, %arg1) {T = i32}
  %LeftShift = "tf.LeftShift"(%x, %y) {T = i32} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  // CHECK: "tf.RightShift"(%arg0, %arg1) {T = i32}
  %RightShift = "tf.RightShift"(%x, %y) {T = i32} : (tensor<4xi32>, tensor<i32>) -> tensor<4xi32>
  return
}

// CHECK-LABEL: func @compare
func.func @compare(%x: tensor<2x1xf32>, %y: tensor<3xf32>, %s: tensor<2x!tf_type.string>, %b: tensor<2xi1>, %z: tensor<2xf32>) {
  // CHECK: "tf.Less"(%arg0, %arg1) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %Less = "tf.Less"(%x, %y) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.LessEqual"(%arg0, %arg1) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %LessEqual = "tf.LessEqual"(%x, %y) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.Greater"(%arg0, %arg1) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %Greater = "tf.Greater"(%x, %y) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.GreaterEqual"(%arg0, %arg1) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  %GreaterEqual = "tf.GreaterEqual"(%x, %y) {T = f32} : (tensor<2x1xf32>, tensor<3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.Equal"(%arg2, %arg2) {T = !tf_type.string, incompatible_shape_error = true}
  %eq = "tf.Equal"(%s, %s) {T = !tf_type.string, incompatible_shape_error = true} : (tensor<2x!tf_type.string>, tensor<2x!tf_type.string>) -> tensor<2xi1>
  // With incompatible_shape_error = false, incompatible shapes give a scalar.
  // CHECK: "tf.NotEqual"(%arg1, %arg4) {incompatible_shape_error = false} : (tensor<3xf32>, tensor<2xf32>) -> tensor<i1>
  %ne = "tf.NotEqual"(%y, %z) {incompatible_shape_error = false} : (tensor<3xf32>, tensor<2xf32>) -> tensor<i1>
  // CHECK: "tf.LogicalAnd"(%arg3, %arg3)
  %and = "tf.LogicalAnd"(%b, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  // CHECK: "tf.LogicalOr"(%arg3, %arg3)
  %or = "tf.LogicalOr"(%b, %b) : (tensor<2xi1>, tensor<2xi1>) -> tensor<2xi1>
  // CHECK: "tf.LogicalNot"(%arg3)
  %not = "tf.LogicalNot"(%b) : (tensor<2xi1>) -> tensor<2xi1>
  return
}

// CHECK-LABEL: func @unary
func.func @unary(%x: tensor<2x3xf32>, %i: tensor<4xi8>) {
  // CHECK: "tf.Abs"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Abs = "tf.Abs"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Neg"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Neg = "tf.Neg"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Square"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Square = "tf.Square"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Floor"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Floor = "tf.Floor"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Ceil"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Ceil = "tf.Ceil"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Round"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Round = "tf.Round"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Rint"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Rint = "tf.Rint"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Sign"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Sign = "tf.Sign"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Reciprocal"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Reciprocal = "tf.Reciprocal"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Inv"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Inv = "tf.Inv"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Exp"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Exp = "tf.Exp"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Expm1"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Expm1 = "tf.Expm1"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Log"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Log = "tf.Log"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Log1p"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Log1p = "tf.Log1p"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Sqrt"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Sqrt = "tf.Sqrt"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Rsqrt"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Rsqrt = "tf.Rsqrt"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Sin"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Sin = "tf.Sin"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Cos"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Cos = "tf.Cos"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Tan"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Tan = "tf.Tan"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Asin"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Asin = "tf.Asin"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Acos"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Acos = "tf.Acos"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Atan"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Atan = "tf.Atan"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Sinh"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Sinh = "tf.Sinh"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Cosh"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Cosh = "tf.Cosh"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Asinh"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Asinh = "tf.Asinh"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Acosh"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Acosh = "tf.Acosh"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Atanh"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Atanh = "tf.Atanh"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Erf"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Erf = "tf.Erf"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Erfc"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Erfc = "tf.Erfc"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Erfinv"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Erfinv = "tf.Erfinv"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Lgamma"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Lgamma = "tf.Lgamma"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Digamma"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  %Digamma = "tf.Digamma"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.IsFinite"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %IsFinite = "tf.IsFinite"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.IsInf"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %IsInf = "tf.IsInf"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.IsNan"(%arg0) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  %IsNan = "tf.IsNan"(%x) {T = f32} : (tensor<2x3xf32>) -> tensor<2x3xi1>
  // CHECK: "tf.Invert"(%arg1) {T = i8}
  %inv = "tf.Invert"(%i) {T = i8} : (tensor<4xi8>) -> tensor<4xi8>
  return
}

// CHECK-LABEL: func @nary_and_misc
func.func @nary_and_misc(%x: tensor<2x3xf32>, %y: tensor<*xf32>, %s: tensor<f32>,
                         %v: tensor<!tf_type.variant>) {
  // CHECK: "tf.AddN"(%arg0, %arg1, %arg0) {N = 3 : i64, T = f32}
  %0 = "tf.AddN"(%x, %y, %x) {N = 3 : i64, T = f32} : (tensor<2x3xf32>, tensor<*xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.AddN"(%arg3, %arg3)
  %1 = "tf.AddN"(%v, %v) : (tensor<!tf_type.variant>, tensor<!tf_type.variant>) -> tensor<!tf_type.variant>
  // CHECK: "tf.AccumulateNV2"(%arg0, %arg0) {N = 2 : i64, T = f32, shape = #tf_type.shape<2x3>}
  %2 = "tf.AccumulateNV2"(%x, %x) {N = 2 : i64, T = f32, shape = #tf_type.shape<2x3>} : (tensor<2x3xf32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.ClipByValue"(%arg0, %arg2, %arg0)
  %3 = "tf.ClipByValue"(%x, %s, %x) : (tensor<2x3xf32>, tensor<f32>, tensor<2x3xf32>) -> tensor<2x3xf32>
  // CHECK: "tf.Betainc"(%arg2, %arg0, %arg2)
  %4 = "tf.Betainc"(%s, %x, %s) : (tensor<f32>, tensor<2x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  // CHECK: "tf.CheckNumerics"(%arg0) {T = f32, message = "bad"}
  %5 = "tf.CheckNumerics"(%x) {T = f32, message = "bad"} : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return
}

// CHECK-LABEL: func @casts
func.func @casts(%x: tensor<2x3xf32>, %r: tensor<2x!tf_type.ref<f32>>, %w: tensor<2x3xi64>) {
  // CHECK: "tf.Cast"(%arg0) {DstT = i32, SrcT = f32, Truncate = false} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %0 = "tf.Cast"(%x) {SrcT = f32, DstT = i32, Truncate = false} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  // A `_REF` input is read as its base type.
  // CHECK: "tf.Neg"(%arg1) {T = f32} : (tensor<2x!tf_type.ref<f32>>) -> tensor<2xf32>
  %1 = "tf.Neg"(%r) {T = f32} : (tensor<2x!tf_type.ref<f32>>) -> tensor<2xf32>
  // CHECK: "tf.Bitcast"(%arg2) {T = i64, type = i32} : (tensor<2x3xi64>) -> tensor<2x3x2xi32>
  %2 = "tf.Bitcast"(%w) {T = i64, type = i32} : (tensor<2x3xi64>) -> tensor<2x3x2xi32>
  // CHECK: "tf.Bitcast"(%{{.*}}) {T = i32, type = i64} : (tensor<2x3x2xi32>) -> tensor<2x3xi64>
  %3 = "tf.Bitcast"(%2) {T = i32, type = i64} : (tensor<2x3x2xi32>) -> tensor<2x3xi64>
  // CHECK: "tf.Bitcast"(%arg0) {T = f32, type = i32} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  %4 = "tf.Bitcast"(%x) {T = f32, type = i32} : (tensor<2x3xf32>) -> tensor<2x3xi32>
  return
}

// Attrs inside a FunctionDef body may be placeholders for function attrs.
// CHECK-LABEL: func @placeholder_attrs
func.func @placeholder_attrs(%x: tensor<*xf32>) {
  // CHECK: "tf.Abs"(%arg0) {T = #tf_type.placeholder<"T">}
  %0 = "tf.Abs"(%x) {T = #tf_type.placeholder<"T">} : (tensor<*xf32>) -> tensor<*xf32>
  return
}
