//===- TFDialect.cpp - tf dialect registration and constant materializer -===//
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"

using namespace mlir;
using namespace tfmlir;

#include "dialects/tf/TFOpsDialect.cpp.inc"

void TF::TFDialect::initialize() {
  addOperations<
#define GET_OP_LIST
#include "dialects/tf/TFOps.cpp.inc"
      >();
  registerMoreOps();
  // Any TF op without an ODS definition imports as an unregistered
  // `tf.<Name>` op with its attributes kept.
  allowUnknownOperations();
}

Operation *TF::TFDialect::materializeConstant(OpBuilder &builder,
                                              Attribute value, Type type,
                                              Location loc) {
  auto typed = dyn_cast<TypedAttr>(value);
  if (!typed || typed.getType() != type)
    return nullptr;
  return TF::ConstOp::create(builder, loc, typed);
}

void tfmlir::registerTFDialects(DialectRegistry &registry) {
  registry.insert<TF::TFDialect, tf_type::TFTypeDialect,
                  tf_executor::TfExecutorDialect>();
}
