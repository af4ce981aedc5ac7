//===- TFOpTraits.h - native op traits of the tf dialect -----------------===//
//
// The traits referenced as TF_BroadcastableBinary etc. in TFOpBase.td. Their
// checks are out of line (TFOpsUtils.cpp) and follow TF's shape functions:
// only statically known mismatches are errors.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFOPTRAITS_H
#define TFMLIR_DIALECTS_TF_TFOPTRAITS_H

#include "mlir/IR/OpDefinition.h"

namespace tfmlir {
namespace TF {
namespace OpTrait {
namespace impl {
mlir::LogicalResult verifyBroadcastableBinary(mlir::Operation *op);
mlir::LogicalResult verifySameShapeOperandsAndResults(mlir::Operation *op);
mlir::LogicalResult
verifySameElementTypeOperandsAndResults(mlir::Operation *op);
mlir::LogicalResult verifySameElementTypeOperands(mlir::Operation *op);
mlir::LogicalResult verifyBoolResults(mlir::Operation *op);
} // namespace impl

#define TFMLIR_DEFINE_TRAIT(NAME)                                              \
  template <typename ConcreteType>                                             \
  class NAME : public mlir::OpTrait::TraitBase<ConcreteType, NAME> {           \
  public:                                                                      \
    static mlir::LogicalResult verifyTrait(mlir::Operation *op) {              \
      return impl::verify##NAME(op);                                           \
    }                                                                          \
  };

TFMLIR_DEFINE_TRAIT(BroadcastableBinary)
TFMLIR_DEFINE_TRAIT(SameShapeOperandsAndResults)
TFMLIR_DEFINE_TRAIT(SameElementTypeOperandsAndResults)
TFMLIR_DEFINE_TRAIT(SameElementTypeOperands)
TFMLIR_DEFINE_TRAIT(BoolResults)

#undef TFMLIR_DEFINE_TRAIT

} // namespace OpTrait
} // namespace TF
} // namespace tfmlir

#endif
