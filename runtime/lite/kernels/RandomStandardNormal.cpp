//===- RandomStandardNormal.cpp - RANDOM_STANDARD_NORMAL ------------------===//
//
// RANDOM_STANDARD_NORMAL as TFLite's kernels/random_ops.cc: float32 N(0, 1)
// values of the shape given by input 0, from TF's Philox stream (seed /
// seed2 as RandomOptions; both 0: nondeterministic) through TF's Box-Muller
// (each Philox call gives two pairs, i.e. four values in order); the stream
// continues across Invoke.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/RandomUtil.h"

namespace tfmlir::lite::kernels {

void registerRandomStandardNormal(MutableOpResolver &r) {
  r.addBuiltin(kOp_RANDOM_STANDARD_NORMAL,
               {randomPrepare, randomEval<true>, kRandomInputTypes}, 1, 1);
}

} // namespace tfmlir::lite::kernels
