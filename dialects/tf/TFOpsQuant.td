//===- TFOpsQuant.td - fake quantization (QAT) ops -----------------------===//
//
// FakeQuant* quantize float inputs to num_bits levels and dequantize them
// again, with TF's "nudged" range (fake_quant_ops_functor.h): the float
// range [min, max] is shifted so that 0.0 is exactly representable. The
// tf->hlo lowering (lib/Conversion/TFToHLO/Quant/FakeQuant.cpp) computes
// the output; the tf->tfl converter turns them into quantize/dequantize
// pairs (lib/Conversion/TFToTFL/ConvertFakeQuant.cpp).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_QUANT_TD
#define TFMLIR_TF_OPS_QUANT_TD

include "dialects/tf/TFOpBase.td"

def TF_FakeQuantWithMinMaxArgsOp
    : TF_Op<"FakeQuantWithMinMaxArgs", [Pure]> {
  let summary = "TF FakeQuantWithMinMaxArgs: fake-quantizes with attr range";
  let description = [{ `inputs` and `outputs` are float32 of one shape.
    The range is the attrs `min` < `max` (default -6, 6); `num_bits` in
    [2, 16] (default 8) gives quant_max = 2^num_bits - 1 and quant_min =
    1 with `narrow_range`, else 0. Errors (TF's kernel construction):
    min >= max, num_bits outside [2, 16]. Matches TF's
    FakeQuantWithMinMaxArgs. }];
  let arguments = (ins TF_Tensor:$inputs, TF_DefaultF32<"-6.0f">:$min,
                   TF_DefaultF32<"6.0f">:$max, TF_DefaultI64<"8">:$num_bits,
                   TF_DefaultBool<"false">:$narrow_range);
  let results = (outs TF_Tensor:$outputs);
  let hasVerifier = 1;
}

def TF_FakeQuantWithMinMaxVarsOp
    : TF_Op<"FakeQuantWithMinMaxVars", [Pure]> {
  let summary = "TF FakeQuantWithMinMaxVars: fake-quantizes with a tensor "
                "range";
  let description = [{ `inputs`/`outputs` are float32 of one shape; `min`
    and `max` are float32 scalars (run-time values; min == max == 0 gives
    zeros). `num_bits` in [2, 16], `narrow_range` as in
    FakeQuantWithMinMaxArgs. Constant min > max is an error. Matches TF's
    FakeQuantWithMinMaxVars. }];
  let arguments = (ins TF_Tensor:$inputs, TF_Tensor:$min, TF_Tensor:$max,
                   TF_DefaultI64<"8">:$num_bits,
                   TF_DefaultBool<"false">:$narrow_range);
  let results = (outs TF_Tensor:$outputs);
  let hasVerifier = 1;
}

def TF_FakeQuantWithMinMaxVarsPerChannelOp
    : TF_Op<"FakeQuantWithMinMaxVarsPerChannel", [Pure]> {
  let summary = "TF FakeQuantWithMinMaxVarsPerChannel: fake-quantizes each "
                "channel (last dim) with its own range";
  let description = [{ `inputs`/`outputs` are float32 of shape [..., d]
    (rank >= 1); `min` and `max` are float32 [d], one range per index of
    the last dim. `num_bits` in [2, 16] and `narrow_range` as in
    FakeQuantWithMinMaxArgs. Constant min > max is an error. Matches TF's
    FakeQuantWithMinMaxVarsPerChannel. }];
  let arguments = (ins TF_Tensor:$inputs, TF_Tensor:$min, TF_Tensor:$max,
                   TF_DefaultI64<"8">:$num_bits,
                   TF_DefaultBool<"false">:$narrow_range);
  let results = (outs TF_Tensor:$outputs);
  let hasVerifier = 1;
}

#endif // TFMLIR_TF_OPS_QUANT_TD
