// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: %python -c "import os,sys; n=os.path.getsize(sys.argv[1]); print('small' if n < 4096 else n)" %t.tflite | FileCheck %s --check-prefix=SIZE

// A splat constant of 1 MiB or more (e.g. a folded tf.Fill or ZerosLike)
// becomes tfl.fill, so the .tflite does not store every element; a small
// one stays a constant.
// CHECK-LABEL: func @main
// CHECK-DAG: "tfl.pseudo_const"() {value = dense<1.000000e+00> : tensor<4xf32>}
// CHECK-DAG: %[[S:.*]] = "tfl.pseudo_const"() {value = dense<1024> : tensor<2xi32>}
// CHECK-DAG: %[[V:.*]] = "tfl.pseudo_const"() {value = dense<2.500000e-01> : tensor<f32>}
// CHECK: "tfl.fill"(%[[S]], %[[V]]) : (tensor<2xi32>, tensor<f32>) -> tensor<1024x1024xf32>
// SIZE: small
func.func @main(%x: tensor<1024x1024xf32>, %y: tensor<4xf32>) -> (tensor<1024x1024xf32>, tensor<4xf32>) {
  %big = "tf.Const"() {value = dense<0.25> : tensor<1024x1024xf32>} : () -> tensor<1024x1024xf32>
  %small = "tf.Const"() {value = dense<1.0> : tensor<4xf32>} : () -> tensor<4xf32>
  %0 = "tf.AddV2"(%x, %big) : (tensor<1024x1024xf32>, tensor<1024x1024xf32>) -> tensor<1024x1024xf32>
  %1 = "tf.AddV2"(%y, %small) : (tensor<4xf32>, tensor<4xf32>) -> tensor<4xf32>
  func.return %0, %1 : tensor<1024x1024xf32>, tensor<4xf32>
}
