//===- GraphDefImporter.cpp - TF GraphDef -> tf_executor MLIR -------------===//
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/TextErrorCollector.h"

#include "dialects/tf/TFDiagnostics.h"
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "lib/Translate/Convert.h"
#include "lib/Translate/OpRegistry.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Builders.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/DenseMap.h"
#include "llvm/ADT/STLExtras.h"
#include "llvm/ADT/ScopeExit.h"
#include "llvm/ADT/StringExtras.h"
#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FormatVariadic.h"

#include <map>

#include <google/protobuf/io/tokenizer.h>
#include <google/protobuf/text_format.h>

#include <functional>
#include <optional>

using namespace mlir;
using namespace tfmlir;
using tensorflow::DataType;
using tensorflow::NodeDef;

//===----------------------------------------------------------------------===//
// Parsing
//===----------------------------------------------------------------------===//

namespace {
/// True when `bytes` is plausibly a text proto: printable ASCII/UTF-8 and
/// whitespace only, in its first 4 KiB.
bool looksLikeText(llvm::StringRef bytes) {
  llvm::StringRef head = bytes.take_front(4096);
  if (head.empty())
    return false;
  for (unsigned char c : head) {
    if (c == '\n' || c == '\r' || c == '\t' || c == '\f' || c == '\v')
      continue;
    if (c < 0x20 || c == 0x7f)
      return false;
  }
  return true;
}

/// For a text-format error at `line` (0-based), finds the name of the
/// top-level `node { name: "..." }` that encloses it, if any.
std::string enclosingNodeName(llvm::StringRef text, int line) {
  SmallVector<llvm::StringRef> lines;
  text.split(lines, '\n');
  std::string found;
  for (int i = std::min<int>(line, lines.size() - 1); i >= 0; --i) {
    llvm::StringRef l = lines[i].trim();
    if (l.starts_with("name:") && found.empty()) {
      llvm::StringRef v = l.drop_front(5).trim();
      if (v.size() >= 2 && v.front() == '"' && v.back() == '"')
        found = v.drop_front().drop_back().str();
    }
    // A top-level "node {" line starts at column 0.
    if (lines[i].starts_with("node {") || lines[i].starts_with("node{"))
      return found;
  }
  return "";
}
} // namespace

bool tfmlir::parseGraphDef(llvm::StringRef bytes, llvm::StringRef sourceName,
                           tensorflow::GraphDef &out, std::string &error,
                           std::vector<int> *nodeLines) {
  // protobuf logs parse problems (e.g. invalid UTF-8) to stderr; we report
  // our own one-line error instead.
  static const bool quietProtobuf = [] {
    google::protobuf::SetLogHandler(nullptr);
    return true;
  }();
  (void)quietProtobuf;
  out.Clear();
  if (nodeLines)
    nodeLines->clear();
  if (bytes.empty()) {
    // An empty binary GraphDef is valid protobuf: a graph with no nodes.
    return true;
  }
  // A UTF-8 byte order mark (editors on Windows write one) starts no text
  // GraphDef; skip it, as CSV feeds do (line and column numbers stay right).
  if (bytes.starts_with("\xEF\xBB\xBF"))
    bytes = bytes.drop_front(3);
  if (looksLikeText(bytes)) {
    google::protobuf::TextFormat::Parser parser;
    // Deeply nested input must fail cleanly, not overflow the stack (the
    // binary parser has the same default limit).
    parser.SetRecursionLimit(100);
    TextErrorCollector collector;
    parser.RecordErrorsTo(&collector);
    google::protobuf::TextFormat::ParseInfoTree tree;
    if (nodeLines)
      parser.WriteLocationsTo(&tree);
    google::protobuf::io::ArrayInputStream stream(bytes.data(), bytes.size());
    if (parser.Parse(&stream, &out)) {
      if (nodeLines) {
        const auto *desc = out.GetDescriptor();
        const auto *nodeField = desc->FindFieldByName("node");
        const auto *nameField =
            tensorflow::NodeDef::descriptor()->FindFieldByName("name");
        for (int i = 0; i < out.node_size(); ++i) {
          int line = 0;
          if (auto *sub = tree.GetTreeForNested(nodeField, i)) {
            auto loc = sub->GetLocation(nameField, -1);
            line = loc.line >= 0 ? loc.line + 1 : 0;
          }
          nodeLines->push_back(line);
        }
      }
      return true;
    }
    std::string node = enclosingNodeName(bytes, collector.line);
    error = llvm::formatv("{0}:{1}:{2}: error: not a valid text GraphDef: {3}",
                          sourceName, collector.line + 1, collector.column + 1,
                          collector.message)
                .str();
    if (!node.empty())
      error += " (in node '" + node + "')";
    return false;
  }
  if (bytes.size() > static_cast<size_t>(INT_MAX)) {
    error = (sourceName + ": error: GraphDef is larger than 2 GiB").str();
    return false;
  }
  if (!out.ParseFromArray(bytes.data(), static_cast<int>(bytes.size()))) {
    error = (sourceName +
             ": error: not a valid GraphDef: binary protobuf parse failed "
             "(truncated or corrupt file?)")
                .str();
    return false;
  }
  return true;
}

std::vector<std::string> tfmlir::splitFlagList(llvm::StringRef value) {
  std::vector<std::string> r;
  if (value.trim().empty())
    return r;
  SmallVector<llvm::StringRef> parts;
  value.split(parts, ',');
  for (llvm::StringRef p : parts)
    r.push_back(p.trim().str());
  return r;
}

std::vector<std::string> tfmlir::splitShapeList(llvm::StringRef value) {
  std::vector<std::string> r;
  if (value.empty())
    return r;
  SmallVector<llvm::StringRef> parts;
  value.split(parts, ':');
  for (llvm::StringRef p : parts)
    r.push_back(p.trim().str());
  return r;
}

//===----------------------------------------------------------------------===//
// Importer
//===----------------------------------------------------------------------===//

namespace {

/// "node:3" -> ("node", 3); "node" -> ("node", 0). Returns false for a bad
/// index.
bool splitTensorName(llvm::StringRef s, std::string &node, int &index) {
  index = 0;
  size_t colon = s.rfind(':');
  if (colon == llvm::StringRef::npos) {
    node = s.str();
    return true;
  }
  llvm::StringRef idx = s.drop_front(colon + 1);
  unsigned v;
  if (idx.getAsInteger(10, v) || v > (1u << 30)) {
    node = s.str();
    return false;
  }
  node = s.take_front(colon).str();
  index = static_cast<int>(v);
  return true;
}

bool isControlFlowOp(llvm::StringRef op) {
  return llvm::StringSwitch<bool>(op)
      .Cases("Switch", "RefSwitch", "_SwitchN", "Merge", "RefMerge", true)
      .Cases("Enter", "RefEnter", "Exit", "RefExit", true)
      .Cases("NextIteration", "RefNextIteration", "LoopCond", "ControlTrigger",
             true)
      .Default(false);
}

bool isNextIteration(llvm::StringRef op) {
  return op == "NextIteration" || op == "RefNextIteration";
}

/// Checks each attr of `n` that `def` declares against the declared kind
/// (e.g. `list(type)` must hold types), as TF's ValidateNodeDef does.
/// `placeholder` values are only legal inside function bodies. Returns an
/// empty string when valid, else what is wrong.
std::string validateAttrKinds(const NodeDef &n, const tensorflow::OpDef &def,
                              bool inFunction) {
  using AV = tensorflow::AttrValue;
  for (const auto &ad : def.attr()) {
    auto it = n.attr().find(ad.name());
    if (it == n.attr().end())
      continue;
    const AV &v = it->second;
    if (v.value_case() == AV::kPlaceholder) {
      if (!inFunction)
        return "attr '" + ad.name() +
               "' is a placeholder, which is only allowed in function bodies";
      continue;
    }
    if (v.value_case() == AV::VALUE_NOT_SET)
      continue;
    llvm::StringRef t = ad.type();
    bool isList = t.starts_with("list(");
    if (isList != (v.value_case() == AV::kList))
      return "attr '" + ad.name() + "' must be " + ad.type();
    if (isList) {
      llvm::StringRef elt = t.drop_front(5).drop_back(1);
      const auto &l = v.list();
      int wrong = 0;
      if (elt != "string")
        wrong += l.s_size();
      if (elt != "int")
        wrong += l.i_size();
      if (elt != "float")
        wrong += l.f_size();
      if (elt != "bool")
        wrong += l.b_size();
      if (elt != "type")
        wrong += l.type_size();
      if (elt != "shape")
        wrong += l.shape_size();
      if (elt != "tensor")
        wrong += l.tensor_size();
      if (elt != "func")
        wrong += l.func_size();
      if (wrong)
        return "attr '" + ad.name() + "' must be " + ad.type() +
               " but holds values of another kind";
      continue;
    }
    AV::ValueCase want = llvm::StringSwitch<AV::ValueCase>(t)
                             .Case("string", AV::kS)
                             .Case("int", AV::kI)
                             .Case("float", AV::kF)
                             .Case("bool", AV::kB)
                             .Case("type", AV::kType)
                             .Case("shape", AV::kShape)
                             .Case("tensor", AV::kTensor)
                             .Case("func", AV::kFunc)
                             .Default(AV::VALUE_NOT_SET);
    if (want != AV::VALUE_NOT_SET && v.value_case() != want)
      return "attr '" + ad.name() + "' must be " + ad.type();
  }
  // func-valued attrs must name a function.
  for (const auto &kv : n.attr()) {
    if (kv.second.value_case() == AV::kFunc && kv.second.func().name().empty())
      return "attr '" + kv.first + "' names a function with an empty name";
    for (const auto &f : kv.second.list().func())
      if (f.name().empty())
        return "attr '" + kv.first + "' lists a function with an empty name";
  }
  return "";
}

/// One node to import.
struct Node {
  const NodeDef *def = nullptr;
  const tensorflow::OpDef *opDef = nullptr; // null for unknown ops
  bool isCall = false;                      // calls a library function
  bool outTypesKnown = false;
  SmallVector<DataType> outTypes;
  /// Output 0's element type with the subtypes of `_handle_dtypes` and
  /// `_handle_shapes` (resource/variant outputs only); null when absent.
  Type handleElt;
  /// Per-output-arg start index and count (for function-body input syntax).
  SmallVector<std::pair<int, int>> outArgRanges;
  /// Data inputs: producer node index (>= 0) and output, or an argument
  /// (producer = -1 - argIndex).
  SmallVector<std::pair<int, int>> dataInputs;
  SmallVector<int> controlInputs;
  /// Control inputs on function arguments (`^arg`), kept for export.
  SmallVector<std::string> argControlInputs;
  int maxUsedOutput = -1;
  bool keep = true;
  // Emission results.
  SmallVector<Value> results;
  Value control;
  Value token; // NextIteration.Source token
  Operation *sourceOp = nullptr;
};

class Importer {
public:
  Importer(MLIRContext *ctx, llvm::StringRef sourceName,
           const tensorflow::GraphDef &graph, const GraphImportConfig &config,
           const std::vector<int> *nodeLines)
      : ctx(ctx), b(ctx), sourceName(sourceName.str()), graph(graph),
        config(config) {
    // Lines of the main graph's nodes, keyed by the NodeDef's address.
    if (nodeLines && static_cast<int>(nodeLines->size()) == graph.node_size())
      for (int i = 0; i < graph.node_size(); ++i)
        lineOf[&graph.node(i)] = (*nodeLines)[i];
  }

