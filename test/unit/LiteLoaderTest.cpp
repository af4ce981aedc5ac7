//===- LiteLoaderTest.cpp - .tflite loading, verification, signatures -----===//
//
// Builds small .tflite files with the flatc-generated builders of our
// schema, then checks that FlatBufferModel accepts the valid one, rejects
// each kind of corruption with an InvalidArgument naming the file and the
// index, and that bounded random mutations never crash the loader or the
// interpreter.
//
//===----------------------------------------------------------------------===//
#include "LiteTestUtil.h"

#include "lib/Translate/tflite/Schema.h"

#include <cstdio>
#include <random>
#include <unistd.h>

using namespace tfmlir::lite;

namespace {

struct Knobs {
  int opInput = 0;          ///< first input of op 0 (the ADD)
  uint32_t constBuffer = 1; ///< buffer of the constant tensor
  int constBytes = 16;      ///< bytes stored in buffer 1
  int dim = 4;              ///< last dim of every tensor
  uint32_t sigSubgraph = 0;
  int opcodeIndex = 0;
  /// Quantization of the constant 'w' (none when wScale is empty).
  std::vector<float> wScale;
  std::vector<int64_t> wZeroPoint;
  int wQuantDim = 0;
  /// ADD's options type stays AddOptions but the table is left out.
  bool addOptionsTableAbsent = false;
  int mulOutput = 3; ///< output tensor of op 1 (the MUL)
  /// Appends tensor 4 'unused' of shape [-1] (TFLite's quantizer leaves
  /// such placeholders for omitted optional LSTM inputs).
  bool negativeDimTensor = false;
};

/// x:[1,4] -> ADD(x, w=const[4]) -> y -> MUL(y, y) -> z; signature "serve".
std::vector<uint8_t> buildModel(const Knobs &k = {}) {
  flatbuffers::FlatBufferBuilder fb;
  std::vector<float> w = {1, 2, 3, 4};
  std::vector<uint8_t> wbytes(k.constBytes);
  if (!wbytes.empty())
    std::memcpy(wbytes.data(), w.data(), std::min<size_t>(16, wbytes.size()));
  std::vector<flatbuffers::Offset<tflite::Buffer>> buffers = {
      tflite::CreateBuffer(fb),
      tflite::CreateBuffer(fb, fb.CreateVector(wbytes))};
  auto tensor = [&](const char *name, std::vector<int32_t> shape,
                    uint32_t buf) {
    return tflite::CreateTensor(fb, fb.CreateVector(shape),
                                tflite::TensorType_FLOAT32, buf,
                                fb.CreateString(name));
  };
  flatbuffers::Offset<tflite::QuantizationParameters> wq = 0;
  if (!k.wScale.empty())
    wq = tflite::CreateQuantizationParameters(
        fb, 0, 0, fb.CreateVector(k.wScale), fb.CreateVector(k.wZeroPoint),
        tflite::QuantizationDetails_NONE, 0, k.wQuantDim);
  std::vector<int32_t> wShape = {k.dim};
  auto wTensor = tflite::CreateTensor(fb, fb.CreateVector(wShape),
                                      tflite::TensorType_FLOAT32, k.constBuffer,
                                      fb.CreateString("w"), wq);
  std::vector<flatbuffers::Offset<tflite::Tensor>> tensors = {
      tensor("x", {1, k.dim}, 0), wTensor, tensor("y", {1, k.dim}, 0),
      tensor("z", {1, k.dim}, 0)};
  if (k.negativeDimTensor)
    tensors.push_back(tensor("unused", {-1}, 0));
  std::vector<flatbuffers::Offset<tflite::OperatorCode>> codes = {
      tflite::CreateOperatorCode(fb, 0, 0, 1, tflite::BuiltinOperator_ADD),
      tflite::CreateOperatorCode(fb, tflite::BuiltinOperator_MUL, 0, 1,
                                 tflite::BuiltinOperator_MUL)};
  std::vector<flatbuffers::Offset<tflite::Operator>> ops = {
      tflite::CreateOperator(
          fb, k.opcodeIndex,
          fb.CreateVector(std::vector<int32_t>{k.opInput, 1}),
          fb.CreateVector(std::vector<int32_t>{2}),
          tflite::BuiltinOptions_AddOptions,
          k.addOptionsTableAbsent ? flatbuffers::Offset<void>()
                                  : tflite::CreateAddOptions(fb).Union()),
      tflite::CreateOperator(
          fb, 1, fb.CreateVector(std::vector<int32_t>{2, 2}),
          fb.CreateVector(std::vector<int32_t>{k.mulOutput}))};
  auto sg = tflite::CreateSubGraph(
      fb, fb.CreateVector(tensors), fb.CreateVector(std::vector<int32_t>{0}),
      fb.CreateVector(std::vector<int32_t>{3}), fb.CreateVector(ops),
      fb.CreateString("main"));
  auto sig = tflite::CreateSignatureDef(
      fb,
      fb.CreateVector(std::vector<flatbuffers::Offset<tflite::TensorMap>>{
          tflite::CreateTensorMap(fb, fb.CreateString("in"), 0)}),
      fb.CreateVector(std::vector<flatbuffers::Offset<tflite::TensorMap>>{
          tflite::CreateTensorMap(fb, fb.CreateString("out"), 3)}),
      fb.CreateString("serve"), k.sigSubgraph);
  auto model = tflite::CreateModel(
      fb, 3, fb.CreateVector(codes),
      fb.CreateVector(std::vector<flatbuffers::Offset<tflite::SubGraph>>{sg}),
      fb.CreateString("test"), fb.CreateVector(buffers), 0, 0,
      fb.CreateVector(
          std::vector<flatbuffers::Offset<tflite::SignatureDef>>{sig}));
  tflite::FinishModelBuffer(fb, model);
  return {fb.GetBufferPointer(), fb.GetBufferPointer() + fb.GetSize()};
}

void expectRejected(const std::vector<uint8_t> &bytes,
                    const std::string &needle) {
  auto m = FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(),
                                            "bad.tflite");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kInvalidArgument)
      << m.status();
  EXPECT_NE(m.status().message().find("bad.tflite"), std::string::npos)
      << m.status();
  EXPECT_NE(m.status().message().find(needle), std::string::npos) << m.status();
}

