//===- CodegenPipelineTest.cpp - the codegen pipelines, pass by pass ------===//
//
// buildHLOToLLVMPipeline and buildHLOToGPUPipeline add their passes by
// direct calls. These tests pin the exact pass sequence, with every
// option, against the textual pipelines the two backends ran before they
// were built that way (parsed here through the pass registry): the printed
// forms of both pass managers must be equal. A change to a pipeline must
// change the reference here too, on purpose.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Pipeline.h"
#include "lib/Codegen/GPU/Passes.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Pass/PassRegistry.h"
#include "llvm/Support/raw_ostream.h"

#include <gtest/gtest.h>

#include <string>

using namespace mlir;

namespace {

/// The textual form (every option spelled out) of what `pm` runs.
std::string printed(OpPassManager &pm) {
  std::string s;
  llvm::raw_string_ostream os(s);
  pm.printAsTextualPipeline(os);
  return s;
}

/// Registers every upstream pass and ours, once.
void registerPasses() {
  static const bool once = [] {
    registerAllPasses();
    tfmlir::registerHLOCodegenPasses();
    tfmlir::registerGPUCodegenPasses();
    return true;
  }();
  (void)once;
}

/// `text` parsed into a module pass manager; fails the test when it does
/// not parse.
std::string parsedReference(const std::string &text) {
  OpPassManager pm("builtin.module");
  std::string errors;
  llvm::raw_string_ostream es(errors);
  EXPECT_TRUE(succeeded(parsePassPipeline(text, pm, es))) << errors;
  return printed(pm);
}

TEST(CodegenPipeline, CpuPassesAreTheReferenceSequence) {
  registerPasses();
  const std::string reference =
      "func.func(hlo-cpu-gemm-ukernel),"
      "hlo-legalize-to-linalg{emit-c-interface=true},"
      "canonicalize,"
      "func.func(hlo-fuse-elementwise),"
      "func.func(hlo-cpu-tile{cache-level=true}),"
      "canonicalize,"
      "func.func(hlo-cpu-tile),"
      "canonicalize,"
      "func.func(hlo-cpu-vectorize),"
      "canonicalize,"
      "cse,"
      "one-shot-bufferize{bufferize-function-boundaries=true "
      "allow-return-allocs-from-loops=true "
      "function-boundary-type-conversion=identity-layout-map},"
      "canonicalize,"
      "cse,"
      "func.func(hlo-cpu-hoist-vector-transfers),"
      "buffer-deallocation-pipeline,"
      "convert-bufferization-to-memref,"
      "func.func(convert-linalg-to-loops),"
      "hlo-cpu-outline-parallel-loops,"
      "func.func(convert-vector-to-scf{full-unroll=true target-rank=1}),"
      "func.func(lower-vector-multi-reduction),"
      "expand-strided-metadata,"
      "lower-affine,"
      "convert-scf-to-cf,"
      "canonicalize,"
      "func.func(hlo-cpu-math-intrinsics),"
      "convert-math-to-libm,"
      "func.func(convert-math-to-llvm),"
      "convert-vector-to-llvm{vector-contract-lowering=outerproduct},"
      "hlo-cpu-name-alloc-sites,"
      "finalize-memref-to-llvm{use-generic-functions=true},"
      "convert-arith-to-llvm,"
      "convert-index-to-llvm,"
      "convert-func-to-llvm,"
      "convert-cf-to-llvm,"
      "convert-ub-to-llvm,"
      "reconcile-unrealized-casts,"
      "hlo-cpu-lower-parallel-calls";
  OpPassManager pm("builtin.module");
  ASSERT_TRUE(succeeded(tfmlir::buildHLOToLLVMPipeline(pm)));
  EXPECT_EQ(parsedReference(reference), printed(pm));
}

TEST(CodegenPipeline, GpuPassesAreTheReferenceSequence) {
  registerPasses();
  tfmlir::GPUPipelineOptions options;
  options.chip = "sm_80";
  options.format = "bin";
  options.blockSize = 128;
  options.cudaPath = "/opt/cuda-for-test";
  const std::string reference =
      "hlo-legalize-to-linalg{emit-c-interface=true index-checks=false},"
      "canonicalize,"
      "func.func(hlo-fuse-elementwise),"
      "canonicalize,"
      "cse,"
      "one-shot-bufferize{bufferize-function-boundaries=true "
      "allow-return-allocs-from-loops=true "
      "function-boundary-type-conversion=identity-layout-map},"
      "canonicalize,"
      "cse,"
      "hlo-gpu-library-calls,"
      "func.func(hlo-gpu-prepare-linalg),"
      "func.func(hlo-gpu-map-reductions),"
      "func.func(convert-linalg-to-parallel-loops),"
      "canonicalize,"
      "func.func(hlo-gpu-map-to-launch{block-size=128}),"
      "gpu-kernel-outlining,"
      "hlo-gpu-merge-kernel-modules,"
      "canonicalize,"
      "gpu.module(expand-strided-metadata,lower-affine,convert-scf-to-cf,"
      "convert-gpu-to-nvvm{use-bare-ptr-memref-call-conv=true},"
      "canonicalize,cse,reconcile-unrealized-casts),"
      "nvvm-attach-target{chip=sm_80 O=3},"
      "gpu-module-to-binary{format=bin toolkit=/opt/cuda-for-test}";
  OpPassManager pm("builtin.module");
  ASSERT_TRUE(succeeded(tfmlir::buildHLOToGPUPipeline(pm, options)));
  EXPECT_EQ(parsedReference(reference), printed(pm));
}

} // namespace
