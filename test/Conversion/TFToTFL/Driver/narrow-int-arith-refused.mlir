// RUN: not tf-opt %s -tfl-legalize-tf=fuse=false -mlir-print-debuginfo=false 2>&1 | FileCheck %s

// Add/Sub/Mul/RealDiv of plain (unquantized) int8, uint8 and int16 tensors:
// TFLite's ADD/SUB/MUL/DIV kernels take those types only quantized (TF's
// tfl.add takes QI8/QUI8/QI16, not i8/ui8/i16), so the converter refuses
// them with the reason, as TF's does, instead of emitting a model that the
// interpreter rejects. int32 and the other element-wise ops (Maximum here)
// still convert.
// CHECK: error: some ops cannot be converted to TFLite builtins
// CHECK: TFLite builtin ops used (2):
// CHECK-NEXT: tfl.add x1: a32
// CHECK-NEXT: tfl.maximum x1: max8
// CHECK: Ops whose TFLite builtin cannot take them as they are (4); -tfl-legalize-tf=allow-custom-ops emits them as custom ops:
// CHECK-NEXT: tf.AddV2 x1: a8 (tfl.add has no kernel for tensor<3xi8> without quantization (TFLite runs it on 8/16-bit integers only quantized: Cast to int32 first))
// CHECK-NEXT: tf.Sub x1: s16 (tfl.sub has no kernel for tensor<3xi16> without quantization
// CHECK-NEXT: tf.Mul x1: mu8 (tfl.mul has no kernel for tensor<3xui8> without quantization
// CHECK-NEXT: tf.RealDiv x1: d8 (tfl.div has no kernel for tensor<3xui8> without quantization
func.func @narrow(%a: tensor<3xi8>, %b: tensor<3xi16>, %c: tensor<3xui8>, %d: tensor<3xi32>)
    -> (tensor<3xi8>, tensor<3xi16>, tensor<3xui8>, tensor<3xui8>, tensor<3xi32>, tensor<3xi8>) {
  %0 = "tf.AddV2"(%a, %a) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8> loc("a8")
  %1 = "tf.Sub"(%b, %b) : (tensor<3xi16>, tensor<3xi16>) -> tensor<3xi16> loc("s16")
  %2 = "tf.Mul"(%c, %c) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8> loc("mu8")
  %3 = "tf.RealDiv"(%c, %c) : (tensor<3xui8>, tensor<3xui8>) -> tensor<3xui8> loc("d8")
  %4 = "tf.AddV2"(%d, %d) : (tensor<3xi32>, tensor<3xi32>) -> tensor<3xi32> loc("a32")
  %5 = "tf.Maximum"(%a, %a) : (tensor<3xi8>, tensor<3xi8>) -> tensor<3xi8> loc("max8")
  func.return %0, %1, %2, %3, %4, %5 : tensor<3xi8>, tensor<3xi16>, tensor<3xui8>, tensor<3xui8>, tensor<3xi32>, tensor<3xi8>
}
