//===- TFDiagnostics.h - diagnostics that name the GraphDef node ----------===//
//
// GraphDef node names live in NameLoc locations (the importer sets
// loc("node"(file:line:0))). Op verifiers only know the op, so their
// messages read "'tf.Range' op requires ...". The handler here rewrites every
// diagnostic whose location is a NameLoc into "node '<name>': <message>",
// keeping its severity, location and notes, so that tf-translate and tf-opt
// errors name the node as TF's own errors do.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_DIALECTS_TF_TFDIAGNOSTICS_H
#define TFMLIR_DIALECTS_TF_TFDIAGNOSTICS_H

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/DialectRegistry.h"

#include <string>

namespace tfmlir {

/// Registers, on `ctx`, a handler that prefixes "node '<name>': " to every
/// diagnostic located at a NameLoc (the node's name) and passes it on to the
/// handlers registered before it. Messages that already start with "node '"
/// or "function '", or that already quote the node's name, are left alone.
/// Returns the handler's id (for DiagnosticEngine::eraseHandler).
mlir::DiagnosticEngine::HandlerID
registerNodeNameDiagnostics(mlir::MLIRContext *ctx);

/// Adds a registry extension that calls registerNodeNameDiagnostics on each
/// context when the tf dialect is loaded into it (for tools such as tf-opt,
/// whose driver owns the context). The handler is then registered after the
/// driver's own, so it sees each diagnostic first.
void addNodeNameDiagnosticsExtension(mlir::DialectRegistry &registry);

/// The GraphDef node name carried by `loc`: the first NameLoc found in it,
/// looking through fused and call-site locations; "<unnamed>" when there is
/// none. Used by the legalization reports (tfl-legalize-tf,
/// xla-legalize-tf) to list nodes.
std::string nodeNameOf(mlir::Location loc);

} // namespace tfmlir

#endif
