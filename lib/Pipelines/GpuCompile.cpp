//===- GpuCompile.cpp - hlo module -> launch plan + cubin/PTX -------------===//
#include "lib/Pipelines/GpuCompile.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"
#include "lib/Codegen/GPU/Compile.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "llvm/Support/raw_ostream.h"

#include "absl/strings/str_cat.h"

namespace tfmlir {

absl::StatusOr<GpuBinary> compileHLOForGPU(mlir::ModuleOp hlo,
                                           llvm::StringRef entry,
                                           const std::string &arch,
                                           bool requireCubin) {
  // ptxas first: without a toolkit, say so before compiling anything.
  std::string searched;
  bool havePtxas = !findPtxas(&searched).empty();
  if (!havePtxas && requireCubin)
    return absl::FailedPreconditionError(absl::StrCat(
        "compiling for the GPU needs the CUDA toolkit's ptxas (and "
        "libdevice); searched ",
        searched, " (set CUDA_HOME)"));

  // 1. The hlo module in a context that has the GPU dialects and the NVVM
  // translations (the front half's context has the CPU path's only).
  std::string text;
  {
    // With locations: errors of the GPU path then name the TF node.
    llvm::raw_string_ostream os(text);
    hlo.print(os, mlir::OpPrintingFlags().enableDebugInfo());
  }
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  registerTFDialects(registry);
  registerHLODialect(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  ctx.printOpOnDiagnostic(false);
  std::string diags;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diags);
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  if (!module)
    return absl::InternalError("cannot re-parse the hlo module: " + diags);
  text.clear();

  // 2. Kernels and plan.
  GPUPipelineOptions gpuOptions;
  gpuOptions.chip = arch;
  mlir::FailureOr<GPUProgram> program;
  {
    CompilePhase phase("hlo-to-gpu-pipeline");
    program = compileHLOToGPU(*module, entry, gpuOptions);
    if (absl::Status s = checkCompileMemory("hlo-to-gpu-pipeline"); !s.ok())
      return s;
  }
  if (mlir::failed(program))
    return absl::UnimplementedError(absl::StrCat(
        "the GPU path cannot compile this graph for ", arch, ":\n", diags));
  module = nullptr;
  GpuBinary out;
  out.plan = std::move(program->plan);
  // The runtime parses the plan's text (AOT objects carry it); what it
  // would refuse (e.g. a tensor of rank > 16) is refused here.
  if (absl::StatusOr<gpu::LaunchPlan> back =
          gpu::parseLaunchPlan(gpu::serializeLaunchPlan(out.plan));
      !back.ok())
    return absl::UnimplementedError(absl::StrCat(
        "runtime/gpu cannot run this program: its launch plan does not "
        "parse back: ",
        back.status().message()));

  // 3. The cubin, or the PTX for the driver.
  if (program->ptx.empty())
    return out;
  if (!havePtxas) {
    out.image = std::move(program->ptx);
    out.isPtx = true;
    return out;
  }
  CompilePhase phase("ptxas");
  std::string error;
  mlir::FailureOr<PtxasResult> bin = assemblePTX(program->ptx, arch, error);
  if (mlir::failed(bin))
    return absl::InternalError(
        absl::StrCat("ptxas -arch=", arch, " failed: ", error));
  out.image = std::move(bin->cubin);
  out.ptxasLog = std::move(bin->log);
  return out;
}

} // namespace tfmlir
