//===- TFJSModel.h - TF.js graph models as a GraphDef ----------*- C++ -*-===//
//
// Reads a TF.js graph model (the tensorflowjs converter's output): model.json,
// whose modelTopology is a GraphDef in protobuf's JSON mapping, and the
// weight shards its weightsManifest lists.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSLATE_TFJSMODEL_H
#define TFMLIR_LIB_TRANSLATE_TFJSMODEL_H

#include "lib/Translate/ModelLoader.h"

#include <string_view>

namespace tfmlir {

/// Loads `modelJson` and its weight shards (paths relative to its folder) as
/// a GraphDef whose weights are Const nodes. Errors name the file and the
/// tensor: malformed JSON, missing or short shards, a shape/byte-count
/// mismatch, unknown dtypes or quantization.
///
/// Semantics follow TF.js's loader (tfjs-core io_utils decodeWeights and the
/// converter's write_weights.py):
///  - model.json is parsed with protobuf's JSON parser against
///    lib/Translate/proto/tfjs_model.proto (unknown fields are ignored, as
///    TF.js ignores them); `format` must be "graph-model" (or absent in old
///    converters' output); a "layers-model" (Keras) is InvalidArgument;
///  - each weightsManifest group's shards are concatenated in `paths` order
///    and its weights decoded from them in manifest order; the shards must
///    hold exactly the bytes the weights need;
///  - weight dtypes float32 (4 bytes), int32 (4), bool (1), complex64 (8),
///    string (per element: uint32 little-endian length, then the bytes);
///  - quantization {dtype: uint8|uint16, scale, min}: value =
///    q * scale + min computed in double and stored as float32 (int32
///    weights: rounded half up, as JS's Math.round); {dtype: float16}:
///    IEEE half widened exactly to float32 (float32 weights only);
///  - each weight becomes the `value` of the node with its name (a Const,
///    in the graph or in a library function, whose renamed nodes are
///    "<function>/<node>" as the converter writes them; a Placeholder of
///    that name becomes a Const). The tensor takes the node's dtype when the
///    converter narrowed it (int64 node with int32 weight, double node with
///    float32 weight: widened back), else the weight's;
///  - model.json's `signature` becomes LoadedModel::signatures[0] with key
///    "serving_default".
/// Errors (absl::Status): NotFound for a missing model.json or shard;
/// InvalidArgument for malformed JSON (protobuf's message), short or long
/// shards, unknown dtypes/quantization, a weight whose shape or dtype
/// disagrees with its node, a weight that names no node, a Const node with
/// no weight and no value, a signature tensor that names no node;
/// Unimplemented for a modelInitializer graph (hash tables).
absl::StatusOr<LoadedModel> loadTFJSModel(const std::string &modelJson);

/// As loadTFJSModel, with model.json's bytes already read: `json` is its
/// text, `modelJsonPath` the path it came from (its folder resolves the
/// shard paths; a bare file name means the current directory, and "" means
/// text from stdin: messages say "<stdin>", shards come from the current
/// directory).
absl::StatusOr<LoadedModel>
loadTFJSModelFromJson(std::string_view json, const std::string &modelJsonPath);

} // namespace tfmlir

#endif
