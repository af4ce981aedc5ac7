//===- Session.cpp - a TF-like Session that JIT-compiles GraphDefs --------===//
#include "runtime/session/Session.h"

#include "runtime/cpu/Alloc.h"
#include "runtime/cpu/ThreadPool.h"
#include "runtime/session/CompileCache.h"
#include "runtime/session/CpuExecutable.h"
#include "runtime/session/Executor.h"
#if TFMLIR_SESSION_GPU
#include "runtime/session/GpuExecutable.h"
#endif

#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFOps.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"
#include "lib/Pipelines/GraphToHLO.h"
#include "lib/Transforms/ExecutorPasses.h"
#include "lib/Transforms/Passes.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/OpRegistry.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/Pass/PassManager.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/StringRef.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/io/coded_stream.h>
#include <google/protobuf/io/zero_copy_stream_impl_lite.h>

#include "absl/strings/match.h"
#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"

#include <algorithm>
#include <chrono>
#include <cstdlib>
#include <cstring>
#include <optional>
#include <set>
#include <unordered_map>
#include <unordered_set>

namespace tfmlir::session {

//===----------------------------------------------------------------------===//
// Plans: what a (feeds, fetches, targets) request runs.
//===----------------------------------------------------------------------===//

/// A fed tensor and what the fed node expects.
struct FeedSpec {
  std::string name; ///< canonical "node:idx"
  std::string node;
  std::optional<DataType> dtype; ///< the node's output dtype, if known
  std::optional<std::vector<int64_t>> shape; ///< Placeholder shape (-1 dims)
};

/// A variable whose value at the start of the Run is an argument.
struct VarRead {
  std::string key;  ///< resource-manager key
  std::string node; ///< the variable node (a Placeholder after rewrite)
  bool resource = false;
};

struct Session::Plan {
  absl::Status status;
  std::vector<FeedSpec> feeds;      ///< sorted by name
  std::vector<std::string> outputs; ///< unique result tensors
  /// fetch i -> outputs index, or -1 - k for the fed value of feeds[k]
  std::vector<int> fetchSlot;
  std::vector<VarRead> reads;                      ///< sorted by node
  std::vector<std::pair<std::string, int>> writes; ///< var key -> outputs index
  std::shared_ptr<const tensorflow::GraphDef> graph;
  /// Needed leaves with no output to return (Assert, PrintV2, a NoOp that
  /// groups them by control edges): kAuto/kOff import them as control
  /// outputs so that they run (addSinks).
  std::vector<std::string> controlTargets;
};

struct Session::Executable {
  std::mutex mu;
  bool done = false;
  absl::Status status;
  std::unique_ptr<CpuExecutable> exe; ///< kWholeGraph
#if TFMLIR_SESSION_GPU
  std::unique_ptr<GpuExecutable> gpuExe; ///< kWholeGraph on a GPU
#endif
  std::unique_ptr<GraphExecutor> graph; ///< kAuto, kOff
};

namespace {

/// Splits "node", "node:3" (TF's ParseTensorName; "^node" is a control
/// input). Returns false for an empty node or a bad index.
bool parseTensorName(const std::string &s, std::string &node, int &index,
                     bool *control = nullptr) {
  std::string t = s;
  if (control)
    *control = false;
  if (!t.empty() && t[0] == '^') {
    if (!control)
      return false;
    *control = true;
    node = t.substr(1);
    index = -1;
    return !node.empty();
  }
  size_t c = t.rfind(':');
  index = 0;
  if (c != std::string::npos) {
    std::string idx = t.substr(c + 1);
    if (!idx.empty() &&
        std::all_of(idx.begin(), idx.end(),
                    [](char ch) { return isdigit(ch); }) &&
        idx.size() < 9) {
      index = std::stoi(idx);
      t = t.substr(0, c);
    }
  }
  node = t;
  return !node.empty();
}

std::string tensorName(const std::string &node, int index) {
  return absl::StrCat(node, ":", index);
}

bool isRefVariable(const std::string &op) {
  return op == "VariableV2" || op == "Variable";
}
bool isResourceVariable(const std::string &op) { return op == "VarHandleOp"; }
bool isVariable(const std::string &op) {
  return isRefVariable(op) || isResourceVariable(op);
}
bool isRefAssign(const std::string &op) {
  return op == "Assign" || op == "AssignAdd" || op == "AssignSub";
}
/// TF1's ref scatter ops: ref[idx] op= updates, on the first dim
/// (Scatter*), or on the index tuples of the last dim of idx (ScatterNd*).
bool isRefScatter(const std::string &op) {
  return op == "ScatterUpdate" || op == "ScatterAdd" || op == "ScatterSub" ||
         op == "ScatterMul" || op == "ScatterDiv" || op == "ScatterMin" ||
         op == "ScatterMax" || op == "ScatterNdUpdate" ||
         op == "ScatterNdAdd" || op == "ScatterNdSub";
}
/// Ops that write a ref variable (its first input) and output the new value.
bool isRefUpdate(const std::string &op) {
  return isRefAssign(op) || isRefScatter(op);
}
/// Resource ScatterNd ops: variable[indices] op= updates, like the ref
/// ScatterNd* ops (rewritten to TensorScatter*).
bool isResourceScatterNd(const std::string &op) {
  return op == "ResourceScatterNdAdd" || op == "ResourceScatterNdSub" ||
         op == "ResourceScatterNdUpdate";
}
/// Ops that write a resource variable (their first input, a VarHandleOp).
bool isResourceAssign(const std::string &op) {
  return op == "AssignVariableOp" || op == "AssignAddVariableOp" ||
         op == "AssignSubVariableOp" || isResourceScatterNd(op);
}

std::string attrString(const tensorflow::NodeDef &n, const char *name) {
  auto it = n.attr().find(name);
  return it == n.attr().end() ? std::string() : it->second.s();
}

std::string variableKey(const tensorflow::NodeDef &n) {
  std::string container = attrString(n, "container");
  std::string shared = attrString(n, "shared_name");
  return absl::StrCat(container.empty() ? "localhost" : container, "/",
                      shared.empty() ? n.name() : shared);
}

std::string shapeString(const std::vector<int64_t> &dims) {
  std::string s = "[";
  for (size_t i = 0; i < dims.size(); ++i)
    absl::StrAppend(&s, i ? "," : "",
                    dims[i] < 0 ? "?" : std::to_string(dims[i]));
  return s + "]";
}

/// The node's output dtypes, when the op is registered and its attrs
/// resolve them.
std::optional<std::vector<DataType>>
outputTypes(const tensorflow::NodeDef &node) {
  const tensorflow::OpDef *def = lookupOpDef(node.op());
  if (!def)
    return std::nullopt;
  tensorflow::NodeDef copy = node;
  addDefaultAttrs(copy, *def);
  llvm::SmallVector<tensorflow::DataType> types;
  if (llvm::Error e = resolveOutputTypes(copy, *def, types)) {
    llvm::consumeError(std::move(e));
    return std::nullopt;
  }
  std::vector<DataType> out;
  for (tensorflow::DataType t : types)
    out.push_back(static_cast<DataType>(static_cast<int>(t) % 100));
  return out;
}

/// The static shape attr of a Placeholder (nullopt when unknown rank).
std::optional<std::vector<int64_t>>
placeholderShape(const tensorflow::NodeDef &node) {
  auto it = node.attr().find("shape");
  if (it == node.attr().end() || !it->second.has_shape() ||
      it->second.shape().unknown_rank())
    return std::nullopt;
  std::vector<int64_t> dims;
  for (const auto &d : it->second.shape().dim())
    dims.push_back(d.size());
  return dims;
}

/// One parsed input of a node.
struct InputRef {
  int src;            ///< node index
  int index;          ///< output index; -1 for a control input
  std::string tensor; ///< canonical "src:idx" (empty for control)
};

/// The graph analysis behind a plan.
class Planner {
public:
  Planner(const tensorflow::GraphDef &g) : g_(&g) {
    for (int i = 0; i < g.node_size(); ++i)
      index_[g.node(i).name()] = i;
  }

