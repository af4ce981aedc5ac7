//===- LiteCorpusMutateTest.cpp - corpus .tflite mutants vs the interpreter
//===//
//
// Bounded mutation test of the lite loader and interpreter on the corpus's
// real models (TFMLIR_CORPUS_DIR; skipped without it): .tflite files of at
// most 128 KiB are mutated by bit flips, truncation and index changes (an
// aligned 32-bit word set to -1, 0, 1, a value one past a typical count, or
// 2^31 - 1: these land in tensor, buffer, opcode and subgraph indices, shape
// dims and vector lengths), then loaded, allocated (tensors capped at
// 64 MiB) and invoked once (cancelled after 2 s, see
// Interpreter::setCancellationFunction). Each mutant must end with a status or
// a run; none may crash (the sanitizer build and libFuzzer's tfmlir-fuzz-tflite
// check the same code more deeply). Deterministic for the fixed seed.
//===----------------------------------------------------------------------===//
#include "LiteTestUtil.h"

#include <algorithm>
#include <chrono>
#include <cstdio>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <random>

using namespace tfmlir::lite;

namespace {

#ifdef TFMLIR_CORPUS_DIR
std::vector<std::vector<uint8_t>> corpusModels() {
  std::vector<std::string> paths;
  std::error_code ec;
  for (auto it =
           std::filesystem::recursive_directory_iterator(TFMLIR_CORPUS_DIR, ec);
       !ec && it != std::filesystem::recursive_directory_iterator();
       it.increment(ec)) {
    const auto &p = it->path();
    if (!it->is_regular_file(ec) ||
        (p.extension() != ".tflite" && p.extension() != ".bin"))
      continue;
    if (it->file_size(ec) > 128 * 1024)
      continue;
    paths.push_back(p.string());
  }
  std::sort(paths.begin(), paths.end());
  std::vector<std::vector<uint8_t>> models;
  for (const std::string &p : paths) {
    std::ifstream f(p, std::ios::binary);
    std::vector<uint8_t> b((std::istreambuf_iterator<char>(f)),
                           std::istreambuf_iterator<char>());
    if (b.size() >= 8 && std::equal(b.begin() + 4, b.begin() + 8, "TFL3"))
      models.push_back(std::move(b));
  }
  return models;
}
#endif

TEST(LiteCorpusMutate, MutantsNeverCrash) {
#ifndef TFMLIR_CORPUS_DIR
  GTEST_SKIP() << "TFMLIR_CORPUS_DIR not set";
#else
  auto models = corpusModels();
  if (models.empty())
    GTEST_SKIP() << "no .tflite models under " << TFMLIR_CORPUS_DIR;
  std::mt19937_64 g(17);
  BuiltinOpResolver r;
  constexpr int kMutants = 3000;
  int loaded = 0, created = 0, ran = 0, cancelled = 0;
  for (int iter = 0; iter < kMutants; ++iter) {
    std::vector<uint8_t> b = models[iter % models.size()];
    int rounds = 1 + static_cast<int>(g() % 3);
    for (int k = 0; k < rounds; ++k) {
      size_t n = b.size();
      if (n <= 8)
        break;
      switch (g() % 4) {
      case 0: // truncate (never below the identifier)
        b.resize(8 + g() % (n - 8));
        break;
      case 1: { // index / count change on an aligned word
        static const int32_t vals[] = {
            -1, 0, 1, 2, 7, 0x7fffffff, static_cast<int32_t>(0x80000000)};
        size_t at = (8 + g() % (n - 8)) & ~size_t(3);
        if (at + 4 <= n) {
          int32_t v = vals[g() % (sizeof(vals) / sizeof(vals[0]))];
          std::memcpy(&b[at], &v, 4);
        }
        break;
      }
      default: // bit flip
        b[8 + g() % (n - 8)] ^= static_cast<uint8_t>(1u << (g() % 8));
        break;
      }
    }
    auto m = FlatBufferModel::buildFromBuffer(b.data(), b.size(), "mut.tflite");
    if (!m.ok()) {
      EXPECT_NE(m.status().message().find("mut.tflite"), std::string::npos)
          << m.status();
      continue;
    }
    ++loaded;
    auto in = Interpreter::create(**m, r);
    if (!in.ok())
      continue;
    ++created;
    (*in)->setMaxTensorBytes(size_t(64) << 20);
    // A mutated WHILE condition or trip count may loop (practically)
    // forever, as it would in TFLite: bound each run to 2 s.
    auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(2);
    (*in)->setCancellationFunction(
        [deadline] { return std::chrono::steady_clock::now() > deadline; });
    if (!(*in)->allocateTensors().ok())
      continue;
    for (size_t i = 0; i < (*in)->inputs().size(); ++i)
      if (Tensor *t = (*in)->inputTensor(static_cast<int>(i)); t && t->data)
        std::memset(t->data, 0, t->bytes);
    absl::Status s = (*in)->invoke();
    if (s.ok())
      ++ran;
    else if (s.code() == absl::StatusCode::kCancelled)
      ++cancelled;
  }
  std::printf("corpus mutants: %d over %zu models, loaded %d, interpreter "
              "built %d, ran %d, cancelled after 2 s %d\n",
              kMutants, models.size(), loaded, created, ran, cancelled);
  EXPECT_GT(ran, 0);
#endif
}

} // namespace
