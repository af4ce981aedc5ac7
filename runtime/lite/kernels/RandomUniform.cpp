//===- RandomUniform.cpp - RANDOM_UNIFORM ---------------------------------===//
//
// RANDOM_UNIFORM as TFLite's kernels/random_ops.cc: float32 values in
// [0, 1) of the shape given by input 0 (int32 or int64, 1-D; a
// non-constant shape makes the output dynamic), from TF's Philox stream
// seeded by RandomOptions seed / seed2 (both 0: nondeterministic). Four
// values per Philox call, in order; the stream continues across Invoke.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/RandomUtil.h"

namespace tfmlir::lite::kernels {

void registerRandomUniform(MutableOpResolver &r) {
  r.addBuiltin(kOp_RANDOM_UNIFORM,
               {randomPrepare, randomEval<false>, kRandomInputTypes}, 1, 1);
}

} // namespace tfmlir::lite::kernels
