// RUN: tf-opt %s -split-input-file -tf-decompose-fused-ops -mlir-print-debuginfo=false -verify-diagnostics | FileCheck %s

// LSTMBlockCell with peepholes and cell_clip (TF's LSTMBlockCellFprop):
// gates i, c, f, o of BiasAdd(MatMul([x, h_prev], w), b).
// CHECK-LABEL: func.func @lstm_block_cell
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[CSP:.*]]: tensor<2x4xf32>, %[[HP:.*]]: tensor<2x4xf32>, %[[W:.*]]: tensor<7x16xf32>, %[[WCI:.*]]: tensor<4xf32>, %[[WCF:.*]]: tensor<4xf32>, %[[WCO:.*]]: tensor<4xf32>, %[[B:.*]]: tensor<16xf32>)
// CHECK-DAG: %[[HI:.*]] = tf.Const dense<2.500000e-01> : tensor<f32>
// CHECK-DAG: %[[LO:.*]] = tf.Const dense<-2.500000e-01> : tensor<f32>
// CHECK-DAG: %[[FB:.*]] = tf.Const dense<5.000000e-01> : tensor<f32>
// CHECK-DAG: %[[A1:.*]] = tf.Const dense<1> : tensor<i32>
// CHECK: %[[XH:.*]] = "tf.ConcatV2"(%[[X]], %[[HP]], %[[A1]]) {N = 2 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<2x7xf32>
// CHECK: %[[MM:.*]] = "tf.MatMul"(%[[XH]], %[[W]]) : (tensor<2x7xf32>, tensor<7x16xf32>) -> tensor<2x16xf32>
// CHECK: %[[G:.*]] = "tf.BiasAdd"(%[[MM]], %[[B]])
// CHECK: %[[S:.*]]:4 = "tf.Split"(%[[A1]], %[[G]]) {num_split = 4 : i64} : (tensor<i32>, tensor<2x16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
// CHECK: %[[PI:.*]] = "tf.Mul"(%[[CSP]], %[[WCI]])
// CHECK: %[[GI:.*]] = "tf.AddV2"(%[[S]]#0, %[[PI]])
// CHECK: %[[I:.*]] = "tf.Sigmoid"(%[[GI]])
// CHECK: %[[CI:.*]] = "tf.Tanh"(%[[S]]#1)
// CHECK: %[[GF0:.*]] = "tf.AddV2"(%[[S]]#2, %[[FB]])
// CHECK: %[[PF:.*]] = "tf.Mul"(%[[CSP]], %[[WCF]])
// CHECK: %[[GF:.*]] = "tf.AddV2"(%[[GF0]], %[[PF]])
// CHECK: %[[F:.*]] = "tf.Sigmoid"(%[[GF]])
// CHECK: %[[IC:.*]] = "tf.Mul"(%[[I]], %[[CI]])
// CHECK: %[[FC:.*]] = "tf.Mul"(%[[F]], %[[CSP]])
// CHECK: %[[CS0:.*]] = "tf.AddV2"(%[[IC]], %[[FC]])
// CHECK: %[[MX:.*]] = "tf.Maximum"(%[[CS0]], %[[LO]])
// CHECK: %[[CS:.*]] = "tf.Minimum"(%[[MX]], %[[HI]])
// CHECK: %[[CO:.*]] = "tf.Tanh"(%[[CS]])
// CHECK: %[[PO:.*]] = "tf.Mul"(%[[CS]], %[[WCO]])
// CHECK: %[[GO:.*]] = "tf.AddV2"(%[[S]]#3, %[[PO]])
// CHECK: %[[O:.*]] = "tf.Sigmoid"(%[[GO]])
// CHECK: %[[H:.*]] = "tf.Mul"(%[[O]], %[[CO]])
// CHECK: return %[[I]], %[[CS]], %[[F]], %[[O]], %[[CI]], %[[CO]], %[[H]]
func.func @lstm_block_cell(%x: tensor<2x3xf32>, %cs: tensor<2x4xf32>, %h: tensor<2x4xf32>, %w: tensor<7x16xf32>, %wci: tensor<4xf32>, %wcf: tensor<4xf32>, %wco: tensor<4xf32>, %b: tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0:7 = "tf.LSTMBlockCell"(%x, %cs, %h, %w, %wci, %wcf, %wco, %b) {T = f32, cell_clip = 0.25 : f32, forget_bias = 0.5 : f32, use_peephole = true} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return %0#0, %0#1, %0#2, %0#3, %0#4, %0#5, %0#6 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// Without peepholes, cell_clip -1 (off) and forget_bias 0 (nothing added);
// unranked operands (before shape inference) give ranked results with
// dynamic dims where nothing is known.
// CHECK-LABEL: func.func @lstm_block_cell_plain
// CHECK: "tf.ConcatV2"({{.*}}) {N = 2 : i64} : (tensor<*xf32>, tensor<*xf32>, tensor<i32>) -> tensor<?x?xf32>
// CHECK: %[[S:.*]]:4 = "tf.Split"
// CHECK: %[[I:.*]] = "tf.Sigmoid"(%[[S]]#0) : (tensor<?x?xf32>) -> tensor<*xf32>
// CHECK: %[[CI:.*]] = "tf.Tanh"(%[[S]]#1)
// CHECK: %[[F:.*]] = "tf.Sigmoid"(%[[S]]#2)
// CHECK: %[[IC:.*]] = "tf.Mul"(%[[I]], %[[CI]])
// CHECK: %[[FC:.*]] = "tf.Mul"(%[[F]], %arg1)
// CHECK: %[[CS:.*]] = "tf.AddV2"(%[[IC]], %[[FC]])
// CHECK-NOT: tf.Minimum
// CHECK: %[[CO:.*]] = "tf.Tanh"(%[[CS]])
// CHECK: %[[O:.*]] = "tf.Sigmoid"(%[[S]]#3)
// CHECK: "tf.Mul"(%[[O]], %[[CO]])
// CHECK-NOT: tf.LSTMBlockCell
func.func @lstm_block_cell_plain(%x: tensor<*xf32>, %cs: tensor<*xf32>, %h: tensor<*xf32>, %w: tensor<*xf32>, %z: tensor<*xf32>, %b: tensor<*xf32>) -> tensor<*xf32> {
  %0:7 = "tf.LSTMBlockCell"(%x, %cs, %h, %w, %z, %z, %z, %b) {T = f32, cell_clip = -1.0 : f32, forget_bias = 0.0 : f32, use_peephole = false} : (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>) -> (tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>, tensor<*xf32>)
  func.return %0#6 : tensor<*xf32>
}

// -----

// GRUBlockCell (TF's GRUBlockCellFprop).
// CHECK-LABEL: func.func @gru_block_cell
// CHECK-SAME: (%[[X:.*]]: tensor<2x3xf32>, %[[HP:.*]]: tensor<2x4xf32>, %[[WRU:.*]]: tensor<7x8xf32>, %[[WC:.*]]: tensor<7x4xf32>, %[[BRU:.*]]: tensor<8xf32>, %[[BC:.*]]: tensor<4xf32>)
// CHECK: %[[XH:.*]] = "tf.ConcatV2"(%[[X]], %[[HP]], %[[A1:.*]]) {N = 2 : i64} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<i32>) -> tensor<2x7xf32>
// CHECK: %[[M1:.*]] = "tf.MatMul"(%[[XH]], %[[WRU]]) : (tensor<2x7xf32>, tensor<7x8xf32>) -> tensor<2x8xf32>
// CHECK: %[[B1:.*]] = "tf.BiasAdd"(%[[M1]], %[[BRU]])
// CHECK: %[[RU:.*]] = "tf.Sigmoid"(%[[B1]]) : (tensor<2x8xf32>) -> tensor<2x8xf32>
// CHECK: %[[S:.*]]:2 = "tf.Split"(%{{.*}}, %[[RU]]) {num_split = 2 : i64}
// CHECK: %[[RH:.*]] = "tf.Mul"(%[[HP]], %[[S]]#0)
// CHECK: %[[XHR:.*]] = "tf.ConcatV2"(%[[X]], %[[RH]], %{{.*}})
// CHECK: %[[M2:.*]] = "tf.MatMul"(%[[XHR]], %[[WC]])
// CHECK: %[[B2:.*]] = "tf.BiasAdd"(%[[M2]], %[[BC]])
// CHECK: %[[C:.*]] = "tf.Tanh"(%[[B2]])
// CHECK: %[[D:.*]] = "tf.Sub"(%[[HP]], %[[C]])
// CHECK: %[[UD:.*]] = "tf.Mul"(%[[S]]#1, %[[D]])
// CHECK: %[[H:.*]] = "tf.AddV2"(%[[UD]], %[[C]])
// CHECK: return %[[S]]#0, %[[S]]#1, %[[C]], %[[H]]
func.func @gru_block_cell(%x: tensor<2x3xf32>, %h: tensor<2x4xf32>, %wru: tensor<7x8xf32>, %wc: tensor<7x4xf32>, %bru: tensor<8xf32>, %bc: tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>) {
  %0:4 = "tf.GRUBlockCell"(%x, %h, %wru, %wc, %bru, %bc) {T = f32} : (tensor<2x3xf32>, tensor<2x4xf32>, tensor<7x8xf32>, tensor<7x4xf32>, tensor<8xf32>, tensor<4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>)
  func.return %0#0, %0#1, %0#2, %0#3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>, tensor<2x4xf32>
}

// -----

// BlockLSTMV2 over 2 static steps: gate order i, f, c, o, no forget_bias;
// step 1 reads step 0's cs and h; each result is masked by t < seq_len_max
// and the steps are packed.
// CHECK-LABEL: func.func @block_lstm_v2
// CHECK-SAME: (%[[LEN:.*]]: tensor<i64>, %[[XS:.*]]: tensor<2x1x3xf32>, %[[CSP:.*]]: tensor<1x4xf32>, %[[HP:.*]]: tensor<1x4xf32>
// CHECK-DAG: %[[T1:.*]] = tf.Const dense<1> : tensor<i64>
// CHECK-DAG: %[[T0:.*]] = tf.Const dense<0> : tensor<i64>
// CHECK-DAG: %[[Z:.*]] = tf.Const dense<0.000000e+00> : tensor<f32>
// CHECK: %[[X:.*]]:2 = "tf.Unpack"(%[[XS]]) {axis = 0 : i64, num = 2 : i64} : (tensor<2x1x3xf32>) -> (tensor<1x3xf32>, tensor<1x3xf32>)
// CHECK: "tf.ConcatV2"(%[[X]]#0, %[[HP]], %{{.*}})
// CHECK: %[[S0:.*]]:4 = "tf.Split"
// CHECK: %[[I0:.*]] = "tf.Sigmoid"(%[[S0]]#0)
// CHECK: %[[CI0:.*]] = "tf.Tanh"(%[[S0]]#2)
// CHECK: %[[F0:.*]] = "tf.Sigmoid"(%[[S0]]#1)
// CHECK: %[[IC0:.*]] = "tf.Mul"(%[[I0]], %[[CI0]])
// CHECK: %[[FC0:.*]] = "tf.Mul"(%[[F0]], %[[CSP]])
// CHECK: %[[CS0:.*]] = "tf.AddV2"(%[[IC0]], %[[FC0]])
// CHECK: %[[CO0:.*]] = "tf.Tanh"(%[[CS0]])
// CHECK: %[[O0:.*]] = "tf.Sigmoid"(%[[S0]]#3)
// CHECK: %[[H0:.*]] = "tf.Mul"(%[[O0]], %[[CO0]])
// CHECK: %[[L0:.*]] = "tf.Less"(%[[T0]], %[[LEN]]) : (tensor<i64>, tensor<i64>) -> tensor<i1>
// CHECK: %[[MI0:.*]] = "tf.SelectV2"(%[[L0]], %[[I0]], %[[Z]]) : (tensor<i1>, tensor<1x4xf32>, tensor<f32>) -> tensor<1x4xf32>
// CHECK: %[[MCS0:.*]] = "tf.SelectV2"(%[[L0]], %[[CS0]], %[[Z]])
// CHECK: %[[MH0:.*]] = "tf.SelectV2"(%[[L0]], %[[H0]], %[[Z]])
// CHECK: "tf.ConcatV2"(%[[X]]#1, %[[H0]], %{{.*}})
// CHECK: %[[S1:.*]]:4 = "tf.Split"
// CHECK: %[[F1:.*]] = "tf.Sigmoid"(%[[S1]]#1)
// CHECK: "tf.Mul"(%[[F1]], %[[CS0]])
// CHECK: %[[L1:.*]] = "tf.Less"(%[[T1]], %[[LEN]])
// CHECK: %[[MI1:.*]] = "tf.SelectV2"(%[[L1]]
// CHECK: %[[MCS1:.*]] = "tf.SelectV2"(%[[L1]]
// CHECK: %[[MH1:.*]] = "tf.SelectV2"(%[[L1]]
// CHECK: %[[PI:.*]] = "tf.Pack"(%[[MI0]], %[[MI1]]) {N = 2 : i64, axis = 0 : i64} : (tensor<1x4xf32>, tensor<1x4xf32>) -> tensor<2x1x4xf32>
// CHECK: %[[PCS:.*]] = "tf.Pack"(%[[MCS0]], %[[MCS1]])
// CHECK: %[[PH:.*]] = "tf.Pack"(%[[MH0]], %[[MH1]])
// CHECK: return %[[PI]], %[[PCS]], %[[PH]]
func.func @block_lstm_v2(%len: tensor<i64>, %x: tensor<2x1x3xf32>, %cs: tensor<1x4xf32>, %h: tensor<1x4xf32>, %w: tensor<7x16xf32>, %z: tensor<4xf32>, %b: tensor<16xf32>) -> (tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>) {
  %0:7 = "tf.BlockLSTMV2"(%len, %x, %cs, %h, %w, %z, %z, %z, %b) {T = f32, cell_clip = 0.0 : f32, use_peephole = false} : (tensor<i64>, tensor<2x1x3xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>)
  func.return %0#0, %0#1, %0#6 : tensor<2x1x4xf32>, tensor<2x1x4xf32>, tensor<2x1x4xf32>
}

// -----

// A time dimension that is not static cannot be unrolled: the op stays,
// with a warning naming the node.
func.func @block_lstm_dynamic(%len: tensor<i64>, %x: tensor<?x1x3xf32>, %s: tensor<1x4xf32>, %w: tensor<7x16xf32>, %z: tensor<4xf32>, %b: tensor<16xf32>) -> tensor<?x1x4xf32> {
  // expected-warning @+1 {{(tf.BlockLSTM) is not decomposed: x's time dimension is not static (tensor<?x1x3xf32>): the steps are unrolled}}
  %0:7 = "tf.BlockLSTM"(%len, %x, %s, %s, %w, %z, %z, %z, %b) {T = f32} : (tensor<i64>, tensor<?x1x3xf32>, tensor<1x4xf32>, tensor<1x4xf32>, tensor<7x16xf32>, tensor<4xf32>, tensor<4xf32>, tensor<4xf32>, tensor<16xf32>) -> (tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>, tensor<?x1x4xf32>)
  func.return %0#6 : tensor<?x1x4xf32>
}
