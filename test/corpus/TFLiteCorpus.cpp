//===- TFLiteCorpus.cpp - .tflite import/export round trip over real models
//===//
//
// Usage: tfmlir-tflite-corpus <corpus-dir> <report.md> [known-failures.txt]
//
// For every .tflite/.bin FlatBuffer under <corpus-dir> (files whose bytes 4..8
// are not "TFL3" and that are not listed as invalid are skipped: they are
// other data):
//   1. import it (-tflite-flatbuffer-to-mlir) and verify the module: M1;
//   2. export M1 (twice: the bytes must be identical) and check that the
//      export has as many subgraphs and operators as the original, and that
//      every operator is preserved: same builtin/custom code, same options
//      (every field, read generically), same number of inputs and outputs,
//      and each input/output tensor has the same name, element type, shape
//      (shape_signature where present), quantization scales and zero
//      points, and constant bytes;
//      Operator versions are compared with the original's (reported only:
//      the exporter emits the minimal version by its own rules);
//   3. import the export: M2 must print exactly as M1 (with locations, so
//      tensor names count): export∘import is a fixed point.
// The invalid models (empty_model.bin and the two tensor-less 2_subgraphs
// files, test_model_broken.bin, segment_sum_invalid_buffer.bin,
// invalid_model.bin) must be rejected with an error that names the file.
// Writes a markdown table to <report.md> and exits non-zero when a file fails
// that is not listed in known-failures.txt (one relative path per line).
// Exit code 77 (skipped) when the corpus folder does not exist.
//===----------------------------------------------------------------------===//
#include "dialects/tfl/TFLOps.h"
#include "lib/Translate/TFLiteExporter.h"
#include "lib/Translate/TFLiteImporter.h"
#include "lib/Translate/TFLiteOptions.h"
#include "lib/Translate/tflite/Schema.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "llvm/ADT/StringSet.h"
#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/Path.h"
#include "llvm/Support/raw_ostream.h"

#include <chrono>
#include <map>
#include <string>
#include <tuple>
#include <vector>

using namespace mlir;
using namespace tfmlir;

