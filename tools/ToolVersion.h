//===- ToolVersion.h - what every tool's --version prints -------*- C++ -*-===//
//
// `<tool> --version` prints "<tool> (tfmlir <version>, LLVM/MLIR <release>)"
// instead of LLVM's own banner ("Debian LLVM version ..."), so a bug report
// names our version. Header-only and free of LLVM symbols (llvm-config.h is
// macros only), so tflite-run, which does not link LLVM, can use it too.
// Tools on llvm::cl install it with:
//   llvm::cl::SetVersionPrinter([](llvm::raw_ostream &os) {
//     os << tfmlir::toolVersion("tf-opt"); });
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TOOLS_TOOLVERSION_H
#define TFMLIR_TOOLS_TOOLVERSION_H

#include "llvm/Config/llvm-config.h"

#include <string>

#ifndef TFMLIR_VERSION_STRING
#define TFMLIR_VERSION_STRING "unknown"
#endif

namespace tfmlir {

/// "<tool> (tfmlir <version>, LLVM/MLIR <llvm version>)\n".
inline std::string toolVersion(const std::string &tool) {
  return tool + " (tfmlir " TFMLIR_VERSION_STRING
                ", LLVM/MLIR " LLVM_VERSION_STRING ")\n";
}

} // namespace tfmlir

#endif
