//===- TFOpsRegistry.cpp - registers tf op families from other TUs -------===//
// Each op family (TFOps<Family>.td) is compiled in its own translation unit
// to keep compile times small; this file adds them to the dialect.
#include "dialects/tf/TFOps.h"
#include "dialects/tf/TFOpsRNN.h"

using namespace tfmlir;

void TF::TFDialect::registerMoreOps() {
  registerMathOps(*this);
  registerNNOps(*this);
  registerReduceOps(*this);
  registerShapeOps(*this);
  registerIndexingOps(*this);
  registerImageOps(*this);
  registerControlOps(*this);
  registerVariableOps(*this);
  registerRandomOps(*this);
  registerLinalgOps(*this);
  registerTensorArrayOps(*this);
  registerRNNOps(*this);
  registerQuantOps(*this);
}
