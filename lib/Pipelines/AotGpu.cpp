//===- AotGpu.cpp - tf-compile --target=cuda: hlo -> cubin + plan object -===//
//
// The GPU half of compileAot: the hlo module that lowerGraphToHLO made (the
// same front half as the CPU target and the Session) is compiled by
// compileHLOForGPU (lib/Pipelines/GpuCompile.h, shared with the Session's
// device GPU: kernels, cuBLAS steps, the host's launch plan, ptxas for
// options.gpuArch), and wrapped into a relocatable object
// for the host that holds only data: <prefix>_plan (the launch plan's text),
// <prefix>_cubin and <prefix>_gpu_constants (the constant buffers' bytes).
// runtime/gpu/CompiledGpuFunction runs it.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/AotInternal.h"

#include "lib/Codegen/GPU/Compile.h"
#include "lib/Pipelines/GpuCompile.h"

#include "llvm/IR/Constants.h"
#include "llvm/IR/GlobalVariable.h"
#include "llvm/IR/LLVMContext.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/TargetParser/Triple.h"

#include "absl/strings/str_cat.h"

namespace tfmlir::aot_internal {
namespace {

/// An external constant byte array `name` in `m`.
void addBlob(llvm::Module &m, const std::string &name, llvm::StringRef bytes,
             unsigned align) {
  llvm::LLVMContext &ctx = m.getContext();
  // Never a zero-length array: some linkers drop or merge those.
  std::string data = bytes.str();
  if (data.empty())
    data.push_back('\0');
  llvm::Constant *init = llvm::ConstantDataArray::getRaw(
      data, data.size(), llvm::Type::getInt8Ty(ctx));
  auto *g =
      new llvm::GlobalVariable(m, init->getType(), /*isConstant=*/true,
                               llvm::GlobalValue::ExternalLinkage, init, name);
  g->setAlignment(llvm::Align(align));
}

} // namespace

absl::Status checkGpuArch(const std::string &arch) {
  initAotTargets();
  bool known = isSMArchName(arch);
  if (known) {
    // LLVM's NVPTX backend must know it too (it would print "not a
    // recognized processor" for every function, then ptxas fails).
    std::string err;
    llvm::Triple triple("nvptx64-nvidia-cuda");
    if (const llvm::Target *t =
            llvm::TargetRegistry::lookupTarget(triple, err)) {
      std::unique_ptr<llvm::MCSubtargetInfo> sti(
          t->createMCSubtargetInfo(triple, "", ""));
      known = !sti || sti->isCPUStringValid(arch);
    }
  }
  if (!known)
    return absl::InvalidArgumentError(absl::StrCat(
        "--gpu_arch must name an NVIDIA SM architecture that "
        "LLVM's NVPTX backend knows, such as sm_90 or sm_80, got '",
        arch, "'"));
  return absl::OkStatus();
}

absl::Status emitGpuObject(mlir::ModuleOp hlo, const AotOptions &options,
                           Signature &sig, AotResult &out) {
  // options.gpuArch was checked by compileAot (checkGpuArch) before the
  // graph was lowered.
  absl::StatusOr<GpuBinary> binary =
      compileHLOForGPU(hlo, "main", options.gpuArch, /*requireCubin=*/true);
  if (!binary.ok()) {
    if (binary.status().code() == absl::StatusCode::kFailedPrecondition)
      return absl::FailedPreconditionError(
          absl::StrCat("--target=cuda: ", binary.status().message()));
    return binary.status();
  }
  const gpu::LaunchPlan &plan = binary->plan;
  if (plan.numInputs != static_cast<int64_t>(sig.args.size()) ||
      plan.results.size() != sig.results.size())
    return absl::InternalError(
        absl::StrCat("the launch plan has ", plan.numInputs, " inputs and ",
                     plan.results.size(), " results; the config gives ",
                     sig.args.size(), " and ", sig.results.size()));
  const std::string &cubin = binary->image;
  out.ptxasLog = binary->ptxasLog;
  // Launches are the kernel, cuBLAS and cuDNN steps (not the copies and
  // branches of host control flow), as the header says "N launches of which M
  // are GEMMs".
  gpu::PlanStepCounts counts = gpu::countSteps(plan);
  out.numGemms = counts.gemms;
  out.numConvs = counts.convs;
  out.numBranches = counts.branches;
  out.numLaunches = counts.launches;
  out.numKernels = counts.kernels;
  out.cubinBytes = static_cast<int64_t>(cubin.size());
  out.constantBytes = static_cast<int64_t>(plan.constants.size());
  out.numConstants = 0;
  for (const gpu::PlanBuffer &b : plan.buffers)
    out.numConstants += b.kind == gpu::PlanBuffer::Kind::Constant;

  // The data object for the host.
  auto tm = makeTargetMachine(options, out);
  if (!tm.ok())
    return tm.status();
  llvm::LLVMContext llvmCtx;
  llvm::Module m(sig.symbolPrefix, llvmCtx);
  m.setTargetTriple((*tm)->getTargetTriple());
  m.setDataLayout((*tm)->createDataLayout());
  std::string planText = gpu::serializeLaunchPlan(plan);
  planText.push_back('\0');
  addBlob(m, sig.symbolPrefix + "_plan", planText, 8);
  addBlob(m, sig.symbolPrefix + "_cubin", cubin, 64);
  addBlob(m, sig.symbolPrefix + "_gpu_constants",
          llvm::StringRef(reinterpret_cast<const char *>(plan.constants.data()),
                          plan.constants.size()),
          64);
  out.entrySymbol = sig.symbolPrefix + "_plan";
  std::string verifyErr;
  llvm::raw_string_ostream vos(verifyErr);
  if (llvm::verifyModule(m, &vos))
    return absl::InternalError("the AOT module does not verify: " + verifyErr);
  return emitObjectFile(**tm, m, out);
}

} // namespace tfmlir::aot_internal
