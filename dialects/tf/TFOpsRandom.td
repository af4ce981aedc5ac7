//===- TFOpsRandom.td - random number ops --------------------------------===//
//
// Stateful random ops (RandomUniform, ...) draw from a per-op generator
// seeded by `seed`/`seed2` (both 0 = nondeterministic); they are NOT Pure:
// two identical ops give different values and must not be merged or
// removed blindly. The Stateless* ops are functions of their `seed` operand
// and are Pure.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_RANDOM_TD
#define TFMLIR_TF_OPS_RANDOM_TD

include "dialects/tf/TFOpBase.td"

class TF_RandomOp<string mnemonic, string what, string notes>
    : TF_Op<mnemonic> {
  let summary = "TF " # mnemonic # ": " # what;
  let description = "`shape` is a 1-D int32/int64 vector (dtype `T`) giving "
    "the output shape. " # notes # " Attrs `seed`, `seed2` (default 0). Not "
    "Pure. Matches TF's " # mnemonic # " in distribution (the bits depend "
    "on TF's Philox generator).";
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_RandomUniformOp : TF_RandomOp<"RandomUniform",
    "uniform floats in [0, 1)", "`output` has float dtype `dtype`."> {
  let arguments = (ins TF_Tensor:$shape, TF_DefaultI64<"0">:$seed,
                   TF_DefaultI64<"0">:$seed2, TF_DerivedTypeAttr:$dtype,
                   TF_DerivedTypeAttr:$T);
}
def TF_RandomUniformIntOp : TF_RandomOp<"RandomUniformInt",
    "uniform integers in [minval, maxval)",
    "`minval` < `maxval` are scalars of the output dtype `Tout` (int32 or "
    "int64)."> {
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$minval,
                   TF_Tensor:$maxval, TF_DefaultI64<"0">:$seed,
                   TF_DefaultI64<"0">:$seed2, TF_DerivedTypeAttr:$Tout,
                   TF_DerivedTypeAttr:$T);
}
def TF_RandomStandardNormalOp : TF_RandomOp<"RandomStandardNormal",
    "normally distributed floats (mean 0, stddev 1)",
    "`output` has float dtype `dtype`."> {
  let arguments = (ins TF_Tensor:$shape, TF_DefaultI64<"0">:$seed,
                   TF_DefaultI64<"0">:$seed2, TF_DerivedTypeAttr:$dtype,
                   TF_DerivedTypeAttr:$T);
}
def TF_TruncatedNormalOp : TF_RandomOp<"TruncatedNormal",
    "normal floats truncated to 2 standard deviations",
    "Values more than 2 stddevs from the mean are redrawn. `output` has "
    "float dtype `dtype`."> {
  let arguments = (ins TF_Tensor:$shape, TF_DefaultI64<"0">:$seed,
                   TF_DefaultI64<"0">:$seed2, TF_DerivedTypeAttr:$dtype,
                   TF_DerivedTypeAttr:$T);
}
def TF_RandomGammaOp : TF_RandomOp<"RandomGamma",
    "samples of Gamma(alpha, 1) distributions",
    "`shape` (dtype `S`) is followed by the shape of `alpha` (dtype `T`): "
    "`output` has shape shape + alpha.shape."> {
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$alpha,
                   TF_DefaultI64<"0">:$seed, TF_DefaultI64<"0">:$seed2,
                   TF_DerivedTypeAttr:$S, TF_DerivedTypeAttr:$T);
}
def TF_RandomPoissonV2Op : TF_RandomOp<"RandomPoissonV2",
    "samples of Poisson(rate) distributions",
    "`shape` (dtype `S`) is followed by the shape of `rate` (dtype `R`): "
    "`output` (dtype `dtype`, default int64) has shape shape + rate.shape."> {
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$rate,
                   TF_DefaultI64<"0">:$seed, TF_DefaultI64<"0">:$seed2,
                   TF_DerivedTypeAttr:$S, TF_DerivedTypeAttr:$R,
                   TF_DerivedTypeAttr:$dtype);
}

