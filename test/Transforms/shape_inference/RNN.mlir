// RUN: tf-opt %s -split-input-file -tf-shape-inference -mlir-print-debuginfo=false -verify-diagnostics | FileCheck %s
// Shape functions of the block RNN ops (ShapeFnsRNN.cpp, TF's rnn_ops.cc):
// batch from x, cell size from the states or the weights; the sizes TF's
// kernels check are static errors naming the node.

// CHECK-LABEL: func.func @lstm_cell
// CHECK: "tf.LSTMBlockCell"{{.*}} -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK: tensor.cast %h : tensor<2x4xf32> to tensor<*xf32>
func.func @lstm_cell(%x: tensor<2x3xf32>, %s: tensor<*xf32>, %w: tensor<7x16xf32>, %z: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<*xf32> {
  %0:7 = "tf.LSTMBlockCell"(%x, %s, %s, %w, %z, %z, %z, %b) {T = f32} : (tensor<2x3xf32>, tensor<*xf32>, tensor<*xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  func.return %0#6 : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @block_lstm
// CHECK: "tf.BlockLSTMV2"{{.*}} -> (tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>, tensor<5x2x4xf32>)
func.func @block_lstm(%l: tensor<i64>, %x: tensor<5x2x3xf32>, %s: tensor<2x4xf32>, %w: tensor<*xf32>, %z: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<*xf32> {
  %0:7 = "tf.BlockLSTMV2"(%l, %x, %s, %s, %w, %z, %z, %z, %b) {T = f32} : (tensor<i64>, tensor<5x2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  func.return %0#6 : tensor<*xf32>
}

// -----

// CHECK-LABEL: func.func @gru_cell
// CHECK: "tf.GRUBlockCell"{{.*}} -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
func.func @gru_cell(%x: tensor<2x3xf32>, %h: tensor<*xf32>, %wru: tensor<7x8xf32>, %wc: tensor<7x4xf32>, %bru: tensor<8xf32>, %bc: tensor<4xf32>) -> tensor<*xf32> {
  %0:4 = "tf.GRUBlockCell"(%x, %h, %wru, %wc, %bru, %bc) {T = f32} : (tensor<2x3xf32>, tensor<*xf32>, tensor<7x8xf32>, tensor<7x4xf32>, tensor<8xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  func.return %0#3 : tensor<*xf32>
}

// -----

func.func @lstm_bad_w(%x: tensor<2x3xf32>, %cs: tensor<2x4xf32>, %w: tensor<7x15xf32>, %z: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{shape inference failed for node 'cell' (tf.LSTMBlockCell): w has 15 columns, not a multiple of 4 (the i, c, f, o gates); input shapes: [2,3], [2,4], [2,4], [7,15], [4], [4], [4], [16]}}
  %0:7 = "tf.LSTMBlockCell"(%x, %cs, %cs, %w, %z, %z, %z, %b) {T = f32} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x15xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) loc("cell")
  func.return %0#6 : tensor<*xf32>
}

// -----

func.func @block_lstm_bad_batch(%l: tensor<i64>, %x: tensor<4x2x3xf32>, %cs: tensor<3x4xf32>, %w: tensor<7x16xf32>, %z: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{shape inference failed for node 'seq' (tf.BlockLSTM): cs_prev's batch size: dimensions 2 and 3 must be equal}}
  %0:7 = "tf.BlockLSTM"(%l, %x, %cs, %cs, %w, %z, %z, %z, %b) {T = f32} : (tensor<i64>, tensor<4x2x3xf32>, tensor<3x4xf32>, tensor<3x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) loc("seq")
  func.return %0#6 : tensor<*xf32>
}

// -----

func.func @gru_bad_wc(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %wru: tensor<7x8xf32>, %wc: tensor<6x4xf32>, %bru: tensor<8xf32>, %bc: tensor<4xf32>) -> tensor<*xf32> {
  // expected-error @unknown {{shape inference failed for node 'gru' (tf.GRUBlockCell): w_c's rows and input_size + cell_size: dimensions 6 and 7 must be equal}}
  %0:4 = "tf.GRUBlockCell"(%x, %h, %wru, %wc, %bru, %bc) {T = f32} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<7x8xf32>, tensor<6x4xf32>, tensor<8xf32>, tensor<4xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) loc("gru")
  func.return %0#3 : tensor<*xf32>
}
