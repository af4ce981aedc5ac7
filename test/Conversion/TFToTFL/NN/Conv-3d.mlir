// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | FileCheck %s
// RUN: tf-opt %s -tfl-legalize-tf -mlir-print-debuginfo=false | tf-translate -mlir-to-tflite-flatbuffer -o %t.tflite
// RUN: tf-translate -tflite-flatbuffer-to-mlir %t.tflite -mlir-print-debuginfo=false | FileCheck %s --check-prefix=BACK

// TF ops whose TFLite builtins came after the core set convert 1:1
// and export with their builtin codes and options.

// Conv3D / Conv3DBackpropInputV2: TF's DHWIO filter is TFLite's layout;
// NCDHW is transposed to NDHWC and back (input_sizes reordered).
// CHECK-LABEL: func @conv3d
func.func @conv3d(%x: tensor<1x4x5x6x2xf32>, %w: tensor<2x3x3x2x3xf32>, %dy: tensor<1x2x5x3x3xf32>, %xc: tensor<1x2x4x5x6xf32>) -> (tensor<1x2x5x3x3xf32>, tensor<1x4x5x6x2xf32>, tensor<1x3x3x3x4xf32>) {
  // CHECK: %[[SZ:.*]] = "tfl.pseudo_const"() {value = dense<[1, 4, 5, 6, 2]> : tensor<5xi32>}
  // CHECK: "tfl.conv_3d"(%arg0, %arg1, %{{.*}}) {dilation_d_factor = 1 : i32, dilation_h_factor = 1 : i32, dilation_w_factor = 1 : i32, fused_activation_function = "NONE", padding = "SAME", stride_d = 2 : i32, stride_h = 1 : i32, stride_w = 2 : i32}
  %0 = "tf.Conv3D"(%x, %w) {strides = [1, 2, 1, 2, 1], padding = "SAME", data_format = "NDHWC", dilations = [1, 1, 1, 1, 1]} : (tensor<1x4x5x6x2xf32>, tensor<2x3x3x2x3xf32>) -> tensor<1x2x5x3x3xf32>
  // CHECK: "tfl.conv_3d_transpose"(%[[SZ]], %arg1, %arg2, %{{.*}}) {{.*}}padding = "SAME", stride_d = 2 : i32, stride_h = 1 : i32, stride_w = 2 : i32}
  %s = "tf.Const"() {value = dense<[1, 4, 5, 6, 2]> : tensor<5xi32>} : () -> tensor<5xi32>
  %1 = "tf.Conv3DBackpropInputV2"(%s, %w, %dy) {strides = [1, 2, 1, 2, 1], padding = "SAME", data_format = "NDHWC", dilations = [1, 1, 1, 1, 1]} : (tensor<5xi32>, tensor<2x3x3x2x3xf32>, tensor<1x2x5x3x3xf32>) -> tensor<1x4x5x6x2xf32>
  // CHECK: "tfl.transpose"(%arg3
  // CHECK: "tfl.conv_3d"({{.*}}padding = "VALID", stride_d = 1 : i32, stride_h = 1 : i32, stride_w = 1 : i32}
  // CHECK: "tfl.transpose"
  %2 = "tf.Conv3D"(%xc, %w) {strides = [1, 1, 1, 1, 1], padding = "VALID", data_format = "NCDHW"} : (tensor<1x2x4x5x6xf32>, tensor<2x3x3x2x3xf32>) -> tensor<1x3x3x3x4xf32>
  func.return %0, %1, %2 : tensor<1x2x5x3x3xf32>, tensor<1x4x5x6x2xf32>, tensor<1x3x3x3x4xf32>
}

// The exported model reads back with the same builtins and options.
// BACK-DAG: "tfl.conv_3d"(
// BACK-DAG: "tfl.conv_3d_transpose"(
