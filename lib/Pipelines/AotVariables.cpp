//===- AotVariables.cpp - tf-compile: config variables as arguments -------===//
//
// tfcompile's resource variables: each `variable` of the tf2xla.Config is a
// VarHandleOp whose value is an argument of the compiled function (after
// the feeds) and, unless readonly, a result (after the fetches) that the
// runtime copies back into the variable's buffer. Done on the GraphDef
// before import, so the rest of the pipeline sees plain tensors.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/AotInternal.h"
#include "lib/Translate/proto/graph.pb.h"
#include "lib/Translate/proto/tf2xla.pb.h"

#include "absl/strings/str_cat.h"

#include <map>
#include <set>

namespace tfmlir::aot_internal {
namespace {

/// "node" of an input "^node", "node:0" or "node".
std::string inputNode(const std::string &in, bool &control, int &index) {
  control = !in.empty() && in[0] == '^';
  std::string s = control ? in.substr(1) : in;
  index = 0;
  if (size_t p = s.rfind(':'); p != std::string::npos) {
    index = std::atoi(s.c_str() + p + 1);
    s = s.substr(0, p);
  }
  return s;
}

std::string dtypeName(int dt) {
  return tensorflow::DataType_Name(static_cast<tensorflow::DataType>(dt));
}

} // namespace

absl::Status bindVariables(tensorflow::GraphDef &graph,
                           const tensorflow::tf2xla::Config &config,
                           std::vector<VariableBinding> &out) {
  std::map<std::string, int> index;
  std::set<std::string> names;
  for (int i = 0; i < graph.node_size(); ++i) {
    index[graph.node(i).name()] = i;
    names.insert(graph.node(i).name());
  }
  std::map<std::string, int> varOf; // VarHandleOp node -> binding
  for (int i = 0; i < config.variable_size(); ++i) {
    const auto &v = config.variable(i);
    std::string what =
        absl::StrCat("config variable #", i, " ('", v.node_name(), "')");
    auto it = index.find(v.node_name());
    if (it == index.end())
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": node '", v.node_name(), "' is not in the graph"));
    const tensorflow::NodeDef &n = graph.node(it->second);
    if (n.op() != "VarHandleOp")
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": node '", n.name(), "' is a ", n.op(),
                       "; tf-compile binds resource variables (VarHandleOp)"));
    if (varOf.count(n.name()))
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": the variable is listed twice"));
    VariableBinding b;
    b.node = n.name();
    b.name = v.name();
    b.readonly = v.readonly();
    int graphDt = 0;
    if (auto a = n.attr().find("dtype"); a != n.attr().end())
      graphDt = a->second.type();
    b.dtype = v.type() != 0 ? v.type() : graphDt;
    if (v.type() != 0 && graphDt != 0 && v.type() != graphDt)
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": type ", dtypeName(v.type()), " disagrees with the graph's ",
          dtypeName(graphDt), " (VarHandleOp '", n.name(), "' attr dtype)"));
    if (b.dtype == 0)
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": set `type`: the graph does not give it"));
    std::optional<std::vector<int64_t>> graphShape;
    if (auto a = n.attr().find("shape"); a != n.attr().end() &&
                                         a->second.has_shape() &&
                                         !a->second.shape().unknown_rank()) {
      graphShape.emplace();
      for (const auto &d : a->second.shape().dim())
        graphShape->push_back(d.size());
    }
    if (v.has_shape() && !v.shape().unknown_rank()) {
      for (const auto &d : v.shape().dim())
        b.shape.push_back(d.size());
      if (graphShape) {
        bool ok = graphShape->size() == b.shape.size();
        for (size_t k = 0; ok && k < b.shape.size(); ++k)
          ok = (*graphShape)[k] < 0 || (*graphShape)[k] == b.shape[k];
        if (!ok)
          return absl::InvalidArgumentError(absl::StrCat(
              what, ": the config's shape disagrees with VarHandleOp '",
              n.name(), "' attr shape"));
      }
    } else if (graphShape) {
      b.shape = *graphShape;
    } else {
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": set `shape`: the graph does not give it"));
    }
    for (int64_t d : b.shape)
      if (d < 0)
        return absl::InvalidArgumentError(absl::StrCat(
            what,
            ": the shape is not static; tf-compile needs every dimension"));
    b.placeholder = n.name() + "/tfmlir_aot_value";
    while (names.count(b.placeholder))
      b.placeholder += "_";
    names.insert(b.placeholder);
    varOf[n.name()] = static_cast<int>(out.size());
    out.push_back(b);
  }
  if (out.empty())
    return absl::OkStatus();

  // The assignments first (reads with a control dependency on one see the
  // assigned value).
  std::map<std::string, int> assignOf; // assign node -> binding
  for (int i = 0; i < graph.node_size(); ++i) {
    tensorflow::NodeDef &n = *graph.mutable_node(i);
    if (n.input_size() == 0)
      continue;
    bool control;
    int idx;
    std::string src = inputNode(n.input(0), control, idx);
    auto v = varOf.find(src);
    if (control || v == varOf.end())
      continue;
    VariableBinding &b = out[v->second];
    const std::string &op = n.op();
    if (op != "AssignVariableOp" && op != "AssignAddVariableOp" &&
        op != "AssignSubVariableOp")
      continue;
    if (b.readonly)
      return absl::InvalidArgumentError(
          absl::StrCat("config variable '", b.node, "' is readonly but node '",
                       n.name(), "' (", op, ") assigns it"));
    if (!b.updated.empty())
      return absl::UnimplementedError(absl::StrCat(
          "variable '", b.node, "' is assigned twice (node '", n.name(),
          "' and an earlier one); tf-compile supports one assignment per "
          "variable"));
    if (n.input_size() < 2)
      return absl::InvalidArgumentError(
          absl::StrCat("node '", n.name(), "' (", op, ") has no value input"));
    if (op == "AssignVariableOp") {
      b.updated = n.input(1);
    } else {
      tensorflow::NodeDef *upd = graph.add_node();
      std::string updName = b.node + "/tfmlir_aot_updated";
      while (names.count(updName))
        updName += "_";
      names.insert(updName);
      upd->set_name(updName);
      upd->set_op(op == "AssignAddVariableOp" ? "AddV2" : "Sub");
      upd->add_input(b.placeholder);
      upd->add_input(graph.node(i).input(1));
      (*upd->mutable_attr())["T"].set_type(
          static_cast<tensorflow::DataType>(b.dtype));
      b.updated = updName;
    }
    assignOf[graph.node(i).name()] = v->second;
  }

  for (int i = 0; i < graph.node_size(); ++i) {
    tensorflow::NodeDef &n = *graph.mutable_node(i);
    if (assignOf.count(n.name())) {
      // The assignment is done by returning its value: keep the node (other
      // nodes may depend on it) as a NoOp with its control inputs.
      std::vector<std::string> controls;
      for (const std::string &in : n.input())
        if (!in.empty() && in[0] == '^')
          controls.push_back(in);
      n.set_op("NoOp");
      n.clear_input();
      n.clear_attr();
      for (const std::string &c : controls)
        n.add_input(c);
      continue;
    }
    // Which assignment this node waits for (directly), per variable.
    std::set<int> after;
    for (const std::string &in : n.input()) {
      bool control;
      int idx;
      std::string src = inputNode(in, control, idx);
      if (auto a = assignOf.find(src); control && a != assignOf.end())
        after.insert(a->second);
    }
    google::protobuf::RepeatedPtrField<std::string> inputs;
    for (int k = 0; k < n.input_size(); ++k) {
      bool control;
      int idx;
      std::string src = inputNode(n.input(k), control, idx);
      auto v = varOf.find(src);
      if (v == varOf.end()) {
        *inputs.Add() = n.input(k);
        continue;
      }
      if (control)
        continue; // ordering on a handle: the value is an argument
      VariableBinding &b = out[v->second];
      if (n.op() != "ReadVariableOp")
        return absl::UnimplementedError(absl::StrCat(
            "node '", n.name(), "' (", n.op(), ") uses variable '", b.node,
            "'; tf-compile supports ReadVariableOp and "
            "Assign{,Add,Sub}VariableOp on variables"));
      *inputs.Add() = after.count(v->second) ? b.updated : b.placeholder;
    }
    n.mutable_input()->Swap(&inputs);
    if (n.op() == "ReadVariableOp") {
      auto dt = n.attr().find("dtype");
      tensorflow::AttrValue t;
      if (dt != n.attr().end())
        t = dt->second;
      n.set_op("Identity");
      n.mutable_attr()->erase("dtype");
      (*n.mutable_attr())["T"] = t;
    }
  }
  for (VariableBinding &b : out) {
    tensorflow::NodeDef *p = graph.add_node();
    p->set_name(b.placeholder);
    p->set_op("Placeholder");
    (*p->mutable_attr())["dtype"].set_type(
        static_cast<tensorflow::DataType>(b.dtype));
    auto *shape = (*p->mutable_attr())["shape"].mutable_shape();
    for (int64_t d : b.shape)
      shape->add_dim()->set_size(d);
    if (!b.readonly && b.updated.empty())
      b.updated = b.placeholder; // never assigned: returned unchanged
  }
  return absl::OkStatus();
}

} // namespace tfmlir::aot_internal
