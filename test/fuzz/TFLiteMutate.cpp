//===- TFLiteMutate.cpp - bounded mutation testing of the .tflite importer ===//
//
// Usage: tfmlir-tflite-mutate <corpus-dir> [iterations=2000] [seed=1]
//
// Takes the TFLite models of the corpus up to 256 KiB, applies random
// mutations (bit flips, overwrites with boundary bytes such as 0x00, 0x7f,
// 0x80, 0xff, truncation) and runs import -> verify -> export -> re-import
// on each result. Many mutants pass the FlatBuffers verifier (the flips land
// in shapes, indices, enum values, option fields or data) and so exercise
// the importer's own checks. The importer must reject bad input with a
// diagnostic and never crash or hang; what it accepts must verify and
// export. Deterministic for a seed. Prints the counts; exits 1 if an
// accepted mutant does not verify or export, 77 without the corpus.
//===----------------------------------------------------------------------===//
#include "dialects/tfl/TFLOps.h"
#include "lib/Translate/TFLiteExporter.h"
#include "lib/Translate/TFLiteImporter.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/IR/Verifier.h"

#include "llvm/Support/FileSystem.h"
#include "llvm/Support/MemoryBuffer.h"
#include "llvm/Support/raw_ostream.h"

#include <algorithm>
#include <random>
#include <string>
#include <vector>

using namespace mlir;

static std::string mutate(const std::string &in, std::mt19937_64 &rng) {
  std::string s = in;
  auto pick = [&](size_t n) { return n ? rng() % n : 0; };
  int rounds = 1 + static_cast<int>(pick(4));
  for (int r = 0; r < rounds && s.size() > 8; ++r) {
    switch (pick(10)) {
    case 0: // truncate
      s.resize(8 + pick(s.size() - 8));
      break;
    case 1:
    case 2:
    case 3: { // boundary byte
      static const char vals[] = {0, 0x7f, char(0x80), char(0xff), 1, 2};
      s[8 + pick(s.size() - 8)] = vals[pick(sizeof(vals))];
      break;
    }
    default: // bit flip (never in the file identifier)
      s[8 + pick(s.size() - 8)] ^= char(1 << pick(8));
      break;
    }
  }
  return s;
}

int main(int argc, char **argv) {
  if (argc < 2) {
    llvm::errs()
        << "usage: tfmlir-tflite-mutate <corpus-dir> [iterations] [seed]\n";
    return 2;
  }
  std::string root = argv[1];
  long iterations = argc > 2 ? std::atol(argv[2]) : 2000;
  uint64_t seed = argc > 3 ? std::strtoull(argv[3], nullptr, 10) : 1;
  if (!llvm::sys::fs::is_directory(root)) {
    llvm::outs() << "corpus not found: skipped\n";
    return 77;
  }
  std::vector<std::pair<std::string, std::string>> seeds;
  std::error_code ec;
  for (llvm::sys::fs::recursive_directory_iterator it(root, ec), end;
       it != end && !ec; it.increment(ec)) {
    llvm::StringRef p = it->path();
    if (!(p.ends_with(".tflite") || p.ends_with(".bin")))
      continue;
    auto buf = llvm::MemoryBuffer::getFile(p, false, false);
    if (!buf || (*buf)->getBufferSize() > 256 * 1024 ||
        (*buf)->getBufferSize() < 8 ||
        (*buf)->getBuffer().substr(4, 4) != "TFL3")
      continue;
    seeds.emplace_back(p.str(), (*buf)->getBuffer().str());
  }
  std::sort(seeds.begin(), seeds.end());
  if (seeds.empty()) {
    llvm::outs() << "no seeds: skipped\n";
    return 77;
  }
  std::mt19937_64 rng(seed);
  long rejected = 0, imported = 0, bad = 0;
  MLIRContext ctx;
  ctx.getDiagEngine().registerHandler([](Diagnostic &) { return success(); });
  for (long i = 0; i < iterations; ++i) {
    const auto &[path, bytes] = seeds[rng() % seeds.size()];
    std::string m = mutate(bytes, rng);
    OwningOpRef<ModuleOp> mod = tfmlir::importTFLite(m, "mutant.tflite", &ctx);
    if (!mod) {
      ++rejected;
      continue;
    }
    ++imported;
    std::string out;
    if (failed(verify(*mod)) || failed(tfmlir::exportTFLite(*mod, out)) ||
        !tfmlir::importTFLite(out, "re.tflite", &ctx)) {
      ++bad;
      llvm::errs() << "mutant " << i << " of " << path
                   << " imports but does not verify/export/re-import\n";
    }
  }
  llvm::outs() << iterations << " mutants of " << seeds.size()
               << " models: " << rejected << " rejected with an error, "
               << imported << " imported (" << bad
               << " of them failed to verify, export or re-import); no crash\n";
  return bad ? 1 : 0;
}
