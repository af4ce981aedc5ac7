// A .tflite with TFLite_Detection_PostProcess (custom op, FlexBuffers
// custom_options) written by tf-translate and run by tflite-run: the loader
// reads the custom options from the file, the kernel decodes and runs fast
// NMS.
// RUN: tf-translate -mlir-to-tflite-flatbuffer %s -o %t.tflite
// RUN: %python %S/../Conversion/TFToTFL/Inputs/make_npy.py %t.b.npy 1,3,4 0 0 0 0 0 0 0 0 0 0 0 0
// RUN: %python %S/../Conversion/TFToTFL/Inputs/make_npy.py %t.s.npy 1,3,3 0 0.9 0.1 0 0.2 0.8 0 0.7 0.1
// RUN: tflite-run --model %t.tflite --input 0=%t.b.npy --input 1=%t.s.npy | FileCheck %s

// Zero encodings decode to the anchors. Box 0 (best class 0, 0.9) and box 1
// (class 1, 0.8) are kept; box 2 (0.7) overlaps box 1 with IoU 0.6 > 0.5
// and is suppressed; the third slot stays zero; 2 detections.
// CHECK: FLOAT32 [1,3,4] = 0.1 0.1 0.3 0.3 0.4 0.4 0.6 0.6 0 0 0 0
// CHECK: FLOAT32 [1,3] = 0 1 0
// CHECK: FLOAT32 [1,3] = 0.9 0.8 0
// CHECK: FLOAT32 [1] = 2

// custom_option: the FlexBuffers map {max_detections: 3,
// max_classes_per_detection: 1, detections_per_class: 100, use_regular_nms:
// false, nms_score_threshold: 0.3, nms_iou_threshold: 0.5, num_classes: 2,
// y_scale: 10, x_scale: 10, h_scale: 5, w_scale: 5} written by
// flexbuffers::Builder.
func.func @main(%boxes: tensor<1x3x4xf32>, %scores: tensor<1x3x3xf32>) -> (tensor<1x3x4xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1xf32>) {
  %anchors = "tfl.pseudo_const"() {value = dense<[[0.2, 0.2, 0.2, 0.2], [0.5, 0.5, 0.2, 0.2], [0.55, 0.5, 0.2, 0.2]]> : tensor<3x4xf32>} : () -> tensor<3x4xf32>
  %0:4 = "tfl.custom"(%boxes, %scores, %anchors) {custom_code = "TFLite_Detection_PostProcess", custom_option = "\6D\61\78\5F\64\65\74\65\63\74\69\6F\6E\73\00\6D\61\78\5F\63\6C\61\73\73\65\73\5F\70\65\72\5F\64\65\74\65\63\74\69\6F\6E\00\64\65\74\65\63\74\69\6F\6E\73\5F\70\65\72\5F\63\6C\61\73\73\00\75\73\65\5F\72\65\67\75\6C\61\72\5F\6E\6D\73\00\6E\6D\73\5F\73\63\6F\72\65\5F\74\68\72\65\73\68\6F\6C\64\00\6E\6D\73\5F\69\6F\75\5F\74\68\72\65\73\68\6F\6C\64\00\6E\75\6D\5F\63\6C\61\73\73\65\73\00\79\5F\73\63\61\6C\65\00\78\5F\73\63\61\6C\65\00\68\5F\73\63\61\6C\65\00\77\5F\73\63\61\6C\65\00\0B\78\12\94\A4\43\58\33\6A\11\22\2B\0B\00\00\00\01\00\00\00\0B\00\00\00\64\00\00\00\00\00\A0\40\01\00\00\00\03\00\00\00\00\00\00\3F\9A\99\99\3E\02\00\00\00\00\00\00\00\00\00\A0\40\00\00\20\41\00\00\20\41\06\0E\06\06\0E\0E\06\6A\0E\0E\0E\37\26\01", version = 1 : i32} : (tensor<1x3x4xf32>, tensor<1x3x3xf32>, tensor<3x4xf32>) -> (tensor<1x3x4xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1xf32>)
  func.return %0#0, %0#1, %0#2, %0#3 : tensor<1x3x4xf32>, tensor<1x3xf32>, tensor<1x3xf32>, tensor<1xf32>
}
