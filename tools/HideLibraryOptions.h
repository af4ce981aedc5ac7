//===- HideLibraryOptions.h - keep --help to the tool's own flags -*- C++
//-*-===//
//
// libLLVM registers hundreds of static command-line options (backend and
// optimizer flags such as -x86-asm-syntax, -debug-pass, -vectorize-loops)
// in every tool that links it, and `--help` lists them all: tf-opt printed
// 1,252 lines and tf-translate 428. A tool calls hideLibraryOptions() at
// the start of main, before its driver (MlirOptMain, mlirTranslateMain)
// registers its own options: every option registered so far is marked
// cl::Hidden except the help/version family (LLVM's "Generic Options") and
// the options of the categories the tool names (ours, e.g. "GraphDef
// import/export options"). The driver's options (input/output file, the
// pass pipeline and its passes, -mlir-timing, -split-input-file, ...) are
// registered later and stay visible. `--help-hidden` and
// `--help-list-hidden` still list every option, and hidden options keep
// working when given. Header-only; LLVM Support only.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TOOLS_HIDELIBRARYOPTIONS_H
#define TFMLIR_TOOLS_HIDELIBRARYOPTIONS_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/Support/CommandLine.h"

namespace tfmlir {

/// Marks every command-line option registered so far cl::Hidden, except
/// those in LLVM's "Generic Options" category (help, version,
/// print-options) and in
/// one of `keep`. Options registered after the call are not touched. Call
/// it once, first thing in main (after static initialisation, before the
/// MLIR driver runs).
inline void
hideLibraryOptions(llvm::ArrayRef<const llvm::cl::OptionCategory *> keep = {}) {
  for (auto &entry : llvm::cl::getRegisteredOptions()) {
    llvm::cl::Option *opt = entry.second;
    // LLVM does not export its generic category; it is known by name.
    bool kept = llvm::any_of(opt->Categories, [&](llvm::cl::OptionCategory *c) {
      return c->getName() == "Generic Options" || llvm::is_contained(keep, c);
    });
    if (!kept && opt->getOptionHiddenFlag() == llvm::cl::NotHidden)
      opt->setHiddenFlag(llvm::cl::Hidden);
  }
}

} // namespace tfmlir

#endif