def TF_RandomShuffleOp : TF_Op<"RandomShuffle"> {
  let summary = "TF RandomShuffle: randomly permutes a tensor along dim 0";
  let description = [{ `output` has the shape and dtype `T` of `value`,
    whose rows (dim 0) are shuffled. Attrs `seed`, `seed2`. Not Pure.
    Matches TF's RandomShuffle. }];
  let arguments = (ins TF_Tensor:$value, TF_DefaultI64<"0">:$seed,
                   TF_DefaultI64<"0">:$seed2, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

def TF_MultinomialOp : TF_Op<"Multinomial"> {
  let summary = "TF Multinomial: samples class indices from logits";
  let description = [{ `logits` is [batch_size, num_classes] (unnormalized
    log-probabilities, dtype `T`); `num_samples` is an int32 scalar;
    `output` is [batch_size, num_samples] of dtype `output_dtype` (default
    int64). Attrs `seed`, `seed2`. Not Pure. Matches TF's Multinomial. }];
  let arguments = (ins TF_Tensor:$logits, TF_Tensor:$num_samples,
                   TF_DefaultI64<"0">:$seed, TF_DefaultI64<"0">:$seed2,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$output_dtype);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}

class TF_StatelessRandomOp<string mnemonic, string what>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what # " from a seed";
  let description = "`shape` is a 1-D int32/int64 vector (dtype `T`); "
    "`seed` is a 2-element int32/int64 vector (dtype `Tseed`). The output "
    "(float dtype `dtype`, default float) is a deterministic function of "
    "`shape` and `seed`, so the op is Pure. Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$seed,
                   TF_DerivedTypeAttr:$dtype, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tseed);
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_StatelessRandomUniformOp : TF_StatelessRandomOp<"StatelessRandomUniform",
    "uniform floats in [0, 1)">;
def TF_StatelessRandomNormalOp : TF_StatelessRandomOp<"StatelessRandomNormal",
    "standard normal floats">;
def TF_StatelessTruncatedNormalOp
    : TF_StatelessRandomOp<"StatelessTruncatedNormal",
                           "normal floats truncated to 2 stddevs">;

def TF_RandomPoissonOp : TF_RandomOp<"RandomPoisson",
    "samples of Poisson(rate) distributions (TF's older op)",
    "`shape` (dtype `S`) is followed by the shape of `rate` (dtype "
    "`dtype`): `output` (dtype `dtype`) has shape shape + rate.shape."> {
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$rate,
                   TF_DefaultI64<"0">:$seed, TF_DefaultI64<"0">:$seed2,
                   TF_DerivedTypeAttr:$S, TF_DerivedTypeAttr:$dtype);
  let hasVerifier = 0;
}

// The stateless random ops of TF 2.x: counter-based RNG state (key, counter,
// alg) instead of a seed pair.
class TF_StatelessRandomV2Op<string mnemonic, string what>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what # " from a key and counter";
  let description = "`shape` is a 1-D int32/int64 vector (dtype `Tshape`); "
    "`key` is a uint64 [1] and `counter` a uint64 [2] (Philox's state); "
    "`alg` an int32 scalar (1: Philox, 3: auto-select, which is Philox on "
    "CPU). The output (dtype `dtype`) is a deterministic function of them. "
    "Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$key, TF_Tensor:$counter,
                   TF_Tensor:$alg, TF_DerivedTypeAttr:$dtype,
                   TF_DerivedTypeAttr:$Tshape);
  let results = (outs TF_Tensor:$output);
}
def TF_StatelessRandomUniformV2Op
    : TF_StatelessRandomV2Op<"StatelessRandomUniformV2", "uniform floats in [0, 1)">;
def TF_StatelessRandomNormalV2Op
    : TF_StatelessRandomV2Op<"StatelessRandomNormalV2", "standard normal floats">;
def TF_StatelessTruncatedNormalV2Op
    : TF_StatelessRandomV2Op<"StatelessTruncatedNormalV2",
                             "normal floats truncated to 2 stddevs">;
def TF_StatelessRandomUniformFullIntV2Op
    : TF_StatelessRandomV2Op<"StatelessRandomUniformFullIntV2",
                             "integers over their dtype's full range">;

def TF_StatelessRandomUniformIntV2Op : TF_Op<"StatelessRandomUniformIntV2", [Pure]> {
  let summary = "TF StatelessRandomUniformIntV2: integers in [minval, maxval) from a key and counter";
  let description = [{ As StatelessRandomUniformV2 (`shape`, `key`,
    `counter`, `alg`) with scalar `minval` and `maxval` of the output dtype
    `dtype` (int32/int64/uint32/uint64). Matches TF's
    StatelessRandomUniformIntV2. }];
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$key, TF_Tensor:$counter,
                   TF_Tensor:$alg, TF_Tensor:$minval, TF_Tensor:$maxval,
                   TF_DerivedTypeAttr:$dtype, TF_DerivedTypeAttr:$Tshape);
  let results = (outs TF_Tensor:$output);
}

def TF_StatelessRandomUniformIntOp : TF_Op<"StatelessRandomUniformInt", [Pure]> {
  let summary = "TF StatelessRandomUniformInt: integers in [minval, maxval) from a seed";
  let description = [{ `shape` a 1-D int32/int64 vector (dtype `T`), `seed`
    a 2-element vector (dtype `Tseed`), scalar `minval` and `maxval` of the
    output dtype `dtype` (int32/int64). Matches TF's
    StatelessRandomUniformInt. }];
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$seed, TF_Tensor:$minval,
                   TF_Tensor:$maxval, TF_DerivedTypeAttr:$dtype,
                   TF_DerivedTypeAttr:$T, TF_DerivedTypeAttr:$Tseed);
  let results = (outs TF_Tensor:$output);
}

