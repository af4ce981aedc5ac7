//===- GraphDefCorpus.cpp - import/export round trip over real GraphDefs --===//
//
// Usage: tfmlir-graphdef-corpus <corpus-dir> <report.md> [known-failures.txt]
//
// For every GraphDef under <corpus-dir>/dl4j_tf_graphs and
// <corpus-dir>/tensorflow (binary .pb, text .pbtxt/.pb.txt; tf2xla configs,
// debug-info files and SavedModels are not GraphDefs and are skipped):
//   1. parse and import it (default flags);
//   2. export it and check that every original node is preserved: same op,
//      device, inputs (`x:0` == `x`) and attrs (compared as MLIR attributes,
//      so `tensor_content` and typed values that hold the same tensor are
//      equal); added default attrs are allowed;
//   3. import the export and export again: the two GraphDefs must be equal
//      (import∘export is a fixed point).
// Files the corpus README names as invalid must be rejected with an error
// that names the file (and, for graph-level errors, the node).
// Writes a markdown table to <report.md>. Exits non-zero when a file fails
// that is not listed in known-failures.txt (one relative path per line).
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "lib/Translate/Convert.h"
#include "lib/Translate/GraphDefExporter.h"
#include "lib/Translate/GraphDefImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/ADT/StringMap.h"
#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <google/protobuf/util/field_comparator.h>
#include <google/protobuf/util/message_differencer.h>

#include <map>
#include <string>
#include <vector>

using namespace mlir;
using namespace tfmlir;

namespace {

struct Result {
  std::string path, group;
  bool expectInvalid = false;
  bool parsed = false, imported = false, preserved = false, fixedPoint = false;
  bool rejectedWell = false;
  std::string error;
  std::string warning;
};

std::string normalizeInput(llvm::StringRef in) {
  if (in.ends_with(":0") && !in.starts_with("^"))
    return in.drop_back(2).str();
  return in.str();
}

bool attrsEqual(const tensorflow::AttrValue &a, const tensorflow::AttrValue &b,
                MLIRContext &ctx) {
  if (google::protobuf::util::MessageDifferencer::Equivalent(a, b))
    return true;
  Builder builder(&ctx);
  auto ma = convertAttrValue(a, builder);
  auto mb = convertAttrValue(b, builder);
  if (!ma || !mb) {
    if (!ma)
      llvm::consumeError(ma.takeError());
    if (!mb)
      llvm::consumeError(mb.takeError());
    return false;
  }
  return *ma == *mb;
}

/// Checks that `out` keeps every node of `in` (op, device, inputs, attrs).
bool preserved(const tensorflow::GraphDef &in, const tensorflow::GraphDef &out,
               MLIRContext &ctx, std::string &why) {
  llvm::StringMap<const tensorflow::NodeDef *> byName;
  for (const auto &n : out.node())
    byName[n.name()] = &n;
  for (const auto &n : in.node()) {
    auto it = byName.find(n.name());
    if (it == byName.end()) {
      why = "node '" + n.name() + "' missing after export";
      return false;
    }
    const auto &o = *it->second;
    if (o.op() != n.op() || o.device() != n.device()) {
      why = "node '" + n.name() + "' changed op or device";
      return false;
    }
    if (o.input_size() != n.input_size()) {
      why = "node '" + n.name() + "' has a different number of inputs";
      return false;
    }
    for (int i = 0; i < n.input_size(); ++i)
      if (normalizeInput(o.input(i)) != normalizeInput(n.input(i))) {
        why = "node '" + n.name() + "' input " + std::to_string(i) + " '" +
              n.input(i) + "' became '" + o.input(i) + "'";
        return false;
      }
    for (const auto &kv : n.attr()) {
      auto a = o.attr().find(kv.first);
      if (a == o.attr().end() || !attrsEqual(kv.second, a->second, ctx)) {
        why = "node '" + n.name() + "' attr '" + kv.first + "' changed";
        return false;
      }
    }
  }
  if (in.library().function_size() != out.library().function_size()) {
    why = "function library size changed";
    return false;
  }
  return true;
}

/// The importer flags of TF's own RUN lines for the tests that need them
/// (the corpus copies have no RUN lines).
GraphImportConfig configFor(llvm::StringRef path) {
  GraphImportConfig c;
  if (path.ends_with("graphdef2mlir/graph-undefined-output.pbtxt")) {
    c.inputArrays = {"input"};
    c.outputArrays = {"NotANodeInTheGraph"};
  } else if (path.ends_with("graphdef2mlir/invalid-output-index.pbtxt")) {
    c.inputArrays = {"input"};
    c.outputArrays = {"input:1"};
  } else if (path.ends_with(
                 "graphdef2mlir/error-message-with-source-info.pbtxt")) {
    c.inputArrays = {"x", "y"};
    c.inputDataTypes = {"DT_INT32", "DT_INT32"};
    c.inputShapes = {"2", "3"};
    c.outputArrays = {"x_y_sum"};
  }
  return c;
}

void runOne(Result &r) {
  auto bufOr = llvm::MemoryBuffer::getFile(r.path, /*IsText=*/false);
  if (!bufOr) {
    r.error = "cannot read";
    return;
  }
  DialectRegistry registry;
  registerTFDialects(registry);
  registry.insert<func::FuncDialect>();
  MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
  ctx.loadAllAvailableDialects();
  std::string diags;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Warning) {
      if (r.warning.empty())
        r.warning = d.str();
      return success();
    }
    if (diags.empty()) {
      llvm::raw_string_ostream os(diags);
      os << d.getLocation() << ": " << d.str();
    }
    return success();
  });
  tensorflow::GraphDef g;
  std::string perr;
  std::vector<int> lines;
  if (!parseGraphDef((*bufOr)->getBuffer(), r.path, g, perr, &lines)) {
    r.error = perr;
    return;
  }
  r.parsed = true;
  GraphImportConfig config = configFor(r.path);
  auto m1 = importGraphDef(g, config, &ctx, r.path, &lines);
  if (!m1) {
    r.error = diags.empty() ? "import failed" : diags;
    return;
  }
  r.imported = true;
  tensorflow::GraphDef g2;
  if (failed(exportGraphDef(*m1, g2))) {
    r.error = "export: " + diags;
    return;
  }
  std::string why;
  r.preserved = preserved(g, g2, ctx, why);
  if (!r.preserved)
    r.error = why;
  auto m2 =
      importGraphDef(g2, GraphImportConfig(), &ctx, r.path + "(exported)");
  if (!m2) {
    r.error = "re-import: " + diags;
    return;
  }
  tensorflow::GraphDef g3;
  if (failed(exportGraphDef(*m2, g3))) {
    r.error = "re-export: " + diags;
    return;
  }
  google::protobuf::util::MessageDifferencer diff;
  google::protobuf::util::DefaultFieldComparator cmp;
  cmp.set_treat_nan_as_equal(true);
  diff.set_field_comparator(&cmp);
  std::string report;
  diff.ReportDifferencesToString(&report);
  r.fixedPoint = diff.Compare(g2, g3);
  if (!r.fixedPoint && r.error.empty())
    r.error = "not a fixed point: " + report.substr(0, 300);
}