  OwningOpRef<ModuleOp> run();

private:
  Location fileLoc(int line = 0) {
    return FileLineColLoc::get(ctx, sourceName, line, 0);
  }
  /// NameLoc(node name) around the node's line in a text GraphDef.
  Location nodeLoc(const NodeDef &n) {
    auto it = lineOf.find(originalOf.lookup(&n) ? originalOf.lookup(&n) : &n);
    int line = it != lineOf.end() ? it->second : 0;
    return NameLoc::get(b.getStringAttr(n.name()), fileLoc(line));
  }
  llvm::DenseMap<const NodeDef *, int> lineOf;
  /// Attrs added from OpDef defaults, per node.
  llvm::DenseMap<const NodeDef *, std::vector<std::string>> defaulted;
  /// Copies with default attrs -> the original NodeDef.
  llvm::DenseMap<const NodeDef *, const NodeDef *> originalOf;
  InFlightDiagnostic nodeError(const NodeDef &n) {
    auto d = emitError(nodeLoc(n));
    d << "node '" << n.name() << "' (op " << n.op() << "): ";
    return d;
  }

  LogicalResult importFunction(const tensorflow::FunctionDef &fdef,
                               ModuleOp module);
  llvm::StringSet<> referencedFunctions();
  /// Builds per-node info, resolves inputs with `resolveInput`, sorts and
  /// emits islands into `graphOp`'s body. `args` are the function's block
  /// arguments. Returns the values for each requested fetch.
  LogicalResult buildGraph(std::vector<Node> &nodes,
                           llvm::StringMap<int> &byName, bool functionBody,
                           ArrayRef<Value> args, Block *body);
  LogicalResult computeOutputs(Node &n);
  /// Types output 0's resource/variant subtypes from `_handle_dtypes` and
  /// `_handle_shapes`; errors name the node.
  LogicalResult convertHandleAttrs(Node &n);
  /// Set while importing a library function body.
  bool inFunctionBody = false;
  /// Set by importFunction when a signature's handle data is malformed.
  bool malformedHandleData = false;
  LogicalResult emitNode(Node &n, std::vector<Node> &nodes,
                         ArrayRef<Value> args, OpBuilder &ob);
  LogicalResult convertAttrs(const NodeDef &n,
                             SmallVectorImpl<NamedAttribute> &out);
  Type resultType(Node &n, int k);
  Value inputValue(std::vector<Node> &nodes, ArrayRef<Value> args,
                   std::pair<int, int> in);
  /// Resolves "node", "node:idx", "node:out_arg" or "node:out_arg:idx" in a
  /// function body to a flat output index of `src`; -1 with `why` if bad.
  int functionOutputIndex(Node &src, ArrayRef<llvm::StringRef> parts,
                          std::string &why);
  LogicalResult parseInputs(std::vector<Node> &nodes,
                            llvm::StringMap<int> &byName, bool functionBody,
                            const llvm::StringMap<int> &argNames,
                            const llvm::StringMap<int> &feeds);