TEST(LiteLoader, ValidModelRunsThroughSignature) {
  auto bytes = buildModel();
  auto m =
      FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(), "ok.tflite");
  ASSERT_TRUE(m.ok()) << m.status();
  BuiltinOpResolver r;
  auto in = Interpreter::create(**m, r);
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_EQ((*in)->signatureKeys(), std::vector<std::string>{"serve"});
  EXPECT_EQ((*in)->signatureRunner("nope").status().code(),
            absl::StatusCode::kNotFound);
  auto runner = (*in)->signatureRunner("serve");
  ASSERT_TRUE(runner.ok());
  ASSERT_TRUE((*runner)->resizeInputTensor("in", {1, 4}).ok());
  ASSERT_TRUE((*runner)->allocateTensors().ok());
  auto x = (*runner)->input("in");
  ASSERT_TRUE(x.ok());
  float xv[4] = {0.5f, -1.f, 2.f, 0.f};
  std::memcpy((*x)->data, xv, 16);
  for (int run = 0; run < 2; ++run) {
    ASSERT_TRUE((*runner)->invoke().ok());
    auto z = (*runner)->output("out");
    ASSERT_TRUE(z.ok());
    for (int i = 0; i < 4; ++i) {
      float y = xv[i] + float(i + 1);
      EXPECT_EQ((*z)->as<float>()[i], y * y);
    }
  }
}

TEST(LiteLoader, UnusedTensorWithNegativeDimLoads) {
  Knobs k;
  k.negativeDimTensor = true;
  auto bytes = buildModel(k);
  auto m =
      FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(), "ok.tflite");
  ASSERT_TRUE(m.ok()) << m.status();
  EXPECT_EQ((*m)->def().subgraphs[0].tensors[4].shape, std::vector<int32_t>{0});
  BuiltinOpResolver r;
  auto in = Interpreter::create(**m, r);
  ASSERT_TRUE(in.ok()) << in.status();
  EXPECT_TRUE((*in)->allocateTensors().ok());
}

