// RUN: tf-opt %s -xla-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// xla-legalize-tf: the lowerings of lib/Conversion/TFToHLO/Math/Bitpack.cpp.

// CHECK-LABEL: func @bitpack
// CHECK: %[[B:.*]] = hlo.compare  GT, %arg0, %{{.*}},  FLOAT
// CHECK: %[[U:.*]] = hlo.convert %[[B]] : (tensor<16xi1>) -> tensor<16xui8>
// CHECK: %[[R:.*]] = hlo.reshape %[[U]] : (tensor<16xui8>) -> tensor<2x8xui8>
// CHECK: hlo.constant dense<[128, 64, 32, 16, 8, 4, 2, 1]> : tensor<8xui8>
// CHECK: hlo.reduce(%{{.*}}) init(%{{.*}}) dims = [1] : (tensor<2x8xui8>, tensor<ui8>) -> tensor<2xui8>
func.func @bitpack(%x: tensor<16xf32>, %t: tensor<f32>) -> tensor<2xui8> {
  %0 = "tf.CompareAndBitpack"(%x, %t) : (tensor<16xf32>, tensor<f32>) -> tensor<2xui8>
  func.return %0 : tensor<2xui8>
}

// CHECK-LABEL: func @bitpack_bool
// A bool input is packed as it is; the threshold is not compared.
// CHECK-NOT: hlo.compare
// CHECK: %[[U:.*]] = hlo.convert %arg0 : (tensor<8xi1>) -> tensor<8xui8>
// CHECK: hlo.reshape %[[U]] : (tensor<8xui8>) -> tensor<1x8xui8>
func.func @bitpack_bool(%x: tensor<8xi1>, %t: tensor<i1>) -> tensor<1xui8> {
  %0 = "tf.CompareAndBitpack"(%x, %t) : (tensor<8xi1>, tensor<i1>) -> tensor<1xui8>
  func.return %0 : tensor<1xui8>
}