  MLIRContext *ctx;
  Builder b;
  std::string sourceName;
  const tensorflow::GraphDef &graph;
  const GraphImportConfig &config;
  llvm::StringMap<const tensorflow::FunctionDef *> functions;
};

LogicalResult Importer::convertAttrs(const NodeDef &n,
                                     SmallVectorImpl<NamedAttribute> &out) {
  std::vector<std::string> keys;
  for (const auto &kv : n.attr())
    keys.push_back(kv.first);
  std::sort(keys.begin(), keys.end());
  for (const std::string &k : keys) {
    if (k.empty() || k.find('.') != std::string::npos) {
      nodeError(n) << "invalid attr name '" << k << "'";
      return failure();
    }
    auto a = convertAttrValue(n.attr().at(k), b);
    if (!a) {
      nodeError(n) << "attr '" << k << "': " << llvm::toString(a.takeError());
      return failure();
    }
    out.push_back(b.getNamedAttr(k, *a));
  }
  out.push_back(b.getNamedAttr("device", b.getStringAttr(n.device())));
  auto d = defaulted.find(&n);
  if (d != defaulted.end() && !d->second.empty()) {
    SmallVector<Attribute> names;
    std::vector<std::string> sorted = d->second;
    std::sort(sorted.begin(), sorted.end());
    for (const auto &name : sorted)
      names.push_back(b.getStringAttr(name));
    out.push_back(b.getNamedAttr("tf._defaulted_attrs", b.getArrayAttr(names)));
  }
  if (n.has_experimental_debug_info()) {
    const auto &di = n.experimental_debug_info();
    SmallVector<Attribute> names, funcs;
    for (const auto &s : di.original_node_names())
      names.push_back(b.getStringAttr(s));
    for (const auto &s : di.original_func_names())
      funcs.push_back(b.getStringAttr(s));
    out.push_back(
        b.getNamedAttr("tf._original_node_names", b.getArrayAttr(names)));
    if (!funcs.empty())
      out.push_back(
          b.getNamedAttr("tf._original_func_names", b.getArrayAttr(funcs)));
  }
  if (n.has_experimental_type()) {
    std::string s;
    google::protobuf::TextFormat::Printer p;
    p.SetSingleLineMode(true);
    p.PrintToString(n.experimental_type(), &s);
    out.push_back(b.getNamedAttr("tf._experimental_type", b.getStringAttr(s)));
  }
  return success();
}

/// Output dtypes from the OpDef (or the called function's signature).
LogicalResult Importer::computeOutputs(Node &n) {
  const NodeDef &def = *n.def;
  n.outArgRanges.clear();
  if (isNextIteration(def.op()) || def.op() == "Enter" ||
      def.op() == "RefEnter" || def.op() == "Exit" || def.op() == "RefExit") {
    // Handled by the registry too; nothing special.
  }
  if (!n.opDef)
    return success();
  // Per-arg ranges for "node:arg:idx" references in function bodies. A
  // count given by a placeholder attr is unknown here; take 1.
  int start = 0;
  for (const auto &arg : n.opDef->output_arg()) {
    int count = 1;
    if (!arg.number_attr().empty()) {
      auto it = def.attr().find(arg.number_attr());
      if (it != def.attr().end() &&
          it->second.value_case() == tensorflow::AttrValue::kI) {
        int64_t v = it->second.i();
        // TF's NodeDef validation: a number attr is >= 0 (its OpDef's
        // minimum); the sum of the counts must stay an int.
        if (v < 0 || v > INT32_MAX - start)
          return emitError(nodeLoc(def))
                 << "attr '" << arg.number_attr() << "' = " << v
                 << " is out of range for output '" << arg.name() << "' of "
                 << def.op();
        count = static_cast<int>(v);
      }
    } else if (!arg.type_list_attr().empty()) {
      auto it = def.attr().find(arg.type_list_attr());
      if (it != def.attr().end() &&
          it->second.value_case() == tensorflow::AttrValue::kList)
        count = it->second.list().type_size();
    }
    n.outArgRanges.push_back({start, count});
    start += count;
  }
  SmallVector<DataType> types;
  if (auto e = resolveOutputTypes(def, *n.opDef, types)) {
    if (!inFunctionBody) {
      // In a graph every attr an output needs must be set (or defaulted).
      // The registry's message already names the node and op.
      emitError(nodeLoc(def)) << llvm::toString(std::move(e));
      return failure();
    }
    // A generic function body whose attrs are placeholders of the
    // function's own attrs: the dtypes are only known per call. Import the
    // node with outputs typed like an unknown op's (from its consumers).
    llvm::consumeError(std::move(e));
    return success();
  }
  n.outTypes.assign(types.begin(), types.end());
  n.outTypesKnown = true;
  return convertHandleAttrs(n);
}

LogicalResult Importer::convertHandleAttrs(Node &n) {
  // `_handle_dtypes` + `_handle_shapes` (what TF's graph-as-function export
  // writes on `_Arg` nodes for resources) type output 0's subtypes. As in
  // TF's importer (tfg's infer_arg_handle_type.pbtxt) both are needed; a
  // malformed pair is an error naming the node.
  const NodeDef &def = *n.def;
  auto dts = def.attr().find("_handle_dtypes");
  auto shs = def.attr().find("_handle_shapes");
  if (dts == def.attr().end() || shs == def.attr().end() || n.outTypes.empty())
    return success();
  const auto &dl = dts->second.list();
  const auto &sl = shs->second.list();
  if (dts->second.value_case() != tensorflow::AttrValue::kList ||
      shs->second.value_case() != tensorflow::AttrValue::kList ||
      dl.type_size() != sl.shape_size()) {
    nodeError(def) << "malformed handle data: _handle_dtypes lists "
                   << dl.type_size() << " dtype(s) but _handle_shapes lists "
                   << sl.shape_size() << " shape(s)";
    return failure();
  }
  auto base = convertDataType(n.outTypes[0], b);
  if (!base) {
    llvm::consumeError(base.takeError());
    return success(); // reported where the output is typed
  }
  SmallVector<HandleDataEntry> entries;
  for (int i = 0; i < dl.type_size(); ++i)
    entries.push_back({static_cast<DataType>(dl.type(i)), &sl.shape(i)});
  auto elt = attachHandleData(*base, entries, b);
  if (!elt) {
    nodeError(def) << "malformed handle data: "
                   << llvm::toString(elt.takeError());
    return failure();
  }
  if (*elt != *base)
    n.handleElt = *elt;
  return success();
}

Type Importer::resultType(Node &n, int k) {
  const NodeDef &def = *n.def;
  DataType dt = k < static_cast<int>(n.outTypes.size())
                    ? n.outTypes[k]
                    : tensorflow::DT_INVALID;
  Type elt;
  if (dt != tensorflow::DT_INVALID) {
    auto t = convertDataType(dt, b);
    if (t)
      elt = *t;
    else
      llvm::consumeError(t.takeError());
  }
  if (!elt)
    elt = tf_type::VariantType::get(ctx);
  if (k == 0 && n.handleElt)
    elt = n.handleElt;
  // Shapes: Const's value and Placeholder's shape. `_output_shapes` is not
  // trusted for result types (it is often stale); tf-shape-inference
  // computes shapes instead.
  std::optional<SmallVector<int64_t>> dims;
  if (k == 0 && def.op() == "Const") {
    auto v = def.attr().find("value");
    if (v != def.attr().end() && v->second.has_tensor()) {
      // The result type is exactly the value's type.
      auto attr = convertTensorProto(v->second.tensor(), b);
      if (attr)
        return attr->getType();
      llvm::consumeError(attr.takeError());
    }
  }
  if (k == 0 && (def.op() == "Placeholder" || def.op() == "PlaceholderV2" ||
                 def.op() == "PlaceholderWithDefault")) {
    auto v = def.attr().find("shape");
    if (v != def.attr().end() && v->second.has_shape()) {
      auto d = convertShape(v->second.shape());
      if (d)
        dims = *d;
      else
        llvm::consumeError(d.takeError());
    }
  }
  // Resource/variant subtypes are not tracked at import.
  return makeTensorType(
      dims ? std::optional<ArrayRef<int64_t>>(*dims) : std::nullopt, elt);
}

LogicalResult Importer::parseInputs(std::vector<Node> &nodes,
                                    llvm::StringMap<int> &byName,
                                    bool functionBody,
                                    const llvm::StringMap<int> &argNames,
                                    const llvm::StringMap<int> &feeds) {
  for (Node &n : nodes) {
    const NodeDef &def = *n.def;
    bool seenControl = false;
    for (const std::string &raw : def.input()) {
      llvm::StringRef in(raw);
      if (in.starts_with("^")) {
        seenControl = true;
        if (functionBody && argNames.count(in.drop_front()) &&
            !byName.count(in.drop_front())) {
          // Arguments are always available; the edge has no effect but is
          // kept so that export reproduces it.
          n.argControlInputs.push_back(in.drop_front().str());
          continue;
        }
        auto it = byName.find(in.drop_front());
        if (it == byName.end()) {
          nodeError(def) << "control input '" << in
                         << "' names a node that does not exist";
          return failure();
        }
        n.controlInputs.push_back(it->second);
        continue;
      }
      if (seenControl) {
        nodeError(def) << "data input '" << in
                       << "' comes after a control input";
        return failure();
      }
      if (functionBody) {
        // "arg", "node:out_arg:idx" or (leniently) "node:idx" / "node".
        auto a = argNames.find(in);
        if (a != argNames.end()) {
          n.dataInputs.push_back({-1 - a->second, 0});
          continue;
        }
        SmallVector<llvm::StringRef, 3> parts;
        in.split(parts, ':');
        auto it = byName.find(parts[0]);
        if (it == byName.end()) {
          nodeError(def) << "input '" << in
                         << "' names neither a node nor a function argument";
          return failure();
        }
        Node &src = nodes[it->second];
        std::string why;
        int flat = functionOutputIndex(src, parts, why);
        if (flat < 0) {
          nodeError(def) << "input '" << in << "': " << why;
          return failure();
        }
        n.dataInputs.push_back({it->second, flat});
        src.maxUsedOutput = std::max(src.maxUsedOutput, flat);
        continue;
      }
      std::string srcName;
      int idx;
      if (!splitTensorName(in, srcName, idx)) {
        nodeError(def) << "input '" << in << "' has a bad output index";
        return failure();
      }
      std::string key = srcName + ":" + std::to_string(idx);
      auto f = feeds.find(key);
      if (f != feeds.end()) {
        n.dataInputs.push_back({-1 - f->second, 0});
        continue;
      }
      auto it = byName.find(srcName);
      if (it == byName.end()) {
        nodeError(def) << "input '" << in
                       << "' names a node that does not exist";
        return failure();
      }
      n.dataInputs.push_back({it->second, idx});
      Node &src = nodes[it->second];
      src.maxUsedOutput = std::max(src.maxUsedOutput, idx);
    }
  }
  return success();
}

int Importer::functionOutputIndex(Node &src, ArrayRef<llvm::StringRef> parts,
                                  std::string &why) {
  if (parts.size() == 1)
    return 0;
  if (parts.size() > 3) {
    why = "malformed tensor reference";
    return -1;
  }
  unsigned idx = 0;
  llvm::StringRef argName;
  if (parts.size() == 2) {
    // "node:3" (flat index) or "node:out_arg" (its first value).
    if (parts[1].getAsInteger(10, idx))
      argName = parts[1];
  } else {
    argName = parts[1];
    if (parts[2].getAsInteger(10, idx)) {
      why = "bad output index '" + parts[2].str() + "'";
      return -1;
    }
  }
  if (argName.empty())
    return idx;
  if (!src.opDef || src.outArgRanges.empty())
    return idx; // unknown op: each output arg is taken as one tensor
  for (auto [i, arg] : llvm::enumerate(src.opDef->output_arg())) {
    if (arg.name() != argName)
      continue;
    auto [start, count] = src.outArgRanges[i];
    if (static_cast<int>(idx) >= count) {
      why = "output '" + argName.str() + "' of node '" + src.def->name() +
            "' has only " + std::to_string(count) + " value(s)";
      return -1;
    }
    return start + idx;
  }
  why = "op " + src.def->op() + " has no output named '" + argName.str() + "'";
  return -1;
}

Value Importer::inputValue(std::vector<Node> &nodes, ArrayRef<Value> args,
                           std::pair<int, int> in) {
  if (in.first < 0)
    return args[-1 - in.first];
  return nodes[in.first].results[in.second];
}

LogicalResult Importer::emitNode(Node &n, std::vector<Node> &nodes,
                                 ArrayRef<Value> args, OpBuilder &ob) {
  const NodeDef &def = *n.def;
  Location loc = nodeLoc(def);
  SmallVector<Value> data, ctls;
  for (auto in : n.dataInputs) {
    Value v = inputValue(nodes, args, in);
    if (!v) {
      nodeError(def) << "internal: input not yet available";
      return failure();
    }
    data.push_back(v);
  }
  for (int c : n.controlInputs) {
    Value v = nodes[c].control;
    if (!v) {
      nodeError(def) << "internal: control input not yet available";
      return failure();
    }
    ctls.push_back(v);
  }
  SmallVector<NamedAttribute> attrs;
  if (failed(convertAttrs(def, attrs)))
    return failure();
  if (!n.argControlInputs.empty()) {
    SmallVector<Attribute> names;
    for (const auto &a : n.argControlInputs)
      names.push_back(b.getStringAttr(a));
    attrs.push_back(
        b.getNamedAttr("tf._arg_control_inputs", b.getArrayAttr(names)));
  }
  llvm::StringRef op = def.op();
  int numOut = n.outTypes.size();
  SmallVector<Type> types;
  for (int k = 0; k < numOut; ++k)
    types.push_back(resultType(n, k));
  Type ctlTy = tf_executor::ControlType::get(ctx);
  auto markOp = [&](Operation *o, llvm::StringRef canonical) {
    if (op != canonical)
      o->setAttr("tf._op", b.getStringAttr(op));
  };
  auto needData = [&](size_t k) -> LogicalResult {
    if (data.size() != k) {
      nodeError(def) << "expects " << k << " data input(s), got "
                     << data.size();
      return failure();
    }
    return success();
  };
  auto all = [&]() {
    SmallVector<Value> v(data);
    v.append(ctls);
    return v;
  };

  if (isControlFlowOp(op)) {
    Type t0 =
        types.empty()
            ? Type(UnrankedTensorType::get(tf_type::VariantType::get(ctx)))
            : types[0];
    Operation *created = nullptr;
    if (op == "Switch" || op == "RefSwitch") {
      if (failed(needData(2)))
        return failure();
      Type t1 = types.size() > 1 ? types[1] : t0;
      created = ob.create<tf_executor::SwitchOp>(loc, TypeRange{t0, t1, ctlTy},
                                                 all(), attrs);
      markOp(created, "Switch");
    } else if (op == "_SwitchN") {
      if (failed(needData(2)))
        return failure();
      SmallVector<Type> rt(types);
      rt.push_back(ctlTy);
      created = ob.create<tf_executor::SwitchNOp>(loc, rt, all(), attrs);
    } else if (op == "Merge" || op == "RefMerge") {
      if (data.empty()) {
        nodeError(def) << "Merge needs at least one data input";
        return failure();
      }
      Type idxTy = RankedTensorType::get({}, b.getI32Type());
      created = ob.create<tf_executor::MergeOp>(
          loc, TypeRange{t0, idxTy, ctlTy}, all(), attrs);
      markOp(created, "Merge");
    } else if (op == "Enter" || op == "RefEnter") {
      if (failed(needData(1)))
        return failure();
      if (!def.attr().count("frame_name")) {
        nodeError(def) << "Enter needs a frame_name attr";
        return failure();
      }
      // tf_executor.Enter stores these as typed properties: an attr of
      // another kind would reach ODS's property conversion, which has no
      // diagnostic handler in a builder (it called a null function).
      for (auto [name, kind] :
           {std::pair<const char *, tensorflow::AttrValue::ValueCase>{
                "frame_name", tensorflow::AttrValue::kS},
            {"is_constant", tensorflow::AttrValue::kB},
            {"parallel_iterations", tensorflow::AttrValue::kI}}) {
        auto it = def.attr().find(name);
        if (it != def.attr().end() && it->second.value_case() != kind) {
          nodeError(def) << "Enter's " << name << " attr must be a "
                         << (kind == tensorflow::AttrValue::kS   ? "string"
                             : kind == tensorflow::AttrValue::kB ? "bool"
                                                                 : "int");
          return failure();
        }
      }
      created = ob.create<tf_executor::EnterOp>(loc, TypeRange{t0, ctlTy},
                                                all(), attrs);
      markOp(created, "Enter");
    } else if (op == "Exit" || op == "RefExit") {
      if (failed(needData(1)))
        return failure();
      created = ob.create<tf_executor::ExitOp>(loc, TypeRange{t0, ctlTy}, all(),
                                               attrs);
      markOp(created, "Exit");
    } else if (op == "LoopCond") {
      if (failed(needData(1)))
        return failure();
      created = ob.create<tf_executor::LoopCondOp>(loc, TypeRange{t0, ctlTy},
                                                   all(), attrs);
    } else if (op == "ControlTrigger") {
      if (failed(needData(0)))
        return failure();
      created = ob.create<tf_executor::ControlTriggerOp>(loc, TypeRange{ctlTy},
                                                         ctls, attrs);
    } else if (isNextIteration(op)) {
      // The Source was created up front; here we make the Sink.
      if (failed(needData(1)))
        return failure();
      SmallVector<Value> operands{n.token, data[0]};
      operands.append(ctls);
      auto sink = ob.create<tf_executor::NextIterationSinkOp>(
          loc, TypeRange{ctlTy}, operands, attrs);
      markOp(sink, "NextIteration");
      // Consumers of the node's control token use the Source's.
      return success();
    }
    unsigned nres = created->getNumResults();
    n.results.assign(created->result_begin(),
                     created->result_begin() + (nres - 1));
    n.control = created->getResult(nres - 1);
    return success();
  }

  if (op == "Const") {
    auto dt = def.attr().find("dtype");
    auto v = def.attr().find("value");
    if (dt != def.attr().end() && v != def.attr().end() &&
        v->second.has_tensor() &&
        dt->second.type() != v->second.tensor().dtype()) {
      // TF itself accepts this (the tensor's dtype wins); say so.
      emitWarning(nodeLoc(def))
          << "node '" << def.name() << "' (op Const): attr 'dtype' is "
          << dataTypeName(dt->second.type())
          << " but its 'value' tensor has dtype "
          << dataTypeName(v->second.tensor().dtype())
          << "; the tensor's dtype is used";
    }
  }
  // An ordinary node: an island wrapping one tf op.
  SmallVector<Type> islandTypes(types);
  islandTypes.push_back(ctlTy);
  auto island = ob.create<tf_executor::IslandOp>(loc, islandTypes, ctls);
  Block *block = new Block();
  island.getBody().push_back(block);
  OpBuilder ib = OpBuilder::atBlockEnd(block);
  std::string opName;
  if (n.isCall) {
    opName = "tf.LegacyCall";
    attrs.push_back(b.getNamedAttr("f", FlatSymbolRefAttr::get(ctx, op)));
  } else {
    opName = ("tf." + op).str();
  }
  OperationState state(loc, opName);
  state.addOperands(data);
  state.addTypes(types);
  state.addAttributes(attrs);
  Operation *inner = ib.create(state);
  ib.create<tf_executor::YieldOp>(loc, inner->getResults());
  n.results.assign(island.getOutputs().begin(), island.getOutputs().end());
  n.control = island.getControl();
  return success();
}

LogicalResult Importer::buildGraph(std::vector<Node> &nodes,
                                   llvm::StringMap<int> &byName,
                                   bool functionBody, ArrayRef<Value> args,
                                   Block *body) {
  (void)byName;
  (void)functionBody;
  // Unknown ops: as many outputs as consumers use; dtype from the
  // consumers' OpDefs, else from a `T`/`dtype`/`out_type` attr.
  for (auto [idx, n] : llvm::enumerate(nodes)) {
    if (!n.keep || n.outTypesKnown)
      continue;
    n.outTypes.assign(n.maxUsedOutput + 1, tensorflow::DT_INVALID);
    for (const char *attrName : {"T", "dtype", "out_type", "output_type"}) {
      auto it = n.def->attr().find(attrName);
      if (it != n.def->attr().end() &&
          it->second.value_case() == tensorflow::AttrValue::kType) {
        for (DataType &dt : n.outTypes)
          dt = it->second.type();
        break;
      }
    }
  }
  for (Node &consumer : nodes) {
    if (!consumer.keep || !consumer.opDef)
      continue;
    SmallVector<DataType> inTypes;
    if (auto e = resolveInputTypes(*consumer.def, *consumer.opDef, inTypes)) {
      llvm::consumeError(std::move(e));
      continue;
    }
    for (auto [i, in] : llvm::enumerate(consumer.dataInputs)) {
      if (in.first < 0 || i >= inTypes.size())
        continue;
      Node &src = nodes[in.first];
      if (src.outTypesKnown)
        continue;
      DataType &dt = src.outTypes[in.second];
      if (dt == tensorflow::DT_INVALID)
        dt = inTypes[i];
    }
  }
  // Check output indices and input dtypes.
  for (Node &n : nodes) {
    if (!n.keep)
      continue;
    SmallVector<DataType> inTypes;
    bool haveIn = false;
    if (n.opDef) {
      if (auto e = resolveInputTypes(*n.def, *n.opDef, inTypes))
        llvm::consumeError(std::move(e));
      else
        haveIn = true;
      if (haveIn && inTypes.size() != n.dataInputs.size() &&
          !isControlFlowOp(n.def->op())) {
        nodeError(*n.def) << "expects " << inTypes.size()
                          << " data input(s) but has " << n.dataInputs.size();
        return failure();
      }
    }
    for (auto [i, in] : llvm::enumerate(n.dataInputs)) {
      if (in.first < 0)
        continue;
      Node &src = nodes[in.first];
      if (in.second >= static_cast<int>(src.outTypes.size())) {
        nodeError(*n.def) << "input " << i << " refers to output " << in.second
                          << " of node '" << src.def->name() << "', which has "
                          << src.outTypes.size() << " output(s)";
        return failure();
      }
      if (haveIn && i < inTypes.size() && src.outTypesKnown &&
          !isControlFlowOp(n.def->op())) {
        int have = src.outTypes[in.second], want = inTypes[i];
        // Refs and their base types are interchangeable here: a ref is
        // read as its value, and frozen graphs feed constants into ops that
        // once took a variable's ref.
        if ((have > 100 ? have - 100 : have) !=
            (want > 100 ? want - 100 : want)) {
          nodeError(*n.def) << "input " << i << " from '" << src.def->name()
                            << ":" << in.second << "' has dtype "
                            << dataTypeName(static_cast<DataType>(have))
                            << " but the op expects "
                            << dataTypeName(static_cast<DataType>(want));
          return failure();
        }
      }
    }
  }

  // Emit in topological order, staying as close to the GraphDef's node order
  // as possible (a depth-first walk over the inputs, in node order), so that
  // export reproduces the original order. A NextIteration's output is
  // available up front (its Source), so only cycles without NextIteration
  // remain, and they are errors.
  size_t N = nodes.size();
  auto deps = [&](int i, SmallVectorImpl<int> &out) {
    out.clear();
    for (auto in : nodes[i].dataInputs)
      if (in.first >= 0 && nodes[in.first].keep &&
          !isNextIteration(nodes[in.first].def->op()))
        out.push_back(in.first);
    for (int c : nodes[i].controlInputs)
      if (nodes[c].keep && !isNextIteration(nodes[c].def->op()))
        out.push_back(c);
  };
  OpBuilder ob = OpBuilder::atBlockBegin(body);
  // NextIteration Sources first.
  Type ctlTy = tf_executor::ControlType::get(ctx);
  for (Node &n : nodes) {
    if (!n.keep || !isNextIteration(n.def->op()))
      continue;
    Type t = n.outTypes.empty()
                 ? Type(UnrankedTensorType::get(tf_type::VariantType::get(ctx)))
                 : resultType(n, 0);
    SmallVector<NamedAttribute> attrs;
    if (failed(convertAttrs(*n.def, attrs)))
      return failure();
    auto src = ob.create<tf_executor::NextIterationSourceOp>(
        nodeLoc(*n.def), TypeRange{t, tf_executor::TokenType::get(ctx), ctlTy},
        ValueRange{}, attrs);
    if (n.def->op() != "NextIteration")
      src->setAttr("tf._op", b.getStringAttr(n.def->op()));
    n.results = {src.getOutput()};
    n.token = src.getToken();
    n.control = src.getControl();
    n.sourceOp = src;
  }
  std::vector<uint8_t> state(N, 0); // 0 new, 1 on stack, 2 emitted
  SmallVector<int> depList;
  for (size_t root = 0; root < N; ++root) {
    if (!nodes[root].keep || state[root] != 0)
      continue;
    // Iterative DFS: (node, its deps, next dep to visit).
    struct Frame {
      int node;
      SmallVector<int> deps;
      size_t next = 0;
    };
    SmallVector<Frame> stack;
    stack.push_back({static_cast<int>(root), {}, 0});
    deps(root, stack.back().deps);
    state[root] = 1;
    while (!stack.empty()) {
      Frame &f = stack.back();
      if (f.next < f.deps.size()) {
        int d = f.deps[f.next++];
        if (state[d] == 2)
          continue;
        if (state[d] == 1) {
          nodeError(*nodes[d].def)
              << "is part of a cycle that has no NextIteration node (through '"
              << nodes[f.node].def->name() << "')";
          return failure();
        }
        state[d] = 1;
        stack.push_back({d, {}, 0});
        deps(d, stack.back().deps);
        continue;
      }
      int i = f.node;
      stack.pop_back();
      if (failed(emitNode(nodes[i], nodes, args, ob)))
        return failure();
      state[i] = 2;
    }
  }
  return success();
}

LogicalResult Importer::importFunction(const tensorflow::FunctionDef &fdef,
                                       ModuleOp module) {
  const tensorflow::OpDef &sig = fdef.signature();
  Location floc = NameLoc::get(b.getStringAttr(sig.name()), fileLoc());
  auto ferr = [&]() {
    auto d = emitError(floc);
    d << "function '" << sig.name() << "': ";
    return d;
  };
  // Argument and result types from the signature.
  auto argType = [&](const tensorflow::OpDef::ArgDef &a) -> Type {
    DataType dt = a.type();
    if (dt == tensorflow::DT_INVALID && !a.type_attr().empty()) {
      auto it = fdef.attr().find(a.type_attr());
      if (it != fdef.attr().end())
        dt = it->second.type();
    }
    auto t = convertDataType(dt, b);
    if (!t) {
      llvm::consumeError(t.takeError());
      return UnrankedTensorType::get(tf_type::VariantType::get(ctx));
    }
    if (a.is_ref())
      return UnrankedTensorType::get(tf_type::RefType::get(ctx, *t));
    return UnrankedTensorType::get(*t);
  };
  if (sig.name().empty()) {
    int index = 0;
    for (const auto &f : graph.library().function()) {
      if (&f == &fdef)
        break;
      ++index;
    }
    emitError(fileLoc()) << "function #" << index
                         << " of the library has an empty name";
    return failure();
  }
  for (const auto &kv : fdef.attr())
    if (kv.first.empty()) {
      ferr() << "has an attr with an empty name";
      return failure();
    }
  for (const auto &name : sig.control_output())
    if (!fdef.control_ret().count(name)) {
      ferr() << "control output '" << name << "' has no entry in control_ret";
      return failure();
    }
  SmallVector<Type> inTypes, outTypes;
  for (const auto &a : sig.input_arg()) {
    if (!a.number_attr().empty() || !a.type_list_attr().empty()) {
      ferr() << "argument '" << a.name()
             << "' is a list; only single-tensor arguments are supported";
      return failure();
    }
    inTypes.push_back(argType(a));
  }
  // Refine argument shapes from `_output_shapes` arg attrs.
  for (auto [i, t] : llvm::enumerate(inTypes)) {
    auto it = fdef.arg_attr().find(i);
    if (it == fdef.arg_attr().end())
      continue;
    auto s = it->second.attr().find("_output_shapes");
    if (s != it->second.attr().end() && s->second.list().shape_size() == 1) {
      auto d = convertShape(s->second.list().shape(0));
      if (d && *d)
        t = RankedTensorType::get(**d, cast<TensorType>(t).getElementType());
      else if (!d)
        llvm::consumeError(d.takeError());
    }
  }
  for (const auto &a : sig.output_arg()) {
    if (!a.number_attr().empty() || !a.type_list_attr().empty()) {
      ferr() << "result '" << a.name()
             << "' is a list; only single-tensor results are supported";
      return failure();
    }
    outTypes.push_back(argType(a));
  }
  // OpDef.ArgDef.handle_data: the dtypes and shapes behind a resource or
  // variant argument become its subtypes; a malformed entry is an error, as
  // in TF's importer (its test invalid_handle_data.pbtxt).
  auto applyHandleData = [&](const tensorflow::OpDef::ArgDef &a, Type &t,
                             const char *what) -> LogicalResult {
    if (a.handle_data().empty())
      return success();
    SmallVector<HandleDataEntry> entries;
    for (const auto &e : a.handle_data())
      entries.push_back(
          {e.dtype(), &e.shape()}); // absent shape: scalar, as in TF
    auto tt = cast<TensorType>(t);
    auto elt = attachHandleData(tt.getElementType(), entries, b);
    if (!elt) {
      ferr() << what << " '" << a.name()
             << "': " << llvm::toString(elt.takeError());
      malformedHandleData = true;
      return failure();
    }
    t = tt.clone(*elt);
    return success();
  };
  for (auto [i, a] : llvm::enumerate(sig.input_arg()))
    if (failed(applyHandleData(a, inTypes[i], "argument")))
      return failure();
  for (auto [i, a] : llvm::enumerate(sig.output_arg()))
    if (failed(applyHandleData(a, outTypes[i], "result")))
      return failure();
  OpBuilder mb = OpBuilder::atBlockEnd(module.getBody());
  auto func = mb.create<func::FuncOp>(floc, sig.name(),
                                      b.getFunctionType(inTypes, outTypes));
  func.setPrivate();
  // Keep what the signature says so that export reproduces it.
  for (auto [i, a] : llvm::enumerate(sig.output_arg()))
    if (a.type() == tensorflow::DT_INVALID && !a.type_attr().empty())
      func.setResultAttr(i, "tf._type_attr", b.getStringAttr(a.type_attr()));
  for (auto [i, a] : llvm::enumerate(sig.input_arg())) {
    func.setArgAttr(i, "tf._arg_name", b.getStringAttr(a.name()));
    if (a.type() == tensorflow::DT_INVALID && !a.type_attr().empty())
      func.setArgAttr(i, "tf._type_attr", b.getStringAttr(a.type_attr()));
    auto it = fdef.arg_attr().find(i);
    if (it != fdef.arg_attr().end()) {
      NodeDef tmp;
      *tmp.mutable_attr() = it->second.attr();
      SmallVector<NamedAttribute> as;
      std::vector<std::string> keys;
      for (const auto &kv : tmp.attr())
        keys.push_back(kv.first);
      std::sort(keys.begin(), keys.end());
      for (const auto &k : keys) {
        auto v = convertAttrValue(tmp.attr().at(k), b);
        if (!v) {
          ferr() << "arg_attr '" << k << "': " << llvm::toString(v.takeError());
          return failure();
        }
        as.push_back(b.getNamedAttr(k, *v));
      }
      func.setArgAttr(i, "tf._arg_attrs", b.getDictionaryAttr(as));
    }
    auto rid = fdef.resource_arg_unique_id().find(i);
    if (rid != fdef.resource_arg_unique_id().end())
      func.setArgAttr(i, "tf._resource_arg_unique_id",
                      b.getI64IntegerAttr(rid->second));
  }
  for (auto [i, a] : llvm::enumerate(sig.output_arg()))
    func.setResultAttr(i, "tf._ret_name", b.getStringAttr(a.name()));
  if (sig.is_stateful())
    func->setAttr("tf._is_stateful", b.getUnitAttr());
  {
    tensorflow::OpDef rest = sig;
    rest.clear_input_arg();
    rest.clear_output_arg();
    rest.clear_name();
    rest.clear_control_output();
    rest.clear_is_stateful();
    if (rest.ByteSizeLong() > 0) {
      std::string s;
      google::protobuf::TextFormat::Printer p;
      p.SetSingleLineMode(true);
      p.PrintToString(rest, &s);
      func->setAttr("tf._signature", b.getStringAttr(s));
    }
  }
  if (!fdef.attr().empty()) {
    NodeDef tmp;
    *tmp.mutable_attr() = fdef.attr();
    SmallVector<NamedAttribute> as;
    std::vector<std::string> keys;
    for (const auto &kv : tmp.attr())
      keys.push_back(kv.first);
    std::sort(keys.begin(), keys.end());
    for (const auto &k : keys) {
      auto v = convertAttrValue(tmp.attr().at(k), b);
      if (!v) {
        ferr() << "attr '" << k << "': " << llvm::toString(v.takeError());
        return failure();
      }
      as.push_back(b.getNamedAttr(k, *v));
    }
    func->setAttr("tf._attrs", b.getDictionaryAttr(as));
  }

  Block *entry = func.addEntryBlock();
  SmallVector<Value> args(entry->getArguments().begin(),
                          entry->getArguments().end());
  llvm::StringMap<int> argNames;
  for (auto [i, a] : llvm::enumerate(sig.input_arg()))
    argNames[a.name()] = i;

  inFunctionBody = true;
  auto resetFlag = llvm::make_scope_exit([&] { inFunctionBody = false; });
  std::vector<Node> nodes(fdef.node_def_size());
  llvm::StringMap<int> byName;
  for (int i = 0; i < fdef.node_def_size(); ++i) {
    const NodeDef &nd = fdef.node_def(i);
    nodes[i].def = &nd;
    if (nd.name().empty()) {
      ferr() << "node #" << i << " (op " << nd.op() << ") has an empty name";
      return failure();
    }
    if (nd.op().empty()) {
      nodeError(nd) << "has no op";
      return failure();
    }
    if (!byName.insert({nd.name(), i}).second) {
      ferr() << "duplicate node name '" << nd.name() << "'";
      return failure();
    }
  }
  // Function bodies are imported as written (no default attrs added), so
  // that they round-trip exactly.
  for (Node &n : nodes) {
    auto f = functions.find(n.def->op());
    if (f != functions.end()) {
      n.isCall = true;
      n.opDef = &f->second->signature();
    } else {
      n.opDef = lookupOpDef(n.def->op());
    }
    if (n.opDef) {
      std::string bad =
          validateAttrKinds(*n.def, *n.opDef, /*inFunction=*/true);
      if (!bad.empty()) {
        nodeError(*n.def) << bad;
        return failure();
      }
    }
    if (failed(computeOutputs(n)))
      return failure();
  }
  llvm::StringMap<int> noFeeds;
  if (failed(
          parseInputs(nodes, byName, /*functionBody=*/true, argNames, noFeeds)))
    return failure();

  // Resolve `ret` before building, so that the outputs it uses exist even on
  // nodes whose output count is otherwise unknown.
  SmallVector<std::pair<int, int>> retRefs; // (node or -1-arg, index)
  for (const auto &a : sig.output_arg()) {
    auto r = fdef.ret().find(a.name());
    if (r == fdef.ret().end()) {
      ferr() << "no `ret` entry for output '" << a.name() << "'";
      return failure();
    }
    llvm::StringRef ref(r->second);
    auto an = argNames.find(ref);
    if (an != argNames.end()) {
      retRefs.push_back({-1 - an->second, 0});
      continue;
    }
    SmallVector<llvm::StringRef, 3> parts;
    ref.split(parts, ':');
    auto it = byName.find(parts[0]);
    if (it == byName.end()) {
      ferr() << "ret '" << a.name() << "' refers to unknown node '" << ref
             << "'";
      return failure();
    }
    std::string why;
    int flat = functionOutputIndex(nodes[it->second], parts, why);
    if (flat < 0) {
      ferr() << "ret '" << a.name() << "': " << why;
      return failure();
    }
    nodes[it->second].maxUsedOutput =
        std::max(nodes[it->second].maxUsedOutput, flat);
    retRefs.push_back({it->second, flat});
  }

  OpBuilder fb = OpBuilder::atBlockEnd(entry);
  auto graphOp = fb.create<tf_executor::GraphOp>(floc, outTypes);
  Block *body = new Block();
  graphOp.getBody().push_back(body);
  if (failed(buildGraph(nodes, byName, true, args, body)))
    return failure();

  SmallVector<Value> fetches;
  for (auto [i, ref] : llvm::enumerate(retRefs)) {
    if (ref.first >= 0 &&
        ref.second >= static_cast<int>(nodes[ref.first].results.size())) {
      ferr() << "ret '" << sig.output_arg(i).name()
             << "' refers to a missing output of node '"
             << nodes[ref.first].def->name() << "'";
      return failure();
    }
    fetches.push_back(inputValue(nodes, args, ref));
  }
  // Results may be more refined than the signature's unranked types.
  for (auto [i, v] : llvm::enumerate(fetches))
    if (!tf_type::areCastCompatible(v.getType(), outTypes[i])) {
      ferr() << "ret '" << sig.output_arg(i).name() << "' has type "
             << v.getType() << " but the signature says " << outTypes[i];
      return failure();
    }
  SmallVector<Attribute> ctlNames, argControlRets;
  for (const auto &name : sig.control_output()) {
    auto r = fdef.control_ret().find(name);
    llvm::StringRef nodeName = r != fdef.control_ret().end()
                                   ? llvm::StringRef(r->second)
                                   : llvm::StringRef(name);
    auto it = byName.find(nodeName);
    if (it == byName.end() && argNames.count(nodeName)) {
      // A control result on an argument: always satisfied; kept for export.
      argControlRets.push_back(
          b.getArrayAttr({b.getStringAttr(name), b.getStringAttr(nodeName)}));
      continue;
    }
    if (it == byName.end()) {
      ferr() << "control output '" << name << "' refers to unknown node '"
             << nodeName << "'";
      return failure();
    }
    fetches.push_back(nodes[it->second].control);
    ctlNames.push_back(b.getStringAttr(name));
  }
  if (!ctlNames.empty())
    func->setAttr("tf._control_output_names", b.getArrayAttr(ctlNames));
  if (!argControlRets.empty())
    func->setAttr("tf._arg_control_rets", b.getArrayAttr(argControlRets));
  OpBuilder::atBlockEnd(body).create<tf_executor::FetchOp>(floc, fetches);
  fb.create<func::ReturnOp>(floc, graphOp.getResults());
  return success();
}

/// Names of library functions that the main graph uses, directly (as a
/// node's op or in a func attr) or through other functions.
llvm::StringSet<> Importer::referencedFunctions() {
  llvm::StringSet<> seen;
  SmallVector<std::string> work;
  std::function<void(const tensorflow::AttrValue &)> scanAttr =
      [&](const tensorflow::AttrValue &v) {
        auto addFunc = [&](const tensorflow::NameAttrList &f) {
          if (functions.count(f.name()) && seen.insert(f.name()).second)
            work.push_back(f.name());
          for (const auto &kv : f.attr())
            scanAttr(kv.second);
        };
        if (v.has_func())
          addFunc(v.func());
        for (const auto &f : v.list().func())
          addFunc(f);
      };
  auto scanNode = [&](const NodeDef &n) {
    if (functions.count(n.op()) && seen.insert(n.op()).second)
      work.push_back(n.op());
    for (const auto &kv : n.attr())
      scanAttr(kv.second);
  };
  for (const auto &n : graph.node())
    scanNode(n);
  while (!work.empty()) {
    std::string name = work.pop_back_val();
    const tensorflow::FunctionDef *f = functions.lookup(name);
    if (!f)
      continue;
    for (const auto &n : f->node_def())
      scanNode(n);
  }
  return seen;
}

OwningOpRef<ModuleOp> Importer::run() {
  Location floc = fileLoc();
  OwningOpRef<ModuleOp> module = ModuleOp::create(floc);
  ctx->loadDialect<TF::TFDialect, tf_executor::TfExecutorDialect,
                   tf_type::TFTypeDialect, func::FuncDialect>();

  // versions
  if (graph.has_versions()) {
    const auto &v = graph.versions();
    SmallVector<int32_t> bad(v.bad_consumers().begin(),
                             v.bad_consumers().end());
    module->getOperation()->setAttr(
        "tf.versions",
        b.getDictionaryAttr(
            {b.getNamedAttr("producer", b.getI32IntegerAttr(v.producer())),
             b.getNamedAttr("min_consumer",
                            b.getI32IntegerAttr(v.min_consumer())),
             b.getNamedAttr("bad_consumers", b.getDenseI32ArrayAttr(bad))}));
  }

  // Library.
  // Like TF's FunctionLibraryDefinition, an identical second definition is
  // accepted (and dropped); a different one is an error.
  std::vector<const tensorflow::FunctionDef *> library;
  for (const auto &f : graph.library().function()) {
    auto [it, inserted] = functions.insert({f.signature().name(), &f});
    if (!inserted) {
      std::string a, b;
      if (serializeDeterministic(*it->second, &a) &&
          serializeDeterministic(f, &b) && a == b)
        continue;
      emitError(floc) << "function '" << f.signature().name()
                      << "' is defined twice in the library, differently";
      return nullptr;
    }
    library.push_back(&f);
  }
  // Functions are imported eagerly, but like TF (which loads them lazily) a
  // function that nothing references may be broken: it is then kept as its
  // serialized FunctionDef and exported back unchanged.
  llvm::StringSet<> referenced = referencedFunctions();
  SmallVector<Attribute> opaque;
  for (const tensorflow::FunctionDef *fp : library) {
    const tensorflow::FunctionDef &f = *fp;
    SmallVector<std::pair<Location, std::string>> diags;
    LogicalResult ok = success();
    {
      ScopedDiagnosticHandler collect(ctx, [&](Diagnostic &d) {
        diags.push_back({d.getLocation(), d.str()});
        return success();
      });
      malformedHandleData = false;
      ok = importFunction(f, *module);
    }
    if (succeeded(ok))
      continue;
    // Malformed handle data fails the import even in an unused function:
    // TF's importer rejects it (invalid_handle_data.pbtxt).
    if (referenced.count(f.signature().name()) || malformedHandleData) {
      for (auto &[loc, msg] : diags)
        emitError(loc) << msg;
      return nullptr;
    }
    emitWarning(diags.empty() ? floc : diags.front().first)
        << "function '" << f.signature().name()
        << "' is not used by the graph and cannot be imported; it is kept "
           "unchanged for export ("
        << (diags.empty() ? std::string("unknown reason")
                          : diags.front().second)
        << ")";
    if (!f.signature().name().empty())
      if (Operation *partial = module->lookupSymbol(f.signature().name()))
        partial->erase();
    std::string bytes;
    serializeDeterministic(f, &bytes);
    opaque.push_back(b.getStringAttr(bytes));
  }
  if (!opaque.empty())
    module->getOperation()->setAttr("tf._unimported_functions",
                                    b.getArrayAttr(opaque));
  if (graph.library().gradient_size() > 0) {
    SmallVector<Attribute> grads;
    for (const auto &g : graph.library().gradient())
      grads.push_back(b.getArrayAttr({b.getStringAttr(g.function_name()),
                                      b.getStringAttr(g.gradient_func())}));
    module->getOperation()->setAttr("tf._gradients", b.getArrayAttr(grads));
  }

  // Nodes.
  std::vector<Node> nodes(graph.node_size());
  llvm::StringMap<int> byName;
  for (int i = 0; i < graph.node_size(); ++i) {
    const NodeDef &nd = graph.node(i);
    nodes[i].def = &nd;
    if (nd.name().empty()) {
      emitError(floc) << "node #" << i << " (op " << nd.op()
                      << ") has an empty name";
      return nullptr;
    }
    if (nd.op().empty()) {
      nodeError(nd) << "has no op";
      return nullptr;
    }
    if (!byName.insert({nd.name(), i}).second) {
      nodeError(nd) << "duplicate node name '" << nd.name() << "'";
      return nullptr;
    }
  }
  // Default attrs need a mutable copy of the nodes.
  std::vector<NodeDef> withDefaults;
  if (config.addDefaultAttributes) {
    withDefaults.assign(graph.node().begin(), graph.node().end());
    for (size_t i = 0; i < nodes.size(); ++i) {
      nodes[i].def = &withDefaults[i];
      originalOf[&withDefaults[i]] = &graph.node(i);
    }
  }
  for (size_t i = 0; i < nodes.size(); ++i) {
    Node &n = nodes[i];
    auto f = functions.find(n.def->op());
    if (f != functions.end()) {
      n.isCall = true;
      n.opDef = &f->second->signature();
    } else {
      n.opDef = lookupOpDef(n.def->op());
      if (n.opDef && config.addDefaultAttributes) {
        addDefaultAttrs(withDefaults[i], *n.opDef);
        // Remember which attrs were defaulted: export leaves them out, so a
        // graph written by an older TF does not gain attrs that TF version
        // would reject.
        for (const auto &kv : withDefaults[i].attr())
          if (!graph.node(i).attr().count(kv.first))
            defaulted[&withDefaults[i]].push_back(kv.first);
      }
    }
    if (n.opDef) {
      std::string bad =
          validateAttrKinds(*n.def, *n.opDef, /*inFunction=*/false);
      if (!bad.empty()) {
        nodeError(*n.def) << bad;
        return nullptr;
      }
    }
    if (failed(computeOutputs(n)))
      return nullptr;
  }

  // Feeds: @main arguments.
  const GraphImportConfig::Names &names = config.names;
  llvm::StringMap<int> feeds;
  SmallVector<Type> argTypes;
  SmallVector<std::string> feedNames;
  if (!config.inputDataTypes.empty() &&
      config.inputDataTypes.size() != config.inputArrays.size()) {
    emitError(floc) << names.inputDataTypes << " has "
                    << config.inputDataTypes.size() << " entries but "
                    << names.inputArrays << " has "
                    << config.inputArrays.size();
    return nullptr;
  }
  if (!config.inputShapes.empty() &&
      config.inputShapes.size() != config.inputArrays.size()) {
    emitError(floc) << names.inputShapes << " has " << config.inputShapes.size()
                    << " entries but " << names.inputArrays << " has "
                    << config.inputArrays.size();
    return nullptr;
  }
  SmallVector<std::pair<int, int>> argNodes; // graph-as-function _Arg nodes
  if (config.graphAsFunction) {
    for (auto [i, n] : llvm::enumerate(nodes)) {
      if (n.def->op() != "_Arg")
        continue;
      auto it = n.def->attr().find("index");
      if (it == n.def->attr().end()) {
        nodeError(*n.def) << "_Arg has no index attr";
        return nullptr;
      }
      argNodes.push_back(
          {static_cast<int>(it->second.i()), static_cast<int>(i)});
    }
    llvm::sort(argNodes);
    for (auto [k, p] : llvm::enumerate(argNodes)) {
      if (p.first != static_cast<int>(k)) {
        nodeError(*nodes[p.second].def)
            << "_Arg indices must be 0..N-1; found index " << p.first;
        return nullptr;
      }
      Node &n = nodes[p.second];
      feeds[n.def->name() + ":0"] = k;
      argTypes.push_back(resultType(n, 0));
      feedNames.push_back(n.def->name());
      n.keep = false;
    }
  }
  for (auto [i, in] : llvm::enumerate(config.inputArrays)) {
    std::string name;
    int idx;
    if (!splitTensorName(in, name, idx)) {
      emitError(floc) << names.inputArrays << ": bad tensor name '" << in
                      << "'";
      return nullptr;
    }
    auto it = byName.find(name);
    if (it == byName.end()) {
      emitError(floc) << names.inputArrays << ": node '" << name
                      << "' is not in the graph";
      return nullptr;
    }
    Node &n = nodes[it->second];
    if (n.outTypesKnown && idx >= static_cast<int>(n.outTypes.size())) {
      nodeError(*n.def) << names.inputArrays << " names output " << idx
                        << ", but the node has " << n.outTypes.size()
                        << " output(s)";
      return nullptr;
    }
    DataType dt = tensorflow::DT_INVALID;
    if (!config.inputDataTypes.empty() && !config.inputDataTypes[i].empty()) {
      auto p = parseDataTypeName(config.inputDataTypes[i]);
      if (!p) {
        emitError(floc) << names.inputDataTypes << ": unknown dtype '"
                        << config.inputDataTypes[i] << "'";
        return nullptr;
      }
      dt = *p;
    } else if (idx < static_cast<int>(n.outTypes.size())) {
      dt = n.outTypes[idx];
    }
    auto eltOr = convertDataType(dt, b);
    if (!eltOr) {
      llvm::consumeError(eltOr.takeError());
      nodeError(*n.def) << "cannot determine the dtype of input '" << in
                        << "'; give it in " << names.inputDataTypes;
      return nullptr;
    }
    Type argTy;
    if (!config.inputShapes.empty()) {
      llvm::StringRef s = config.inputShapes[i];
      if (s == "*") {
        argTy = UnrankedTensorType::get(*eltOr);
      } else {
        SmallVector<int64_t> dims;
        if (!s.trim().empty()) {
          SmallVector<llvm::StringRef> ds;
          s.split(ds, ',');
          for (llvm::StringRef d : ds) {
            d = d.trim();
            int64_t v;
            if (d == "?" || d == "-1") {
              dims.push_back(ShapedType::kDynamic);
            } else if (d.getAsInteger(10, v) || v < 0) {
              emitError(floc) << names.inputShapes << ": bad dimension '" << d
                              << "' for input '" << in << "'";
              return nullptr;
            } else {
              dims.push_back(v);
            }
          }
        }
        argTy = RankedTensorType::get(dims, *eltOr);
        // The given shape must be one the node can produce (as TF checks a
        // fed value against the Placeholder's `shape`).
        Type declared = idx < static_cast<int>(n.outTypes.size())
                            ? resultType(n, idx)
                            : Type();
        if (auto dt = dyn_cast_or_null<RankedTensorType>(declared);
            dt && failed(verifyCompatibleShape(dt.getShape(), dims))) {
          auto fmt = [](ArrayRef<int64_t> ds) {
            std::string r = "[";
            for (size_t k = 0; k < ds.size(); ++k)
              r += (k ? "," : "") + (ShapedType::isDynamic(ds[k])
                                         ? std::string("?")
                                         : std::to_string(ds[k]));
            return r + "]";
          };
          nodeError(*n.def)
              << "input '" << in << "' has shape " << fmt(dims) << " ("
              << names.inputShapes << "), incompatible with the node's shape "
              << fmt(dt.getShape());
          return nullptr;
        }
      }
    } else {
      Type rt = idx < static_cast<int>(n.outTypes.size()) ? resultType(n, idx)
                                                          : Type();
      auto tt = dyn_cast_or_null<TensorType>(rt);
      argTy = tt && tt.hasRank()
                  ? Type(RankedTensorType::get(tt.getShape(), *eltOr))
                  : Type(UnrankedTensorType::get(*eltOr));
    }
    std::string key = name + ":" + std::to_string(idx);
    if (feeds.count(key)) {
      emitError(floc) << names.inputArrays << ": '" << in
                      << "' is listed twice";
      return nullptr;
    }
    feeds[key] = argTypes.size();
    argTypes.push_back(argTy);
    feedNames.push_back(in);
    // A fed Placeholder is replaced by the argument. So is any other
    // single-output node named as an input (a Const, say), as TF's importer
    // replaces it by a Placeholder: it is not imported, its control inputs
    // go with it, and control edges out of it are dropped below. A fed
    // output of a multi-output node, or of a TF1 control-flow node (whose
    // frame structure the executor import keeps), only cuts the edges from
    // that output.
    if (idx == 0 &&
        (n.def->op() == "Placeholder" || n.def->op() == "PlaceholderV2" ||
         n.def->op() == "PlaceholderWithDefault" ||
         (n.outTypesKnown && n.outTypes.size() == 1 &&
          !isControlFlowOp(n.def->op()) && !isNextIteration(n.def->op()))))
      n.keep = false;
  }

  llvm::StringMap<int> noArgs;
  if (failed(parseInputs(nodes, byName, /*functionBody=*/false, noArgs, feeds)))
    return nullptr;

  // Fetches.
  struct Fetch {
    int node;
    int index;
    int feed = -1; // a fed tensor fetched: the @main argument it became
  };
  SmallVector<Fetch> fetches;
  SmallVector<std::pair<int, int>> retNodes; // graph-as-function _Retval
  auto addFetch = [&](llvm::StringRef t, llvm::StringRef flag) -> bool {
    std::string name;
    int idx;
    if (!splitTensorName(t, name, idx)) {
      emitError(floc) << flag << ": bad tensor name '" << t << "'";
      return false;
    }
    auto it = byName.find(name);
    if (it == byName.end()) {
      emitError(floc) << flag << ": node '" << name << "' is not in the graph";
      return false;
    }
    Node &n = nodes[it->second];
    // A fed tensor that is also fetched is the fed value (TF's
    // feed-as-fetch).
    auto fed = feeds.find(name + ":" + std::to_string(idx));
    if (fed != feeds.end()) {
      fetches.push_back({it->second, idx, fed->second});
      return true;
    }
    n.maxUsedOutput = std::max(n.maxUsedOutput, idx);
    fetches.push_back({it->second, idx});
    return true;
  };
  for (const auto &o : config.outputArrays)
    if (!addFetch(o, names.outputArrays))
      return nullptr;
  if (config.graphAsFunction) {
    for (auto [i, n] : llvm::enumerate(nodes)) {
      if (n.def->op() != "_Retval")
        continue;
      auto it = n.def->attr().find("index");
      if (it == n.def->attr().end() || n.dataInputs.size() != 1) {
        nodeError(*n.def) << "_Retval needs an index attr and one input";
        return nullptr;
      }
      retNodes.push_back(
          {static_cast<int>(it->second.i()), static_cast<int>(i)});
    }
    llvm::sort(retNodes);
    for (auto [k, p] : llvm::enumerate(retNodes)) {
      if (p.first != static_cast<int>(k)) {
        nodeError(*nodes[p.second].def)
            << "_Retval indices must be 0..N-1; found index " << p.first;
        return nullptr;
      }
      nodes[p.second].keep = false;
    }
  }
  SmallVector<int> controlFetches;
  for (const auto &c : config.controlOutputArrays) {
    auto it = byName.find(c);
    if (it == byName.end()) {
      emitError(floc) << names.controlOutputArrays << ": node '" << c
                      << "' is not in the graph";
      return nullptr;
    }
    controlFetches.push_back(it->second);
  }

  // Pruning: keep what the fetches need.
  if (config.pruneUnusedNodes &&
      (!fetches.empty() || !controlFetches.empty() || !retNodes.empty())) {
    std::vector<bool> live(nodes.size(), false);
    std::vector<int> work;
    for (auto &f : fetches)
      if (f.feed < 0)
        work.push_back(f.node);
    for (int c : controlFetches)
      work.push_back(c);
    for (auto &r : retNodes)
      for (auto in : nodes[r.second].dataInputs)
        if (in.first >= 0)
          work.push_back(in.first);
    while (!work.empty()) {
      int i = work.back();
      work.pop_back();
      if (live[i])
        continue;
      live[i] = true;
      if (!nodes[i].keep) // fed: what it needed is not needed
        continue;
      for (auto in : nodes[i].dataInputs)
        if (in.first >= 0)
          work.push_back(in.first);
      for (int c : nodes[i].controlInputs)
        work.push_back(c);
    }
    for (size_t i = 0; i < nodes.size(); ++i)
      if (!live[i])
        nodes[i].keep = false;
  }
  for (int c : controlFetches)
    if (!nodes[c].keep) {
      nodeError(*nodes[c].def) << "is a control output but is also fed "
                                  "(-tf-input-arrays), so it is not imported";
      return nullptr;
    }
  for (auto &f : fetches)
    if (f.feed < 0 && !nodes[f.node].keep) {
      nodeError(*nodes[f.node].def)
          << "is fetched but is also fed as a Placeholder input";
      return nullptr;
    }
  // A kept node must not consume a dropped one (other than via a feed).
  for (Node &n : nodes) {
    if (!n.keep)
      continue;
    for (auto in : n.dataInputs)
      if (in.first >= 0 && !nodes[in.first].keep) {
        nodeError(*n.def) << "uses '" << nodes[in.first].def->name()
                          << "', which is not imported (fed Placeholder "
                             "output other than 0, or _Arg/_Retval)";
        return nullptr;
      }
    // Control edges from a fed (replaced) node are dropped, as TF does.
    llvm::erase_if(n.controlInputs, [&](int c) { return !nodes[c].keep; });
  }

  // @main
  OpBuilder mb = OpBuilder::atBlockEnd(module->getBody());
  auto func =
      mb.create<func::FuncOp>(floc, "main", b.getFunctionType(argTypes, {}));
  Block *entry = func.addEntryBlock();
  SmallVector<Value> args(entry->getArguments().begin(),
                          entry->getArguments().end());
  OpBuilder fb = OpBuilder::atBlockEnd(entry);
  auto graphOp = fb.create<tf_executor::GraphOp>(floc, TypeRange{});
  Block *body = new Block();
  graphOp.getBody().push_back(body);
  if (failed(buildGraph(nodes, byName, false, args, body)))
    return nullptr;

  SmallVector<Value> fetchValues;
  std::string outputsAttr;
  for (auto [i, f] : llvm::enumerate(fetches)) {
    Node &n = nodes[f.node];
    if (f.feed >= 0) {
      fetchValues.push_back(args[f.feed]);
      if (i)
        outputsAttr += ",";
      outputsAttr += config.outputArrays[i];
      continue;
    }
    if (f.index >= static_cast<int>(n.results.size())) {
      nodeError(*n.def) << "output " << f.index
                        << " is fetched but the node has " << n.results.size()
                        << " output(s)";
      return nullptr;
    }
    fetchValues.push_back(n.results[f.index]);
    if (i)
      outputsAttr += ",";
    outputsAttr += config.outputArrays[i];
  }
  for (auto [k, r] : llvm::enumerate(retNodes)) {
    Node &rn = nodes[r.second];
    auto in = rn.dataInputs[0];
    fetchValues.push_back(inputValue(nodes, args, in));
    if (k || !outputsAttr.empty())
      outputsAttr += ",";
    outputsAttr += rn.def->name();
  }
  SmallVector<Type> resultTypes;
  for (Value v : fetchValues)
    resultTypes.push_back(v.getType());
  std::string ctlAttr;
  for (auto [i, c] : llvm::enumerate(controlFetches)) {
    fetchValues.push_back(nodes[c].control);
    if (i)
      ctlAttr += ",";
    ctlAttr += config.controlOutputArrays[i];
  }
  OpBuilder::atBlockEnd(body).create<tf_executor::FetchOp>(floc, fetchValues);
  // Rebuild the graph op with its result types now that they are known.
  if (!resultTypes.empty()) {
    OpBuilder rb(graphOp);
    auto newGraph = rb.create<tf_executor::GraphOp>(floc, resultTypes);
    newGraph.getBody().takeBody(graphOp.getBody());
    graphOp.erase();
    graphOp = newGraph;
  }
  fb.create<func::ReturnOp>(floc, graphOp.getResults());
  func.setType(b.getFunctionType(argTypes, resultTypes));

  std::string inputsAttr;
  for (auto [i, n] : llvm::enumerate(feedNames)) {
    if (i)
      inputsAttr += ",";
    inputsAttr += n;
  }
  func->setAttr(
      "tf.entry_function",
      b.getDictionaryAttr(
          {b.getNamedAttr("inputs", b.getStringAttr(inputsAttr)),
           b.getNamedAttr("outputs", b.getStringAttr(outputsAttr)),
           b.getNamedAttr("control_outputs", b.getStringAttr(ctlAttr))}));
  if (config.graphAsFunction)
    func->setAttr("tf._graph_as_function", b.getUnitAttr());
  return module;
}

/// TF resolves the functions of If/Case/While/PartitionedCall nodes lazily,
/// when the node first runs, so a GraphDef may name a function that is not
/// in its library, or call one with a signature that does not match. Such
/// graphs load in TF and fail only when the node runs. To import them
/// losslessly (and keep the tf op verifiers strict), each such reference is
/// pointed at a private body-less declaration with the call site's
/// signature, marked `tf._unresolved` (the reason); references with equal
/// name and signature share one. When the name is taken (by the library
/// function, by the entry function @main, or by a declaration for another
/// signature), the declaration gets a fresh name and `tf._library_name`
/// holds the name to export. Passes see an external
/// function; the exporter writes the original reference and no function.
static void resolveFunctionReferences(ModuleOp module) {
  MLIRContext *ctx = module.getContext();
  Builder b(ctx);
  SymbolTable symbols(module);
  // (name, signature) -> declaration, so equal references share one.
  std::map<std::pair<std::string, const void *>, func::FuncOp> decls;
  auto resolve = [&](Operation *op, StringRef attrName, Attribute attr,
                     TypeRange inputs, TypeRange results,
                     bool isWhileCond) -> Attribute {
    SymbolRefAttr sym = TF::getFuncAttrSymbol(attr);
    if (!sym)
      return attr;
    std::string name = sym.getRootReference().str();
    Operation *target = symbols.lookup(name);
    // Neither the entry function (built from the graph, named "main") nor a
    // declaration made here for an earlier reference is a library function.
    if (target && (target->hasAttr("tf.entry_function") ||
                   target->hasAttr("tf._unresolved")))
      target = nullptr;
    std::string why;
    if (!target) {
      if (module->hasAttr("tf._unimported_functions"))
        return attr;
      why = "function '" + name + "' is not in the GraphDef's library";
    } else if (auto fn = dyn_cast<FunctionOpInterface>(target)) {
      std::string m =
          TF::calleeSignatureMismatch(fn, inputs, results, isWhileCond);
      if (m.empty())
        return attr;
      why = "library function '" + name + "' " + m;
    } else {
      return attr;
    }
    SmallVector<Type> resultTypes(results.begin(), results.end());
    if (isWhileCond)
      resultTypes.assign({UnrankedTensorType::get(b.getI1Type())});
    Type sig = b.getFunctionType(inputs, resultTypes);
    func::FuncOp &decl = decls[{name, sig.getAsOpaquePointer()}];
    if (!decl) {
      std::string declName = name;
      for (int n = 0; symbols.lookup(declName); ++n)
        declName = name + ".unresolved" + std::to_string(n);
      decl =
          func::FuncOp::create(op->getLoc(), declName, cast<FunctionType>(sig));
      decl.setPrivate();
      decl->setAttr("tf._unresolved", b.getStringAttr(why));
      if (declName != name)
        decl->setAttr("tf._library_name", b.getStringAttr(name));
      symbols.insert(decl);
    }
    emitWarning(op->getLoc())
        << "'" << attrName << "': " << why
        << "; imported as a declaration (TF fails when this node runs)";
    auto newSym = FlatSymbolRefAttr::get(ctx, decl.getSymName());
    if (auto f = dyn_cast<tf_type::FuncAttr>(attr))
      return tf_type::FuncAttr::get(ctx, newSym, f.getAttrs());
    return newSym;
  };
  auto fix = [&](Operation *op, StringRef attrName, TypeRange inputs,
                 TypeRange results, bool isWhileCond = false) {
    if (Attribute a = op->getAttr(attrName))
      op->setAttr(attrName,
                  resolve(op, attrName, a, inputs, results, isWhileCond));
  };
  module.walk([&](Operation *op) {
    if (isa<TF::IfOp, TF::StatelessIfOp>(op)) {
      TypeRange in = TypeRange(op->getOperandTypes()).drop_front();
      fix(op, "then_branch", in, op->getResultTypes());
      fix(op, "else_branch", in, op->getResultTypes());
    } else if (isa<TF::CaseOp, TF::StatelessCaseOp>(op)) {
      auto branches = op->getAttrOfType<ArrayAttr>("branches");
      if (!branches)
        return;
      TypeRange in = TypeRange(op->getOperandTypes()).drop_front();
      SmallVector<Attribute> fixed;
      for (auto [i, br] : llvm::enumerate(branches))
        fixed.push_back(resolve(op, "branches[" + std::to_string(i) + "]", br,
                                in, op->getResultTypes(), false));
      op->setAttr("branches", b.getArrayAttr(fixed));
    } else if (isa<TF::WhileOp, TF::StatelessWhileOp>(op)) {
      TypeRange in = op->getOperandTypes();
      fix(op, "cond", in, {}, /*isWhileCond=*/true);
      fix(op, "body", in, in);
    } else if (isa<TF::PartitionedCallOp, TF::StatefulPartitionedCallOp>(op)) {
      fix(op, "f", op->getOperandTypes(), op->getResultTypes());
    }
  });
}

} // namespace

OwningOpRef<ModuleOp>
tfmlir::importGraphDef(const tensorflow::GraphDef &graph,
                       const GraphImportConfig &config, MLIRContext *context,
                       llvm::StringRef sourceName,
                       const std::vector<int> *nodeLines) {
  // Every diagnostic names the node: messages from op verifiers (which only
  // know the op) get a "node '<name>': " prefix taken from the NameLoc.
  DiagnosticEngine::HandlerID handler = registerNodeNameDiagnostics(context);
  auto eraseHandler = llvm::make_scope_exit(
      [&] { context->getDiagEngine().eraseHandler(handler); });
  Importer importer(context, sourceName, graph, config, nodeLines);
  OwningOpRef<ModuleOp> module = importer.run();
  if (module)
    resolveFunctionReferences(*module);
  if (module && failed(verify(*module)))
    return nullptr;
  return module;
}
