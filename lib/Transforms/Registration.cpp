//===- Registration.cpp - registers tfmlir passes and pipelines ----------===//
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/FunctionalizePasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Transforms/ShapeInference.h"

namespace tfmlir {
#define GEN_PASS_REGISTRATION
#include "lib/Transforms/Passes.h.inc"
} // namespace tfmlir

void tfmlir::registerTFPasses() {
  registerTFMLIRPasses();
  registerTFExecutorPasses();
  registerTFFunctionalizePasses();
  registerTFShapeInferencePasses();
  registerTFStandardPipeline();
}
