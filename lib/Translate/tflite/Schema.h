//===- Schema.h - the flatc-generated TFLite schema, warnings silenced ----===//
//
// Include this instead of "lib/Translate/tflite/schema_generated.h" (which it
// wraps) so that flatc's code does not trip our warning flags (for example
// -Wcovered-switch-default). Declares namespace `tflite` with the tables of
// schema.fbs (Model, SubGraph, Tensor, Operator, ...), VerifyModelBuffer and
// GetModel. Binary-compatible with TFLite schema v3.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFLITE_SCHEMA_H
#define TFMLIR_LIB_TRANSLATE_TFLITE_SCHEMA_H

#if defined(__clang__)
#pragma clang diagnostic push
#pragma clang diagnostic ignored "-Wcovered-switch-default"
#pragma clang diagnostic ignored "-Wunused-parameter"
#elif defined(__GNUC__)
#pragma GCC diagnostic push
#pragma GCC diagnostic ignored "-Wunused-parameter"
#endif

#include "lib/Translate/tflite/schema_generated.h"

#if defined(__clang__)
#pragma clang diagnostic pop
#elif defined(__GNUC__)
#pragma GCC diagnostic pop
#endif

#endif // TFMLIR_LIB_TRANSLATE_TFLITE_SCHEMA_H
