//===- TFJSMutate.cpp - bounded mutation testing of the TF.js loader ------===//
//
// Usage: tfmlir-tfjs-mutate <model-dir> <work-dir> [iterations=3000] [seed=1]
//
// Takes a TF.js graph model (model.json and its shards in <model-dir>; ctest
// uses the committed synthetic model of test/Translate/tfjs) and writes
// mutants into <work-dir>: model.json with JSON-aware mutations (a number
// replaced by a boundary value such as -1, 0, 2^32, 2^63, 1e400, a string by
// a dtype/op/quantization name, a path, a tensor name or "", a line deleted)
// and shards truncated, extended or bit-flipped. Each mutant goes through
// loadTFJSModel and, when it loads, importGraphDef. The loader must reject
// bad input with an absl::Status naming model.json and never crash or hang;
// what it accepts must import or fail with a diagnostic. Deterministic for a
// seed. Prints the counts; exits 1 on a status without the file name.
//===----------------------------------------------------------------------===//
#include "dialects/tf/TFOps.h"
#include "lib/Translate/GraphDefImporter.h"
#include "lib/Translate/TFJSModel.h"

#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"

#include "llvm/Support/raw_ostream.h"

#include <filesystem>
#include <fstream>
#include <random>
#include <sstream>
#include <string>
#include <vector>

namespace fs = std::filesystem;

namespace {

std::string readAll(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  std::stringstream ss;
  ss << in.rdbuf();
  return ss.str();
}

void writeAll(const fs::path &p, const std::string &data) {
  std::ofstream out(p, std::ios::binary | std::ios::trunc);
  out << data;
}

/// [begin, end) of every number and of every string's contents in `json`.
void tokens(const std::string &json,
            std::vector<std::pair<size_t, size_t>> &numbers,
            std::vector<std::pair<size_t, size_t>> &strings) {
  for (size_t i = 0; i < json.size();) {
    char c = json[i];
    if (c == '"') {
      size_t j = i + 1;
      while (j < json.size() && json[j] != '"')
        j += json[j] == '\\' ? 2 : 1;
      strings.push_back({i + 1, std::min(j, json.size())});
      i = j + 1;
    } else if (c == '-' || (c >= '0' && c <= '9')) {
      size_t j = i + 1;
      while (j < json.size() &&
             (std::isdigit(static_cast<unsigned char>(json[j])) ||
              json[j] == '.' || json[j] == 'e' || json[j] == 'E' ||
              json[j] == '-' || json[j] == '+'))
        ++j;
      numbers.push_back({i, j});
      i = j;
    } else {
      ++i;
    }
  }
}

std::string mutateJson(const std::string &in, std::mt19937_64 &rng) {
  auto pick = [&](size_t n) { return n ? size_t(rng() % n) : 0; };
  static const char *kNumbers[] = {"-1",
                                   "0",
                                   "1",
                                   "3",
                                   "255",
                                   "65536",
                                   "4294967296",
                                   "9223372036854775807",
                                   "-9223372036854775808",
                                   "1e400",
                                   "2.5",
                                   "\"7\"",
                                   "\"-1\"",
                                   "true",
                                   "null"};
  static const char *kStrings[] = {"",
                                   "float64",
                                   "int32",
                                   "bool",
                                   "string",
                                   "complex64",
                                   "uint8",
                                   "uint16",
                                   "float16",
                                   "int4",
                                   "DT_FLOAT",
                                   "DT_INT64",
                                   "DT_STRING",
                                   "DT_BOOL",
                                   "DT_HALF",
                                   "Const",
                                   "Placeholder",
                                   "NoOp",
                                   "Identity",
                                   "w",
                                   "x:0",
                                   "^x",
                                   "x:7",
                                   "nosuch",
                                   "../group1-shard1of2.bin",
                                   "/dev/zero",
                                   "group2-shard1of1.bin",
                                   "graph-model",
                                   "layers-model",
                                   "TkhXQw==",
                                   "!!notbase64"};
  std::string s = in;
  int rounds = 1 + int(pick(3));
  for (int r = 0; r < rounds; ++r) {
    std::vector<std::pair<size_t, size_t>> numbers, strings;
    tokens(s, numbers, strings);
    switch (pick(4)) {
    case 0:
    case 1:
      if (!numbers.empty()) {
        auto [b, e] = numbers[pick(numbers.size())];
        s.replace(b, e - b, kNumbers[pick(std::size(kNumbers))]);
      }
      break;
    case 2:
      if (!strings.empty()) {
        auto [b, e] = strings[pick(strings.size())];
        s.replace(b, e - b, kStrings[pick(std::size(kStrings))]);
      }
      break;
    default: { // delete one line (a key, a list element, a closing brace)
      std::vector<size_t> starts = {0};
      for (size_t i = 0; i < s.size(); ++i)
        if (s[i] == '\n')
          starts.push_back(i + 1);
      size_t k = pick(starts.size());
      size_t end = s.find('\n', starts[k]);
      s.erase(starts[k], end == std::string::npos ? std::string::npos
                                                  : end - starts[k] + 1);
      break;
    }
    }
  }
  return s;
}

std::string mutateShard(const std::string &in, std::mt19937_64 &rng) {
  auto pick = [&](size_t n) { return n ? size_t(rng() % n) : 0; };
  std::string s = in;
  switch (pick(3)) {
  case 0:
    s.resize(pick(s.size() + 1));
    break;
  case 1:
    s.append(1 + pick(8), char(pick(256)));
    break;
  default:
    if (!s.empty())
      s[pick(s.size())] ^= char(1 << pick(8));
    break;
  }
  return s;
}

} // namespace