TEST(LiteLoader, RejectsCorruptions) {
  {
    Knobs k;
    k.opInput = 99;
    expectRejected(buildModel(k), "input tensor index 99 out of range");
  }
  {
    Knobs k;
    k.constBuffer = 7;
    expectRejected(buildModel(k),
                   "tensor 1 ('w'): buffer index 7 out of range");
  }
  {
    Knobs k;
    k.constBytes = 12;
    expectRejected(buildModel(k), "holds 12 bytes");
  }
  {
    Knobs k;
    k.sigSubgraph = 5;
    expectRejected(buildModel(k), "signature 'serve': subgraph index 5");
  }
  {
    Knobs k;
    k.opcodeIndex = 9;
    expectRejected(buildModel(k), "opcode index 9 out of range");
  }
  {
    Knobs k;
    k.dim = -3;
    k.constBytes = 0;
    expectRejected(buildModel(k), "negative dim");
  }
  {
    // A [-1] tensor that an op uses is an error; unused, it loads (below).
    Knobs k;
    k.negativeDimTensor = true;
    k.mulOutput = 4;
    expectRejected(buildModel(k), "tensor 4 ('unused'): negative dim");
  }
  // Quantization parameters (issue 5 section 6): zero or non-finite
  // scales, per-axis counts that do not match the quantized dimension.
  auto quantKnobs = [](std::vector<float> s, std::vector<int64_t> z, int d) {
    Knobs k;
    k.wScale = std::move(s);
    k.wZeroPoint = std::move(z);
    k.wQuantDim = d;
    return k;
  };
  expectRejected(buildModel(quantKnobs({0.f}, {0}, 0)),
                 "tensor 1 ('w'): quantization scale[0] is 0");
  expectRejected(buildModel(quantKnobs({0.5f, std::nanf("")}, {0, 0}, 0)),
                 "tensor 1 ('w'): quantization scale[1] is nan");
  expectRejected(
      buildModel(quantKnobs({0.5f, INFINITY, 1.f, 1.f}, {0, 0, 0, 0}, 0)),
      "tensor 1 ('w'): quantization scale[1] is inf");
  expectRejected(buildModel(quantKnobs({1.f, 2.f}, {0, 0}, 0)),
                 "tensor 1 ('w'): 2 per-axis scales but dim 0 of shape [4] "
                 "has 4");
  expectRejected(buildModel(quantKnobs({1.f, 2.f, 3.f}, {0, 0, 0}, 2)),
                 "tensor 1 ('w'): quantized_dimension 2 out of range for "
                 "rank 1");
  expectRejected(buildModel(quantKnobs({1.f, 2.f, 3.f, 4.f}, {0, 0}, 0)),
                 "tensor 1 ('w'): 4 scales but 2 zero points");
  // An empty zero_point vector beside scales (TFLite's ParseQuantization
  // wants as many zero points as scales; it was read as zero point 0).
  expectRejected(buildModel(quantKnobs({0.5f}, {}, 0)),
                 "tensor 1 ('w'): 1 scales but an empty zero_point vector");
  {
    // A rank-1 per-channel tensor whose quantized_dimension was copied from
    // a 4-D filter (TFLite Micro's person_detect biases) loads with axis 0.
    auto b = buildModel(quantKnobs({1.f, 2.f, 3.f, 4.f}, {0, 0, 0, 0}, 3));
    auto m = FlatBufferModel::buildFromBuffer(b.data(), b.size(), "ok.tflite");
    ASSERT_TRUE(m.ok()) << m.status();
    EXPECT_EQ((*m)->def().subgraphs[0].tensors[1].quant.quantizedDimension, 0);
  }
  auto good = buildModel();
  std::vector<uint8_t> trunc(good.begin(), good.begin() + good.size() / 2);
  expectRejected(trunc, "verifier");
  std::vector<uint8_t> noId = good;
  noId[4] = 'X';
  expectRejected(noId, "TFL3");
  expectRejected({}, "too small");
}

