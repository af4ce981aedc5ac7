//===- GraphDefExporter.h - tf_executor MLIR -> TF GraphDef ---------------===//
//
// Exports a module made by the importer (or transformed by passes) back to
// a GraphDef: @main's tf_executor.graph becomes the graph's nodes (names from
// NameLoc locations, edges as `node:idx`, control edges as `^node`, every
// TF attr and the `device`), each other func.func with a tf_executor.graph
// body becomes a FunctionDef of the library (inputs in `node:out_arg:idx`
// form), and `tf.versions` becomes the VersionDef. Import∘export∘import is a
// fixed point.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_GRAPHDEFEXPORTER_H
#define TFMLIR_LIB_TRANSLATE_GRAPHDEFEXPORTER_H

#include "lib/Translate/proto/graph.pb.h"

#include "mlir/IR/BuiltinOps.h"

namespace tfmlir {

/// Exports `module` into `out`. Emits a diagnostic at the offending op and
/// fails for IR that has no GraphDef form (an op outside the tf dialects, an
/// attribute with no AttrValue kind, a missing @main).
mlir::LogicalResult exportGraphDef(mlir::ModuleOp module,
                                   tensorflow::GraphDef &out);

} // namespace tfmlir

#endif