  absl::Status build(const std::vector<std::string> &feeds,
                     const std::vector<std::string> &fetches,
                     const std::vector<std::string> &targets,
                     Session::Plan &plan);

private:
  absl::Status parseInputs();
  std::vector<bool> walk(const tensorflow::GraphDef &g,
                         const std::vector<std::vector<InputRef>> &ins,
                         const std::vector<int> &roots) const;
  absl::Status rewriteScatter(int i, const std::string &cur,
                              tensorflow::GraphDef &out);
  absl::Status rewriteVariables(const std::vector<bool> &needed,
                                const std::vector<int> &fetchRoots,
                                const std::vector<int> &targetRoots,
                                Session::Plan &plan);

  absl::Status feedPlaceholderControls(Session::Plan &plan);
  void addSinks(const std::vector<bool> &needed, Session::Plan &plan) const;

  /// The graph being planned: the session's, or `edited_` once
  /// feedPlaceholderControls has rewired control edges (same nodes, same
  /// indices).
  const tensorflow::GraphDef *g_;
  std::shared_ptr<tensorflow::GraphDef> edited_;
  std::unordered_map<std::string, int> index_;
  std::vector<std::vector<InputRef>> inputs_;
  std::unordered_set<std::string> fed_;
};

/// TF's FeedInputs (subgraph.cc) replaces a fed Placeholder by the feed:
/// its data edges and, for Placeholder/PlaceholderV2 nodes only, its
/// outgoing control edges move to the feed, which is always available. So
/// `^p` on any node, with `p:k` fed and p a Placeholder, no longer makes p
/// (an unfed placeholder) part of the run. Here those control inputs are
/// dropped from a copy of the graph (a feed is an argument of the compiled
/// function, so a control edge from it orders nothing). Control edges out
/// of other fed nodes stay, as in TF: such a node still runs.
absl::Status Planner::feedPlaceholderControls(Session::Plan &plan) {
  std::unordered_set<std::string> fedPlaceholders;
  for (const FeedSpec &f : plan.feeds) {
    const std::string &op = g_->node(index_.at(f.node)).op();
    if (op == "Placeholder" || op == "PlaceholderV2")
      fedPlaceholders.insert(f.node);
  }
  if (fedPlaceholders.empty())
    return absl::OkStatus();
  auto isCut = [&](const std::string &in) {
    return !in.empty() && in[0] == '^' && fedPlaceholders.count(in.substr(1));
  };
  bool any = false;
  for (const tensorflow::NodeDef &n : g_->node())
    any = any || std::any_of(n.input().begin(), n.input().end(), isCut);
  if (!any)
    return absl::OkStatus();
  edited_ = std::make_shared<tensorflow::GraphDef>(*g_);
  for (tensorflow::NodeDef &n : *edited_->mutable_node()) {
    auto *ins = n.mutable_input();
    ins->erase(std::remove_if(ins->begin(), ins->end(), isCut), ins->end());
  }
  g_ = edited_.get();
  return absl::OkStatus();
}

absl::Status Planner::parseInputs() {
  inputs_.resize(g_->node_size());
  for (int i = 0; i < g_->node_size(); ++i) {
    for (const std::string &in : g_->node(i).input()) {
      std::string node;
      int idx;
      bool control;
      if (!parseTensorName(in, node, idx, &control))
        return absl::InvalidArgumentError(absl::StrCat(
            "Node '", g_->node(i).name(), "': malformed input '", in, "'"));
      auto it = index_.find(node);
      if (it == index_.end())
        return absl::InvalidArgumentError(absl::StrCat(
            "Node '", g_->node(i).name(), "': Unknown input node '", in, "'"));
      inputs_[i].push_back({it->second, control ? -1 : idx,
                            control ? "" : tensorName(node, idx)});
    }
  }
  return absl::OkStatus();
}

std::vector<bool> Planner::walk(const tensorflow::GraphDef &g,
                                const std::vector<std::vector<InputRef>> &ins,
                                const std::vector<int> &roots) const {
  std::vector<bool> live(g.node_size(), false);
  std::vector<int> work(roots.begin(), roots.end());
  while (!work.empty()) {
    int i = work.back();
    work.pop_back();
    if (live[i])
      continue;
    live[i] = true;
    // Control edges out of fed Placeholders are gone already
    // (feedPlaceholderControls).
    for (const InputRef &r : ins[i])
      if (r.index < 0 || !fed_.count(r.tensor))
        work.push_back(r.src);
  }
  return live;
}

absl::Status Planner::build(const std::vector<std::string> &feeds,
                            const std::vector<std::string> &fetches,
                            const std::vector<std::string> &targets,
                            Session::Plan &plan) {
  // Feeds (subgraph.cc FeedInputs wording).
  for (const std::string &f : feeds) {
    std::string node;
    int idx;
    auto it = index_.end();
    if (parseTensorName(f, node, idx))
      it = index_.find(node);
    if (it == index_.end())
      return absl::NotFoundError("FeedInputs: unable to find feed output " + f);
    const tensorflow::NodeDef &n = g_->node(it->second);
    FeedSpec spec;
    spec.name = tensorName(node, idx);
    spec.node = node;
    if (auto types = outputTypes(n)) {
      if (idx >= static_cast<int>(types->size()))
        return absl::InvalidArgumentError(absl::StrCat(
            "FeedInputs: ", f, " should have output index < ", types->size()));
      spec.dtype = (*types)[idx];
    }
    if (n.op() == "Placeholder" || n.op() == "PlaceholderV2" ||
        n.op() == "PlaceholderWithDefault")
      spec.shape = placeholderShape(n);
    if (!fed_.insert(spec.name).second)
      return absl::InvalidArgumentError(
          absl::StrCat("Endpoint \"", spec.name, "\" fed more than once."));
    plan.feeds.push_back(std::move(spec));
  }
  // Fetches (FetchOutputs wording).
  std::vector<int> fetchRoots;
  std::map<std::string, int> slotOf;
  for (const std::string &f : fetches) {
    std::string node;
    int idx;
    auto it = index_.end();
    if (parseTensorName(f, node, idx))
      it = index_.find(node);
    if (it == index_.end())
      return absl::NotFoundError("FetchOutputs node " + f + ": not found");
    const tensorflow::NodeDef &n = g_->node(it->second);
    auto types = outputTypes(n);
    if (types && idx >= static_cast<int>(types->size()))
      return absl::InvalidArgumentError(
          absl::StrCat("FetchOutputs ", f, " should have output index < ",
                       types->size(), " (node ", node, " is a ", n.op(), ")"));
    if (isResourceVariable(n.op()))
      return absl::UnimplementedError(absl::StrCat(
          "cannot fetch ", f, ": node ", node,
          " (VarHandleOp) produces a resource handle; fetch a ReadVariableOp"));
    std::string t = tensorName(node, idx);
    if (fed_.count(t)) {
      // A fed tensor is fetched as the fed value (slot -1 - feed index).
      int k = 0;
      while (plan.feeds[k].name != t)
        ++k;
      plan.fetchSlot.push_back(-1 - k);
      continue;
    }
    fetchRoots.push_back(it->second);
    auto [pos, inserted] = slotOf.try_emplace(t, plan.outputs.size());
    if (inserted)
      plan.outputs.push_back(t);
    plan.fetchSlot.push_back(pos->second);
  }
  // Targets (PruneForTargets wording).
  std::vector<int> targetRoots;
  std::vector<std::string> missing;
  for (const std::string &t : targets) {
    auto it = index_.find(t);
    if (it == index_.end())
      missing.push_back(t);
    else
      targetRoots.push_back(it->second);
  }
  if (!missing.empty())
    return absl::NotFoundError(
        "PruneForTargets: Some target nodes not found: " +
        absl::StrJoin(missing, ", "));
  if (absl::Status s = feedPlaceholderControls(plan); !s.ok())
    return s;
  if (absl::Status s = parseInputs(); !s.ok())
    return s;

  std::vector<int> roots = fetchRoots;
  roots.insert(roots.end(), targetRoots.begin(), targetRoots.end());
  std::vector<bool> needed = walk(*g_, inputs_, roots);

  // Unfed placeholders (placeholder_op.cc wording), first in graph order.
  bool hasVariables = false;
  for (int i = 0; i < g_->node_size(); ++i) {
    if (!needed[i])
      continue;
    const tensorflow::NodeDef &n = g_->node(i);
    if (n.op() == "Placeholder" || n.op() == "PlaceholderV2") {
      std::string dtype = "unknown";
      if (auto types = outputTypes(n); types && !types->empty())
        dtype = DataTypeString((*types)[0]);
      std::string msg =
          absl::StrCat("You must feed a value for placeholder tensor '",
                       n.name(), "' with dtype ", dtype);
      if (auto shape = placeholderShape(n))
        absl::StrAppend(&msg, " and shape ", shapeString(*shape));
      return absl::InvalidArgumentError(msg);
    }
    if (isVariable(n.op()) || isRefUpdate(n.op()) || isResourceAssign(n.op()) ||
        n.op() == "ReadVariableOp")
      hasVariables = true;
  }
  if (!hasVariables) {
    // plan.graph stays null (the session's graph) unless edges were rewired.
    plan.graph = edited_;
    addSinks(needed, plan);
    return absl::OkStatus();
  }

  absl::Status s = rewriteVariables(needed, fetchRoots, targetRoots, plan);
  if (s.ok())
    addSinks(needed, plan);
  return s;
}

/// DirectSession runs every node of the pruned subgraph, not only those the
/// fetches consume: a target (or a control input) whose value nobody reads
/// still executes, and its errors (an unsupported op, a Reshape of the wrong
/// size, an out-of-range index) fail the Run. The compiled function only
/// computes what it returns, so every needed node that no other needed node
/// reads (a leaf) and none of whose outputs is fetched gets its output 0
/// added to plan.outputs, a value computed and dropped (no fetchSlot refers
/// to it). Leaves without a computation of their own are left out: Const, NoOp,
/// ControlTrigger, Placeholders and variables; so are ops without outputs
/// (tf.Assert, which XLA drops too), fed tensors, and leaves inside TF1
/// while loops or cond branches (see below). The leaves without outputs (and
/// NoOps with control inputs) go to plan.controlTargets instead: the
/// executor (kAuto/kOff) runs them as TF does, so that `--target assert`
/// fails when the condition is false.
void Planner::addSinks(const std::vector<bool> &needed,
                       Session::Plan &plan) const {
  const int n = g_->node_size();
  // read: a needed node takes a data output of it (not through a feed);
  // users: the needed nodes behind each node, over data and control edges.
  std::vector<bool> read(n, false);
  std::vector<std::vector<int>> users(n);
  for (int i = 0; i < n; ++i) {
    if (!needed[i])
      continue;
    for (const InputRef &r : inputs_[i]) {
      users[r.src].push_back(i);
      if (r.index >= 0 && !fed_.count(r.tensor))
        read[r.src] = true;
    }
  }
  // Nodes inside TF1 control flow are left out: a leaf of a while body
  // (reachable from an Enter before its Exit) runs once per iteration and
  // has no value to return, and a leaf on a cond branch (reachable from a
  // Switch before its Merge) may be dead. Both are found by a forward walk
  // over data and control edges.
  std::vector<bool> inControlFlow(n, false);
  auto mark = [&](std::initializer_list<llvm::StringRef> starts,
                  llvm::StringRef end) {
    std::vector<bool> seen(n, false);
    std::vector<int> work;
    for (int i = 0; i < n; ++i)
      if (needed[i] && llvm::is_contained(starts, g_->node(i).op()))
        work.push_back(i);
    while (!work.empty()) {
      int i = work.back();
      work.pop_back();
      if (seen[i])
        continue;
      seen[i] = true;
      inControlFlow[i] = true;
      if (g_->node(i).op() == end)
        continue;
      for (int u : users[i])
        work.push_back(u);
    }
  };
  mark({"Enter", "RefEnter"}, "Exit");
  mark({"Switch", "RefSwitch"}, "Merge");
  std::unordered_set<std::string> have(plan.outputs.begin(),
                                       plan.outputs.end());
  for (int i = 0; i < n; ++i) {
    if (!needed[i] || read[i] || inControlFlow[i])
      continue;
    const tensorflow::NodeDef &nd = g_->node(i);
    const std::string &op = nd.op();
    if (op == "NoOp" && !nd.input().empty()) {
      // A NoOp grouping other nodes by control edges (tf.group).
      plan.controlTargets.push_back(nd.name());
      continue;
    }
    if (op == "Const" || op == "NoOp" || op == "ControlTrigger" ||
        op == "Placeholder" || op == "PlaceholderV2" ||
        op == "PlaceholderWithDefault" || isVariable(op))
      continue;
    // Output 0 makes the node run (unregistered ops too, so that
    // compiling names them); a node with an output fetched already runs,
    // and one whose output 0 is fed is not computed.
    auto types = outputTypes(nd);
    size_t count = types ? types->size() : 1;
    if (count == 0) {
      plan.controlTargets.push_back(nd.name());
      continue;
    }
    bool fetched = false;
    for (size_t k = 0; k < count && !fetched; ++k)
      fetched = have.count(tensorName(nd.name(), static_cast<int>(k)));
    std::string first = tensorName(nd.name(), 0);
    if (!fetched && !fed_.count(first) && have.insert(first).second)
      plan.outputs.push_back(first);
  }
}

/// Rewrites node `i`, a ref Scatter* op writing `cur`, into stateless ops
/// with TF's semantics (ref[idx[...]] op= updates[...], duplicates
/// accumulate for Add/Sub/Mul/Div/Min/Max): with N = dim 0 of `cur`,
///   Add/Sub: cur +/- UnsortedSegmentSum(updates, idx, N)
///   Mul/Div: cur * or / UnsortedSegmentProd(updates, idx, N)
///   Min/Max: Minimum/Maximum(cur, UnsortedSegmentMin/Max(updates, idx, N))
///   Update:  SelectV2(count(idx) > 0, UnsortedSegmentSum(updates, idx, N),
///            cur) (with duplicate indices TF leaves the order undefined; we
///            write their sum).
/// The ScatterNd family (indices [..., K] address slices of `cur` by their
/// first K dims) becomes the stateless op with the same semantics:
///   ScatterNdAdd/Sub/Update: TensorScatterAdd/Sub/Update(cur, idx, updates)
/// (Add/Sub accumulate duplicates; Update writes them in index order, the
/// last one wins, as TF's CPU kernel does; out-of-range indices fail the
/// Run with TF's InvalidArgument).
/// The node keeps its name (its output is the new value); helper nodes are
/// appended as "<name>/_scatter/<part>".
absl::Status Planner::rewriteScatter(int i, const std::string &cur,
                                     tensorflow::GraphDef &out) {
  const tensorflow::NodeDef nd = g_->node(i);
  const std::string &op = nd.op();
  if (nd.input_size() < 3 || nd.input(1)[0] == '^' || nd.input(2)[0] == '^')
    return absl::InvalidArgumentError(absl::StrCat(
        "Node '", nd.name(), "' (", op, ") needs ref, indices and updates"));
  tensorflow::AttrValue t, tind, i32;
  if (nd.attr().count("T"))
    t = nd.attr().at("T");
  if (nd.attr().count("Tindices"))
    tind = nd.attr().at("Tindices");
  else
    tind.set_type(tensorflow::DT_INT32);
  i32.set_type(tensorflow::DT_INT32);
  std::string base = nd.name() + "/_scatter/";
  auto add =
      [&](const std::string &name, const std::string &opName,
          std::vector<std::string> inputs,
          std::vector<std::pair<std::string, tensorflow::AttrValue>> attrs)
      -> std::string {
    tensorflow::NodeDef *m = out.add_node();
    m->set_name(base + name);
    m->set_op(opName);
    for (auto &in : inputs)
      m->add_input(in);
    for (auto &[k, v] : attrs)
      (*m->mutable_attr())[k] = v;
    return m->name();
  };
  auto intConst = [&](const std::string &name, int v) {
    tensorflow::AttrValue value;
    tensorflow::TensorProto *tp = value.mutable_tensor();
    tp->set_dtype(tensorflow::DT_INT32);
    tp->mutable_tensor_shape()->add_dim()->set_size(1);
    tp->add_int_val(v);
    return add(name, "Const", {}, {{"dtype", i32}, {"value", value}});
  };
  std::string idx = nd.input(1), upd = nd.input(2);
  if (absl::StartsWith(op, "ScatterNd")) {
    tensorflow::NodeDef &res = *out.mutable_node(i);
    res.clear_input();
    res.clear_attr();
    (*res.mutable_attr())["T"] = t;
    (*res.mutable_attr())["Tindices"] = tind;
    res.set_op(absl::StrCat("TensorScatter", op.substr(strlen("ScatterNd"))));
    res.add_input(cur);
    res.add_input(idx);
    res.add_input(upd);
    for (const std::string &in : nd.input())
      if (!in.empty() && in[0] == '^')
        res.add_input(in);
    return absl::OkStatus();
  }
  std::string shape =
      add("shape", "Shape", {cur}, {{"T", t}, {"out_type", i32}});
  std::string b0 = intConst("begin", 0), b1 = intConst("end", 1);
  tensorflow::AttrValue shrink;
  shrink.set_i(1);
  std::string n =
      add("num", "StridedSlice", {shape, b0, b1, b1},
          {{"T", i32}, {"Index", i32}, {"shrink_axis_mask", shrink}});
  auto segment = [&](const std::string &name, const std::string &segOp,
                     const std::string &data) {
    return add(name, segOp, {data, idx, n},
               {{"T", t}, {"Tindices", tind}, {"Tnumsegments", i32}});
  };
  tensorflow::NodeDef &res = *out.mutable_node(i);
  res.clear_input();
  res.clear_attr();
  (*res.mutable_attr())["T"] = t;
  if (op == "ScatterAdd" || op == "ScatterSub") {
    std::string seg = segment("sum", "UnsortedSegmentSum", upd);
    res.set_op(op == "ScatterAdd" ? "AddV2" : "Sub");
    res.add_input(cur);
    res.add_input(seg);
  } else if (op == "ScatterMul" || op == "ScatterDiv") {
    std::string seg = segment("prod", "UnsortedSegmentProd", upd);
    res.set_op(op == "ScatterMul" ? "Mul" : "Div");
    res.add_input(cur);
    res.add_input(seg);
  } else if (op == "ScatterMin" || op == "ScatterMax") {
    bool isMin = op == "ScatterMin";
    std::string seg =
        segment(isMin ? "min" : "max",
                isMin ? "UnsortedSegmentMin" : "UnsortedSegmentMax", upd);
    res.set_op(isMin ? "Minimum" : "Maximum");
    res.add_input(cur);
    res.add_input(seg);
  } else { // ScatterUpdate
    std::string seg = segment("sum", "UnsortedSegmentSum", upd);
    std::string ones = add("ones", "OnesLike", {upd}, {{"T", t}});
    std::string cnt = segment("count", "UnsortedSegmentSum", ones);
    std::string zero = add("zero", "ZerosLike", {cnt}, {{"T", t}});
    std::string mask = add("mask", "Greater", {cnt, zero}, {{"T", t}});
    res.set_op("SelectV2");
    res.add_input(mask);
    res.add_input(seg);
    res.add_input(cur);
  }
  for (const std::string &in : nd.input())
    if (!in.empty() && in[0] == '^')
      res.add_input(in);
  return absl::OkStatus();
}

absl::Status Planner::rewriteVariables(const std::vector<bool> &needed,
                                       const std::vector<int> &fetchRoots,
                                       const std::vector<int> &targetRoots,
                                       Session::Plan &plan) {
  const int n = g_->node_size();
  // Topological order of the needed nodes (Kahn; edges cut by feeds do not
  // count).
  std::vector<int> indeg(n, 0);
  std::vector<std::vector<int>> users(n);
  for (int i = 0; i < n; ++i) {
    if (!needed[i])
      continue;
    for (const InputRef &r : inputs_[i])
      if (r.index < 0 || !fed_.count(r.tensor)) {
        ++indeg[i];
        users[r.src].push_back(i);
      }
  }
  std::vector<int> order, pos(n, -1);
  for (int i = 0; i < n; ++i)
    if (needed[i] && indeg[i] == 0)
      order.push_back(i);
  for (size_t k = 0; k < order.size(); ++k)
    for (int u : users[order[k]])
      if (--indeg[u] == 0)
        order.push_back(u);
  size_t neededCount = std::count(needed.begin(), needed.end(), true);
  if (order.size() != neededCount)
    return absl::UnimplementedError(
        "the subgraph that assigns or reads variables has a cycle (a TF1 "
        "while loop); variables inside loops are not supported");
  for (size_t k = 0; k < order.size(); ++k)
    pos[order[k]] = static_cast<int>(k);

  // The variable each assign writes (-1: none, e.g. Assign on a frozen
  // Const), and per node the latest ancestor assign of each variable.
  std::vector<int> assignVar(n, -1);
  std::vector<std::map<int, int>> latest(n);
  auto handleOf = [&](int i) -> int {
    const InputRef &r = inputs_[i].front();
    return r.index >= 0 ? r.src : -1;
  };
  for (int i : order) {
    const tensorflow::NodeDef &nd = g_->node(i);
    for (const InputRef &r : inputs_[i]) {
      if (r.index >= 0 && fed_.count(r.tensor))
        continue;
      for (auto [var, a] : latest[r.src]) {
        int &cur = latest[i].try_emplace(var, a).first->second;
        if (pos[a] > pos[cur])
          cur = a;
      }
      if (assignVar[r.src] >= 0) {
        int &cur = latest[i].try_emplace(assignVar[r.src], r.src).first->second;
        if (pos[r.src] > pos[cur])
          cur = r.src;
      }
    }
    if ((isRefUpdate(nd.op()) || isResourceAssign(nd.op()) ||
         nd.op() == "ReadVariableOp") &&
        inputs_[i].empty())
      return absl::InvalidArgumentError(
          absl::StrCat("Node '", nd.name(), "' (", nd.op(), ") has no inputs"));
    if (isRefUpdate(nd.op())) {
      int h = handleOf(i);
      if (h >= 0 && isRefVariable(g_->node(h).op()))
        assignVar[i] = h;
      else if (h >= 0 && assignVar[h] >= 0 && isRefUpdate(g_->node(h).op()))
        assignVar[i] = assignVar[h];
    } else if (isResourceAssign(nd.op()) || nd.op() == "ReadVariableOp") {
      int h = handleOf(i);
      if (h < 0 || !isResourceVariable(g_->node(h).op()))
        return absl::UnimplementedError(absl::StrCat(
            "node ", nd.name(), " (", nd.op(),
            "): its resource input must come directly from a VarHandleOp"));
      if (nd.op() != "ReadVariableOp")
        assignVar[i] = h;
    }
  }

  auto rewritten = std::make_shared<tensorflow::GraphDef>(*g_);
  auto valueOf = [&](int reader, int var) -> std::string {
    auto it = latest[reader].find(var);
    return it == latest[reader].end()
               ? g_->node(var).name()
               : tensorName(g_->node(it->second).name(), 0);
  };
  auto copyControls = [&](int i, tensorflow::NodeDef &out) {
    for (const std::string &in : g_->node(i).input())
      if (!in.empty() && in[0] == '^')
        out.add_input(in);
  };
  auto setT = [](tensorflow::NodeDef &out, const tensorflow::AttrValue &t) {
    (*out.mutable_attr())["T"] = t;
  };
  for (int i : order) {
    const tensorflow::NodeDef &nd = g_->node(i);
    tensorflow::NodeDef &out = *rewritten->mutable_node(i);
    const std::string &op = nd.op();
    auto dataIn = [&](int k) { return nd.input(k); };
    if (isVariable(op)) {
      tensorflow::AttrValue dtype = nd.attr().count("dtype")
                                        ? nd.attr().at("dtype")
                                        : tensorflow::AttrValue();
      out.clear_input();
      out.clear_attr();
      out.set_op("Placeholder");
      (*out.mutable_attr())["dtype"] = dtype;
      continue;
    }
    if (isRefScatter(op)) {
      if (absl::Status st = rewriteScatter(
              i, assignVar[i] >= 0 ? valueOf(i, assignVar[i]) : nd.input(0),
              *rewritten);
          !st.ok())
        return st;
      continue;
    }
    if (isRefAssign(op) || isResourceAssign(op) || op == "ReadVariableOp") {
      int dataInputs = 0;
      for (const InputRef &r : inputs_[i])
        dataInputs += r.index >= 0;
      int want = op == "ReadVariableOp" ? 1 : isResourceScatterNd(op) ? 3 : 2;
      if (dataInputs != want)
        return absl::InvalidArgumentError(
            absl::StrCat("Node '", nd.name(), "' (", op, ") has ", dataInputs,
                         " data inputs, expected ", want));
      tensorflow::AttrValue t;
      if (nd.attr().count("T"))
        t = nd.attr().at("T");
      else if (nd.attr().count("dtype"))
        t = nd.attr().at("dtype");
      int var = assignVar[i];
      if (op == "ReadVariableOp")
        var = handleOf(i);
      std::string cur = var >= 0 ? valueOf(i, var) : dataIn(0);
      out.clear_input();
      out.clear_attr();
      setT(out, t);
      if (op == "Assign" || op == "AssignVariableOp") {
        out.set_op("Identity");
        out.add_input(dataIn(1));
      } else if (op == "ReadVariableOp") {
        out.set_op("Identity");
        out.add_input(cur);
      } else if (isResourceScatterNd(op)) {
        // ResourceScatterNd{Add,Sub,Update}(var, indices, updates): the
        // stateless TensorScatter{Add,Sub,Update} of the current value.
        out.set_op(absl::StrCat("TensorScatter",
                                op.substr(strlen("ResourceScatterNd"))));
        tensorflow::AttrValue tind;
        tind.set_type(tensorflow::DT_INT32);
        if (nd.attr().count("Tindices"))
          tind = nd.attr().at("Tindices");
        (*out.mutable_attr())["Tindices"] = tind;
        out.add_input(cur);
        out.add_input(dataIn(1));
        out.add_input(dataIn(2));
      } else {
        bool add = op == "AssignAdd" || op == "AssignAddVariableOp";
        out.set_op(add ? "AddV2" : "Sub");
        out.add_input(cur);
        out.add_input(dataIn(1));
      }
      copyControls(i, out);
      continue;
    }
    // Any other op: data inputs from a ref variable read its value; a
    // resource handle may only go to the ops above.
    for (int k = 0; k < nd.input_size(); ++k) {
      const InputRef &r = inputs_[i][k];
      if (r.index < 0 || fed_.count(r.tensor))
        continue;
      const std::string &srcOp = g_->node(r.src).op();
      if (isResourceVariable(srcOp))
        return absl::UnimplementedError(absl::StrCat(
            "node ", nd.name(), " (", op, ") uses the resource variable ",
            g_->node(r.src).name(),
            "; only ReadVariableOp and Assign*VariableOp are supported"));
      if (isRefVariable(srcOp))
        out.set_input(k, valueOf(i, r.src));
    }
  }

  // The stored value of each variable: its latest assign that runs.
  std::map<int, int> finalAssign;
  for (int i : order)
    if (assignVar[i] >= 0)
      finalAssign[assignVar[i]] = i; // `order` is topological
  std::vector<int> roots = fetchRoots;
  roots.insert(roots.end(), targetRoots.begin(), targetRoots.end());
  for (auto [var, a] : finalAssign)
    roots.push_back(a);

  // Re-walk the rewritten graph (with the nodes the scatter rewrite added):
  // which variables' start values are read.
  const int total = rewritten->node_size();
  std::unordered_map<std::string, int> newIndex = index_;
  for (int i = n; i < total; ++i)
    newIndex[rewritten->node(i).name()] = i;
  std::vector<std::vector<InputRef>> newInputs(total);
  for (int i = 0; i < total; ++i) {
    if (i < n && !needed[i])
      continue;
    for (const std::string &in : rewritten->node(i).input()) {
      std::string node;
      int idx;
      bool control;
      parseTensorName(in, node, idx, &control);
      int src = newIndex.at(node);
      newInputs[i].push_back(
          {src, control ? -1 : idx, control ? "" : tensorName(node, idx)});
    }
  }
  std::vector<bool> live = walk(*rewritten, newInputs, roots);
  for (int i = 0; i < n; ++i)
    if (live[i] && isVariable(g_->node(i).op()) &&
        !fed_.count(tensorName(g_->node(i).name(), 0)))
      plan.reads.push_back({variableKey(g_->node(i)), g_->node(i).name(),
                            isResourceVariable(g_->node(i).op())});
  std::sort(plan.reads.begin(), plan.reads.end(),
            [](const VarRead &a, const VarRead &b) { return a.node < b.node; });
  for (auto [var, a] : finalAssign) {
    std::string t = tensorName(g_->node(a).name(), 0);
    auto it = std::find(plan.outputs.begin(), plan.outputs.end(), t);
    int slot = static_cast<int>(it - plan.outputs.begin());
    if (it == plan.outputs.end())
      plan.outputs.push_back(t);
    plan.writes.push_back({variableKey(g_->node(var)), slot});
  }
  plan.graph = rewritten;
  return absl::OkStatus();
}

//===----------------------------------------------------------------------===//
// Compilation
//===----------------------------------------------------------------------===//

struct ArgSpec {
  std::string tensor;
  DataType dtype;
  std::vector<int64_t> shape;
};

/// The fed tensors of a request as the importer's argument specs.
std::vector<GraphArgSpec> graphArgSpecs(const std::vector<ArgSpec> &args) {
  std::vector<GraphArgSpec> specs;
  for (const ArgSpec &a : args)
    specs.push_back({a.tensor, static_cast<int>(a.dtype), a.shape});
  return specs;
}

/// lowerGraphToHLO of a request: the fed tensors `args` (with their dtypes
/// and shapes) become @main's arguments, `outputs` its results; the module
/// lives in `ctx`.
absl::StatusOr<mlir::OwningOpRef<mlir::ModuleOp>>
lowerRequest(const tensorflow::GraphDef &graph, const std::string &graphName,
             const std::vector<ArgSpec> &args,
             const std::vector<std::string> &outputs, mlir::MLIRContext &ctx,
             bool clampIndices, bool listAllNodes) {
  return lowerGraphToHLO(graph, graphName, graphArgSpecs(args), outputs, ctx,
                         clampIndices, listAllNodes);
}

/// `s` with the graph's name in front of its message (compile errors of
/// the executables name the graph).
absl::Status withGraphName(const std::string &graphName,
                           const absl::Status &s) {
  return absl::Status(s.code(), absl::StrCat(graphName, ": ", s.message()));
}

/// global_jit_level=kWholeGraph: the whole graph as one CpuExecutable.
absl::StatusOr<std::unique_ptr<CpuExecutable>>
compileGraph(const tensorflow::GraphDef &graph, const std::string &graphName,
             const std::vector<ArgSpec> &args,
             const std::vector<std::string> &outputs, bool clampIndices,
             int64_t maxRunBytes, const std::string &cacheDir,
             bool listAllNodes) {
  CompilePhase phase("compile the whole graph (global_jit_level kWholeGraph)");
  // The disk cache key: the pruned GraphDef's bytes (deterministic
  // serialization), the fed tensors with their dtypes and shapes and the
  // fetched ones; CompileCache adds the compiler build and host CPU.
  std::string cacheKey;
  if (!cacheDir.empty()) {
    std::string request;
    {
      llvm::raw_string_ostream os(request);
      for (const ArgSpec &a : args) {
        os << "feed " << a.tensor << " " << static_cast<int>(a.dtype) << " [";
        for (int64_t d : a.shape)
          os << d << ",";
        os << "]\n";
      }
      for (const std::string &o : outputs)
        os << "fetch " << o << "\n";
      // Index checks change the generated code (xla_clamp_indices).
      os << "clamp_indices " << (clampIndices ? 1 : 0) << "\n";
      std::string bytes;
      google::protobuf::io::StringOutputStream sos(&bytes);
      google::protobuf::io::CodedOutputStream cos(&sos);
      cos.SetSerializationDeterministic(true);
      graph.SerializeToCodedStream(&cos);
      cos.Trim();
      os << "graphdef " << bytes.size() << "\n" << bytes;
    }
    cacheKey = compileCacheKey(request, "main", {});
    if (auto hit = CpuExecutable::loadCached(cacheDir, cacheKey, "main");
        hit.ok()) {
      (*hit)->setMaxRunMemory(maxRunBytes);
      return hit;
    }
  }
  mlir::DialectRegistry registry;
  registerGraphToHLODialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  auto module = lowerRequest(graph, graphName, args, outputs, ctx, clampIndices,
                             listAllNodes);
  if (!module.ok())
    return module.status();
  auto exe = CpuExecutable::compile(**module, "main", cacheDir, cacheKey);
  if (!exe.ok())
    return withGraphName(graphName, exe.status());
  (*exe)->setMaxRunMemory(maxRunBytes);
  return exe;
}

#if TFMLIR_SESSION_GPU
/// global_jit_level=kWholeGraph on a GPU: the whole graph as one
/// GpuExecutable (no disk cache).
absl::StatusOr<std::unique_ptr<GpuExecutable>> compileGraphForGpu(
    const tensorflow::GraphDef &graph, const std::string &graphName,
    const std::vector<ArgSpec> &args, const std::vector<std::string> &outputs,
    bool listAllNodes, int64_t maxRunBytes, std::shared_ptr<SessionGpu> gpu) {
  CompilePhase phase("compile the whole graph for the GPU");
  mlir::DialectRegistry registry;
  registerGraphToHLODialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  // The GPU kernels cannot report an index out of range: they clamp as
  // XLA's do.
  auto module = lowerRequest(graph, graphName, args, outputs, ctx,
                             /*clampIndices=*/true, listAllNodes);
  if (!module.ok())
    return module.status();
  auto exe =
      GpuExecutable::compile(**module, "main", std::move(gpu), maxRunBytes);
  if (!exe.ok())
    return withGraphName(graphName, exe.status());
  return exe;
}
#endif

/// global_jit_level=kAuto/kOff: clusters and host kernels (Executor.h).
/// `targets` are imported as control outputs (they run, returning nothing).
absl::StatusOr<std::unique_ptr<GraphExecutor>> compileForExecutor(
    const tensorflow::GraphDef &graph, const SessionOptions &options,
    const std::vector<ArgSpec> &args, const std::vector<std::string> &outputs,
    const std::vector<std::string> &targets) {
  mlir::DialectRegistry registry;
  registerGraphToHLODialects(registry);
  auto ctx = std::make_unique<mlir::MLIRContext>(
      registry, mlir::MLIRContext::Threading::DISABLED);
  std::vector<GraphArgSpec> specs = graphArgSpecs(args);
  // TensorArrays with a run-time size or element shape run as TensorLists
  // on the host kernels.
  auto m = importGraphToTF(graph, options.graphName, specs, outputs, *ctx,
                           targets, /*tensorArraysAsLists=*/true);
  if (!m.ok())
    return m.status();
  mlir::OwningOpRef<mlir::ModuleOp> module = std::move(*m);
  ExecutorOptions eo;
  eo.graphName = options.graphName;
  eo.interOpThreads = options.inter_op_parallelism_threads;
  eo.clampIndices = options.xla_clamp_indices;
  eo.listAllNodesInErrors = options.list_all_nodes_in_errors;
  eo.maxRunMemoryBytes = options.max_run_memory_bytes;
  eo.maxCompileMemoryBytes = options.max_compile_memory_bytes;
  eo.compileClusters =
      options.global_jit_level == SessionOptions::GlobalJitLevel::kAuto;
  eo.minClusterSize = options.tf_xla_min_cluster_size;
  return GraphExecutor::create(std::move(ctx), std::move(module), eo);
}

/// Runs a kWholeGraph executable on the Session's tensors (no copy), its
/// parallel loops on `intraOpPool` (null: serial).
absl::StatusOr<std::vector<HostTensor>>
runCompiled(const CpuExecutable &exe, size_t numOutputs,
            const std::vector<const Tensor *> &argValues,
            cpu::ThreadPool *intraOpPool) {
  if (exe.outputSpecs().size() != numOutputs)
    return absl::InternalError(
        absl::StrCat("the compiled function has ", exe.outputSpecs().size(),
                     " results for ", numOutputs, " fetched tensors"));
  std::vector<TensorView> views;
  for (const Tensor *t : argValues)
    views.push_back(
        {*toExecutableDType(t->dtype()), &t->shape().dim_sizes(), t->data()});
  return exe.runViews(views, intraOpPool);
}

absl::Status closedError() {
  return absl::CancelledError("Session has been closed.");
}

/// The error of a Run that Close() interrupted (TF's wording).
absl::Status runCancelledError() {
  return absl::CancelledError("Run call was cancelled");
}

} // namespace

//===----------------------------------------------------------------------===//
// Session
//===----------------------------------------------------------------------===//

Session::~Session() = default;

absl::StatusOr<std::unique_ptr<Session>>
Session::Create(const tensorflow::GraphDef &graph,
                const SessionOptions &options) {
  std::unordered_set<std::string> names;
  for (const auto &n : graph.node())
    if (!names.insert(n.name()).second)
      return absl::InvalidArgumentError("Node '" + n.name() +
                                        "' is not unique");
  int intraThreads = 1;
  if (std::string e = cpu::validateThreadCount(
          "intra_op_parallelism_threads", options.intra_op_parallelism_threads,
          /*zeroMeansHost=*/true, intraThreads, /*capped=*/nullptr);
      !e.empty())
    return absl::InvalidArgumentError(e);
  if (options.tf_xla_min_cluster_size < 1)
    return absl::InvalidArgumentError(
        absl::StrCat("tf_xla_min_cluster_size must be >= 1, got ",
                     options.tf_xla_min_cluster_size));
  if (options.max_compile_memory_bytes < 0)
    return absl::InvalidArgumentError(
        absl::StrCat("max_compile_memory_bytes must be >= 0, got ",
                     options.max_compile_memory_bytes));
  absl::StatusOr<std::optional<int>> gpuOrdinal =
      SessionOptions::parseDevice(options.device);
  if (!gpuOrdinal.ok())
    return gpuOrdinal.status();
  std::shared_ptr<SessionGpu> gpu;
  if (gpuOrdinal->has_value()) {
#if TFMLIR_SESSION_GPU
    if (options.global_jit_level != SessionOptions::GlobalJitLevel::kWholeGraph)
      return absl::UnimplementedError(
          "device " + options.device +
          ": a GPU session compiles the whole graph (global_jit_level "
          "whole); clusters and host kernels (auto, off) run on the CPU only");
    absl::StatusOr<std::shared_ptr<SessionGpu>> g =
        SessionGpu::open(**gpuOrdinal);
    if (!g.ok())
      return g.status();
    gpu = std::move(*g);
#else
    return absl::UnimplementedError(
        "device " + options.device +
        ": this tfmlir was built without the CUDA toolkit (cuda.h), so it "
        "has no GPU runtime");
#endif
  }
  std::unique_ptr<Session> s(new Session());
  s->options_ = options;
  s->gpu_ = std::move(gpu);
  s->intraOpPool_ = std::make_shared<cpu::ThreadPool>(intraThreads);
  s->graph_ = std::make_shared<const tensorflow::GraphDef>(graph);
  return s;
}

absl::Status Session::Extend(const tensorflow::GraphDef &graph) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return closedError();
  std::unordered_set<std::string> names;
  for (const auto &n : graph_->node())
    names.insert(n.name());
  for (const auto &n : graph.node())
    if (!names.insert(n.name()).second)
      return absl::InvalidArgumentError(
          "GraphDef argument to Extend includes node '" + n.name() +
          "', which was created by a previous call to Create or Extend in "
          "this session.");
  auto merged = std::make_shared<tensorflow::GraphDef>(*graph_);
  for (const auto &n : graph.node())
    *merged->add_node() = n;
  for (const auto &f : graph.library().function())
    *merged->mutable_library()->add_function() = f;
  graph_ = merged;
  plans_.clear();
  executables_.clear();
  return absl::OkStatus();
}

