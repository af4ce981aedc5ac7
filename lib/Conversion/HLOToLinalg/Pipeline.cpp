//===- Pipeline.cpp - hlo-to-llvm-pipeline (CPU codegen) ------------------===//
#include "lib/Codegen/CPU/Passes.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Transforms/ShapeInferenceContext.h"

#include "dialects/hlo/HLOOps.h"

#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassRegistry.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

namespace tfmlir {

const char *hloToLLVMPipelineText() {
  // memref.copy of strided views (insert_slice into padded/concatenated
  // buffers) lowers to a call of memrefCopy (libmlir_c_runner_utils); tanh,
  // atan2, cbrt, expm1, log1p, ... become libm calls.
  // hlo-cpu-gemm-ukernel first: f32 GEMMs (+ epilogues) become calls of
  // the runtime/cpu microkernel before the rest is lowered to loops.
  return "func.func(hlo-cpu-gemm-ukernel),"
         "hlo-legalize-to-linalg{emit-c-interface=true},"
         "canonicalize,"
         "func.func(hlo-fuse-elementwise),"
         // Register tiles (peeled to static full and remainder tiles),
         // vectorized on tensors; after bufferization the accumulator of a
         // reduction loop is carried as a vector (transfer hoisting).
         "func.func(hlo-cpu-tile{cache-level=true}),"
         "canonicalize,"
         "func.func(hlo-cpu-tile),"
         "canonicalize,"
         "func.func(hlo-cpu-vectorize),"
         "canonicalize,"
         "cse,"
         // allow-return-allocs-from-loops: an scf.while (hlo.while) body
         // may yield a new tensor for a loop-carried value.
         "one-shot-bufferize{bufferize-function-boundaries=true "
         "allow-return-allocs-from-loops=true "
         "function-boundary-type-conversion=identity-layout-map},"
         "canonicalize,"
         "cse,"
         "func.func(hlo-cpu-hoist-vector-transfers),"
         "buffer-deallocation-pipeline,"
         "convert-bufferization-to-memref,"
         "func.func(convert-linalg-to-loops),"
         // The outer parallel tile loops become task functions, called
         // through tfmlir_rt_parallel_for at the end (the Session's
         // intra-op pool; small loops stay serial by its cost model).
         "hlo-cpu-outline-parallel-loops,"
         // n-D transfers to unrolled 1-D ones; contractions to FMAs of
         // outer products.
         "func.func(convert-vector-to-scf{full-unroll=true target-rank=1}),"
         "func.func(lower-vector-multi-reduction),"
         "expand-strided-metadata,"
         "lower-affine,"
         "convert-scf-to-cf,"
         "canonicalize,"
         // abs, floor, sqrt, ... as vector intrinsics, not per-lane libm calls.
         "func.func(hlo-cpu-math-intrinsics),"
         "convert-math-to-libm,"
         "func.func(convert-math-to-llvm),"
         "convert-vector-to-llvm{vector-contract-lowering=outerproduct},"
         // Each memref.alloc tells the runtime its TF node first, so that
         // a failed allocation names it.
         "hlo-cpu-name-alloc-sites,"
         "finalize-memref-to-llvm{use-generic-functions=true},"
         "convert-arith-to-llvm,"
         "convert-index-to-llvm,"
         "convert-func-to-llvm,"
         "convert-cf-to-llvm,"
         "convert-ub-to-llvm,"
         "reconcile-unrealized-casts,"
         "hlo-cpu-lower-parallel-calls";
}

LogicalResult buildHLOToLLVMPipeline(OpPassManager &pm) {
  return parsePassPipeline(hloToLLVMPipelineText(), pm, llvm::errs());
}

std::string printHLOModuleForCodegen(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  Location unknown = UnknownLoc::get(ctx);
  module.walk([&](Operation *op) {
    std::string name = shape_inference::nodeNameOf(op->getLoc());
    op->setLoc(name.empty()
                   ? unknown
                   : Location(NameLoc::get(StringAttr::get(ctx, name))));
  });
  std::string text;
  llvm::raw_string_ostream os(text);
  OpPrintingFlags flags;
  flags.enableDebugInfo(true, /*prettyForm=*/false);
  module.print(os, flags);
  return text;
}

void registerHLOToLLVMDialects(DialectRegistry &registry) {
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerHLODialect(registry);
  registerBuiltinDialectTranslation(registry);
  registerLLVMDialectTranslation(registry);
}

void registerHLOCodegenPasses() {
  registerHLOToLinalgPasses();
  registerCodegenCPUPasses();
  PassPipelineRegistration<>(
      "hlo-to-llvm-pipeline",
      "Lower hlo functions to the llvm dialect for CPU execution "
      "(hlo-legalize-to-linalg, fusion, bufferization, loops, LLVM)",
      [](OpPassManager &pm) { (void)buildHLOToLLVMPipeline(pm); });
}

} // namespace tfmlir
