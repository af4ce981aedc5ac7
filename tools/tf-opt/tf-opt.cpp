//===- tf-opt.cpp - the tfmlir optimizer driver ---------------------------===//
//
// MlirOptMain with every upstream dialect, pass and extension plus ours
// (tf, tf_type, tf_executor, tfl, hlo, the passes under lib/Transforms and
// lib/Conversion, the hlo-to-llvm-pipeline and hlo-to-gpu-pipeline). Usage is
// that of mlir-opt, e.g. `tf-opt in.mlir -tf-standard-pipeline`.
//===----------------------------------------------------------------------===//
#include "mlir/IR/DialectRegistry.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Target/LLVMIR/Dialect/All.h"
#include "mlir/Tools/mlir-opt/MlirOptMain.h"

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "dialects/tfl/TFLOps.h"
#include "lib/Codegen/CPU/Pipeline.h"
#include "lib/Codegen/GPU/Passes.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "lib/Conversion/TFToTFL/Passes.h"
#include "lib/Support/File.h"
#include "lib/Transforms/Passes.h"
#include "lib/Transforms/Quantization/Passes.h"
#include "tools/DefaultDebugInfo.h"
#include "tools/HideLibraryOptions.h"
#include "tools/ToolVersion.h"

int main(int argc, char **argv) {
  // --help lists mlir-opt's flags and the passes and pipelines (upstream
  // and ours); libLLVM's backend flags only with --help-hidden.
  tfmlir::hideLibraryOptions();
  mlir::registerAllPasses();
  tfmlir::registerTFPasses();
  tfmlir::registerTFToTFLPasses();
  tfmlir::registerTFToHLOPasses();
  tfmlir::registerTFLQuantPasses();
  tfmlir::registerHLOCodegenPasses();
  tfmlir::registerGPUCodegenPasses();
  mlir::DialectRegistry registry;
  mlir::registerAllDialects(registry);
  mlir::registerAllExtensions(registry);
  // gpu-module-to-binary translates gpu.module/nvvm to LLVM IR.
  mlir::registerAllGPUToLLVMIRTranslations(registry);
  tfmlir::registerTFDialects(registry);
  tfmlir::registerTFLDialect(registry);
  tfmlir::registerHLODialect(registry);
  tfmlir::addNodeNameDiagnosticsExtension(registry);
  llvm::cl::SetVersionPrinter(
      [](llvm::raw_ostream &os) { os << tfmlir::toolVersion("tf-opt"); });
  if (absl::Status s = tfmlir::checkToolInputs(argc, argv); !s.ok()) {
    llvm::errs() << "tf-opt: " << std::string(s.message()) << "\n";
    return 1;
  }
  std::vector<char *> args = tfmlir::withDefaultDebugInfo(argc, argv);
  return mlir::asMainReturnCode(
      mlir::MlirOptMain(static_cast<int>(args.size()) - 1, args.data(),
                        "tfmlir optimizer driver\n", registry));
}