absl::Status Session::Close() {
  {
    std::lock_guard<std::mutex> lock(mu_);
    closed_ = true;
    plans_.clear();
    executables_.clear();
  }
  std::lock_guard<std::mutex> lock(varMu_);
  vars_.clear();
#if TFMLIR_SESSION_GPU
  if (gpu_)
    gpu_->dropVariables();
#endif
  return absl::OkStatus();
}

bool Session::closedDuringRun() const {
  std::lock_guard<std::mutex> lock(mu_);
  return closed_;
}

SessionStats Session::stats() const {
  SessionStats s;
  s.runs = runs_;
  s.compiles = compiles_;
  s.cacheHits = hits_;
  s.compileSeconds = compileMicros_ * 1e-6;
  if (intraOpPool_)
    s.intraOpParallelLoops = intraOpPool_->stats().parallelLoops;
  std::lock_guard<std::mutex> lock(mu_);
  for (const auto &[key, entry] : executables_) {
    std::lock_guard<std::mutex> entryLock(entry->mu);
    if (!entry->exe)
      continue;
    cpu::ArenaStats a = entry->exe->arenaStats();
    s.bufferSystemAllocs += a.systemAllocs;
    s.peakTemporaryBytes = std::max(s.peakTemporaryBytes, a.peakBytesInUse);
  }
  return s;
}

