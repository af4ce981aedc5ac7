//===- SavedModel.cpp - SavedModel directories as one GraphDef ------------===//
//
// What TF's loader (cc/saved_model/loader.cc) does at load time, done on the
// GraphDef instead of in a Session:
//   1. read saved_model.pb (binary) or saved_model.pbtxt (text);
//   2. pick the MetaGraphDef whose tag set equals the requested tags;
//   3. restore the variables from variables/variables.{index,data-*}: each
//      variable node's value becomes a Const node "<var>/frozen_value" and
//      the graph reads that instead of the variable, as TFLite's
//      from_saved_model freezes (ReadVariableOp -> Identity, ResourceGather
//      -> GatherV2, ResourceGatherNd -> GatherNd; ref reads rewired;
//      functions called with captured variable handles get a copy whose
//      handle argument takes the value and whose readers are rewritten so);
//   4. feed asset tensors with "<dir>/assets/<file>" and fold the init op
//      (main_op / legacy_init_op / __saved_model_init_op) when all it does
//      is assign constants (restored values are overwritten then, as in TF,
//      where the init op runs after the restore); otherwise it becomes
//      LoadedModel::initTargets;
//   5. map every SignatureDef to tensors of the graph.
// Which bundle key belongs to which variable node comes, in this order, from
// the graph's restore ops (RestoreV2 tensor_names -> Assign/AssignVariableOp
// of the variable), from the object graph (SavedObjectGraph variables matched
// to the checkpoint's TrackableObjectGraph by node id, and to VarHandleOps by
// shared_name), or from the variable's name.
//===----------------------------------------------------------------------===//
#include "lib/Translate/SavedModel.h"
#include "lib/Translate/TextErrorCollector.h"

#include "lib/Support/File.h"
#include "lib/Translate/TensorBundle.h"
#include "lib/Translate/proto/saved_model.pb.h"
#include "lib/Translate/proto/trackable_object_graph.pb.h"

#include "absl/status/status.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>
#include <google/protobuf/text_format.h>

#include <algorithm>
#include <filesystem>
#include <map>
#include <optional>
#include <set>
#include <unordered_map>

namespace tfmlir {

namespace {

namespace fs = std::filesystem;
using tensorflow::DataType;
using tensorflow::FunctionDef;
using tensorflow::GraphDef;
using tensorflow::NodeDef;
using tensorflow::TensorProto;

/// Splits a graph input "^n", "n", "n:3" into (node, index); index -1 for
/// control inputs. An index too large for an int keeps the whole string as
/// the node name (the importer then reports the input as missing).
std::pair<std::string, int> parseInput(const std::string &in) {
  if (!in.empty() && in[0] == '^')
    return {in.substr(1), -1};
  size_t colon = in.rfind(':');
  if (colon != std::string::npos && colon + 1 < in.size() &&
      in.size() - colon - 1 <= 9 &&
      std::all_of(in.begin() + colon + 1, in.end(),
                  [](char c) { return c >= '0' && c <= '9'; })) {
    int idx = 0;
    for (size_t i = colon + 1; i < in.size(); ++i)
      idx = idx * 10 + (in[i] - '0');
    return {in.substr(0, colon), idx};
  }
  return {in, 0};
}

std::string shapeString(const tensorflow::TensorShapeProto &shape) {
  if (shape.unknown_rank())
    return "<unknown rank>";
  std::string s = "[";
  for (int i = 0; i < shape.dim_size(); ++i)
    s += (i ? "," : "") + std::to_string(shape.dim(i).size());
  return s + "]";
}

/// True when a value of `actual` shape can be stored in a node declared
/// with `declared` (unknown rank or -1 dims match anything).
bool shapeCompatible(const tensorflow::TensorShapeProto &declared,
                     const tensorflow::TensorShapeProto &actual) {
  if (declared.unknown_rank())
    return true;
  if (declared.dim_size() != actual.dim_size())
    return false;
  for (int i = 0; i < declared.dim_size(); ++i)
    if (declared.dim(i).size() >= 0 &&
        declared.dim(i).size() != actual.dim(i).size())
      return false;
  return true;
}

bool isVariableOp(const std::string &op) {
  return op == "VariableV2" || op == "Variable" || op == "VarHandleOp";
}

/// Ops that write the variable given as their input 0 (a ref or a resource
/// handle): they keep the variable, not its frozen value.
bool writesInput0(const std::string &op) {
  static const std::set<std::string> kOps = {"Assign",
                                             "AssignAdd",
                                             "AssignSub",
                                             "AssignVariableOp",
                                             "AssignAddVariableOp",
                                             "AssignSubVariableOp",
                                             "CountUpTo",
                                             "ResourceCountUpTo",
                                             "IsVariableInitialized",
                                             "VarIsInitializedOp",
                                             "DestroyResourceOp"};
  return kOps.count(op) || op.rfind("Scatter", 0) == 0 ||
         op.rfind("ResourceScatter", 0) == 0 || op.rfind("Apply", 0) == 0 ||
         op.rfind("ResourceApply", 0) == 0 || op.rfind("SparseApply", 0) == 0 ||
         op.rfind("ResourceSparseApply", 0) == 0;
}

/// Rewrites `n`, a reader of a frozen variable handle (its input 0), into
/// the op that reads the value tensor `value` of dtype `dt`, as TF's
/// convert_variables_to_constants does: ReadVariableOp -> Identity,
/// ResourceGather -> GatherV2 (axis 0 from a new Const appended to `extra`,
/// named "<n>/frozen_axis"), ResourceGatherNd -> GatherNd. In a function,
/// inputs are written "node:output:0". Returns false for other ops.
bool freezeReader(NodeDef &n, DataType dt, const std::string &value,
                  bool inFunction, std::vector<NodeDef> &extra) {
  auto *attrs = n.mutable_attr();
  if (n.op() == "ReadVariableOp") {
    n.set_op("Identity");
    attrs->erase("dtype");
    (*attrs)["T"].set_type(dt);
  } else if (n.op() == "ResourceGather" && n.input_size() >= 2) {
    NodeDef axis;
    axis.set_name(n.name() + "/frozen_axis");
    axis.set_op("Const");
    axis.set_device(n.device());
    (*axis.mutable_attr())["dtype"].set_type(tensorflow::DT_INT32);
    TensorProto *t = (*axis.mutable_attr())["value"].mutable_tensor();
    t->set_dtype(tensorflow::DT_INT32);
    t->mutable_tensor_shape();
    t->add_int_val(0);
    n.set_op("GatherV2");
    attrs->erase("dtype");
    attrs->erase("validate_indices");
    (*attrs)["Tparams"].set_type(dt);
    (*attrs)["Taxis"].set_type(tensorflow::DT_INT32);
    // GatherV2(params, indices, axis): the axis goes after the indices,
    // before any control inputs.
    std::vector<std::string> rest(n.input().begin() + 2, n.input().end());
    n.mutable_input()->DeleteSubrange(2, n.input_size() - 2);
    n.add_input(axis.name() + (inFunction ? ":output:0" : ""));
    for (std::string &r : rest)
      n.add_input(r);
    extra.push_back(std::move(axis));
  } else if (n.op() == "ResourceGatherNd") {
    n.set_op("GatherNd");
    attrs->erase("dtype");
    (*attrs)["Tparams"].set_type(dt);
  } else {
    return false;
  }
  n.set_input(0, value);
  return true;
}

/// One variable node of the graph and what we bind to it.
struct Variable {
  std::string node; ///< VariableV2 / VarHandleOp node name
  DataType dtype = tensorflow::DT_INVALID;
  tensorflow::TensorShapeProto shape; ///< from the `shape` attr
  bool hasShape = false;
  std::string key; ///< bundle key, empty if none found
  /// The value: restored from the bundle, then possibly replaced by a
  /// constant the init op assigns.
  std::optional<TensorProto> value;
};

class Loader {
public:
  Loader(std::string dir, const ModelLoadOptions &options)
      : dir_(std::move(dir)), options_(options) {}