/// An options union whose type is set but whose table is absent passes the
/// FlatBuffers verifier; it was dereferenced (SIGSEGV, even in
/// tflite-run --dump). Like TFLite's parsers, the options keep their
/// defaults (ADD without activation) and the model runs.
TEST(LiteLoader, AbsentOptionsTableKeepsDefaults) {
  Knobs k;
  k.addOptionsTableAbsent = true;
  auto bytes = buildModel(k);
  auto m = FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(),
                                            "noopts.tflite");
  ASSERT_TRUE(m.ok()) << m.status();
  BuiltinOpResolver r;
  auto in = Interpreter::create(**m, r);
  ASSERT_TRUE(in.ok()) << in.status();
  ASSERT_TRUE((*in)->allocateTensors().ok());
  float xv[4] = {-3.f, -1.f, 2.f, 0.f};
  std::memcpy((*in)->inputTensor(0)->data, xv, 16);
  ASSERT_TRUE((*in)->invoke().ok());
  for (int i = 0; i < 4; ++i) {
    float y = xv[i] + float(i + 1); // no fused activation
    EXPECT_EQ((*in)->outputTensor(0)->as<float>()[i], y * y);
  }
}

/// An op that writes a subgraph input (a WHILE body writing its own loop
/// state, here the primary subgraph's input), or a tensor another op also
/// writes, or one of its own inputs, is refused when the interpreter is
/// built, naming the op and the tensor.
TEST(LiteLoader, OpWritingAnInputOrAWrittenTensorIsRefused) {
  BuiltinOpResolver r;
  for (auto [out, needle] :
       {std::pair<int, const char *>{0, "is an input of subgraph 0"},
        {2, "is also written by op 0"}}) {
    Knobs k;
    k.mulOutput = out;
    auto bytes = buildModel(k);
    auto m = FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(),
                                              "alias.tflite");
    ASSERT_TRUE(m.ok()) << m.status();
    auto in = Interpreter::create(**m, r);
    ASSERT_FALSE(in.ok());
    EXPECT_EQ(in.status().code(), absl::StatusCode::kInvalidArgument);
    EXPECT_NE(in.status().message().find("alias.tflite: subgraph 0 op 1 (MUL)"),
              std::string::npos)
        << in.status();
    EXPECT_NE(in.status().message().find(needle), std::string::npos)
        << in.status();
  }
}

/// buildFromFile reads the file (no mmap): a file truncated after loading
/// cannot raise SIGBUS, and the loaded model keeps running.
TEST(LiteLoader, FileTruncatedAfterLoadingStillRuns) {
  auto bytes = buildModel();
  std::string path = ::testing::TempDir() + "/truncated.tflite";
  {
    FILE *f = std::fopen(path.c_str(), "wb");
    ASSERT_NE(f, nullptr);
    std::fwrite(bytes.data(), 1, bytes.size(), f);
    std::fclose(f);
  }
  auto m = FlatBufferModel::buildFromFile(path);
  ASSERT_TRUE(m.ok()) << m.status();
  ASSERT_EQ(::truncate(path.c_str(), 0), 0);
  BuiltinOpResolver r;
  auto in = Interpreter::create(**m, r);
  ASSERT_TRUE(in.ok()) << in.status();
  ASSERT_TRUE((*in)->allocateTensors().ok());
  std::memset((*in)->inputTensor(0)->data, 0, 16);
  ASSERT_TRUE((*in)->invoke().ok());
  EXPECT_EQ((*in)->outputTensor(0)->as<float>()[3], 16.f); // (0 + 4)^2
  // The now empty file is refused with a message, not a signal.
  auto again = FlatBufferModel::buildFromFile(path);
  ASSERT_FALSE(again.ok());
  EXPECT_NE(again.status().message().find(path), std::string::npos);
  std::remove(path.c_str());
}