absl::StatusOr<Tensor> Session::variableValue(const std::string &key) const {
  std::lock_guard<std::mutex> lock(varMu_);
  auto it = vars_.find(key);
  if (it == vars_.end())
    return absl::NotFoundError("no value for variable " + key);
  return it->second;
}

absl::StatusOr<std::shared_ptr<const Session::Plan>>
Session::getPlan(const std::string &key, const std::vector<std::string> &feeds,
                 const std::vector<std::string> &fetches,
                 const std::vector<std::string> &targets) {
  std::lock_guard<std::mutex> lock(mu_);
  if (closed_)
    return closedError();
  auto it = plans_.find(key);
  if (it != plans_.end())
    return it->second;
  auto plan = std::make_shared<Plan>();
  Planner planner(*graph_);
  plan->status = planner.build(feeds, fetches, targets, *plan);
  if (plan->status.ok() && !plan->graph)
    plan->graph = graph_; // no variable rewrite: share the session's graph
  plans_[key] = plan;
  return plan;
}

std::optional<SessionOptions::GlobalJitLevel>
SessionOptions::parseGlobalJitLevel(std::string_view s) {
  if (s == "whole")
    return GlobalJitLevel::kWholeGraph;
  if (s == "auto")
    return GlobalJitLevel::kAuto;
  if (s == "off")
    return GlobalJitLevel::kOff;
  return std::nullopt;
}

