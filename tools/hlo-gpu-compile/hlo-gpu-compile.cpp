//===- hlo-gpu-compile.cpp - compile an hlo function for an NVIDIA GPU ----===//
//
// usage: hlo-gpu-compile FILE.mlir -o DIR [--entry NAME] [--chip sm_90]
//                        [--block-size 256] [--no-cubin]
//                        [--library-calls=false]
// Runs hlo-to-gpu-pipeline on function NAME (default main) of an hlo-dialect
// module (static shapes; e.g. the output of tf-opt -xla-legalize-tf) and
// writes to DIR:
//   plan.txt       the launch plan (lib/Support/ABI/LaunchPlan.h's text format)
//   constants.bin  the bytes of the plan's constant buffers
//   kernels.ptx    the PTX of all kernels (one module)
//   kernels.cubin  ptxas's ELF for --chip, and ptxas.log (ptxas -v: the
//                  registers and spills of every kernel); not with --no-cubin
// and prints one summary line `kernels K launches L gemms G serial S
// buffers B constants C` (the L launches include the G cuBLAS GEMMs of the
// plan, which --library-calls=false compiles into kernels instead). Exit status
// 0 on success; 1 with the error (naming the op and its location) on stderr
// when the module is not supported on the GPU path, ptxas fails or is missing
// (the searched paths are named).
//===----------------------------------------------------------------------===//
#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"
#include "lib/Codegen/CPU/Pipeline.h"
#include "lib/Codegen/GPU/Compile.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Support/FileUtilities.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "tools/ToolVersion.h"
#include "llvm/Support/CommandLine.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/InitLLVM.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/SourceMgr.h"
#include "llvm/Support/raw_ostream.h"

using namespace mlir;

// --help lists these (and --help/--version); libLLVM's own flags only
// with --help-hidden.
static llvm::cl::OptionCategory category("hlo-gpu-compile options");
static llvm::cl::opt<std::string> inputFile(llvm::cl::Positional,
                                            llvm::cl::desc("<hlo .mlir>"),
                                            llvm::cl::Required,
                                            llvm::cl::cat(category));
static llvm::cl::opt<std::string> outDir("o", llvm::cl::desc("output folder"),
                                         llvm::cl::Required,
                                         llvm::cl::cat(category));
static llvm::cl::opt<std::string> entry("entry",
                                        llvm::cl::desc("entry function"),
                                        llvm::cl::init("main"),
                                        llvm::cl::cat(category));
static llvm::cl::opt<std::string> chip("chip",
                                       llvm::cl::desc("NVIDIA architecture"),
                                       llvm::cl::init("sm_90"),
                                       llvm::cl::cat(category));
static llvm::cl::opt<int64_t> blockSize("block-size",
                                        llvm::cl::desc("threads per block"),
                                        llvm::cl::init(256),
                                        llvm::cl::cat(category));
static llvm::cl::opt<bool> noCubin("no-cubin", llvm::cl::desc("write PTX only"),
                                   llvm::cl::cat(category));
static llvm::cl::opt<bool> libraryCalls(
    "library-calls",
    llvm::cl::desc("matrix products through cuBLAS (default true; false: our "
                   "own kernels)"),
    llvm::cl::init(true), llvm::cl::cat(category));

static bool writeFile(const std::string &path, llvm::StringRef bytes) {
  std::error_code ec;
  llvm::raw_fd_ostream os(path, ec, llvm::sys::fs::OF_None);
  if (ec) {
    llvm::errs() << "hlo-gpu-compile: cannot write " << path << ": "
                 << ec.message() << "\n";
    return false;
  }
  os << bytes;
  return true;
}