def TF_StatelessRandomUniformFullIntOp : TF_Op<"StatelessRandomUniformFullInt", [Pure]> {
  let summary = "TF StatelessRandomUniformFullInt: integers over the full range from a seed";
  let description = [{ `shape` a 1-D int32/int64 vector (dtype `T`), `seed`
    a 2-element vector (dtype `Tseed`); the output (dtype `dtype`:
    int32/int64/uint32/uint64) covers the dtype's whole range. Matches TF's
    StatelessRandomUniformFullInt. }];
  let arguments = (ins TF_Tensor:$shape, TF_Tensor:$seed,
                   TF_DerivedTypeAttr:$dtype, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$Tseed);
  let results = (outs TF_Tensor:$output);
}

def TF_StatelessRandomGetKeyCounterOp : TF_Op<"StatelessRandomGetKeyCounter", [Pure]> {
  let summary = "TF StatelessRandomGetKeyCounter: Philox key and counter from a seed";
  let description = [{ `seed` is a 2-element int32/int64 vector (dtype
    `Tseed`); `key` is uint64 [1] and `counter` uint64 [2], scrambled from
    the seed as TF does. Matches TF's StatelessRandomGetKeyCounter. }];
  let arguments = (ins TF_Tensor:$seed, TF_DerivedTypeAttr:$Tseed);
  let results = (outs TF_Tensor:$key, TF_Tensor:$counter);
}

def TF_StatelessRandomGetKeyCounterAlgOp
    : TF_Op<"StatelessRandomGetKeyCounterAlg", [Pure]> {
  let summary = "TF StatelessRandomGetKeyCounterAlg: key, counter and algorithm from a seed";
  let description = [{ As StatelessRandomGetKeyCounter, plus `alg`, an
    int32 scalar (1: Philox). Matches TF's
    StatelessRandomGetKeyCounterAlg. }];
  let arguments = (ins TF_Tensor:$seed, TF_DerivedTypeAttr:$Tseed);
  let results = (outs TF_Tensor:$key, TF_Tensor:$counter, TF_Tensor:$alg);
}

def TF_StatelessRandomGetAlgOp : TF_Op<"StatelessRandomGetAlg"> {
  let summary = "TF StatelessRandomGetAlg: the device's RNG algorithm";
  let description = [{ `alg` is an int32 scalar: 1 (Philox) on CPU. TF
    marks it stateful (the answer depends on the device). Matches TF's
    StatelessRandomGetAlg. }];
  let results = (outs TF_Tensor:$alg);
}

#endif