absl::StatusOr<std::optional<int>>
SessionOptions::parseDevice(std::string_view deviceName) {
  // The string_view of this abseil, which is not absl::string_view.
  absl::string_view device(deviceName.data(), deviceName.size());
  auto bad = [&] {
    return absl::InvalidArgumentError(absl::StrCat(
        "device '", std::string(device),
        "' is not a device of this session: use \"\" or \"/device:CPU:0\" "
        "for the CPU, \"/device:GPU:N\" for NVIDIA GPU N"));
  };
  // "TYPE[:ID]" -> the GPU ordinal (nullopt for CPU 0); ID "*" is any
  // device, the first.
  auto typeAndId = [&](absl::string_view t, absl::string_view id,
                       bool idGiven) -> absl::StatusOr<std::optional<int>> {
    int n = 0;
    if (idGiven && id != "*") {
      if (id.empty() || id.size() > 9 ||
          !std::all_of(id.begin(), id.end(),
                       [](char c) { return c >= '0' && c <= '9'; }))
        return bad();
      n = std::stoi(std::string(id));
    }
    if (absl::EqualsIgnoreCase(t, "cpu") && n == 0)
      return std::optional<int>();
    if (absl::EqualsIgnoreCase(t, "gpu"))
      return std::optional<int>(n);
    return bad();
  };
  auto split = [&](absl::string_view c) {
    size_t colon = c.find(':');
    return typeAndId(c.substr(0, colon),
                     colon == absl::string_view::npos ? absl::string_view()
                                                      : c.substr(colon + 1),
                     colon != absl::string_view::npos);
  };
  if (device.empty())
    return std::optional<int>();
  // Short forms of tf-run: "cpu", "gpu", "gpu:N".
  if (device.front() != '/')
    return split(device);
  // TF's device names (DeviceNameUtils): "/job:J/replica:R/task:T/
  // device:TYPE:ID", any of the parts omitted, or the legacy "/TYPE:ID".
  std::optional<absl::StatusOr<std::optional<int>>> found;
  absl::string_view rest = device.substr(1);
  while (!rest.empty()) {
    size_t slash = rest.find('/');
    absl::string_view part = rest.substr(0, slash);
    rest = slash == absl::string_view::npos ? absl::string_view()
                                            : rest.substr(slash + 1);
    if (slash != absl::string_view::npos && rest.empty())
      return bad(); // a trailing '/'
    if (absl::StartsWith(part, "job:") || absl::StartsWith(part, "replica:") ||
        absl::StartsWith(part, "task:")) {
      if (found || part.find(':') + 1 == part.size())
        return bad();
      continue;
    }
    if (found)
      return bad();
    if (absl::StartsWith(part, "device:"))
      found = split(part.substr(7));
    else if (absl::StartsWith(part, "cpu:") || absl::StartsWith(part, "gpu:"))
      found = split(part);
    else
      return bad();
  }
  if (!found)
    return bad();
  return *found;
}