bool isInvalidByReadme(llvm::StringRef rel) {
  llvm::StringRef name = llvm::sys::path::filename(rel);
  // TF's importer tests whose names say they must fail.
  if (rel.contains("importexport/tests/") &&
      (name.starts_with("invalid_") || name == "error_during_backedge.pbtxt"))
    return true;
  return rel.contains("nonstandard_nd4j_textproto/") ||
         rel.ends_with("graphdef2mlir/graph-malformed.pbtxt") ||
         rel.ends_with("graphdef2mlir/graph-undefined-output.pbtxt") ||
         rel.ends_with("graphdef2mlir/invalid-output-index.pbtxt") ||
         rel.ends_with("graphdef2mlir/error-message-with-source-info.pbtxt");
}

bool isGraphDefCandidate(llvm::StringRef rel) {
  llvm::StringRef name = llvm::sys::path::filename(rel);
  if (name.ends_with(".config.pbtxt") || name.ends_with(".debug.pbtxt") ||
      name.starts_with("saved_model."))
    return false;
  return name.ends_with(".pb") || name.ends_with(".pbtxt") ||
         name.ends_with(".pb.txt");
}

std::string groupOf(llvm::StringRef rel) {
  if (rel.starts_with("dl4j_tf_graphs/examples/"))
    return rel.ends_with(".pb") ? "dl4j examples (binary .pb)"
                                : "dl4j examples (text .pbtxt)";
  if (rel.starts_with("dl4j_tf_graphs/nonstandard"))
    return "dl4j nonstandard (must be rejected)";
  if (rel.starts_with("dl4j_tf_graphs/"))
    return "dl4j top-level graphs";
  SmallVector<llvm::StringRef> parts;
  rel.split(parts, '/');
  // tensorflow/tensorflow/<a>/<b>/...
  std::string g = "tensorflow";
  for (size_t i = 2; i < parts.size() - 1 && i < 6; ++i)
    g += "/" + parts[i].str();
  return g;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: " << argv[0]
                 << " <corpus-dir> <report.md> [known-failures.txt]\n";
    return 2;
  }
  std::string root = argv[1];
  if (!llvm::sys::fs::is_directory(root)) {
    llvm::outs() << "corpus directory '" << root << "' not found: skipped\n";
    return 77; // ctest SKIP_RETURN_CODE
  }
  llvm::StringSet<> known;
  if (argc > 3) {
    if (auto b = llvm::MemoryBuffer::getFile(argv[3])) {
      SmallVector<llvm::StringRef> lines;
      (*b)->getBuffer().split(lines, '\n');
      for (llvm::StringRef l : lines) {
        l = l.trim();
        if (!l.empty() && !l.starts_with("#"))
          known.insert(l);
      }
    }
  }
  std::vector<Result> results;
  for (const char *sub : {"dl4j_tf_graphs", "tensorflow"}) {
    std::error_code ec;
    std::string base = root + "/" + sub;
    for (llvm::sys::fs::recursive_directory_iterator it(base, ec), end;
         it != end && !ec; it.increment(ec)) {
      if (it->type() != llvm::sys::fs::file_type::regular_file)
        continue;
      std::string rel = it->path().substr(root.size() + 1);
      if (!isGraphDefCandidate(rel))
        continue;
      Result r;
      r.path = it->path();
      r.group = groupOf(rel);
      r.expectInvalid = isInvalidByReadme(rel);
      results.push_back(r);
    }
  }
  std::sort(results.begin(), results.end(),
            [](const Result &a, const Result &b) { return a.path < b.path; });
  int unexpected = 0;
  struct Counts {
    int files = 0, imported = 0, preserved = 0, fixed = 0, rejected = 0;
  };
  std::map<std::string, Counts> byGroup;
  std::vector<std::string> failures;
  for (Result &r : results) {
    runOne(r);
    std::string rel = r.path.substr(root.size() + 1);
    Counts &c = byGroup[r.group];
    ++c.files;
    if (r.expectInvalid) {
      // Must fail with a one-line message naming the file (and the node for
      // graph-level errors).
      bool namesFile = r.error.find(r.path) != std::string::npos ||
                       r.error.find(llvm::sys::path::filename(r.path).str()) !=
                           std::string::npos;
      bool namesNode = r.error.find("node '") != std::string::npos ||
                       r.error.find("function '") != std::string::npos ||
                       r.error.find("function #") != std::string::npos;
      bool graphLevel = r.parsed;
      // TF loads library functions lazily, and so do we: a broken function
      // that the graph does not use only gets a warning naming it.
      bool warnedFunction =
          r.imported && r.warning.find("function '") != std::string::npos;
      r.rejectedWell =
          warnedFunction ||
          (!r.imported && namesFile && (!graphLevel || namesNode) &&
           r.error.find('\n') == std::string::npos);
      if (r.rejectedWell)
        ++c.rejected;
      else if (!known.count(rel)) {
        ++unexpected;
        failures.push_back(
            rel +
            ": expected a one-line rejection naming the "
            "file and node, got: " +
            (r.imported ? std::string("imported with no warning") : r.error));
      }
      continue;
    }
    c.imported += r.imported;
    c.preserved += r.preserved;
    c.fixed += r.fixedPoint;
    bool ok = r.imported && r.preserved && r.fixedPoint;
    if (!ok && !known.count(rel)) {
      ++unexpected;
      failures.push_back(rel + ": " + r.error);
    }
    if (ok && known.count(rel))
      llvm::outs() << "note: " << rel
                   << " now passes; remove it from the known failures\n";
  }
  std::error_code ec;
  llvm::raw_fd_ostream md(argv[2], ec);
  md << "# GraphDef import/export over the corpus\n\n"
     << "| group | files | imported | nodes/edges/attrs preserved | "
        "import∘export fixed point | rejected as required |\n"
     << "|---|---:|---:|---:|---:|---:|\n";
  Counts total;
  for (auto &[g, c] : byGroup) {
    md << "| " << g << " | " << c.files << " | " << c.imported << " | "
       << c.preserved << " | " << c.fixed << " | " << c.rejected << " |\n";
    total.files += c.files;
    total.imported += c.imported;
    total.preserved += c.preserved;
    total.fixed += c.fixed;
    total.rejected += c.rejected;
  }
  md << "| **total** | " << total.files << " | " << total.imported << " | "
     << total.preserved << " | " << total.fixed << " | " << total.rejected
     << " |\n";
  if (!failures.empty()) {
    md << "\n## Unexpected failures\n\n";
    for (auto &f : failures)
      md << "- " << f << "\n";
  }
  llvm::outs() << "GraphDef corpus: " << total.files << " files, "
               << total.imported << " imported, " << total.preserved
               << " preserved, " << total.fixed << " fixed points, "
               << total.rejected << " rejected as required; report: " << argv[2]
               << "\n";
  for (auto &f : failures)
    llvm::outs() << "FAIL " << f << "\n";
  int passed = static_cast<int>(results.size()) - unexpected;
  llvm::outs() << passed << " passed, " << unexpected << " failed\n";
  return unexpected ? 1 : 0;
}
