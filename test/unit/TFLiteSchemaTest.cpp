//===- TFLiteSchemaTest.cpp - our schema.fbs against real .tflite files ---===//
//
// Checks that the flatc code generated from lib/Translate/tflite/schema.fbs
// accepts every real TFLite model in the corpus: VerifyModelBuffer (the
// FlatBuffers structural verifier with the "TFL3" identifier check) must
// succeed on each .tflite/.bin file except the two corpus files that are not
// FlatBuffers at all, which must be rejected. A field or union index that
// differs from TFLite's would make the verifier read a wrong type at that slot
// and fail, so this is a binary-compatibility test of the schema.
//
// The corpus comes from the CMake variable TFMLIR_CORPUS_DIR; without it the
// tests are skipped.
//===----------------------------------------------------------------------===//
#include "lib/Translate/tflite/Schema.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <filesystem>
#include <fstream>
#include <iterator>
#include <set>
#include <string>
#include <vector>

namespace {
namespace fs = std::filesystem;

/// Files in the corpus that are deliberately not valid TFLite FlatBuffers
/// (TFLite's own tests use them to check that loading fails). The corpus's
/// other broken models (empty_model.bin, segment_sum_invalid_buffer.bin) are
/// structurally valid FlatBuffers; only semantic checks reject them.
const std::set<std::string> kKnownInvalid = {"test_model_broken.bin",
                                             "invalid_model.bin"};

std::string corpusDir() {
#ifdef TFMLIR_CORPUS_DIR
  return TFMLIR_CORPUS_DIR;
#else
  return "";
#endif
}

/// All .tflite and .bin files below `root`, sorted for a stable report.
std::vector<fs::path> findModels(const fs::path &root) {
  std::vector<fs::path> out;
  std::error_code ec;
  for (auto it = fs::recursive_directory_iterator(root, ec);
       !ec && it != fs::recursive_directory_iterator(); it.increment(ec)) {
    if (!it->is_regular_file())
      continue;
    std::string ext = it->path().extension().string();
    if (ext == ".tflite" || ext == ".bin")
      out.push_back(it->path());
  }
  std::sort(out.begin(), out.end());
  return out;
}

std::vector<uint8_t> readFile(const fs::path &p) {
  std::ifstream in(p, std::ios::binary);
  return std::vector<uint8_t>(std::istreambuf_iterator<char>(in), {});
}

bool verifies(const std::vector<uint8_t> &bytes) {
  flatbuffers::Verifier verifier(bytes.data(), bytes.size());
  return tflite::VerifyModelBuffer(verifier);
}

TEST(TFLiteSchema, IdentifierAndEnumsMatchTFLite) {
  EXPECT_STREQ(tflite::ModelIdentifier(), "TFL3");
  EXPECT_STREQ(tflite::ModelExtension(), "tflite");
  // Spot checks of interface values that TFLite files depend on.
  EXPECT_EQ(tflite::BuiltinOperator_CONV_2D, 3);
  EXPECT_EQ(tflite::BuiltinOperator_CUSTOM, 32);
  EXPECT_EQ(tflite::BuiltinOperator_BATCH_MATMUL, 126);
  EXPECT_EQ(tflite::BuiltinOperator_GELU, 150);
  EXPECT_EQ(tflite::BuiltinOperator_STABLEHLO_CASE, 209);
  EXPECT_EQ(tflite::BuiltinOptions_Conv2DOptions, 1);
  EXPECT_EQ(tflite::BuiltinOptions_BatchMatMulOptions, 101);
  EXPECT_EQ(tflite::BuiltinOptions_RightShiftOptions, 126);
  EXPECT_EQ(tflite::BuiltinOptions2_StablehloCaseOptions, 23);
  EXPECT_EQ(tflite::TensorType_INT8, 9);
  EXPECT_EQ(tflite::TensorType_BFLOAT16, 18);
}

TEST(TFLiteSchema, EveryCorpusModelVerifies) {
  std::string dir = corpusDir();
  if (dir.empty() || !fs::exists(dir))
    GTEST_SKIP() << "TFMLIR_CORPUS_DIR not set or missing";
  std::vector<fs::path> models = findModels(dir);
  ASSERT_FALSE(models.empty()) << "no .tflite/.bin files under " << dir;

  int valid = 0, rejectedAsExpected = 0;
  for (const fs::path &p : models) {
    std::vector<uint8_t> bytes = readFile(p);
    bool known = kKnownInvalid.count(p.filename().string()) != 0;
    bool ok = verifies(bytes);
    // Verification must be deterministic (and must not crash) on every file.
    EXPECT_EQ(ok, verifies(bytes)) << p;
    if (known) {
      EXPECT_FALSE(ok) << p << " is known to be broken but verified";
      rejectedAsExpected += !ok;
    } else {
      EXPECT_TRUE(ok) << p << " (" << bytes.size()
                      << " bytes) fails VerifyModelBuffer";
      valid += ok;
    }
  }
  std::printf("TFLite schema: %d of %zu corpus models verify; %d known-broken "
              "models rejected\n",
              valid, models.size() - kKnownInvalid.size(), rejectedAsExpected);
}

/// Truncating a valid model must make the verifier fail, not crash.
TEST(TFLiteSchema, TruncatedModelsAreRejected) {
  std::string dir = corpusDir();
  if (dir.empty() || !fs::exists(dir))
    GTEST_SKIP() << "TFMLIR_CORPUS_DIR not set or missing";
  fs::path p = fs::path(dir) / "tflite_micro/tensorflow/lite/micro/examples/"
                               "hello_world/models/hello_world_float.tflite";
  if (!fs::exists(p))
    GTEST_SKIP() << p << " missing";
  std::vector<uint8_t> bytes = readFile(p);
  ASSERT_TRUE(verifies(bytes));
  for (size_t n : {size_t(0), size_t(4), size_t(8), bytes.size() / 2}) {
    std::vector<uint8_t> cut(bytes.begin(), bytes.begin() + n);
    EXPECT_FALSE(verifies(cut)) << "prefix of " << n << " bytes verified";
  }
}
} // namespace