bool Session::HoldsBuffer(const Tensor &t) const {
  std::lock_guard<std::mutex> lock(varMu_);
  for (const auto &[key, v] : vars_)
    if (v.SharesBufferWith(t))
      return true;
  return false;
}

absl::Status
Session::Run(const std::vector<std::pair<std::string, Tensor>> &feeds,
             const std::vector<std::string> &fetches,
             const std::vector<std::string> &targets,
             std::vector<Tensor> *outputs) {
  if (!outputs)
    return absl::InvalidArgumentError("outputs must not be null");
  outputs->clear();
  // Canonical request: feeds sorted by canonical name, targets sorted.
  std::vector<std::pair<std::string, const Tensor *>> sortedFeeds;
  for (const auto &[name, t] : feeds) {
    std::string node;
    int idx;
    std::string canon =
        parseTensorName(name, node, idx) ? tensorName(node, idx) : name;
    sortedFeeds.push_back({canon, &t});
  }
  std::sort(sortedFeeds.begin(), sortedFeeds.end(),
            [](const auto &a, const auto &b) { return a.first < b.first; });
  std::vector<std::string> feedNames, sortedTargets(targets);
  for (const auto &f : sortedFeeds)
    feedNames.push_back(f.first);
  std::sort(sortedTargets.begin(), sortedTargets.end());
  sortedTargets.erase(std::unique(sortedTargets.begin(), sortedTargets.end()),
                      sortedTargets.end());
  std::string planKey = absl::StrCat(absl::StrJoin(feedNames, ","), "|",
                                     absl::StrJoin(fetches, ","), "|",
                                     absl::StrJoin(sortedTargets, ","));
  auto planOr = getPlan(planKey, feedNames, fetches, sortedTargets);
  if (!planOr.ok())
    return planOr.status();
  std::shared_ptr<const Plan> plan = *planOr;
  if (!plan->status.ok())
    return plan->status;

  // Feed values against what the fed nodes expect.
  std::vector<ArgSpec> args;
  std::vector<const Tensor *> argValues;
  for (size_t i = 0; i < sortedFeeds.size(); ++i) {
    const FeedSpec &spec = plan->feeds[i];
    const Tensor &t = *sortedFeeds[i].second;
    if (!t.IsInitialized())
      return absl::InvalidArgumentError(absl::StrCat(
          "the value fed for tensor '", spec.name, "' has no data"));
    if (!toExecutableDType(t.dtype()))
      return absl::UnimplementedError(
          absl::StrCat("cannot feed a ", DataTypeString(t.dtype()),
                       " tensor for '", spec.name, "'"));
    if (spec.dtype && *spec.dtype != t.dtype())
      return absl::InvalidArgumentError(
          absl::StrCat("Cannot feed value of type ", DataTypeString(t.dtype()),
                       " for tensor '", spec.name, "' (node ", spec.node,
                       "), which has type ", DataTypeString(*spec.dtype)));
    if (spec.shape) {
      const std::vector<int64_t> &got = t.shape().dim_sizes();
      bool ok = got.size() == spec.shape->size();
      for (size_t d = 0; ok && d < got.size(); ++d)
        ok = (*spec.shape)[d] < 0 || (*spec.shape)[d] == got[d];
      if (!ok)
        return absl::InvalidArgumentError(
            absl::StrCat("Cannot feed value of shape ", t.shape().DebugString(),
                         " for tensor '", spec.name, "' (node ", spec.node,
                         "), which has shape ", shapeString(*spec.shape)));
    }
    args.push_back({spec.name, t.dtype(), t.shape().dim_sizes()});
    argValues.push_back(&t);
  }

  // Variables: a Run that assigns holds writerMu_ throughout.
  std::unique_lock<std::mutex> writer(writerMu_, std::defer_lock);
  if (!plan->writes.empty())
    writer.lock();
  std::vector<Tensor> varValues;
  {
    std::lock_guard<std::mutex> lock(varMu_);
    {
      std::lock_guard<std::mutex> l2(mu_);
      if (closed_)
        return closedError();
    }
    for (const VarRead &r : plan->reads) {
      auto it = vars_.find(r.key);
      if (it == vars_.end()) {
        if (r.resource)
          return absl::FailedPreconditionError(absl::StrCat(
              "Error while reading resource variable ",
              r.key.substr(r.key.find('/') + 1),
              " from Container: ", r.key.substr(0, r.key.find('/')),
              ". This could mean that the variable was uninitialized. Not "
              "found: Resource ",
              r.key, " does not exist."));
        return absl::FailedPreconditionError(
            "Attempting to use uninitialized value " + r.node);
      }
      varValues.push_back(it->second);
    }
  }
  const size_t firstVarArg = argValues.size();
  for (size_t i = 0; i < plan->reads.size(); ++i) {
    args.push_back({tensorName(plan->reads[i].node, 0), varValues[i].dtype(),
                    varValues[i].shape().dim_sizes()});
    argValues.push_back(&varValues[i]);
  }
  ++runs_;
  auto collect = [&](const std::vector<Tensor> &values) {
    for (int slot : plan->fetchSlot)
      outputs->push_back(slot >= 0 ? values[slot]
                                   : *sortedFeeds[-1 - slot].second);
  };
  bool wholeGraph =
      options_.global_jit_level == SessionOptions::GlobalJitLevel::kWholeGraph;
  if (plan->outputs.empty() && (wholeGraph || plan->controlTargets.empty())) {
    // Only fed tensors fetched, or targets that compute nothing (compiled
    // whole, an Assert is dropped as XLA does).
    collect({});
    return absl::OkStatus();
  }

  std::string exeKey = planKey + "#";
  for (const ArgSpec &a : args)
    absl::StrAppend(&exeKey, a.tensor, "=", int(a.dtype), shapeString(a.shape),
                    ";");
  std::shared_ptr<Executable> entry;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (closed_)
      return closedError();
    auto &slot = executables_[exeKey];
    if (!slot)
      slot = std::make_shared<Executable>();
    entry = slot;
  }
  {
    std::lock_guard<std::mutex> lock(entry->mu);
    if (!entry->done) {
      // Compiles of different keys take turns, process-wide, with the
      // executor's run-time compiles (CpuExecutable::compileMutex). Runs of
      // compiled executables do not wait.
      std::unique_lock<std::mutex> compileLock(CpuExecutable::compileMutex());
      auto t0 = std::chrono::steady_clock::now();
      absl::Status status;
      // max_compile_memory_bytes: measured by the compile's phases on this
      // thread (lib/Pipelines/CompileMemory.h).
      CompileMemoryBudget budget(options_.max_compile_memory_bytes,
                                 "graph '" + options_.graphName + "'");
      if (gpu_) {
#if TFMLIR_SESSION_GPU
        auto exe =
            compileGraphForGpu(*plan->graph, options_.graphName, args,
                               plan->outputs, options_.list_all_nodes_in_errors,
                               options_.max_run_memory_bytes, gpu_);
        if (exe.ok())
          entry->gpuExe = std::move(*exe);
        status = exe.status();
#endif
      } else if (options_.global_jit_level ==
                 SessionOptions::GlobalJitLevel::kWholeGraph) {
        auto exe = compileGraph(
            *plan->graph, options_.graphName, args, plan->outputs,
            options_.xla_clamp_indices, options_.max_run_memory_bytes,
            options_.compile_cache_dir, options_.list_all_nodes_in_errors);
        if (exe.ok())
          entry->exe = std::move(*exe);
        status = exe.status();
      } else {
        auto exe = compileForExecutor(*plan->graph, options_, args,
                                      plan->outputs, plan->controlTargets);
        if (exe.ok())
          entry->graph = std::move(*exe);
        status = exe.status();
      }
      // Passes skipped after the limit may surface as another error first.
      if (budget.exceeded()) {
        status = budget.status();
        entry->exe.reset();
        entry->graph.reset();
#if TFMLIR_SESSION_GPU
        entry->gpuExe.reset();
#endif
      }
      compileLock.unlock();
      auto t1 = std::chrono::steady_clock::now();
      compileMicros_ +=
          std::chrono::duration_cast<std::chrono::microseconds>(t1 - t0)
              .count();
      ++compiles_;
      entry->status = status;
      entry->done = true;
    } else {
      ++hits_;
    }
  }
  if (!entry->status.ok())
    return entry->status;
  absl::StatusOr<std::vector<HostTensor>> results;
  // Device copies of the assigned variables' new values (GPU runs).
  std::vector<uint64_t> gpuKept;
  if (entry->graph) {
    // The executor takes HostTensors: copy the fed and variable values in.
    std::vector<HostTensor> in;
    in.reserve(argValues.size());
    for (const Tensor *t : argValues) {
      auto h = HostTensor::create(*toExecutableDType(t->dtype()),
                                  t->shape().dim_sizes());
      if (!h.ok())
        return h.status();
      std::memcpy(h->raw(), t->data(), t->TotalBytes());
      in.push_back(std::move(*h));
    }
    std::vector<const HostTensor *> ptrs;
    for (const HostTensor &h : in)
      ptrs.push_back(&h);
    results = entry->graph->run(ptrs);
#if TFMLIR_SESSION_GPU
  } else if (entry->gpuExe) {
    std::vector<TensorView> views;
    for (const Tensor *t : argValues)
      views.push_back(
          {*toExecutableDType(t->dtype()), &t->shape().dim_sizes(), t->data()});
    // Variables stay on the device between Runs.
    GpuExecutable::Variables vars;
    for (size_t i = 0; i < plan->reads.size(); ++i)
      vars.reads.push_back({static_cast<int>(firstVarArg + i),
                            plan->reads[i].key, &varValues[i]});
    for (const auto &[key, slot] : plan->writes)
      vars.writes.push_back({slot, key});
    results = entry->gpuExe->runViews(views, &vars, &gpuKept);
#endif
  } else {
    results = runCompiled(*entry->exe, plan->outputs.size(), argValues,
                          intraOpPool_.get());
  }
  if (!results.ok())
    return results.status();
