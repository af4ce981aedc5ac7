//===- AotCompile.cpp - tf-compile: config checks and the driver ----------===//
#include "lib/Pipelines/AotCompile.h"
#include "lib/Pipelines/AotInternal.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/GraphToHLO.h"
#include "lib/Support/File.h"
#include "lib/Translate/TextErrorCollector.h"
#include "lib/Translate/proto/graph.pb.h"
#include "lib/Translate/proto/tf2xla.pb.h"

#include <google/protobuf/text_format.h>

#include <algorithm>

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinTypes.h"
#include "mlir/IR/MLIRContext.h"
#include "llvm/Support/raw_ostream.h"

#include "absl/strings/str_cat.h"
#include "absl/strings/str_join.h"
#include "absl/strings/str_split.h"

#include <cctype>
#include <optional>
#include <set>
#include <unordered_map>

namespace tfmlir {
namespace {

using aot_internal::Buffer;
using aot_internal::Signature;

bool isIdentifier(const std::string &s) {
  if (s.empty() || std::isdigit(static_cast<unsigned char>(s[0])))
    return false;
  for (char c : s)
    if (!std::isalnum(static_cast<unsigned char>(c)) && c != '_')
      return false;
  return true;
}

/// True for the C++20 keywords and alternative tokens: a class or namespace
/// named `class` or `int` would not compile, so --cpp_class refuses them.
bool isCppKeyword(const std::string &s) {
  static const std::set<std::string> keywords = {
      "alignas",       "alignof",     "and",
      "and_eq",        "asm",         "auto",
      "bitand",        "bitor",       "bool",
      "break",         "case",        "catch",
      "char",          "char8_t",     "char16_t",
      "char32_t",      "class",       "compl",
      "concept",       "const",       "consteval",
      "constexpr",     "constinit",   "const_cast",
      "continue",      "co_await",    "co_return",
      "co_yield",      "decltype",    "default",
      "delete",        "do",          "double",
      "dynamic_cast",  "else",        "enum",
      "explicit",      "export",      "extern",
      "false",         "float",       "for",
      "friend",        "goto",        "if",
      "inline",        "int",         "long",
      "mutable",       "namespace",   "new",
      "noexcept",      "not",         "not_eq",
      "nullptr",       "operator",    "or",
      "or_eq",         "private",     "protected",
      "public",        "register",    "reinterpret_cast",
      "requires",      "return",      "short",
      "signed",        "sizeof",      "static",
      "static_assert", "static_cast", "struct",
      "switch",        "template",    "this",
      "thread_local",  "throw",       "true",
      "try",           "typedef",     "typeid",
      "typename",      "union",       "unsigned",
      "using",         "virtual",     "void",
      "volatile",      "wchar_t",     "while",
      "xor",           "xor_eq"};
  return keywords.count(s) != 0;
}

std::string shapeString(const std::vector<int64_t> &shape) {
  std::string s = "[";
  for (size_t i = 0; i < shape.size(); ++i)
    absl::StrAppend(&s, i ? "," : "",
                    shape[i] < 0 ? std::string("?") : std::to_string(shape[i]));
  return s + "]";
}

/// The element bytes of a DataType the CPU backends support, 0 otherwise.
int64_t dtypeBytes(int dt) {
  switch (dt) {
  case tensorflow::DT_FLOAT:
  case tensorflow::DT_INT32:
  case tensorflow::DT_UINT32:
    return 4;
  case tensorflow::DT_DOUBLE:
  case tensorflow::DT_INT64:
  case tensorflow::DT_UINT64:
    return 8;
  case tensorflow::DT_INT16:
  case tensorflow::DT_UINT16:
  case tensorflow::DT_HALF:
  case tensorflow::DT_BFLOAT16:
    return 2;
  case tensorflow::DT_INT8:
  case tensorflow::DT_UINT8:
  case tensorflow::DT_BOOL:
    return 1;
  default:
    return 0;
  }
}

/// The shape the graph states for output `index` of `node`, if any, and
/// where it comes from.
std::optional<std::pair<std::vector<int64_t>, std::string>>
graphShape(const tensorflow::NodeDef &node, int64_t index) {
  auto fromProto = [](const tensorflow::TensorShapeProto &p)
      -> std::optional<std::vector<int64_t>> {
    if (p.unknown_rank())
      return std::nullopt;
    std::vector<int64_t> s;
    for (const auto &d : p.dim())
      s.push_back(d.size());
    return s;
  };
  const auto &attrs = node.attr();
  if (index == 0 &&
      (node.op() == "Placeholder" || node.op() == "PlaceholderV2" ||
       node.op() == "PlaceholderWithDefault"))
    if (auto it = attrs.find("shape");
        it != attrs.end() && it->second.has_shape())
      if (auto s = fromProto(it->second.shape()))
        return std::make_pair(*s, std::string("attr shape"));
  if (index == 0 && node.op() == "Const")
    if (auto it = attrs.find("value");
        it != attrs.end() && it->second.has_tensor())
      if (auto s = fromProto(it->second.tensor().tensor_shape()))
        return std::make_pair(*s, std::string("value"));
  if (auto it = attrs.find("_output_shapes");
      it != attrs.end() && index < it->second.list().shape_size())
    if (auto s = fromProto(it->second.list().shape(index)))
      return std::make_pair(*s, std::string("attr _output_shapes"));
  return std::nullopt;
}

/// Ops with exactly one output whose index a config can be checked against.
bool singleOutputOp(const std::string &op) {
  static const std::set<std::string> ops = {
      "Placeholder", "PlaceholderV2", "PlaceholderWithDefault",
      "Const",       "Identity",      "VarHandleOp",
      "VariableV2"};
  return ops.count(op) != 0;
}

std::string tensorName(const tensorflow::tf2xla::TensorId &id) {
  return absl::StrCat(id.node_name(), ":", id.output_index());
}

absl::Status checkName(const std::string &name, const std::string &what,
                       std::set<std::string> &seen) {
  if (name.empty())
    return absl::OkStatus();
  if (!isIdentifier(name))
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": name '", name,
                     "' is not a C++ identifier ([A-Za-z_][A-Za-z0-9_]*)"));
  if (!seen.insert(name).second)
    return absl::InvalidArgumentError(
        absl::StrCat(what, ": name '", name, "' is used twice"));
  return absl::OkStatus();
}

} // namespace