int main(int argc, char **argv) {
  if (argc < 3) {
    llvm::errs() << "usage: tfmlir-tfjs-mutate <model-dir> <work-dir> "
                    "[iterations] [seed]\n";
    return 2;
  }
  fs::path src = argv[1], work = argv[2];
  long iterations = argc > 3 ? std::atol(argv[3]) : 3000;
  uint64_t seed = argc > 4 ? std::strtoull(argv[4], nullptr, 10) : 1;
  if (!fs::exists(src / "model.json")) {
    llvm::errs() << src.string() << ": no model.json\n";
    return 2;
  }
  std::string json = readAll(src / "model.json");
  std::vector<std::pair<std::string, std::string>> shards;
  for (const auto &e : fs::directory_iterator(src))
    if (e.path().extension() == ".bin")
      shards.push_back({e.path().filename().string(), readAll(e.path())});
  std::sort(shards.begin(), shards.end());

  std::error_code ec;
  fs::create_directories(work, ec);
  const std::string jsonPath = (work / "model.json").string();
  mlir::DialectRegistry registry;
  tfmlir::registerTFDialects(registry);
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  mlir::ScopedDiagnosticHandler quiet(
      &ctx, [](mlir::Diagnostic &) { return mlir::success(); });

  std::mt19937_64 rng(seed);
  long loaded = 0, imported = 0, rejected = 0, unnamed = 0;
  for (long it = 0; it < iterations; ++it) {
    bool jsonOnly = rng() % 3 != 0;
    writeAll(jsonPath, jsonOnly ? mutateJson(json, rng) : json);
    for (const auto &[name, data] : shards)
      writeAll(work / name,
               !jsonOnly && rng() % 2 ? mutateShard(data, rng) : data);
    absl::StatusOr<tfmlir::LoadedModel> m = tfmlir::loadTFJSModel(jsonPath);
    if (!m.ok()) {
      ++rejected;
      if (std::string(m.status().message()).find(jsonPath) ==
          std::string::npos) {
        if (++unnamed <= 5)
          llvm::errs() << "status without the file name: "
                       << m.status().ToString() << "\n";
      }
      continue;
    }
    ++loaded;
    tfmlir::GraphImportConfig config;
    if (tfmlir::importGraphDef(m->graph, config, &ctx, jsonPath))
      ++imported;
  }
  llvm::outs() << "tfjs mutants: " << iterations << ", loaded " << loaded
               << " (imported " << imported << "), rejected " << rejected
               << ", statuses without the file name " << unnamed << "\n";
  return unnamed ? 1 : 0;
}
