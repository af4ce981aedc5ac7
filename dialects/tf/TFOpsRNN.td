//===- TFOpsRNN.td - recurrent cell ops: LSTMBlockCell, BlockLSTM, GRU ---===//
//
// TF's block RNN ops (tensorflow/core/ops/rnn_ops.cc, kernels/rnn/
// lstm_ops.cc, gru_ops.cc). Shape functions: lib/Transforms/ShapeFns/RNN.cpp.
// tf-decompose-fused-ops turns them into MatMul, BiasAdd, ConcatV2, Split,
// Sigmoid, Tanh, Mul, AddV2 (lib/Transforms/DecomposeRNNOps.cpp), so they
// have no lowering of their own. Their classes are declared in
// TFOpsRNN.h (not TFOps.h), which only the files that use them include.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_RNN_TD
#define TFMLIR_TF_OPS_RNN_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// Recurrent cells
//===----------------------------------------------------------------------===//

// The gate math shared by LSTMBlockCell and the BlockLSTM ops (TF's
// LSTMBlockCellFprop), per time step with H = cell size:
//   xh = [x, h_prev]; gates = xh * w + b                     ([B, 4H])
//   i  = sigmoid(gates_i + cs_prev .* wci)     (peephole term if use_peephole)
//   ci = tanh(gates_c)
//   f  = sigmoid(gates_f + forget_bias + cs_prev .* wcf)
//   cs = clip(i .* ci + f .* cs_prev, -cell_clip, cell_clip)  (cell_clip > 0)
//   co = tanh(cs); o = sigmoid(gates_o + cs .* wco); h = o .* co
class TF_LSTMCellBase<string mnemonic> : TF_Op<mnemonic, [Pure]> {
  let results = (outs TF_Tensor:$i, TF_Tensor:$cs, TF_Tensor:$f,
                 TF_Tensor:$o, TF_Tensor:$ci, TF_Tensor:$co, TF_Tensor:$h);
}

def TF_LSTMBlockCellOp : TF_LSTMCellBase<"LSTMBlockCell"> {
  let summary = "TF LSTMBlockCell: one LSTM step (gate layout i, c, f, o)";
  let description = [{ `x` is [batch, input_size], `cs_prev` and `h_prev`
    [batch, cell_size], `w` [input_size + cell_size, 4 * cell_size], `b`
    [4 * cell_size] and the peephole weights `wci`, `wcf`, `wco`
    [cell_size] (read only when `use_peephole`); all have dtype `T` (half or
    float). The columns of `w` and `b` hold the gates in the order i, c, f,
    o (ICFO). `forget_bias` (default 1) is added to the forget gate; the
    cell state is clipped to [-cell_clip, cell_clip] when `cell_clip` > 0
    (default 3; -1 disables it). The seven results (input gate, cell state,
    forget gate, output gate, cell input, tanh(cell state), output) are
    [batch, cell_size]. Matches TF's LSTMBlockCell (LSTMBlockCellFprop). }];
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$cs_prev, TF_Tensor:$h_prev,
                   TF_Tensor:$w, TF_Tensor:$wci, TF_Tensor:$wcf,
                   TF_Tensor:$wco, TF_Tensor:$b, TF_DerivedTypeAttr:$T,
                   TF_DefaultF32<"1.0f">:$forget_bias,
                   TF_DefaultF32<"3.0f">:$cell_clip,
                   TF_DefaultBool<"false">:$use_peephole);
}

def TF_BlockLSTMOp : TF_LSTMCellBase<"BlockLSTM"> {
  let summary = "TF BlockLSTM: LSTMBlockCell over a sequence (layout i, c, "
                "f, o)";
  let description = [{ `seq_len_max` is an int64 scalar in [0, timelen];
    `x` is [timelen, batch, input_size]; the other operands and attrs are
    those of LSTMBlockCell. Step t (t < seq_len_max) runs LSTMBlockCell on
    x[t] with the state of step t - 1 (`cs_prev`/`h_prev` at t = 0). The
    seven results are [timelen, batch, cell_size]; at t >= seq_len_max TF
    zeroes `cs` and `h` and leaves the others unset, tfmlir zeroes all
    seven. Matches TF's BlockLSTM. }];
  let arguments = (ins TF_Tensor:$seq_len_max, TF_Tensor:$x,
                   TF_Tensor:$cs_prev, TF_Tensor:$h_prev, TF_Tensor:$w,
                   TF_Tensor:$wci, TF_Tensor:$wcf, TF_Tensor:$wco,
                   TF_Tensor:$b, TF_DerivedTypeAttr:$T,
                   TF_DefaultF32<"1.0f">:$forget_bias,
                   TF_DefaultF32<"3.0f">:$cell_clip,
                   TF_DefaultBool<"false">:$use_peephole);
}

def TF_BlockLSTMV2Op : TF_LSTMCellBase<"BlockLSTMV2"> {
  let summary = "TF BlockLSTMV2: BlockLSTM with gate layout i, f, c, o and "
                "no forget_bias";
  let description = [{ As BlockLSTM, except that the columns of `w` and `b`
    hold the gates in the order i, f, c, o (IFCO, Keras' order), there is no
    `forget_bias` (0) and `cell_clip` defaults to 0 (no clipping). Matches
    TF's BlockLSTMV2. }];
  let arguments = (ins TF_Tensor:$seq_len_max, TF_Tensor:$x,
                   TF_Tensor:$cs_prev, TF_Tensor:$h_prev, TF_Tensor:$w,
                   TF_Tensor:$wci, TF_Tensor:$wcf, TF_Tensor:$wco,
                   TF_Tensor:$b, TF_DerivedTypeAttr:$T,
                   TF_DefaultF32<"0.0f">:$cell_clip,
                   TF_DefaultBool<"false">:$use_peephole);
}

def TF_GRUBlockCellOp : TF_Op<"GRUBlockCell", [Pure]> {
  let summary = "TF GRUBlockCell: one GRU step";
  let description = [{ `x` is [batch, input_size], `h_prev` [batch,
    cell_size], `w_ru` [input_size + cell_size, 2 * cell_size], `w_c`
    [input_size + cell_size, cell_size], `b_ru` [2 * cell_size] and `b_c`
    [cell_size], all float. With H = cell_size:
    [r, u] = sigmoid([x, h_prev] * w_ru + b_ru) (r the first H columns),
    c = tanh([x, r .* h_prev] * w_c + b_c), h = u .* (h_prev - c) + c.
    The results `r`, `u`, `c`, `h` are [batch, cell_size]. Matches TF's
    GRUBlockCell (GRUBlockCellFprop). }];
  let arguments = (ins TF_Tensor:$x, TF_Tensor:$h_prev, TF_Tensor:$w_ru,
                   TF_Tensor:$w_c, TF_Tensor:$b_ru, TF_Tensor:$b_c,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$r, TF_Tensor:$u, TF_Tensor:$c,
                 TF_Tensor:$h);
}

#endif