int main(int argc, char **argv) {
  llvm::InitLLVM init(argc, argv);
  llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
    os << tfmlir::toolVersion("hlo-gpu-compile");
  });
  llvm::cl::HideUnrelatedOptions(category);
  llvm::cl::ParseCommandLineOptions(argc, argv, "hlo -> PTX/cubin + plan\n");
  registerAllPasses();
  tfmlir::registerHLOCodegenPasses();
  tfmlir::registerGPUCodegenPasses();
  DialectRegistry registry;
  registerAllDialects(registry);
  registerAllExtensions(registry);
  registerAllGPUToLLVMIRTranslations(registry);
  tfmlir::registerTFDialects(registry);
  tfmlir::registerHLODialect(registry);
  MLIRContext context(registry);
  context.loadAllAvailableDialects();
  // Errors name the op and its location; the generic dump adds nothing.
  context.printOpOnDiagnostic(false);

  std::string error;
  auto file = openInputFile(inputFile, &error);
  if (!file) {
    llvm::errs() << "hlo-gpu-compile: " << error << "\n";
    return 1;
  }
  llvm::SourceMgr sourceMgr;
  sourceMgr.AddNewSourceBuffer(std::move(file), llvm::SMLoc());
  SourceMgrDiagnosticHandler diag(sourceMgr, &context);
  OwningOpRef<ModuleOp> module = parseSourceFile<ModuleOp>(sourceMgr, &context);
  if (!module)
    return 1;
  // NVVM's target verifier crashes on an empty chip and misreports others
  // at the first op: check the flag here.
  if (!tfmlir::isSMArchName(chip)) {
    llvm::errs() << "hlo-gpu-compile: --chip must name an NVIDIA SM "
                    "architecture such as sm_90 (sm_20 or later), got '"
                 << chip << "'\n";
    return 1;
  }
  tfmlir::GPUPipelineOptions options;
  options.chip = chip;
  options.blockSize = blockSize;
  options.libraryCalls = libraryCalls;
  FailureOr<tfmlir::GPUProgram> program =
      tfmlir::compileHLOToGPU(*module, entry, options);
  if (failed(program))
    return 1;
  if (std::error_code ec = llvm::sys::fs::create_directories(outDir)) {
    llvm::errs() << "hlo-gpu-compile: cannot create " << outDir << ": "
                 << ec.message() << "\n";
    return 1;
  }
  auto path = [&](llvm::StringRef name) {
    llvm::SmallString<256> p(outDir.getValue());
    llvm::sys::path::append(p, name);
    return std::string(p);
  };
  const tfmlir::gpu::LaunchPlan &plan = program->plan;
  if (!writeFile(path("plan.txt"), tfmlir::gpu::serializeLaunchPlan(plan)) ||
      !writeFile(
          path("constants.bin"),
          llvm::StringRef(reinterpret_cast<const char *>(plan.constants.data()),
                          plan.constants.size())) ||
      !writeFile(path("kernels.ptx"), program->ptx))
    return 1;
  if (!noCubin && !program->ptx.empty()) {
    FailureOr<tfmlir::PtxasResult> bin =
        tfmlir::assemblePTX(program->ptx, chip, error);
    if (failed(bin)) {
      llvm::errs() << "hlo-gpu-compile: " << error << "\n";
      return 1;
    }
    if (!writeFile(path("kernels.cubin"), bin->cubin) ||
        !writeFile(path("ptxas.log"), bin->log))
      return 1;
  }
  // Launches: the kernel, cuBLAS and cuDNN steps, as the AOT header counts
  // them.
  tfmlir::gpu::PlanStepCounts c = tfmlir::gpu::countSteps(plan);
  llvm::outs() << "kernels " << c.kernels << " launches " << c.launches
               << " gemms " << c.gemms << " serial " << c.serial << " buffers "
               << plan.buffers.size() << " constants " << plan.constants.size();
  // cuDNN convolutions and host control flow (while/if/case): only when
  // there are some, so that the summary of other programs stays as it was.
  if (c.convs)
    llvm::outs() << " convs " << c.convs;
  if (c.copies || c.branches)
    llvm::outs() << " copies " << c.copies << " branches " << c.branches;
  llvm::outs() << "\n";
  return 0;
}