  absl::StatusOr<LoadedModel> load();

private:
  absl::Status readSavedModel();
  absl::Status chooseMetaGraph();
  void indexGraph();
  absl::Status findVariables();
  absl::Status mapKeysFromRestoreOps();
  absl::Status mapKeysFromObjectGraph();
  absl::Status restoreFromBundle();
  void bindAssets();
  absl::Status foldInitOp();
  absl::Status applyBindings();
  absl::StatusOr<std::string>
  rewriteFunction(const std::string &name,
                  const std::map<int, DataType> &argDtypes, int depth = 0);
  absl::Status buildSignatures();
  void dropSupersededFunctions();

  /// The constant a tensor ("n" / "n:0") has when it is a Const (through
  /// Identity chains), else null.
  const TensorProto *constantOf(const std::string &tensor, int depth = 0);

  std::string dir_;
  ModelLoadOptions options_;
  std::string modelPath_; ///< saved_model.pb or .pbtxt
  tensorflow::SavedModel savedModel_;
  const tensorflow::MetaGraphDef *meta_ = nullptr;
  GraphDef graph_;
  std::unordered_map<std::string, int> nodeIndex_;
  std::map<std::string, Variable> vars_; ///< by node name
  std::optional<TensorBundleReader> bundle_;
  std::string initOp_;
  std::vector<std::string> initTargets_;
  std::vector<ModelSignature> signatures_;
  std::vector<std::string> skippedSignatures_;
  std::map<std::string, const FunctionDef *> functions_;
  std::map<std::string, std::string> rewritten_; ///< memo key -> new name
  std::vector<FunctionDef> newFunctions_;
  std::map<std::string, std::string> constFor_; ///< var node -> Const node
};

absl::Status Loader::readSavedModel() {
  static const bool quietProtobuf = [] {
    google::protobuf::SetLogHandler(nullptr);
    return true;
  }();
  (void)quietProtobuf;
  std::error_code ec;
  if (!fs::is_directory(dir_, ec))
    return fs::exists(dir_, ec)
               ? absl::InvalidArgumentError(dir_ + ": a SavedModel is a "
                                                   "directory, this is a file")
               : absl::NotFoundError(dir_ + ": no such SavedModel directory");
  fs::path pb = fs::path(dir_) / "saved_model.pb";
  fs::path pbtxt = fs::path(dir_) / "saved_model.pbtxt";
  bool text = false;
  if (fs::exists(pb, ec))
    modelPath_ = pb.string();
  else if (fs::exists(pbtxt, ec)) {
    modelPath_ = pbtxt.string();
    text = true;
  } else
    return absl::NotFoundError(dir_ + ": not a SavedModel directory (no "
                                      "saved_model.pb or saved_model.pbtxt)");
  absl::StatusOr<std::string> bytes =
      readFileBounded(modelPath_, kDefaultMaxFileBytes, "SavedModel");
  if (!bytes.ok())
    return bytes.status();
  if (text) {
    google::protobuf::TextFormat::Parser parser;
    parser.SetRecursionLimit(100);
    TextErrorCollector errors;
    parser.RecordErrorsTo(&errors);
    if (!parser.ParseFromString(*bytes, &savedModel_))
      return absl::InvalidArgumentError(
          modelPath_ + ":" + std::to_string(errors.line + 1) + ":" +
          std::to_string(errors.column + 1) +
          ": not a valid text SavedModel proto: " + errors.message);
  } else {
    google::protobuf::io::ArrayInputStream in(
        bytes->data(), int(std::min<size_t>(bytes->size(), INT_MAX)));
    if (bytes->size() > size_t(INT_MAX) ||
        !savedModel_.ParseFromZeroCopyStream(&in))
      return absl::InvalidArgumentError(
          modelPath_ + ": not a valid SavedModel proto (truncated or corrupt "
                       "file?)");
  }
  if (savedModel_.meta_graphs_size() == 0)
    return absl::InvalidArgumentError(modelPath_ + ": has no MetaGraphDef");
  return absl::OkStatus();
}

std::string tagSetString(const std::vector<std::string> &tags) {
  std::string s = "{";
  for (size_t i = 0; i < tags.size(); ++i)
    s += (i ? ", " : "") + tags[i];
  return s + "}";
}

absl::Status Loader::chooseMetaGraph() {
  std::set<std::string> want(options_.tags.begin(), options_.tags.end());
  std::string existing;
  for (const auto &mg : savedModel_.meta_graphs()) {
    std::set<std::string> have(mg.meta_info_def().tags().begin(),
                               mg.meta_info_def().tags().end());
    if (have == want) {
      meta_ = &mg;
      return absl::OkStatus();
    }
    existing += (existing.empty() ? "" : ", ") +
                tagSetString({have.begin(), have.end()});
  }
  return absl::NotFoundError(
      modelPath_ + ": no MetaGraphDef with the tags " +
      tagSetString({want.begin(), want.end()}) +
      "; the tag sets in this SavedModel are: " + existing);
}

void Loader::indexGraph() {
  nodeIndex_.clear();
  for (int i = 0; i < graph_.node_size(); ++i)
    nodeIndex_[graph_.node(i).name()] = i;
  functions_.clear();
  for (const FunctionDef &f : graph_.library().function())
    functions_[f.signature().name()] = &f;
}

absl::Status Loader::findVariables() {
  for (const NodeDef &n : graph_.node()) {
    if (!isVariableOp(n.op()))
      continue;
    Variable v;
    v.node = n.name();
    auto it = n.attr().find("dtype");
    if (it != n.attr().end())
      v.dtype = it->second.type();
    it = n.attr().find("shape");
    if (it != n.attr().end() && it->second.has_shape()) {
      v.shape = it->second.shape();
      v.hasShape = true;
    }
    vars_[n.name()] = std::move(v);
  }
  return absl::OkStatus();
}

const TensorProto *Loader::constantOf(const std::string &tensor, int depth) {
  auto [name, idx] = parseInput(tensor);
  auto it = nodeIndex_.find(name);
  if (it == nodeIndex_.end() || idx != 0 || depth > 64)
    return nullptr;
  const NodeDef &n = graph_.node(it->second);
  if (n.op() == "Const") {
    auto v = n.attr().find("value");
    return v == n.attr().end() ? nullptr : &v->second.tensor();
  }
  if (n.op() == "Identity" && n.input_size() >= 1)
    return constantOf(n.input(0), depth + 1);
  return nullptr;
}

/// TF1 savers: RestoreV2(prefix, tensor_names, shape_and_slices) outputs
/// i -> (Identity)* -> Assign(var, .) / AssignVariableOp(var, .).
absl::Status Loader::mapKeysFromRestoreOps() {
  // consumers: tensor "node:idx" -> nodes that read it
  std::map<std::pair<std::string, int>, std::vector<int>> consumers;
  for (int i = 0; i < graph_.node_size(); ++i)
    for (const std::string &in : graph_.node(i).input()) {
      auto p = parseInput(in);
      if (p.second >= 0)
        consumers[p].push_back(i);
    }
  for (const NodeDef &n : graph_.node()) {
    if (n.op() != "RestoreV2" && n.op() != "Restore" &&
        n.op() != "RestoreSlice")
      continue;
    if (n.input_size() < 2)
      continue;
    const TensorProto *names = constantOf(n.input(1));
    if (!names)
      continue;
    for (int i = 0; i < names->string_val_size(); ++i) {
      // Follow Identity chains to the assignment.
      std::vector<std::pair<std::string, int>> work = {{n.name(), i}};
      for (size_t w = 0; w < work.size() && w < 64; ++w) {
        for (int c : consumers[work[w]]) {
          const NodeDef &user = graph_.node(c);
          if (user.op() == "Identity") {
            work.push_back({user.name(), 0});
            continue;
          }
          if ((user.op() == "Assign" || user.op() == "AssignVariableOp") &&
              user.input_size() >= 2) {
            std::string var = parseInput(user.input(0)).first;
            auto v = vars_.find(var);
            if (v != vars_.end() && v->second.key.empty())
              v->second.key = names->string_val(i);
          }
        }
      }
    }
  }
  return absl::OkStatus();
}

/// TF2: SavedObjectGraph node k (a variable, captured by the graph's calls
/// as their concrete functions' bound_inputs, or matched by SavedVariable.name
/// = the VarHandleOp's shared_name) is TrackableObjectGraph node k, whose
/// VARIABLE_VALUE attribute names the bundle key. Without the checkpoint's
/// object graph the key is the path of child names from the root, as TF's
/// saver builds it ("<a>/<b>/.ATTRIBUTES/VARIABLE_VALUE").
absl::Status Loader::mapKeysFromObjectGraph() {
  const tensorflow::SavedObjectGraph &sog = meta_->object_graph_def();
  if (sog.nodes_size() == 0)
    return absl::OkStatus();
  std::vector<std::string> keyOf(sog.nodes_size());
  bool fromCheckpoint = false;
  if (bundle_ && bundle_->entry("_CHECKPOINTABLE_OBJECT_GRAPH")) {
    absl::StatusOr<TensorProto> t =
        bundle_->read("_CHECKPOINTABLE_OBJECT_GRAPH");
    if (!t.ok())
      return t.status();
    tensorflow::TrackableObjectGraph tog;
    if (t->string_val_size() != 1 || !tog.ParseFromString(t->string_val(0)))
      return absl::DataLossError(
          bundle_->indexPath() +
          ": tensor '_CHECKPOINTABLE_OBJECT_GRAPH' is not a serialized "
          "TrackableObjectGraph");
    for (int k = 0; k < tog.nodes_size() && k < sog.nodes_size(); ++k)
      for (const auto &attr : tog.nodes(k).attributes())
        if (attr.name() == "VARIABLE_VALUE")
          keyOf[k] = attr.checkpoint_key();
    fromCheckpoint = true;
  }
  if (!fromCheckpoint) {
    // Breadth-first from the root: the first path that reaches a node.
    // TF escapes "/" in local names as ".S" and "." as "..".
    auto escape = [](const std::string &s) {
      std::string r;
      for (char c : s)
        r += c == '/'   ? std::string(".S")
             : c == '.' ? std::string("..")
                        : std::string(1, c);
      return r;
    };
    std::vector<std::string> path(sog.nodes_size());
    std::vector<bool> seen(sog.nodes_size(), false);
    std::vector<int> queue = {0};
    seen[0] = true;
    for (size_t q = 0; q < queue.size(); ++q) {
      int k = queue[q];
      for (const auto &child : sog.nodes(k).children()) {
        int c = child.node_id();
        if (c < 0 || c >= sog.nodes_size() || seen[c])
          continue;
        seen[c] = true;
        path[c] =
            (path[k].empty() ? "" : path[k] + "/") + escape(child.local_name());
        queue.push_back(c);
      }
    }
    for (int k = 0; k < sog.nodes_size(); ++k)
      if (sog.nodes(k).has_variable() && seen[k])
        keyOf[k] = path[k] + "/.ATTRIBUTES/VARIABLE_VALUE";
  }
  // Captured inputs of the graph's calls: the last inputs of a call of
  // concrete function F are F's bound_inputs (object-graph node ids), in
  // order, as TF's loader binds them.
  for (const NodeDef &n : graph_.node()) {
    auto f = n.attr().find("f");
    if (f == n.attr().end() || !f->second.has_func())
      continue;
    auto cf = sog.concrete_functions().find(f->second.func().name());
    if (cf == sog.concrete_functions().end())
      continue;
    std::vector<std::string> data;
    for (const std::string &in : n.input())
      if (parseInput(in).second >= 0)
        data.push_back(parseInput(in).first);
    int bound = cf->second.bound_inputs_size();
    if (bound > int(data.size()))
      continue;
    for (int k = 0; k < bound; ++k) {
      int id = cf->second.bound_inputs(k);
      auto v = vars_.find(data[data.size() - bound + k]);
      if (id >= 0 && id < sog.nodes_size() && v != vars_.end() &&
          v->second.key.empty() && !keyOf[id].empty())
        v->second.key = keyOf[id];
    }
  }
  // Other VarHandleOps by shared_name (or node name when it has none).
  std::map<std::string, std::string> byShared;
  for (auto &[name, v] : vars_) {
    const NodeDef &n = graph_.node(nodeIndex_[name]);
    auto it = n.attr().find("shared_name");
    std::string shared =
        it != n.attr().end() && !it->second.s().empty() ? it->second.s() : name;
    byShared[shared] = name;
  }
  for (int k = 0; k < sog.nodes_size(); ++k) {
    if (!sog.nodes(k).has_variable() || keyOf[k].empty())
      continue;
    auto it = byShared.find(sog.nodes(k).variable().name());
    if (it != byShared.end() && vars_[it->second].key.empty())
      vars_[it->second].key = keyOf[k];
  }
  return absl::OkStatus();
}

absl::Status Loader::restoreFromBundle() {
  if (!bundle_)
    return absl::OkStatus();
  for (auto &[name, v] : vars_) {
    if (v.key.empty() && bundle_->entry(name))
      v.key = name; // the saver's default key: the variable's name
    if (v.key.empty())
      continue;
    const tensorflow::BundleEntryProto *e = bundle_->entry(v.key);
    if (!e)
      return absl::NotFoundError(
          bundle_->indexPath() + ": no tensor '" + v.key +
          "' in the bundle, which the graph restores into variable '" + name +
          "'");
    if (v.dtype != tensorflow::DT_INVALID && e->dtype() != v.dtype)
      return absl::InvalidArgumentError(
          bundle_->indexPath() + ": tensor '" + v.key + "' is " +
          tensorflow::DataType_Name(e->dtype()) + " " +
          shapeString(e->shape()) + " but variable '" + name + "' (" +
          graph_.node(nodeIndex_[name]).op() + ") is " +
          tensorflow::DataType_Name(v.dtype));
    if (v.hasShape && !shapeCompatible(v.shape, e->shape()))
      return absl::InvalidArgumentError(
          bundle_->indexPath() + ": tensor '" + v.key + "' has shape " +
          shapeString(e->shape()) + " but variable '" + name + "' (" +
          graph_.node(nodeIndex_[name]).op() + ") has shape " +
          shapeString(v.shape));
    absl::StatusOr<TensorProto> t = bundle_->read(v.key);
    if (!t.ok())
      return t.status();
    v.value = std::move(*t);
  }
  return absl::OkStatus();
}

/// TF feeds each asset tensor with the asset's path when it runs the init
/// op; the tensor's Const gets that path as its value instead.
void Loader::bindAssets() {
  std::vector<tensorflow::AssetFileDef> assets(meta_->asset_file_def().begin(),
                                               meta_->asset_file_def().end());
  auto coll = meta_->collection_def().find("saved_model_assets");
  if (coll != meta_->collection_def().end())
    for (const auto &any : coll->second.any_list().value()) {
      tensorflow::AssetFileDef a;
      if (a.ParseFromString(any.value()))
        assets.push_back(a);
    }
  for (const auto &a : assets) {
    auto [node, idx] = parseInput(a.tensor_info().name());
    auto it = nodeIndex_.find(node);
    if (it == nodeIndex_.end() || idx != 0 || a.filename().empty())
      continue;
    NodeDef *n = graph_.mutable_node(it->second);
    if (n->op() != "Const" && n->op() != "Placeholder" &&
        n->op() != "PlaceholderWithDefault")
      continue;
    std::string path = (fs::path(dir_) / "assets" / a.filename()).string();
    n->set_op("Const");
    n->clear_input();
    auto *attrs = n->mutable_attr();
    attrs->erase("shape");
    (*attrs)["dtype"].set_type(tensorflow::DT_STRING);
    TensorProto *t = (*attrs)["value"].mutable_tensor();
    t->Clear();
    t->set_dtype(tensorflow::DT_STRING);
    t->mutable_tensor_shape();
    t->add_string_val(path);
  }
}

/// Folds the init op when all it does is assign constants to variables (and
/// NoOps/Consts/Identities): TF runs it after the restore, so its values win.
/// Otherwise it is kept as an init target, and the variables it writes are
/// not frozen (the Session runs it before the first Run).
absl::Status Loader::foldInitOp() {
  auto find = [&](const char *key) -> std::string {
    auto c = meta_->collection_def().find(key);
    if (c != meta_->collection_def().end() &&
        c->second.node_list().value_size() == 1)
      return c->second.node_list().value(0);
    return "";
  };
  initOp_ = find("saved_model_main_op");
  if (initOp_.empty())
    initOp_ = find("legacy_init_op");
  if (initOp_.empty()) {
    auto s = meta_->signature_def().find("__saved_model_init_op");
    if (s != meta_->signature_def().end()) {
      auto o = s->second.outputs().find("__saved_model_init_op");
      if (o != s->second.outputs().end())
        initOp_ = o->second.name();
    }
  }
  if (initOp_.empty())
    return absl::OkStatus();
  initOp_ = parseInput(initOp_).first;
  if (!nodeIndex_.count(initOp_))
    return absl::InvalidArgumentError(modelPath_ + ": the init op '" + initOp_ +
                                      "' is not a node of the graph");
  // The nodes the init op runs.
  std::vector<std::string> order = {initOp_};
  std::set<std::string> seen = {initOp_};
  for (size_t i = 0; i < order.size(); ++i) {
    auto it = nodeIndex_.find(order[i]);
    if (it == nodeIndex_.end())
      continue;
    for (const std::string &in : graph_.node(it->second).input()) {
      std::string src = parseInput(in).first;
      if (seen.insert(src).second)
        order.push_back(src);
    }
  }
  std::vector<std::pair<std::string, const NodeDef *>> assigns;
  bool foldable = true;
  for (const std::string &name : order) {
    auto it = nodeIndex_.find(name);
    if (it == nodeIndex_.end())
      continue;
    const NodeDef &n = graph_.node(it->second);
    if (n.op() == "NoOp" || n.op() == "Const" || n.op() == "Identity" ||
        isVariableOp(n.op()))
      continue;
    if ((n.op() == "Assign" || n.op() == "AssignVariableOp") &&
        n.input_size() >= 2 && vars_.count(parseInput(n.input(0)).first) &&
        constantOf(n.input(1))) {
      assigns.push_back({parseInput(n.input(0)).first, &n});
      continue;
    }
    foldable = false;
  }
  if (!foldable) {
    initTargets_.push_back(initOp_);
    for (auto &[var, n] : assigns) {
      vars_[var].value.reset(); // written at run time by the init op
    }
    return absl::OkStatus();
  }
  for (auto &[var, n] : assigns) {
    Variable &v = vars_[var];
    const TensorProto *t = constantOf(n->input(1));
    if (v.dtype != tensorflow::DT_INVALID && t->dtype() != v.dtype)
      return absl::InvalidArgumentError(
          modelPath_ + ": init op node '" + n->name() + "' assigns " +
          tensorflow::DataType_Name(t->dtype()) + " to variable '" + var +
          "' of dtype " + tensorflow::DataType_Name(v.dtype));
    v.value = *t;
  }
  return absl::OkStatus();
}

/// Copies function `name` with the resource arguments in `argDtypes` turned
/// into values of the given dtypes: ReadVariableOp of them -> Identity,
/// Identity of them retyped, calls passing them rewritten recursively.
/// Returns the new function's name, or FailedPrecondition when the function
/// does anything else with the handle (assigns, gathers, returns it).
absl::StatusOr<std::string>
Loader::rewriteFunction(const std::string &name,
                        const std::map<int, DataType> &argDtypes, int depth) {
  if (depth > 128)
    return absl::FailedPreconditionError(
        name + ": calls with variable handles nest more than 128 deep");
  auto fit = functions_.find(name);
  if (fit == functions_.end())
    return absl::NotFoundError(modelPath_ + ": function '" + name +
                               "' is not in the graph's library");
  std::string memo = name;
  for (auto [i, t] : argDtypes)
    memo += "," + std::to_string(i) + ":" + std::to_string(int(t));
  if (auto m = rewritten_.find(memo); m != rewritten_.end())
    return m->second;
  if (rewritten_.size() > 10000)
    return absl::ResourceExhaustedError("too many function rewrites");
  FunctionDef f = *fit->second;
  std::string newName = name + "_frozen";
  for (int k = 2; functions_.count(newName) ||
                  std::any_of(newFunctions_.begin(), newFunctions_.end(),
                              [&](const FunctionDef &g) {
                                return g.signature().name() == newName;
                              });
       ++k)
    newName = name + "_frozen_" + std::to_string(k);
  rewritten_[memo] = newName; // (recursion through itself reuses the name)
  f.mutable_signature()->set_name(newName);
  // Tensors (as written in inputs: "arg", "node:out:idx") that carry a frozen
  // handle, with the value dtype.
  std::map<std::string, DataType> frozen;
  for (auto [i, t] : argDtypes) {
    if (i < 0 || i >= f.signature().input_arg_size())
      return absl::InvalidArgumentError(name + ": no argument " +
                                        std::to_string(i));
    auto *arg = f.mutable_signature()->mutable_input_arg(i);
    if (arg->type() != tensorflow::DT_RESOURCE)
      return absl::FailedPreconditionError(name + ": argument " + arg->name() +
                                           " is not a resource");
    arg->set_type(t);
    frozen[arg->name()] = t;
  }
  std::map<std::string, std::string>
      renamedOutputs;              // "n:value:0" -> "n:output:0"
  std::vector<NodeDef> extraNodes; // Consts the rewritten readers need
  bool changed = true;
  std::set<int> done;
  while (changed) {
    changed = false;
    for (int i = 0; i < f.node_def_size(); ++i) {
      if (done.count(i))
        continue;
      NodeDef &n = *f.mutable_node_def(i);
      std::map<int, DataType> hits;
      for (int j = 0; j < n.input_size(); ++j) {
        auto it = frozen.find(n.input(j));
        if (it != frozen.end())
          hits[j] = it->second;
      }
      if (hits.empty())
        continue;
      done.insert(i);
      changed = true;
      if (hits.count(0) && hits.size() == 1) {
        bool isRead = n.op() == "ReadVariableOp";
        if (freezeReader(n, hits[0], n.input(0), /*inFunction=*/true,
                         extraNodes)) {
          if (isRead)
            renamedOutputs[n.name() + ":value:0"] = n.name() + ":output:0";
          continue;
        }
      }
      if (n.op() == "Identity" && hits.count(0)) {
        (*n.mutable_attr())["T"].set_type(hits[0]);
        frozen[n.name() + ":output:0"] = hits[0];
        continue;
      }
      if ((n.op() == "StatefulPartitionedCall" ||
           n.op() == "PartitionedCall") &&
          n.attr().count("f")) {
        absl::StatusOr<std::string> callee =
            rewriteFunction(n.attr().at("f").func().name(), hits, depth + 1);
        if (!callee.ok())
          return callee.status();
        (*n.mutable_attr())["f"].mutable_func()->set_name(*callee);
        auto *tin = (*n.mutable_attr())["Tin"].mutable_list();
        for (auto [j, t] : hits)
          if (j < tin->type_size())
            tin->set_type(j, t);
        continue;
      }
      return absl::FailedPreconditionError(
          name + ": node '" + n.name() + "' (" + n.op() +
          ") uses a variable handle in a way that freezing does not support");
    }
  }
  for (NodeDef &extra : extraNodes)
    *f.add_node_def() = std::move(extra);
  // Outputs of retyped ReadVariableOps are now "node:output:0".
  auto rename = [&](std::string &s) {
    auto it = renamedOutputs.find(s);
    if (it != renamedOutputs.end())
      s = it->second;
  };
  for (NodeDef &n : *f.mutable_node_def())
    for (std::string &in : *n.mutable_input())
      rename(in);
  for (auto &[k, v] : *f.mutable_ret()) {
    if (frozen.count(v))
      return absl::FailedPreconditionError(name +
                                           ": returns a variable handle");
    rename(v);
  }
  newFunctions_.push_back(std::move(f));
  return newName;
}

absl::Status Loader::applyBindings() {
  // One Const per bound variable.
  for (auto &[name, v] : vars_) {
    if (!v.value)
      continue;
    std::string cname = name + "/frozen_value";
    for (int k = 2; nodeIndex_.count(cname); ++k)
      cname = name + "/frozen_value_" + std::to_string(k);
    NodeDef *c = graph_.add_node();
    c->set_name(cname);
    c->set_op("Const");
    c->set_device(graph_.node(nodeIndex_[name]).device());
    (*c->mutable_attr())["dtype"].set_type(v.value->dtype());
    *(*c->mutable_attr())["value"].mutable_tensor() = *v.value;
    nodeIndex_[cname] = graph_.node_size() - 1;
    constFor_[name] = cname;
  }
  if (constFor_.empty())
    return absl::OkStatus();
  std::vector<NodeDef> extraNodes; // Consts the rewritten readers need
  for (int i = 0; i < graph_.node_size(); ++i) {
    NodeDef &n = *graph_.mutable_node(i);
    std::map<int, DataType> handleArgs; // call input -> value dtype
    for (int j = 0; j < n.input_size(); ++j) {
      auto [src, idx] = parseInput(n.input(j));
      auto it = constFor_.find(src);
      if (it == constFor_.end() || idx != 0)
        continue;
      const NodeDef &var = graph_.node(nodeIndex_[src]);
      DataType dt = vars_[src].value->dtype();
      if (var.op() != "VarHandleOp") {
        // A ref variable: every reader gets the value; writers keep the ref.
        if (!(j == 0 && writesInput0(n.op())))
          n.set_input(j, it->second);
        continue;
      }
      if (j == 0 &&
          freezeReader(n, dt, it->second, /*inFunction=*/false, extraNodes))
        continue;
      if ((n.op() == "StatefulPartitionedCall" ||
           n.op() == "PartitionedCall") &&
          n.attr().count("f"))
        handleArgs[j] = dt;
      // Anything else (assignments, the saver's functions) keeps the handle.
    }
    if (handleArgs.empty())
      continue;
    absl::StatusOr<std::string> callee =
        rewriteFunction(n.attr().at("f").func().name(), handleArgs);
    if (!callee.ok()) {
      if (callee.status().code() == absl::StatusCode::kFailedPrecondition)
        continue; // e.g. the saver's restore function: leave it alone
      return callee.status();
    }
    (*n.mutable_attr())["f"].mutable_func()->set_name(*callee);
    auto *tin = (*n.mutable_attr())["Tin"].mutable_list();
    for (auto [j, t] : handleArgs) {
      n.set_input(j, constFor_[parseInput(n.input(j)).first]);
      if (j < tin->type_size())
        tin->set_type(j, t);
    }
  }
  for (NodeDef &extra : extraNodes)
    *graph_.add_node() = std::move(extra);
  for (FunctionDef &f : newFunctions_)
    *graph_.mutable_library()->add_function() = std::move(f);
  newFunctions_.clear();
  dropSupersededFunctions();
  return absl::OkStatus();
}

/// Removes the originals of rewritten functions that nothing calls any more
/// (the frozen copies replaced them); functions still called, e.g. by the
/// saver's restore function, stay.
void Loader::dropSupersededFunctions() {
  std::set<std::string> superseded;
  for (const auto &[memo, name] : rewritten_)
    superseded.insert(memo.substr(0, memo.find(',')));
  if (superseded.empty())
    return;
  std::set<std::string> used;
  std::vector<std::string> work;
  auto note = [&](const NodeDef &n) {
    for (const auto &[k, v] : n.attr()) {
      if (v.has_func() && used.insert(v.func().name()).second)
        work.push_back(v.func().name());
      for (const auto &f : v.list().func())
        if (used.insert(f.name()).second)
          work.push_back(f.name());
    }
    if (used.insert(n.op()).second) // a function called as an op
      work.push_back(n.op());
  };
  for (const NodeDef &n : graph_.node())
    note(n);
  std::map<std::string, const FunctionDef *> byName;
  for (const FunctionDef &f : graph_.library().function())
    byName[f.signature().name()] = &f;
  while (!work.empty()) {
    std::string name = work.back();
    work.pop_back();
    auto it = byName.find(name);
    if (it == byName.end())
      continue;
    for (const NodeDef &n : it->second->node_def())
      note(n);
  }
  auto *fns = graph_.mutable_library()->mutable_function();
  for (int i = fns->size() - 1; i >= 0; --i) {
    const std::string &name = fns->Get(i).signature().name();
    if (superseded.count(name) && !used.count(name))
      fns->DeleteSubrange(i, 1);
  }
}

absl::Status Loader::buildSignatures() {
  std::vector<std::string> keys;
  for (const auto &[key, sig] : meta_->signature_def())
    if (key != "__saved_model_init_op")
      keys.push_back(key);
  std::sort(keys.begin(), keys.end());
  auto convert =
      [&](const std::string &sigKey,
          const google::protobuf::Map<std::string, tensorflow::TensorInfo> &m,
          std::vector<SignatureTensor> &out) -> absl::Status {
    std::vector<std::string> names;
    for (const auto &kv : m)
      names.push_back(kv.first);
    std::sort(names.begin(), names.end());
    for (const std::string &n : names) {
      const tensorflow::TensorInfo &info = m.at(n);
      if (info.name().empty())
        return absl::UnimplementedError(
            modelPath_ + ": signature '" + sigKey + "' tensor '" + n +
            "' is a sparse or composite tensor; not supported");
      SignatureTensor t;
      t.name = n;
      auto [node, idx] = parseInput(info.name());
      if (!nodeIndex_.count(node))
        return absl::InvalidArgumentError(
            modelPath_ + ": signature '" + sigKey + "' tensor '" + n +
            "' names '" + info.name() + "', which is not in the graph");
      // A signature that fetches a variable itself gets its frozen value.
      if (auto c = constFor_.find(node); c != constFor_.end() && idx == 0)
        node = c->second;
      t.tensor = idx == 0 ? node : node + ":" + std::to_string(idx);
      t.dtype = info.dtype();
      if (info.has_tensor_shape() && !info.tensor_shape().unknown_rank()) {
        std::vector<int64_t> dims;
        for (const auto &d : info.tensor_shape().dim())
          dims.push_back(d.size());
        t.shape = dims;
      }
      out.push_back(std::move(t));
    }
    return absl::OkStatus();
  };
  std::vector<ModelSignature> sigs;
  for (const std::string &key : keys) {
    const tensorflow::SignatureDef &sd = meta_->signature_def().at(key);
    ModelSignature s;
    s.key = key;
    s.methodName = sd.method_name();
    absl::Status st = convert(key, sd.inputs(), s.inputs);
    if (st.ok())
      st = convert(key, sd.outputs(), s.outputs);
    if (st.code() == absl::StatusCode::kUnimplemented) {
      // Sparse signatures are left out, the others stay usable; the reason
      // is kept for the "no signature" message.
      std::string why(st.message());
      if (size_t q = why.find("' tensor '"); q != std::string::npos)
        why = why.substr(q + 2);
      skippedSignatures_.push_back(key + " (" + why + ")");
      continue;
    }
    if (!st.ok())
      return st;
    sigs.push_back(std::move(s));
  }
  signatures_ = std::move(sigs);
  return absl::OkStatus();
}

absl::StatusOr<LoadedModel> Loader::load() {
  if (absl::Status st = readSavedModel(); !st.ok())
    return st;
  if (absl::Status st = chooseMetaGraph(); !st.ok())
    return st;
  graph_ = meta_->graph_def();
  indexGraph();
  if (absl::Status st = findVariables(); !st.ok())
    return st;
  // TF's loader: no variables.index means "no variables to restore".
  std::string prefix = (fs::path(dir_) / "variables" / "variables").string();
  std::error_code ec;
  if (fs::exists(prefix + ".index", ec)) {
    absl::StatusOr<TensorBundleReader> b = TensorBundleReader::open(prefix);
    if (!b.ok())
      return b.status();
    bundle_ = std::move(*b);
  }
  if (absl::Status st = mapKeysFromRestoreOps(); !st.ok())
    return st;
  if (absl::Status st = mapKeysFromObjectGraph(); !st.ok())
    return st;
  if (!bundle_) {
    // TF's loader restores nothing when the index is missing and the first
    // read of a variable fails later; a graph whose saver or object graph
    // restores variables needs the index, so say so now.
    std::string restored;
    int count = 0;
    for (const auto &[name, v] : vars_)
      if (!v.key.empty() && count++ < 8)
        restored += (restored.empty() ? "" : ", ") + name;
    if (count)
      return absl::NotFoundError(
          prefix + ".index: no such file, but the SavedModel restores " +
          std::to_string(count) + " variable(s) from it (" + restored +
          (count > 8 ? ", ..." : "") + ")");
  }
  if (absl::Status st = restoreFromBundle(); !st.ok())
    return st;
  bindAssets();
  if (absl::Status st = foldInitOp(); !st.ok())
    return st;
  if (absl::Status st = applyBindings(); !st.ok())
    return st;
  if (absl::Status st = buildSignatures(); !st.ok())
    return st;
  LoadedModel model;
  model.format = ModelFormat::SavedModel;
  model.graph = std::move(graph_);
  model.signatures = std::move(signatures_);
  model.skippedSignatures = std::move(skippedSignatures_);
  model.initTargets = std::move(initTargets_);
  model.sourceName = dir_;
  return model;
}

} // namespace

absl::StatusOr<LoadedModel> loadSavedModel(const std::string &dir,
                                           const ModelLoadOptions &options) {
  Loader loader(dir, options);
  return loader.load();
}

absl::StatusOr<const ModelSignature *> selectSignature(const LoadedModel &model,
                                                       const std::string &key) {
  if (!key.empty())
    return model.signature(key);
  for (const ModelSignature &s : model.signatures)
    if (s.key == "serving_default")
      return &s;
  if (model.signatures.size() == 1)
    return &model.signatures.front();
  std::string keys;
  for (const ModelSignature &s : model.signatures)
    keys += (keys.empty() ? "" : ", ") + s.key;
  if (keys.empty() && !model.skippedSignatures.empty())
    return model.signature("serving_default").status();
  if (keys.empty())
    return absl::NotFoundError(model.sourceName +
                               ": the SavedModel has no signatures");
  return absl::InvalidArgumentError(
      model.sourceName +
      ": no 'serving_default' signature; choose one of: " + keys);
}

absl::StatusOr<SignatureNames>
resolveSignatureNames(const LoadedModel &model, const std::string &key,
                      const std::vector<std::string> &feedNames,
                      const std::vector<std::string> &fetchNames,
                      bool haveTargets) {
  SignatureNames out;
  out.fetches = fetchNames;
  out.shown = fetchNames;
  out.bySignature.assign(fetchNames.size(), false);
  out.feeds = feedNames;
  bool fetchAll = fetchNames.empty() && !haveTargets;
  const ModelSignature *sig = nullptr;
  if (!model.signatures.empty() || !key.empty()) {
    absl::StatusOr<const ModelSignature *> s = selectSignature(model, key);
    if (!s.ok() && (!key.empty() || fetchNames.empty()))
      return s.status();
    if (s.ok())
      sig = *s;
  }
  if (!sig) {
    if (fetchAll)
      return absl::InvalidArgumentError(
          model.sourceName + ": the SavedModel has no signature; name the "
                             "tensors to fetch with --output");
    return out;
  }
  auto lookup = [](const std::vector<SignatureTensor> &ts,
                   const std::string &name) -> const std::string * {
    for (const SignatureTensor &t : ts)
      if (t.name == name)
        return &t.tensor;
    return nullptr;
  };
  if (fetchAll)
    for (const SignatureTensor &t : sig->outputs) {
      out.fetches.push_back(t.name);
      out.shown.push_back(t.name);
      out.bySignature.push_back(false);
    }
  for (size_t i = 0; i < out.fetches.size(); ++i)
    if (const std::string *t = lookup(sig->outputs, out.fetches[i])) {
      out.fetches[i] = *t;
      out.bySignature[i] = true;
    }
  for (std::string &in : out.feeds)
    if (const std::string *t = lookup(sig->inputs, in))
      in = *t;
  return out;
}

GraphImportConfig signatureImportConfig(const ModelSignature &signature) {
  GraphImportConfig c;
  for (const SignatureTensor &t : signature.inputs) {
    c.inputArrays.push_back(t.tensor);
    c.inputDataTypes.push_back(tensorflow::DataType_Name(t.dtype));
    if (!t.shape) {
      c.inputShapes.push_back("*");
      continue;
    }
    std::string s;
    for (size_t i = 0; i < t.shape->size(); ++i)
      s += (i ? "," : "") + std::to_string((*t.shape)[i]);
    c.inputShapes.push_back(s);
  }
  for (const SignatureTensor &t : signature.outputs)
    c.outputArrays.push_back(t.tensor);
  c.pruneUnusedNodes = true;
  return c;
}

mlir::OwningOpRef<mlir::ModuleOp>
importSavedModelSignature(const LoadedModel &model,
                          const ModelSignature &signature,
                          mlir::MLIRContext *context) {
  mlir::OwningOpRef<mlir::ModuleOp> module = importGraphDef(
      model.graph, signatureImportConfig(signature), context, model.sourceName);
  if (!module)
    return nullptr;
  auto main = module->lookupSymbol<mlir::func::FuncOp>("main");
  if (!main)
    return module;
  mlir::Builder b(context);
  auto indexPath = [&](const std::string &key) {
    return b.getArrayAttr({b.getStringAttr(key)});
  };
  for (auto [i, t] : llvm::enumerate(signature.inputs)) {
    if (i >= main.getNumArguments())
      break;
    main.setArgAttr(i, "tf_saved_model.index_path", indexPath(t.name));
    mlir::BlockArgument arg = main.getArgument(i);
    arg.setLoc(mlir::NameLoc::get(b.getStringAttr(t.name), arg.getLoc()));
  }
  for (auto [i, t] : llvm::enumerate(signature.outputs))
    if (i < main.getNumResults())
      main.setResultAttr(i, "tf_saved_model.index_path", indexPath(t.name));
  main->setAttr("tf_saved_model.exported_names",
                b.getArrayAttr({b.getStringAttr(signature.key)}));
  return module;
}

} // namespace tfmlir
