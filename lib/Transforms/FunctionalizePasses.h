//===- FunctionalizePasses.h - TF1 control flow to tf.If / tf.While -------===//
//
// Declares `tf-functionalize-control-flow` (see FunctionalizePasses.td).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_FUNCTIONALIZEPASSES_H
#define TFMLIR_LIB_TRANSFORMS_FUNCTIONALIZEPASSES_H

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/Pass/Pass.h"
#include <memory>

namespace tfmlir {

#define GEN_PASS_DECL
#include "lib/Transforms/FunctionalizePasses.h.inc"

#define GEN_PASS_REGISTRATION
#include "lib/Transforms/FunctionalizePasses.h.inc"

} // namespace tfmlir

#endif