/// setCancellationFunction (TFLite's SetCancellationFunction) stops a run
/// before the next op with Cancelled naming it; clearing it runs again.
TEST(LiteLoader, CancellationStopsBeforeTheNextOp) {
  auto bytes = buildModel();
  auto m = FlatBufferModel::buildFromBuffer(bytes.data(), bytes.size(),
                                            "cancel.tflite");
  ASSERT_TRUE(m.ok()) << m.status();
  BuiltinOpResolver r;
  auto in = Interpreter::create(**m, r);
  ASSERT_TRUE(in.ok()) << in.status();
  ASSERT_TRUE((*in)->allocateTensors().ok());
  int calls = 0;
  (*in)->setCancellationFunction([&] { return ++calls == 2; });
  absl::Status s = (*in)->invoke();
  EXPECT_EQ(s.code(), absl::StatusCode::kCancelled);
  EXPECT_NE(s.message().find("cancel.tflite: subgraph 0 op 1 (MUL): cancelled"),
            std::string::npos)
      << s;
  (*in)->setCancellationFunction(nullptr);
  EXPECT_TRUE((*in)->invoke().ok());
}

TEST(LiteLoader, MissingFileIsNotFound) {
  auto m = FlatBufferModel::buildFromFile("/nonexistent/model.tflite");
  ASSERT_FALSE(m.ok());
  EXPECT_EQ(m.status().code(), absl::StatusCode::kNotFound);
}

/// Bounded mutation test: 2000 random byte flips / truncations of a valid
/// model. Each either fails with a status or loads and runs; none crash.
TEST(LiteLoader, MutationsNeverCrash) {
  auto good = buildModel();
  std::mt19937 g(1234);
  BuiltinOpResolver r;
  int loaded = 0, ran = 0;
  for (int iter = 0; iter < 2000; ++iter) {
    std::vector<uint8_t> b = good;
    int flips = 1 + g() % 4;
    for (int f = 0; f < flips; ++f)
      b[g() % b.size()] ^= static_cast<uint8_t>(1u << (g() % 8));
    if (iter % 10 == 0)
      b.resize(g() % b.size());
    auto m = FlatBufferModel::buildFromBuffer(b.data(), b.size(), "mut.tflite");
    if (!m.ok())
      continue;
    ++loaded;
    auto in = Interpreter::create(**m, r);
    if (!in.ok() || !(*in)->allocateTensors().ok())
      continue;
    if ((*in)->invoke().ok())
      ++ran;
  }
  // Most single-bit flips hit data or padding and keep the model valid.
  EXPECT_GT(loaded, 0);
  EXPECT_GT(ran, 0);
  std::printf("mutations: 2000, loaded %d, ran %d\n", loaded, ran);
}

} // namespace

#ifdef TFMLIR_FUZZ_REGRESSIONS_DIR
/// The .tflite inputs that crashed tfmlir-fuzz-tflite
/// (test/fuzz/regressions/tflite/), run the way the fuzz target runs them
/// (load, Interpreter, allocateTensors, one Invoke): each now stops at the
/// error named here, in the build without sanitizers too.
TEST(LiteLoader, FuzzFoundInputsGiveTheirErrors) {
  const std::string dir = TFMLIR_FUZZ_REGRESSIONS_DIR "/tflite/";
  const std::pair<const char *, const char *> cases[] = {
      {"split-scalar-axis.tflite", "out of range for rank 0"},
      {"depth-to-space-height-overflow.tflite", "does not fit an int32 dim"},
      {"zero-point-misaligned.tflite",
       "zero_point vector is not 8-byte aligned"},
      {"reshape-dim-overflow.tflite", "is too large"},
      {"qconv-filter-deeper-than-input.tflite",
       "does not match input channels"},
  };
  BuiltinOpResolver resolver;
  for (const auto &[file, message] : cases) {
    SCOPED_TRACE(file);
    absl::Status s;
    auto m = FlatBufferModel::buildFromFile(dir + file);
    if (!m.ok()) {
      s = m.status();
    } else if (auto in = Interpreter::create(**m, resolver); !in.ok()) {
      s = in.status();
    } else if (s = (*in)->allocateTensors(); s.ok()) {
      s = (*in)->invoke();
    }
    EXPECT_EQ(s.code(), absl::StatusCode::kInvalidArgument) << s;
    EXPECT_NE(s.message().find(file), std::string_view::npos) << s;
    EXPECT_NE(s.message().find(message), std::string_view::npos) << s;
  }
}
#endif
