//===- SavedModel.h - SavedModel directories as one GraphDef ---*- C++ -*-===//
//
// Reads a SavedModel directory as TF's loader does (loader.cc, bundle_v2):
// saved_model.pb / .pbtxt, variables/variables.index + variables.data-*
// (the tensor-bundle checkpoint) and assets/.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_SAVEDMODEL_H
#define TFMLIR_LIB_TRANSLATE_SAVEDMODEL_H

#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/ModelLoader.h"

#include "mlir/IR/BuiltinOps.h"
#include "mlir/IR/OwningOpRef.h"

namespace tfmlir {

/// Loads the SavedModel in directory `dir`: picks the MetaGraphDef whose
/// tags equal `options.tags`, binds variable values from the bundle and maps
/// every signature's inputs and outputs to tensors of the returned graph.
/// Errors name the file and the tensor: missing or corrupt files, unknown
/// tags (listing the tag sets that exist), bundle entries whose dtype or
/// shape disagree with the graph, checksum mismatches.
///
/// Variables are frozen (what TFLite's from_saved_model does): each restored
/// variable's value becomes a Const node "<variable>/frozen_value" and every
/// reader reads it (ReadVariableOp becomes an Identity, ResourceGather a
/// GatherV2, ResourceGatherNd a GatherNd; functions called with
/// the variable's handle are copied as "<fn>_frozen" with that argument
/// taking the value). Writers (Assign*, the saver's functions) keep the
/// variable. The init op (main_op, legacy_init_op, __saved_model_init_op) is
/// folded when all it does is assign constants (and feed assets); otherwise
/// it is returned in LoadedModel::initTargets. A SavedModel without
/// variables/variables.index loads with nothing restored, as TF's loader,
/// when nothing needs restoring; when its saver or object graph restores
/// variables, the missing index is a NotFound error naming it and them (TF
/// would load and fail at the first read of an uninitialized variable).
absl::StatusOr<LoadedModel> loadSavedModel(const std::string &dir,
                                           const ModelLoadOptions &options);

/// The signature `key` of `model`; an empty key picks "serving_default",
/// else the only signature. NotFound (listing the keys that exist) when
/// there is no such signature, InvalidArgument when the key is empty and
/// the choice is ambiguous.
absl::StatusOr<const ModelSignature *> selectSignature(const LoadedModel &model,
                                                       const std::string &key);

/// The graph tensors a Session runs for names a user gave against a
/// SavedModel (what TF's saved_model_cli run does with a SignatureDef).
struct SignatureNames {
  /// Per fetch: the graph tensor ("node" or "node:k"). When no fetch and no
  /// target was given, every output of the signature, in its (sorted) order.
  std::vector<std::string> fetches;
  /// Per fetch: the name to print, as the user gave it (or the output key).
  std::vector<std::string> shown;
  /// Per fetch: true when it was a signature output key (printed as given,
  /// not as "node:0").
  std::vector<bool> bySignature;
  /// Per feed name given: the graph tensor (a signature input key replaced,
  /// any other name kept: graph tensor names still work).
  std::vector<std::string> feeds;
};

/// Maps `feedNames` and `fetchNames` through the signature `key` of the
/// SavedModel `model` (selectSignature: "" picks serving_default or the only
/// one). A name that is a signature key becomes its graph tensor; others
/// are kept. With no fetches and no targets (`haveTargets` false) every
/// signature output is fetched. Errors: selectSignature's when `key` is
/// given or nothing is fetched (without a usable signature a fetch list is
/// needed), and InvalidArgument "<model>: the SavedModel has no signature;
/// name the tensors to fetch with --output" when it has none and nothing is
/// fetched.
absl::StatusOr<SignatureNames>
resolveSignatureNames(const LoadedModel &model, const std::string &key,
                      const std::vector<std::string> &feedNames,
                      const std::vector<std::string> &fetchNames,
                      bool haveTargets);

/// Import options for one signature, as TF's converter takes them from a
/// SignatureDef: its inputs (dtype, shape; "*" for unknown rank) become the
/// fed tensors, its outputs the fetches, unused nodes are pruned.
GraphImportConfig signatureImportConfig(const ModelSignature &signature);

/// Imports `model.graph` for `signature` (signatureImportConfig) and names
/// @main after it, as TF's SavedModel importer does: argument and result i
/// carry `tf_saved_model.index_path = ["<key>"]` and a NameLoc "<key>", and
/// @main carries `tf_saved_model.exported_names = ["<signature key>"]`.
/// Returns null after emitting diagnostics.
mlir::OwningOpRef<mlir::ModuleOp>
importSavedModelSignature(const LoadedModel &model,
                          const ModelSignature &signature,
                          mlir::MLIRContext *context);

} // namespace tfmlir

#endif
