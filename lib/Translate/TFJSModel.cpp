//===- TFJSModel.cpp - TF.js graph models as a GraphDef -------------------===//
//
// model.json is parsed in one pass by protobuf's JSON parser against
// proto/tfjs_model.proto; the weights of each manifest group are decoded from
// the group's concatenated shards as TF.js's decodeWeights does
// (tfjs-core/src/io/io_utils.ts) and bound as the `value` of their nodes.
//===----------------------------------------------------------------------===//
#include "lib/Translate/TFJSModel.h"

#include "lib/Support/File.h"
#include "lib/Support/Float16.h"
#include "lib/Translate/proto/tfjs_model.pb.h"

#include "absl/status/status.h"

#include <google/protobuf/util/json_util.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <filesystem>
#include <map>
#include <set>
#include <unordered_map>

namespace tfmlir {
namespace {

namespace fs = std::filesystem;
using tensorflow::DataType;

/// A weight's stored element type (WeightsManifestEntry.dtype, or the
/// quantization dtype the bytes hold).
enum class StoredType { F32, I32, Bool, Complex64, String, U8, U16, F16 };

/// Bytes per element of a fixed-size stored type (0 for strings).
size_t storedSize(StoredType t) {
  switch (t) {
  case StoredType::F32:
  case StoredType::I32:
    return 4;
  case StoredType::Complex64:
    return 8;
  case StoredType::Bool:
  case StoredType::U8:
    return 1;
  case StoredType::U16:
  case StoredType::F16:
    return 2;
  case StoredType::String:
    return 0;
  }
  return 0;
}

/// "[4,3]".
std::string shapeString(const google::protobuf::RepeatedField<int64_t> &shape) {
  std::string s = "[";
  for (int i = 0; i < shape.size(); ++i)
    s += (i ? "," : "") + std::to_string(shape[i]);
  return s + "]";
}

std::string dtypeName(DataType t) { return tensorflow::DataType_Name(t); }

/// One weight, checked against the manifest's rules (before any bytes are
/// read).
struct WeightPlan {
  const tfjs::WeightEntry *entry = nullptr;
  int group = 0;                       ///< 1-based group index, for messages
  StoredType stored = StoredType::F32; ///< what the bytes hold
  StoredType logical =
      StoredType::F32;  ///< the weight's dtype (F32/I32/Bool/Complex64/String)
  int64_t elements = 0; ///< product of the shape
  std::string describe; ///< "float32 [4,3] as uint8", for messages
};

/// The loader for one model.json: collects the first error with the file
/// name in front.
class Loader {
public:
  explicit Loader(std::string jsonPath) : jsonPath(std::move(jsonPath)) {}

  absl::StatusOr<LoadedModel> load(std::string_view json);

private:
  absl::Status invalid(const std::string &msg) const {
    return absl::InvalidArgumentError(jsonPath + ": " + msg);
  }
  absl::Status planWeight(const tfjs::WeightEntry &w, int group,
                          WeightPlan &plan) const;
  absl::StatusOr<std::string> readGroup(const tfjs::WeightGroup &g,
                                        int group) const;
  absl::Status decodeGroup(const std::vector<WeightPlan> &plans,
                           const std::string &bytes, const tfjs::WeightGroup &g,
                           int group);
  absl::Status bind(const WeightPlan &plan, const char *data, size_t size);
  absl::Status indexNodes();
  absl::Status checkUnboundConsts() const;
  absl::Status fillSignature(const tensorflow::SignatureDef &sig);