bool aot_internal::dtypeOf(mlir::Type t, int &dtype, int64_t &bytes) {
  using namespace tensorflow;
  if (t.isF32())
    dtype = DT_FLOAT;
  else if (t.isF64())
    dtype = DT_DOUBLE;
  else if (t.isF16())
    dtype = DT_HALF;
  else if (t.isBF16())
    dtype = DT_BFLOAT16;
  else if (t.isInteger(1))
    dtype = DT_BOOL;
  else if (t.isSignlessInteger(8))
    dtype = DT_INT8;
  else if (t.isSignlessInteger(16))
    dtype = DT_INT16;
  else if (t.isSignlessInteger(32))
    dtype = DT_INT32;
  else if (t.isSignlessInteger(64))
    dtype = DT_INT64;
  else if (t.isUnsignedInteger(8))
    dtype = DT_UINT8;
  else if (t.isUnsignedInteger(16))
    dtype = DT_UINT16;
  else if (t.isUnsignedInteger(32))
    dtype = DT_UINT32;
  else if (t.isUnsignedInteger(64))
    dtype = DT_UINT64;
  else
    return false;
  bytes = dtypeBytes(dtype);
  return true;
}

absl::StatusOr<AotResult> compileAot(const tensorflow::GraphDef &graph,
                                     const tensorflow::tf2xla::Config &config,
                                     const AotOptions &options) {
  const std::string &gname = options.graphName;
  if (options.target != "cpu" && options.target != "cuda")
    return absl::InvalidArgumentError(
        absl::StrCat("--target=", options.target, ": expected cpu or cuda"));
  if (options.target == "cuda")
    if (absl::Status s = aot_internal::checkGpuArch(options.gpuArch); !s.ok())
      return s;

  Signature sig;
  std::vector<std::string> parts = absl::StrSplit(options.cppClass, "::");
  for (const std::string &p : parts)
    if (!isIdentifier(p))
      return absl::InvalidArgumentError(absl::StrCat(
          "--cpp_class='", options.cppClass,
          "': expected [namespace::...]ClassName, each part a C++ identifier"));
  for (const std::string &p : parts)
    if (isCppKeyword(p))
      return absl::InvalidArgumentError(absl::StrCat(
          "--cpp_class='", options.cppClass, "': '", p,
          "' is a C++ keyword, not a usable class or namespace name"));
  sig.className = parts.back();
  parts.pop_back();
  sig.namespaces = parts;
  sig.symbolPrefix = "__tfmlir_aot_" + absl::StrJoin(parts, "_") +
                     (parts.empty() ? "" : "_") + sig.className;
  // Joined with '_', a_b::C and a::b_C would give the same symbols (and
  // one program cannot link both): where a part has a '_' of its own, the
  // prefix ends with a hash of the qualified name (FNV-1a, 64 bits).
  if (options.cppClass.find('_') != std::string::npos) {
    uint64_t h = 1469598103934665603ull;
    for (unsigned char c : options.cppClass)
      h = (h ^ c) * 1099511628211ull;
    sig.symbolPrefix += absl::StrCat("_", absl::Hex(h, absl::kZeroPad16));
  }

  if (config.fetch_size() == 0)
    return absl::InvalidArgumentError(absl::StrCat(
        options.configName,
        " has no fetch: nothing to compute (tf2xla.Config needs at least one "
        "`fetch { id { node_name: ... } }`)"));
  // Variables: bound on a copy of the graph (only when there are any).
  std::vector<aot_internal::VariableBinding> vars;
  tensorflow::GraphDef rewritten;
  const tensorflow::GraphDef *g = &graph;
  if (config.variable_size() > 0) {
    rewritten = graph;
    if (absl::Status s = aot_internal::bindVariables(rewritten, config, vars);
        !s.ok())
      return absl::Status(s.code(), absl::StrCat(gname, ": ", s.message()));
    g = &rewritten;
  }

  std::unordered_map<std::string, const tensorflow::NodeDef *> nodes;
  for (const auto &n : g->node())
    nodes[n.name()] = &n;
  auto lookup = [&](const tensorflow::tf2xla::TensorId &id,
                    const std::string &what)
      -> absl::StatusOr<const tensorflow::NodeDef *> {
    if (id.node_name().empty())
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": id.node_name is empty"));
    auto it = nodes.find(id.node_name());
    if (it == nodes.end())
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": node '", id.node_name(), "' is not in the graph ", gname));
    if (id.output_index() < 0 ||
        (singleOutputOp(it->second->op()) && id.output_index() > 0))
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": output_index ", id.output_index(), " is out of range for ",
          it->second->op(), " node '", id.node_name(), "'"));
    return it->second;
  };

  std::set<std::string> argNames, resultNames;
  std::vector<GraphArgSpec> feeds;
  for (int i = 0; i < config.feed_size(); ++i) {
    const auto &f = config.feed(i);
    std::string what =
        absl::StrCat("config feed #", i, " ('", tensorName(f.id()), "')");
    auto node = lookup(f.id(), what);
    if (!node.ok())
      return node.status();
    if (absl::Status s = checkName(f.name(), what, argNames); !s.ok())
      return s;
    // dtype: the config's, else the node's `dtype` attr (Placeholder,
    // Const); they must agree when both exist.
    int dt = f.type();
    const auto &attrs = (*node)->attr();
    auto a = attrs.find("dtype");
    int graphDt = a != attrs.end() && f.id().output_index() == 0
                      ? static_cast<int>(a->second.type())
                      : 0;
    if (dt != 0 && graphDt != 0 && dt != graphDt)
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": type ",
          tensorflow::DataType_Name(static_cast<tensorflow::DataType>(dt)),
          " disagrees with the graph's ",
          tensorflow::DataType_Name(static_cast<tensorflow::DataType>(graphDt)),
          " (", (*node)->op(), " '", (*node)->name(), "' attr dtype)"));
    if (dt == 0)
      dt = graphDt;
    if (dt == 0)
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": set `type`: the dtype of ", (*node)->op(), " '",
                       (*node)->name(), "' output ", f.id().output_index(),
                       " is not in the graph"));
    if (dtypeBytes(dt) == 0)
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": dtype ",
          tensorflow::DataType_Name(static_cast<tensorflow::DataType>(dt)),
          " is not supported (f16/bf16/f32/f64/bool/int8-64/uint8-64)"));
    // shape: static in the config, compatible with the graph's.
    if (!f.has_shape())
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": `shape` is missing; tf-compile needs a static "
                             "shape for every feed"));
    if (f.shape().unknown_rank())
      return absl::InvalidArgumentError(
          absl::StrCat(what, ": `shape` has unknown_rank; tf-compile needs a "
                             "static shape for every feed"));
    std::vector<int64_t> shape;
    for (const auto &d : f.shape().dim())
      shape.push_back(d.size());
    for (int64_t d : shape)
      if (d < 0)
        return absl::InvalidArgumentError(
            absl::StrCat(what, ": shape ", shapeString(shape),
                         " is not static; tf-compile needs every dimension"));
    // The byte size must fit the generated int64 constants (and memory).
    // A shape with a 0 dimension has no bytes, however large the others.
    if (std::find(shape.begin(), shape.end(), 0) == shape.end()) {
      int64_t bytes = dtypeBytes(dt);
      for (int64_t d : shape)
        if (bytes > (int64_t(1) << 62) / d)
          return absl::InvalidArgumentError(
              absl::StrCat(what, ": shape ", shapeString(shape),
                           " is more than 2^62 bytes"));
        else
          bytes *= d;
    }
    if (auto g = graphShape(**node, f.id().output_index())) {
      bool ok = g->first.size() == shape.size();
      for (size_t k = 0; ok && k < shape.size(); ++k)
        ok = g->first[k] < 0 || g->first[k] == shape[k];
      if (!ok)
        return absl::InvalidArgumentError(absl::StrCat(
            what, ": shape ", shapeString(shape),
            " disagrees with the graph's ", shapeString(g->first), " (",
            (*node)->op(), " '", (*node)->name(), "' ", g->second, ")"));
    }
    feeds.push_back({tensorName(f.id()), dt, shape});
    Buffer b;
    b.name = f.name();
    b.dtype = dt;
    b.shape = shape;
    b.elementBytes = dtypeBytes(dt);
    sig.args.push_back(b);
  }
  // Variables follow the feeds (tfcompile's order).
  std::vector<int> varArg(vars.size());
  for (size_t i = 0; i < vars.size(); ++i) {
    const aot_internal::VariableBinding &v = vars[i];
    std::string what = absl::StrCat("config variable '", v.node, "'");
    if (dtypeBytes(v.dtype) == 0)
      return absl::InvalidArgumentError(absl::StrCat(
          what, ": dtype ",
          tensorflow::DataType_Name(static_cast<tensorflow::DataType>(v.dtype)),
          " is not supported"));
    if (absl::Status s = checkName(v.name, what, argNames); !s.ok())
      return s;
    feeds.push_back({v.placeholder + ":0", v.dtype, v.shape});
    Buffer b;
    b.name = v.name;
    b.isVariable = true;
    b.dtype = v.dtype;
    b.shape = v.shape;
    b.elementBytes = dtypeBytes(v.dtype);
    varArg[i] = static_cast<int>(sig.args.size());
    sig.args.push_back(b);
  }
  std::vector<std::string> fetches;
  for (int i = 0; i < config.fetch_size(); ++i) {
    const auto &f = config.fetch(i);
    std::string what =
        absl::StrCat("config fetch #", i, " ('", tensorName(f.id()), "')");
    auto node = lookup(f.id(), what);
    if (!node.ok())
      return node.status();
    if (absl::Status s = checkName(f.name(), what, resultNames); !s.ok())
      return s;
    fetches.push_back(tensorName(f.id()));
  }
  // Then the updated values of the variables that are not readonly.
  std::vector<int> resultUpdates(fetches.size(), -1);
  for (size_t i = 0; i < vars.size(); ++i)
    if (!vars[i].readonly) {
      fetches.push_back(vars[i].updated);
      resultUpdates.push_back(varArg[i]);
    }

  // A Placeholder the fetches need but no feed gives: say so (the
  // importer would keep it and the legalization histogram would list
  // every op after it).
  {
    std::set<std::string> fed, seen;
    for (const GraphArgSpec &f : feeds)
      fed.insert(f.tensor.substr(0, f.tensor.rfind(':')));
    for (int i = 0; i < config.fetch_size(); ++i) {
      std::vector<std::string> stack = {config.fetch(i).id().node_name()};
      while (!stack.empty()) {
        std::string n = stack.back();
        stack.pop_back();
        if (fed.count(n) || !seen.insert(n).second)
          continue;
        auto it = nodes.find(n);
        if (it == nodes.end())
          continue; // the importer names inputs that do not exist
        const tensorflow::NodeDef &node = *it->second;
        // A resource variable the config does not list (bindVariables
        // rewrote the reads of those it lists).
        if (node.op() == "VarHandleOp")
          return absl::InvalidArgumentError(absl::StrCat(
              gname, ": config fetch #", i, " ('", fetches[i],
              "') needs resource variable '", n,
              "' (VarHandleOp), which the config does not list; add "
              "`variable { node_name: \"",
              n, "\" shape { ... } type: ... }`"));
        if (node.op() == "Placeholder" || node.op() == "PlaceholderV2")
          return absl::InvalidArgumentError(absl::StrCat(
              gname, ": config fetch #", i, " ('", fetches[i],
              "') needs Placeholder '", n,
              "', which the config does not feed; add `feed { id { "
              "node_name: \"",
              n, "\" } shape { ... } }`"));
        for (const std::string &in : node.input()) {
          std::string src = in[0] == '^' ? in.substr(1) : in;
          stack.push_back(src.substr(0, src.find(':')));
        }
      }
    }
  }

  CompileMemoryBudget budget(options.maxCompileMemoryBytes,
                             "graph '" + gname + "'");
  mlir::DialectRegistry registry;
  registerGraphToHLODialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  auto module = lowerGraphToHLO(*g, gname, feeds, fetches, ctx);
  if (!module.ok())
    return module.status();

  auto func = (**module).lookupSymbol<mlir::func::FuncOp>("main");
  if (!func || func.getNumArguments() != sig.args.size() ||
      func.getNumResults() != fetches.size())
    return absl::InternalError(absl::StrCat(
        gname, ": the lowered @main does not have the config's ",
        sig.args.size(), " arguments and ", fetches.size(), " results"));
  for (auto [i, t] : llvm::enumerate(func.getResultTypes())) {
    auto rt = mlir::dyn_cast<mlir::RankedTensorType>(t);
    Buffer b;
    if (i < static_cast<size_t>(config.fetch_size()))
      b.name = config.fetch(i).name();
    b.updatesArg = resultUpdates[i];
    std::string ts;
    llvm::raw_string_ostream os(ts);
    os << t;
    if (!rt || !rt.hasStaticShape() ||
        !aot_internal::dtypeOf(rt.getElementType(), b.dtype, b.elementBytes))
      return absl::InvalidArgumentError(absl::StrCat(
          gname, ": fetch #", i, " ('", fetches[i], "') has type ", ts,
          "; tf-compile needs a static-shaped tensor of "
          "f16/bf16/f32/f64/bool/int8-64/uint8-64 (feed shapes that fix it?)"));
    b.shape.assign(rt.getShape().begin(), rt.getShape().end());
    sig.results.push_back(b);
  }

  AotResult out;
  absl::Status emitted =
      options.target == "cuda"
          ? aot_internal::emitGpuObject(**module, options, sig, out)
          : aot_internal::emitObject(**module, options, sig, out);
  // Passes skipped after the limit may surface as another error first.
  if (budget.exceeded())
    return budget.status();
  if (!emitted.ok())
    return absl::Status(emitted.code(),
                        absl::StrCat(gname, ": ", emitted.message()));
  out.header = aot_internal::writeHeader(sig, options, out);
  return out;
}

absl::Status readAotConfig(const std::string &path,
                           tensorflow::tf2xla::Config &config) {
  absl::StatusOr<std::string> text = readFileBounded(path);
  if (!text.ok())
    return text.status();
  google::protobuf::TextFormat::Parser parser;
  TextErrorCollector errors;
  parser.RecordErrorsTo(&errors);
  if (!parser.ParseFromString(*text, &config))
    return absl::InvalidArgumentError(
        path +
        (errors.has
             ? ":" + std::to_string(errors.line + 1) + ":" +
                   std::to_string(errors.column + 1) + ": " + errors.message
             : std::string(": parse error")) +
        " (expected a tf2xla.Config text proto)");
  return absl::OkStatus();
}

} // namespace tfmlir