#if TFMLIR_SESSION_GPU
  // Returns the device copies of new variable values that are not stored.
  auto dropKept = [&] {
    for (uint64_t &p : gpuKept)
      if (p)
        entry->gpuExe->releaseKept(p);
    gpuKept.clear();
    // A Close() while this Run was uploading variables: drop the device
    // copies it made after Close() dropped the others.
    if (gpu_ && closedDuringRun())
      gpu_->dropVariables();
  };
#else
  auto dropKept = [] {};
#endif
  // A Run that was executing when Close() was called ends Cancelled, its
  // results and variable writes dropped (DirectSession::RunInternal: the
  // step's cancellation callback has fired, "Run call was cancelled").
  if (closedDuringRun()) {
    dropKept();
    return runCancelledError();
  }
  std::vector<Tensor> values;
  for (HostTensor &h : *results) {
    TensorShape shape(h.shape());
    DataType dt = fromExecutableDType(h.dtype());
    values.push_back(Tensor::Adopt(dt, std::move(shape), h.releaseData()));
  }
  if (!plan->writes.empty()) {
    // Close() clears vars_ after setting closed_: checking closed_ under
    // varMu_ keeps a Run that raced with Close from storing values again.
    std::lock_guard<std::mutex> lock(varMu_);
    if (closedDuringRun()) {
      dropKept();
      return runCancelledError();
    }
    for (const auto &[key, slot] : plan->writes) {
      vars_[key] = values[slot];
#if TFMLIR_SESSION_GPU
      // The device keeps the new value, bound to the stored host buffer.
      if (slot < static_cast<int>(gpuKept.size()) && gpuKept[slot]) {
        gpu_->keepVariable(key, values[slot], gpuKept[slot],
                           values[slot].TotalBytes());
        gpuKept[slot] = 0;
      }
#endif
    }
  }
  dropKept();
  collect(values);
  return absl::OkStatus();
}

} // namespace tfmlir::session
