//===- Bufferize.cpp - the bufferization step both backends share ---------===//
//
// One-shot bufferization of the linalg-on-tensors program that
// hlo-legalize-to-linalg and the fusion pass leave, with the options the
// CPU and GPU code generators both need.
//===----------------------------------------------------------------------===//
#include "lib/Conversion/HLOToLinalg/Passes.h"

#include "mlir/Dialect/Bufferization/Transforms/Passes.h"
#include "mlir/Transforms/Passes.h"

using namespace mlir;

namespace tfmlir {

void addHLOBufferizePasses(OpPassManager &pm) {
  bufferization::OneShotBufferizePassOptions bufferize;
  // Function arguments and results become memrefs too: the entry function's
  // C interface takes the caller's buffers.
  bufferize.bufferizeFunctionBoundaries = true;
  // An scf.while (hlo.while) body may yield a new tensor for a loop-carried
  // value.
  bufferize.allowReturnAllocsFromLoops = true;
  // Plain row-major memrefs at function boundaries (no strided layouts), as
  // the runtimes' descriptors expect.
  bufferize.functionBoundaryTypeConversion =
      bufferization::LayoutMapOption::IdentityLayoutMap;
  pm.addPass(bufferization::createOneShotBufferizePass(bufferize));
  pm.addPass(createCanonicalizerPass());
  pm.addPass(createCSEPass());
}

} // namespace tfmlir