  std::string jsonPath;
  fs::path dir;
  tfjs::ModelJson model;
  LoadedModel result;
  /// Node name -> the node (graph nodes and renamed library-function nodes).
  std::unordered_map<std::string, tensorflow::NodeDef *> nodes;
  std::set<std::string> bound;
};

absl::Status Loader::planWeight(const tfjs::WeightEntry &w, int group,
                                WeightPlan &plan) const {
  plan.entry = &w;
  plan.group = group;
  std::string where =
      "weight '" + w.name() + "' (group " + std::to_string(group) + ")";
  if (w.name().empty())
    return invalid("a weight of group " + std::to_string(group) +
                   " has no name");
  static const std::map<std::string, StoredType> kDTypes = {
      {"float32", StoredType::F32},
      {"int32", StoredType::I32},
      {"bool", StoredType::Bool},
      {"complex64", StoredType::Complex64},
      {"string", StoredType::String}};
  auto it = kDTypes.find(w.dtype());
  if (it == kDTypes.end())
    return invalid(where + " has unknown dtype '" + w.dtype() +
                   "' (TF.js weights are float32, int32, bool, complex64 or "
                   "string)");
  plan.logical = plan.stored = it->second;

  // Shape: every dim >= 0, the element count bounded (the bytes are checked
  // against the shards later; this only keeps the arithmetic in range).
  int64_t n = 1;
  for (int64_t d : w.shape()) {
    if (d < 0)
      return invalid(where + " has a negative dimension in its shape " +
                     shapeString(w.shape()));
    if (d != 0 && n > (int64_t(1) << 40) / d)
      return invalid(where + " has more than 2^40 elements (shape " +
                     shapeString(w.shape()) + ")");
    n *= d;
  }
  plan.elements = n;
  plan.describe = w.dtype() + " " + shapeString(w.shape());

  if (w.has_quantization()) {
    const tfjs::WeightQuantization &q = w.quantization();
    if (q.dtype() == "uint8" || q.dtype() == "uint16") {
      if (!q.has_scale() || !q.has_min())
        return invalid(where + " is quantized to " + q.dtype() +
                       " but its quantization has no " +
                       (q.has_scale() ? "'min'" : "'scale'"));
      if (!std::isfinite(q.scale()) || !std::isfinite(q.min()))
        return invalid(where + " has a non-finite quantization scale or min");
      if (plan.logical != StoredType::F32 && plan.logical != StoredType::I32)
        return invalid(where + " of dtype " + w.dtype() +
                       " cannot be quantized to " + q.dtype() +
                       " (only float32 and int32 weights can)");
      plan.stored = q.dtype() == "uint8" ? StoredType::U8 : StoredType::U16;
    } else if (q.dtype() == "float16") {
      if (plan.logical != StoredType::F32)
        return invalid(where + " of dtype " + w.dtype() +
                       " cannot be quantized to float16 (only float32 "
                       "weights can)");
      plan.stored = StoredType::F16;
    } else {
      return invalid(where + " has unknown quantization dtype '" + q.dtype() +
                     "' (supported: uint8, uint16, float16)");
    }
    if (!q.original_dtype().empty() && q.original_dtype() != w.dtype())
      return invalid(where + " has dtype " + w.dtype() +
                     " but its quantization's original_dtype is " +
                     q.original_dtype());
    plan.describe += " as " + q.dtype();
  }
  return absl::OkStatus();
}

absl::StatusOr<std::string> Loader::readGroup(const tfjs::WeightGroup &g,
                                              int group) const {
  std::string bytes;
  for (int i = 0; i < g.paths_size(); ++i) {
    const std::string &p = g.paths(i);
    bool escapes = false;
    for (const fs::path &part : fs::path(p))
      escapes |= part == "..";
    if (p.empty() || fs::path(p).is_absolute() || escapes)
      return invalid("group " + std::to_string(group) + " shard " +
                     std::to_string(i + 1) + " has path '" + p +
                     "'; shard paths are relative to model.json's folder "
                     "and stay inside it (no '..')");
    fs::path full = dir / p;
    absl::StatusOr<std::string> shard =
        readFileBounded(full.string(), kDefaultMaxFileBytes, "weight shard");
    if (!shard.ok())
      return absl::Status(shard.status().code(),
                          jsonPath + ": group " + std::to_string(group) + ": " +
                              std::string(shard.status().message()));
    if (bytes.empty())
      bytes = std::move(*shard);
    else
      bytes += *shard;
  }
  return bytes;
}

/// Reads a little-endian value of type T at `p` (no alignment needed).
template <typename T> T readLE(const char *p) {
  T v;
  std::memcpy(&v, p, sizeof v);
  return v;
}

/// JS's Math.round: the nearest integer, halves toward +infinity.
double jsRound(double x) {
  double r = std::floor(x);
  return (x - r >= 0.5) ? r + 1 : r;
}

/// JS's ToInt32 of an integral double (Int32Array stores): modulo 2^32;
/// NaN and infinities give 0.
int32_t jsToInt32(double x) {
  if (!std::isfinite(x))
    return 0;
  double m = std::fmod(x, 4294967296.0);
  if (m < 0)
    m += 4294967296.0;
  return int32_t(uint32_t(m));
}

/// Appends `v` as little-endian bytes.
template <typename T> void appendLE(std::string &out, T v) {
  char b[sizeof(T)];
  std::memcpy(b, &v, sizeof v);
  out.append(b, sizeof v);
}

absl::Status Loader::bind(const WeightPlan &plan, const char *data,
                          size_t size) {
  const tfjs::WeightEntry &w = *plan.entry;
  std::string where = "weight '" + w.name() + "' (group " +
                      std::to_string(plan.group) + ", " + plan.describe + ")";
  auto it = nodes.find(w.name());
  if (it == nodes.end())
    return invalid(where + " names no node of modelTopology");
  if (!bound.insert(w.name()).second)
    return invalid(where + " appears twice in the weights manifest");
  tensorflow::NodeDef &node = *it->second;
  if (node.op() != "Const" && node.op() != "Placeholder")
    return invalid(where + " names node '" + node.name() + "', a " + node.op() +
                   "; weights bind to Const (or Placeholder) "
                   "nodes");

  // The dtype the graph expects: the node's `dtype` attr, else its value's.
  DataType logical;
  switch (plan.logical) {
  case StoredType::F32:
    logical = tensorflow::DT_FLOAT;
    break;
  case StoredType::I32:
    logical = tensorflow::DT_INT32;
    break;
  case StoredType::Bool:
    logical = tensorflow::DT_BOOL;
    break;
  case StoredType::Complex64:
    logical = tensorflow::DT_COMPLEX64;
    break;
  default:
    logical = tensorflow::DT_STRING;
    break;
  }
  DataType nodeType = tensorflow::DT_INVALID;
  auto attrIt = node.attr().find("dtype");
  if (attrIt != node.attr().end())
    nodeType = attrIt->second.type();
  else if (node.attr().count("value"))
    nodeType = node.attr().at("value").tensor().dtype();
  DataType target = logical;
  if (nodeType != tensorflow::DT_INVALID && nodeType != logical) {
    // The converter narrows int64 to int32 and float64 to float32
    // (write_weights.py _AUTO_DTYPE_CONVERSION): widen back to the node's.
    bool widened =
        (logical == tensorflow::DT_INT32 && nodeType == tensorflow::DT_INT64) ||
        (logical == tensorflow::DT_FLOAT && nodeType == tensorflow::DT_DOUBLE);
    if (!widened)
      return invalid(where + " does not match node '" + node.name() +
                     "' of dtype " + dtypeName(nodeType));
    target = nodeType;
  }

  // The node's declared shape, when it has one, must be the weight's.
  const tensorflow::TensorShapeProto *declared = nullptr;
  if (node.op() == "Const" && node.attr().count("value") &&
      node.attr().at("value").tensor().has_tensor_shape())
    declared = &node.attr().at("value").tensor().tensor_shape();
  else if (node.op() == "Placeholder" && node.attr().count("shape"))
    declared = &node.attr().at("shape").shape();
  if (declared && !declared->unknown_rank()) {
    bool same = declared->dim_size() == w.shape_size();
    for (int i = 0; same && i < w.shape_size(); ++i)
      same = declared->dim(i).size() == w.shape(i) ||
             (node.op() == "Placeholder" && declared->dim(i).size() < 0);
    if (!same) {
      std::string d = "[";
      for (int i = 0; i < declared->dim_size(); ++i)
        d += (i ? "," : "") + std::to_string(declared->dim(i).size());
      return invalid(where + " does not match the shape " + d + "]" +
                     " of node '" + node.name() + "'");
    }
  }

  tensorflow::TensorProto t;
  t.set_dtype(target);
  for (int64_t d : w.shape())
    t.mutable_tensor_shape()->add_dim()->set_size(d);
  std::string &content = *t.mutable_tensor_content();
  const int64_t n = plan.elements;
  const tfjs::WeightQuantization &q = w.quantization();

  // Element i of the weight as double (numeric weights).
  auto valueAt = [&](int64_t i) -> double {
    switch (plan.stored) {
    case StoredType::U8:
    case StoredType::U16: {
      double qv = plan.stored == StoredType::U8
                      ? double(uint8_t(data[i]))
                      : double(readLE<uint16_t>(data + 2 * i));
      // Two statements: no fused multiply-add, as in JS.
      double scaled = qv * q.scale();
      double v = scaled + q.min();
      if (plan.logical == StoredType::I32)
        return double(jsToInt32(jsRound(v)));
      return double(float(v)); // stored in a Float32Array
    }
    case StoredType::F16:
      return double(halfToFloat(readLE<uint16_t>(data + 2 * i)));
    case StoredType::F32:
      return double(readLE<float>(data + 4 * i));
    case StoredType::I32:
      return double(readLE<int32_t>(data + 4 * i));
    default:
      return 0;
    }
  };

  switch (target) {
  case tensorflow::DT_FLOAT:
    if (plan.stored == StoredType::F32) {
      content.assign(data, size);
    } else {
      content.reserve(size_t(n) * 4);
      for (int64_t i = 0; i < n; ++i)
        appendLE(content, float(valueAt(i)));
    }
    break;
  case tensorflow::DT_DOUBLE:
    content.reserve(size_t(n) * 8);
    for (int64_t i = 0; i < n; ++i)
      appendLE(content, valueAt(i));
    break;
  case tensorflow::DT_INT32:
    if (plan.stored == StoredType::I32) {
      content.assign(data, size);
    } else {
      content.reserve(size_t(n) * 4);
      for (int64_t i = 0; i < n; ++i)
        appendLE(content, int32_t(valueAt(i)));
    }
    break;
  case tensorflow::DT_INT64:
    content.reserve(size_t(n) * 8);
    for (int64_t i = 0; i < n; ++i)
      appendLE(content, int64_t(valueAt(i)));
    break;
  case tensorflow::DT_BOOL:
    // A Uint8Array: any non-zero byte is true.
    content.reserve(size_t(n));
    for (int64_t i = 0; i < n; ++i)
      content.push_back(data[i] ? 1 : 0);
    break;
  case tensorflow::DT_COMPLEX64:
    content.assign(data, size); // (real, imag) float32 pairs, as TF's
    break;
  case tensorflow::DT_STRING: {
    content.clear();
    size_t off = 0;
    for (int64_t i = 0; i < n; ++i) {
      uint32_t len = readLE<uint32_t>(data + off);
      off += 4;
      t.add_string_val(std::string(data + off, len));
      off += len;
    }
    break;
  }
  default:
    return invalid(where + ": cannot bind as " + dtypeName(target));
  }

  // The node becomes an ordinary Const: dtype + value.
  if (node.op() == "Placeholder") {
    node.set_op("Const");
    node.mutable_attr()->clear();
  }
  (*node.mutable_attr())["dtype"].set_type(target);
  *(*node.mutable_attr())["value"].mutable_tensor() = std::move(t);
  return absl::OkStatus();
}

absl::Status Loader::decodeGroup(const std::vector<WeightPlan> &plans,
                                 const std::string &bytes,
                                 const tfjs::WeightGroup &g, int group) {
  std::string shards;
  for (int i = 0; i < g.paths_size(); ++i)
    shards += (i ? ", " : "") + g.paths(i);
  std::string groupDesc = "the weight shards of group " +
                          std::to_string(group) + " (" + shards + ": " +
                          std::to_string(bytes.size()) + " bytes)";
  size_t off = 0;
  for (const WeightPlan &plan : plans) {
    const std::string &name = plan.entry->name();
    size_t need;
    if (plan.stored == StoredType::String) {
      // Per element: a uint32 length, then the bytes.
      size_t pos = off;
      for (int64_t i = 0; i < plan.elements; ++i) {
        if (bytes.size() - pos < 4)
          return invalid(groupDesc + " end inside weight '" + name + "' (" +
                         plan.describe + ", string " + std::to_string(i) +
                         "'s length at byte " + std::to_string(pos) + ")");
        uint32_t len = readLE<uint32_t>(bytes.data() + pos);
        pos += 4;
        if (bytes.size() - pos < len)
          return invalid(groupDesc + " end inside weight '" + name + "' (" +
                         plan.describe + ", string " + std::to_string(i) +
                         " of " + std::to_string(len) + " bytes at byte " +
                         std::to_string(pos) + ")");
        pos += len;
      }
      need = pos - off;
    } else {
      need = size_t(plan.elements) * storedSize(plan.stored);
      if (bytes.size() - off < need)
        return invalid(groupDesc + " end inside weight '" + name + "' (" +
                       plan.describe + ": " + std::to_string(need) +
                       " bytes at byte " + std::to_string(off) + ", " +
                       std::to_string(bytes.size() - off) +
                       " left); the shards are short or the weight's shape "
                       "or dtype is wrong");
    }
    if (absl::Status s = bind(plan, bytes.data() + off, need); !s.ok())
      return s;
    off += need;
  }
  if (off != bytes.size())
    return invalid(groupDesc + " are longer than its weights, which take " +
                   std::to_string(off) + " bytes (" +
                   std::to_string(bytes.size() - off) + " bytes after " +
                   (plans.empty() ? std::string("the start")
                                  : "the last weight '" +
                                        plans.back().entry->name() + "'") +
                   "); the shards are too long or a weight's shape or dtype "
                   "is wrong");
  return absl::OkStatus();
}

absl::Status Loader::indexNodes() {
  tensorflow::GraphDef &graph = result.graph;
  for (tensorflow::NodeDef &n : *graph.mutable_node())
    if (!nodes.emplace(n.name(), &n).second)
      return invalid("modelTopology has two nodes named '" + n.name() + "'");
  // Library functions: the converter renames their constants to
  // "<function>/<node>" (graph_rewrite_util.rename_constants), so their names
  // are the weights'. A graph node of the same name wins.
  for (tensorflow::FunctionDef &f :
       *graph.mutable_library()->mutable_function())
    for (tensorflow::NodeDef &n : *f.mutable_node_def())
      if (n.op() == "Const")
        nodes.emplace(n.name(), &n);
  return absl::OkStatus();
}

/// True when the TensorProto carries values (TF's encodings).
bool hasValues(const tensorflow::TensorProto &t) {
  return !t.tensor_content().empty() || t.half_val_size() ||
         t.float_val_size() || t.double_val_size() || t.int_val_size() ||
         t.string_val_size() || t.scomplex_val_size() || t.int64_val_size() ||
         t.bool_val_size() || t.dcomplex_val_size() ||
         t.resource_handle_val_size() || t.variant_val_size() ||
         t.uint32_val_size() || t.uint64_val_size() || !t.float8_val().empty();
}

absl::Status Loader::checkUnboundConsts() const {
  auto check = [&](const tensorflow::NodeDef &n,
                   const std::string &in) -> absl::Status {
    if (n.op() != "Const" || bound.count(n.name()))
      return absl::OkStatus();
    auto v = n.attr().find("value");
    if (v != n.attr().end() && hasValues(v->second.tensor()))
      return absl::OkStatus(); // a value written inline in the JSON
    // A tensor of zero elements needs no bytes.
    if (v != n.attr().end() && v->second.tensor().has_tensor_shape()) {
      for (const auto &d : v->second.tensor().tensor_shape().dim())
        if (d.size() == 0)
          return absl::OkStatus();
    }
    return invalid("Const node '" + n.name() + "'" + in +
                   " has no value and no weight in the weights manifest");
  };
  for (const tensorflow::NodeDef &n : result.graph.node())
    if (absl::Status s = check(n, ""); !s.ok())
      return s;
  for (const tensorflow::FunctionDef &f : result.graph.library().function())
    for (const tensorflow::NodeDef &n : f.node_def())
      if (absl::Status s = check(n, " (function " + f.signature().name() + ")");
          !s.ok())
        return s;
  return absl::OkStatus();
}

absl::Status Loader::fillSignature(const tensorflow::SignatureDef &sig) {
  ModelSignature out;
  out.key = "serving_default";
  out.methodName = sig.method_name();
  auto convert =
      [&](const google::protobuf::Map<std::string, tensorflow::TensorInfo> &m,
          const char *kind,
          std::vector<SignatureTensor> &into) -> absl::Status {
    std::vector<std::string> keys;
    for (const auto &[k, v] : m)
      keys.push_back(k);
    std::sort(keys.begin(), keys.end());
    for (const std::string &k : keys) {
      const tensorflow::TensorInfo &info = m.at(k);
      if (info.encoding_case() != tensorflow::TensorInfo::kName)
        return invalid(std::string("signature ") + kind + " '" + k +
                       "' is not a dense tensor (sparse and composite "
                       "signature tensors are not supported)");
      std::string node = info.name().substr(0, info.name().find(':'));
      if (!nodes.count(node))
        return invalid(std::string("signature ") + kind + " '" + k +
                       "' names tensor '" + info.name() +
                       "', but modelTopology has no node '" + node + "'");
      SignatureTensor t;
      t.name = k;
      t.tensor = info.name();
      t.dtype = info.dtype();
      if (info.has_tensor_shape() && !info.tensor_shape().unknown_rank()) {
        std::vector<int64_t> dims;
        for (const auto &d : info.tensor_shape().dim())
          dims.push_back(d.size());
        t.shape = std::move(dims);
      }
      into.push_back(std::move(t));
    }
    return absl::OkStatus();
  };
  if (absl::Status s = convert(sig.inputs(), "input", out.inputs); !s.ok())
    return s;
  if (absl::Status s = convert(sig.outputs(), "output", out.outputs); !s.ok())
    return s;
  result.signatures.push_back(std::move(out));
  return absl::OkStatus();
}

absl::StatusOr<LoadedModel> Loader::load(std::string_view json) {
  dir = fs::path(jsonPath).parent_path();
  google::protobuf::util::JsonParseOptions opts;
  // TF.js ignores fields it does not know (trainingConfig, newer converter
  // fields, GraphDef fields newer than ours); so do we.
  opts.ignore_unknown_fields = true;
  auto st = google::protobuf::util::JsonStringToMessage(
      google::protobuf::StringPiece(json.data(), json.size()), &model, opts);
  if (!st.ok()) {
    // protobuf's message, on one line (it may append a context line and a
    // caret; the first line says what is wrong).
    std::string msg(st.message().data(), st.message().size());
    msg = msg.substr(0, msg.find('\n'));
    size_t start = msg.find_first_not_of(": ");
    msg = start == std::string::npos ? "cannot parse" : msg.substr(start);
    return invalid("malformed model.json: " + msg);
  }
  if (model.format() == "layers-model")
    return invalid("is a TF.js layers model (Keras topology); only graph "
                   "models (format \"graph-model\") are read");
  if (!model.format().empty() && model.format() != "graph-model")
    return invalid("unknown format '" + model.format() +
                   "' (expected \"graph-model\")");
  if (model.model_topology().node_size() == 0)
    return invalid("modelTopology has no nodes (is this a TF.js graph "
                   "model's model.json?)");
  if (model.model_initializer().node_size() > 0)
    return absl::UnimplementedError(
        jsonPath + ": modelInitializer (a graph of " +
        std::to_string(model.model_initializer().node_size()) +
        " nodes run before the model, for hash tables) is not supported yet");

  result.format = ModelFormat::TFJS;
  result.sourceName = jsonPath;
  result.graph = std::move(*model.mutable_model_topology());
  if (absl::Status s = indexNodes(); !s.ok())
    return s;

  for (int gi = 0; gi < model.weights_manifest_size(); ++gi) {
    const tfjs::WeightGroup &g = model.weights_manifest(gi);
    std::vector<WeightPlan> plans(g.weights_size());
    for (int wi = 0; wi < g.weights_size(); ++wi)
      if (absl::Status s = planWeight(g.weights(wi), gi + 1, plans[wi]);
          !s.ok())
        return s;
    absl::StatusOr<std::string> bytes = readGroup(g, gi + 1);
    if (!bytes.ok())
      return bytes.status();
    if (absl::Status s = decodeGroup(plans, *bytes, g, gi + 1); !s.ok())
      return s;
  }
  if (absl::Status s = checkUnboundConsts(); !s.ok())
    return s;
  if (model.has_signature() &&
      (model.signature().inputs_size() || model.signature().outputs_size()))
    if (absl::Status s = fillSignature(model.signature()); !s.ok())
      return s;
  return std::move(result);
}

} // namespace

absl::StatusOr<LoadedModel>
loadTFJSModelFromJson(std::string_view json, const std::string &modelJsonPath) {
  // "<stdin>" names the text in messages; its folder (none) is the current
  // directory, as for a bare file name.
  const std::string name = modelJsonPath.empty() ? "<stdin>" : modelJsonPath;
  // The JSON parser would say only "Unexpected end of string".
  if (json.find_first_not_of(" \t\r\n") == std::string_view::npos)
    return absl::InvalidArgumentError(
        name + ": the TF.js model.json is empty (no JSON in it)");
  Loader loader(name);
  return loader.load(json);
}

absl::StatusOr<LoadedModel> loadTFJSModel(const std::string &modelJson) {
  absl::StatusOr<std::string> bytes =
      readFileBounded(modelJson, kDefaultMaxFileBytes, "TF.js model.json");
  if (!bytes.ok())
    return bytes.status();
  return loadTFJSModelFromJson(*bytes, modelJson);
}

} // namespace tfmlir
