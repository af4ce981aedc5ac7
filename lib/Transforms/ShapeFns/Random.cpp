//===- Random.cpp - shape functions of the Random family ------------------===//
//
// The ops of dialects/tf/TFOpsRandom.td: stateful and stateless random
// number ops (output shape from the `shape` input), RandomShuffle,
// Multinomial, RandomGamma/RandomPoisson*; plus StatelessRandomShuffle,
// RandomUniformFullInt and RandomGammaGrad, which have no ODS definition.
// Semantics from tensorflow/core/ops/random_ops.cc and
// stateless_random_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult multinomial(InferenceContext &c) {
  auto logits = c.withRank(c.inputShape(0), 2, "logits");
  if (failed(logits))
    return failure();
  auto n = c.inputScalar(1);
  c.setOutput(0, Shape::of({logits->dims[0], n ? *n : kDyn}));
  return success();
}

/// RandomGamma(shape, alpha) / RandomPoissonV2(shape, rate): shape ++
/// alpha's shape.
LogicalResult randomWithParams(InferenceContext &c) {
  auto s = c.inputAsShape(0);
  if (failed(s))
    return failure();
  Shape p = c.inputShape(1);
  if (!s->ranked || !p.ranked) {
    c.setOutput(0, Shape::unknown());
    return success();
  }
  Shape out = *s;
  out.dims.append(p.dims.begin(), p.dims.end());
  c.setOutput(0, out);
  return success();
}

} // namespace

void registerRandomShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"RandomShuffle", "StatelessRandomShuffle"}, unchangedShape);
  // Binary with broadcasting.
  r.add("RandomGammaGrad", broadcastBinaryShape);
  r.add({"RandomUniform", "RandomStandardNormal", "TruncatedNormal",
         "RandomUniformInt", "StatelessRandomUniform", "StatelessRandomNormal",
         "StatelessTruncatedNormal", "StatelessRandomUniformInt",
         "StatelessRandomUniformFullInt", "StatelessRandomUniformV2",
         "StatelessRandomNormalV2", "StatelessTruncatedNormalV2",
         "StatelessRandomUniformIntV2", "StatelessRandomUniformFullIntV2",
         "RandomUniformFullInt"},
        shapeFromInput0);
  r.add("Multinomial", multinomial);
  r.add({"RandomGamma", "RandomPoissonV2", "RandomPoisson"}, randomWithParams);
}

} // namespace shape_inference
} // namespace tfmlir