namespace {

/// (operator, original version, exported version) -> count and the first
/// file with that change, for changes.
std::map<std::tuple<std::string, int, int>, std::pair<int, std::string>>
    versionChanges;

struct Result {
  std::string path;
  bool expectInvalid = false;
  bool imported = false, exported = false, sameCounts = false,
       deterministic = false, fixedPoint = false, rejectedWell = false;
  int subgraphs = 0, ops = 0, dedicated = 0, generic = 0, custom = 0;
  // Operator versions of the export against the original, operator by
  // operator (the export keeps the order).
  int versionSame = 0, versionLower = 0, versionHigher = 0;
  int opsPreserved = 0;
  size_t inBytes = 0, outBytes = 0;
  double importMs = 0, exportMs = 0;
  std::string error;
  bool ok() const {
    return expectInvalid
               ? rejectedWell
               : imported && exported && sameCounts && deterministic &&
                     fixedPoint && opsPreserved == ops;
  }
};

/// Models the importer must reject. The 2_subgraphs files have, like
/// empty_model.bin, no tensor in any subgraph (TFLite builds an empty
/// interpreter from them; we reject them as empty models).
const llvm::StringSet<> kInvalid = {"empty_model.bin",
                                    "test_model_broken.bin",
                                    "segment_sum_invalid_buffer.bin",
                                    "invalid_model.bin",
                                    "2_subgraphs.bin",
                                    "2_subgraphs_dont_delegate_name.bin"};

std::string print(ModuleOp m) {
  std::string s;
  llvm::raw_string_ostream os(s);
  m->print(os, OpPrintingFlags().enableDebugInfo());
  return s;
}

/// Subgraph and operator counts of a verified model.
std::pair<int, int> counts(StringRef bytes) {
  const tflite::Model *m = tflite::GetModel(bytes.data());
  int sg = 0, ops = 0;
  if (m->subgraphs())
    for (const tflite::SubGraph *g : *m->subgraphs()) {
      ++sg;
      ops += g->operators() ? g->operators()->size() : 0;
    }
  return {sg, ops};
}

/// Bytes of a tensor's constant buffer (empty if none).
std::string constBytes(const tflite::Model *m, const tflite::Tensor *t) {
  if (!t->buffer() || !m->buffers() || t->buffer() >= m->buffers()->size())
    return "";
  const tflite::Buffer *b = m->buffers()->Get(t->buffer());
  if (!b->data())
    return "";
  return std::string(reinterpret_cast<const char *>(b->data()->data()),
                     b->data()->size());
}

template <typename T> std::vector<T> vec(const flatbuffers::Vector<T> *v) {
  return v ? std::vector<T>(v->begin(), v->end()) : std::vector<T>();
}

/// Compares two tensors of the original (a) and the export (e); returns a
/// description of the first difference or "".
std::string diffTensor(const tflite::Model *ma, const tflite::Tensor *a,
                       const tflite::Model *me, const tflite::Tensor *e) {
  auto name = [](const tflite::Tensor *t) {
    return t->name() ? t->name()->str() : std::string();
  };
  if (name(a) != name(e))
    return "name '" + name(a) + "' became '" + name(e) + "'";
  if (a->type() != e->type())
    return "type of '" + name(a) + "' changed";
  auto dims = [](const tflite::Tensor *t) {
    auto sig = vec(t->shape_signature());
    auto shape = vec(t->shape());
    return sig.size() == shape.size() && !sig.empty() ? sig : shape;
  };
  if (dims(a) != dims(e))
    return "shape of '" + name(a) + "' changed";
  auto scales = [](const tflite::Tensor *t) {
    return t->quantization() ? vec(t->quantization()->scale())
                             : std::vector<float>();
  };
  auto zps = [](const tflite::Tensor *t) {
    return t->quantization() ? vec(t->quantization()->zero_point())
                             : std::vector<int64_t>();
  };
  std::vector<float> sa = scales(a), se = scales(e);
  // Parameters the importer keeps as a plain type (invalid scales) are not
  // written back; everything that is written must match.
  if (!se.empty() && (sa != se || zps(a).size() != zps(e).size()))
    return "quantization of '" + name(a) + "' changed";
  if (!se.empty())
    for (size_t i = 0; i < zps(a).size(); ++i)
      if (zps(a)[i] != zps(e)[i])
        return "zero point of '" + name(a) + "' changed";
  if (se.empty() && !sa.empty()) {
    bool valid = true;
    for (float x : sa)
      valid &= x > 0;
    if (valid)
      return "quantization of '" + name(a) + "' was dropped";
  }
  if (constBytes(ma, a) != constBytes(me, e))
    return "data of '" + name(a) + "' changed";
  return "";
}

/// Compares operator k of subgraph g; returns the first difference or "".
std::string diffOperator(const tflite::Model *ma, const tflite::Model *me,
                         unsigned g, unsigned k, MLIRContext &ctx) {
  const tflite::SubGraph *ga = ma->subgraphs()->Get(g),
                         *ge = me->subgraphs()->Get(g);
  const tflite::Operator *a = ga->operators()->Get(k),
                         *e = ge->operators()->Get(k);
  const tflite::OperatorCode *ca = ma->operator_codes()->Get(a->opcode_index());
  const tflite::OperatorCode *ce = me->operator_codes()->Get(e->opcode_index());
  int codeA = std::max<int>(ca->deprecated_builtin_code(), ca->builtin_code());
  int codeE = std::max<int>(ce->deprecated_builtin_code(), ce->builtin_code());
  if (codeA != codeE)
    return "builtin code changed";
  if ((ca->custom_code() ? ca->custom_code()->str() : "") !=
      (ce->custom_code() ? ce->custom_code()->str() : ""))
    return "custom code changed";
  if (vec(a->custom_options()) != vec(e->custom_options()))
    return "custom options changed";
  // Options, field by field (a missing table reads as all defaults).
  Builder b(&ctx);
  auto sym = [&](int64_t i, std::string &) -> FailureOr<FlatSymbolRefAttr> {
    return FlatSymbolRefAttr::get(&ctx, "sg" + std::to_string(i));
  };
  for (bool second : {false, true}) {
    uint8_t ta = second ? uint8_t(a->builtin_options_2_type())
                        : uint8_t(a->builtin_options_type());
    uint8_t te = second ? uint8_t(e->builtin_options_2_type())
                        : uint8_t(e->builtin_options_type());
    if (ta == 0 && te == 0)
      continue;
    if (ta != 0 && te != 0 && ta != te)
      return "options table changed";
    auto table = tfmlir::tflite_io::optionsTableForUnion(ta ? ta : te, second);
    if (!table)
      return "unknown options table";
    SmallVector<NamedAttribute> da, de;
    std::string err;
    auto *pa = static_cast<const flatbuffers::Table *>(
        second ? a->builtin_options_2() : a->builtin_options());
    auto *pe = static_cast<const flatbuffers::Table *>(
        second ? e->builtin_options_2() : e->builtin_options());
    if (failed(tfmlir::tflite_io::readOptions(ta ? pa : nullptr, *table, b, sym,
                                              da, err)) ||
        failed(tfmlir::tflite_io::readOptions(te ? pe : nullptr, *table, b, sym,
                                              de, err)))
      return "options unreadable: " + err;
    if (b.getDictionaryAttr(da) != b.getDictionaryAttr(de))
      return "options changed";
  }
  auto ia = vec(a->inputs()), ie = vec(e->inputs());
  auto oa = vec(a->outputs()), oe = vec(e->outputs());
  if (ia.size() != ie.size() || oa.size() != oe.size())
    return "number of inputs or outputs changed";
  for (int pass = 0; pass < 2; ++pass) {
    auto &xa = pass ? oa : ia;
    auto &xe = pass ? oe : ie;
    for (size_t j = 0; j < xa.size(); ++j) {
      if ((xa[j] < 0) != (xe[j] < 0))
        return "an omitted input changed";
      if (xa[j] < 0)
        continue;
      std::string d = diffTensor(ma, ga->tensors()->Get(xa[j]), me,
                                 ge->tensors()->Get(xe[j]));
      if (!d.empty())
        return std::string(pass ? "output " : "input ") + std::to_string(j) +
               ": " + d;
    }
  }
  return "";
}

double msSince(std::chrono::steady_clock::time_point t) {
  return std::chrono::duration<double, std::milli>(
             std::chrono::steady_clock::now() - t)
      .count();
}

Result runOne(const std::string &path, const std::string &rel) {
  Result r;
  r.path = rel;
  r.expectInvalid = kInvalid.contains(llvm::sys::path::filename(path));
  auto buf = llvm::MemoryBuffer::getFile(path, /*IsText=*/false,
                                         /*RequiresNullTerminator=*/false);
  if (!buf) {
    r.error = "cannot read the file";
    return r;
  }
  StringRef bytes = (*buf)->getBuffer();
  r.inBytes = bytes.size();
  MLIRContext ctx;
  std::string diag;
  ScopedDiagnosticHandler handler(&ctx, [&](Diagnostic &d) {
    if (d.getSeverity() == DiagnosticSeverity::Error && diag.empty()) {
      llvm::raw_string_ostream os(diag);
      os << d.getLocation() << ": " << d.str();
    }
    return success();
  });
  auto t0 = std::chrono::steady_clock::now();
  OwningOpRef<ModuleOp> m1 = importTFLite(bytes, path, &ctx);
  r.importMs = msSince(t0);
  if (r.expectInvalid) {
    r.rejectedWell = !m1 && diag.find(path) != std::string::npos;
    r.error = m1 ? "imported although invalid" : diag;
    return r;
  }
  if (!m1 || failed(verify(*m1))) {
    r.error = "import: " + diag;
    return r;
  }
  r.imported = true;
  m1->walk([&](Operation *op) {
    if (isa<tfl::BuiltinOp>(op))
      ++r.generic;
    else if (isa<tfl::CustomOp>(op))
      ++r.custom;
    else if (isa<tfl::TFLDialect>(op->getDialect()) &&
             !isa<tfl::PseudoConstOp, tfl::PseudoTensorOp, tfl::NoValueOp>(op))
      ++r.dedicated;
  });
  std::string out1, out2;
  t0 = std::chrono::steady_clock::now();
  if (failed(exportTFLite(*m1, out1))) {
    r.error = "export: " + diag;
    return r;
  }
  r.exportMs = msSince(t0);
  r.exported = true;
  r.outBytes = out1.size();
  r.deterministic = succeeded(exportTFLite(*m1, out2)) && out1 == out2;
  auto [sg0, ops0] = counts(bytes);
  auto [sg1, ops1] = counts(out1);
  r.subgraphs = sg0;
  r.ops = ops0;
  r.sameCounts = sg0 == sg1 && ops0 == ops1;
  if (r.sameCounts) {
    const tflite::Model *a = tflite::GetModel(bytes.data());
    const tflite::Model *e = tflite::GetModel(out1.data());
    for (unsigned g = 0; g < a->subgraphs()->size(); ++g)
      for (unsigned k = 0; a->subgraphs()->Get(g)->operators() &&
                           k < a->subgraphs()->Get(g)->operators()->size();
           ++k) {
        std::string d = diffOperator(a, e, g, k, ctx);
        if (d.empty())
          ++r.opsPreserved;
        else if (r.error.empty())
          r.error = "subgraph " + std::to_string(g) + " operator " +
                    std::to_string(k) + ": " + d;
      }
    for (unsigned g = 0; g < a->subgraphs()->size(); ++g) {
      auto *oa = a->subgraphs()->Get(g)->operators();
      auto *oe = e->subgraphs()->Get(g)->operators();
      for (unsigned k = 0; oa && oe && k < oa->size(); ++k) {
        int va =
            a->operator_codes()->Get(oa->Get(k)->opcode_index())->version();
        int ve =
            e->operator_codes()->Get(oe->Get(k)->opcode_index())->version();
        (va == ve  ? r.versionSame
         : va > ve ? r.versionLower
                   : r.versionHigher)++;
        if (va != ve) {
          auto *oc = a->operator_codes()->Get(oa->Get(k)->opcode_index());
          int code =
              std::max<int>(oc->deprecated_builtin_code(), oc->builtin_code());
          auto &change =
              versionChanges[{tflite::EnumNameBuiltinOperator(
                                  static_cast<tflite::BuiltinOperator>(code)),
                              va, ve}];
          if (change.first++ == 0)
            change.second = rel;
        }
      }
    }
  }
  if (!r.sameCounts)
    r.error = "export has " + std::to_string(sg1) + " subgraphs / " +
              std::to_string(ops1) + " operators, the original " +
              std::to_string(sg0) + " / " + std::to_string(ops0);
  OwningOpRef<ModuleOp> m2 = importTFLite(out1, path, &ctx);
  if (!m2) {
    r.error = "re-import: " + diag;
    return r;
  }
  std::string p1 = print(*m1), p2 = print(*m2);
  r.fixedPoint = p1 == p2;
  if (!r.fixedPoint) {
    size_t i = 0;
    while (i < p1.size() && i < p2.size() && p1[i] == p2[i])
      ++i;
    size_t from = p1.rfind('\n', i);
    from = from == std::string::npos ? 0 : from + 1;
    r.error = "re-import differs at: " + p1.substr(from, 160) + " vs " +
              p2.substr(from, 160);
  }
  return r;
}
} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: tfmlir-tflite-corpus <corpus-dir> <report.md> "
                    "[known-failures.txt]\n";
    return 2;
  }
  std::string root = argv[1];
  if (!llvm::sys::fs::is_directory(root)) {
    llvm::outs() << "corpus not found at " << root << ": skipped\n";
    return 77;
  }
  llvm::StringSet<> known;
  if (argc > 3)
    if (auto kb = llvm::MemoryBuffer::getFile(argv[3])) {
      SmallVector<StringRef> lines;
      (*kb)->getBuffer().split(lines, '\n', -1, false);
      for (StringRef l : lines)
        if (!l.trim().empty() && !l.trim().starts_with("#"))
          known.insert(l.trim());
    }
  std::vector<std::string> files;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec)) {
    StringRef p = it->path();
    if (!(p.ends_with(".tflite") || p.ends_with(".bin")))
      continue;
    if (it->type() != llvm::sys::fs::file_type::regular_file)
      continue;
    files.push_back(p.str());
  }
  std::sort(files.begin(), files.end());

  std::vector<Result> results;
  int skipped = 0;
  for (const std::string &f : files) {
    std::string rel = f.substr(root.size() + (root.back() == '/' ? 0 : 1));
    bool invalid = kInvalid.contains(llvm::sys::path::filename(f));
    if (!invalid) {
      auto buf = llvm::MemoryBuffer::getFile(f, false, false);
      if (!buf || (*buf)->getBufferSize() < 8 ||
          (*buf)->getBuffer().substr(4, 4) != "TFL3") {
        ++skipped;
        continue;
      }
    }
    results.push_back(runOne(f, rel));
  }

  int pass = 0, fail = 0, knownFail = 0, valid = 0, invalidOk = 0, fixed = 0;
  int ops = 0, dedicated = 0, generic = 0, custom = 0;
  int vSame = 0, vLower = 0, vHigher = 0, preservedOps = 0;
  double importMs = 0, exportMs = 0;
  std::error_code wec;
  llvm::raw_fd_ostream md(argv[2], wec);
  md << "# TFLite corpus: import, export, re-import\n\n"
     << "| file | subgraphs | operators | tfl ops / builtin_op / custom | "
        "import ms | export ms | bytes in → out | result |\n"
     << "|---|---|---|---|---|---|---|---|\n";
  for (const Result &r : results) {
    bool ok = r.ok();
    bool isKnown = known.contains(r.path);
    if (ok)
      ++pass;
    else if (isKnown)
      ++knownFail;
    else
      ++fail;
    if (r.expectInvalid)
      invalidOk += r.rejectedWell;
    else {
      ++valid;
      fixed += r.fixedPoint;
      ops += r.ops;
      dedicated += r.dedicated;
      generic += r.generic;
      custom += r.custom;
      vSame += r.versionSame;
      preservedOps += r.opsPreserved;
      vLower += r.versionLower;
      vHigher += r.versionHigher;
      importMs += r.importMs;
      exportMs += r.exportMs;
    }
    std::string res = ok ? (r.expectInvalid ? "rejected (invalid model)" : "ok")
                         : (isKnown ? "KNOWN FAILURE: " : "FAIL: ") + r.error;
    if (ok && r.expectInvalid)
      res += ": " + r.error;
    for (char &c : res)
      if (c == '|' || c == '\n')
        c = ' ';
    md << "| " << r.path << " | " << r.subgraphs << " | " << r.ops << " | "
       << r.dedicated << " / " << r.generic << " / " << r.custom << " | ";
    md << llvm::format("%.1f", r.importMs) << " | "
       << llvm::format("%.1f", r.exportMs) << " | " << r.inBytes << " → "
       << r.outBytes << " | " << res << " |\n";
    if (!ok && !isKnown)
      llvm::errs() << "FAIL " << r.path << ": " << r.error << "\n";
  }
  std::string summary =
      "valid models: " + std::to_string(valid) +
      ", fixed point: " + std::to_string(fixed) +
      "; invalid models rejected: " + std::to_string(invalidOk) + " of " +
      std::to_string(results.size() - valid) +
      "; skipped (not TFL3): " + std::to_string(skipped) +
      "; operators: " + std::to_string(ops) +
      ", preserved by the export: " + std::to_string(preservedOps) +
      " (tfl ops " + std::to_string(dedicated) + ", builtin_op " +
      std::to_string(generic) + ", custom " + std::to_string(custom) +
      "); exported op versions vs the original: same " + std::to_string(vSame) +
      ", lower " + std::to_string(vLower) + ", higher " +
      std::to_string(vHigher) + "; total import " +
      std::to_string(int(importMs)) + " ms, export " +
      std::to_string(int(exportMs)) + " ms; pass " + std::to_string(pass) +
      ", known failures " + std::to_string(knownFail) + ", new failures " +
      std::to_string(fail);
  md << "\n"
     << summary
     << "\n\n## Operator versions that differ from the "
        "original file\n\nThe exporter writes the versions of TFLite's "
        "current op versioning rules; older converters wrote lower ones for "
        "some features (e.g. float16 DEQUANTIZE was 2, now 3).\n\n"
        "| operator | original | exported | count | first file |\n"
        "|---|---|---|---|---|\n";
  for (auto &[k, n] : versionChanges)
    md << "| " << std::get<0>(k) << " | " << std::get<1>(k) << " | "
       << std::get<2>(k) << " | " << n.first << " | " << n.second << " |\n";
  llvm::outs() << summary << "\nreport: " << argv[2] << "\n";
  return fail ? 1 : 0;
}
