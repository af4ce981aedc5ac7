//===- QuantConvTest.cpp - 8-bit CONV_2D / DEPTHWISE_CONV_2D fast paths ---===//
//
// The 8-bit fast paths (int16 k-pairs; AVX-512 VNNI microkernels and tile
// requantization when the CPU has them) against the plain integer loops
// (ReferenceOpResolver) over random shapes, quantization parameters,
// strides, dilations, paddings, activations and depth multipliers, int8
// and uint8: integer arithmetic, so the tolerance is 0 (bit-exact), and 2
// threads give the same bytes as 1.
//
//===----------------------------------------------------------------------===//
#include "test/unit/lite/CrossCheck.h"

namespace tfmlir::lite::testing {
namespace {

int qtensor(ModelBuilder &b, TensorType t, std::vector<int32_t> shape,
            std::vector<float> scale, std::vector<int64_t> zp, int axis = 0) {
  int i = b.tensor(t, std::move(shape));
  b.def.subgraphs[0].tensors[i].quant = {std::move(scale), std::move(zp), axis};
  return i;
}

/// Output 0's bytes after one Invoke with raw input bytes.
std::vector<uint8_t> runBytes(const ModelDef &def,
                              const std::vector<uint8_t> &input,
                              bool reference, int threads) {
  static BuiltinOpResolver builtins;
  static ReferenceOpResolver references;
  const OpResolver &r = reference ? static_cast<const OpResolver &>(references)
                                  : builtins;
  auto in = Interpreter::create(def, r, "q");
  EXPECT_TRUE(in.ok()) << in.status();
  if (!in.ok())
    return {};
  (*in)->setNumThreads(threads);
  absl::Status s = (*in)->allocateTensors();
  EXPECT_TRUE(s.ok()) << s;
  Tensor *x = (*in)->inputTensor(0);
  EXPECT_EQ(x->requiredBytes(), input.size());
  if (!s.ok() || x->requiredBytes() != input.size())
    return {};
  std::memcpy(x->data, input.data(), input.size());
  s = (*in)->invoke();
  EXPECT_TRUE(s.ok()) << s;
  const Tensor *o = (*in)->outputTensor(0);
  return std::vector<uint8_t>(o->data, o->data + o->requiredBytes());
}

std::vector<uint8_t> randomBytes(size_t n, std::mt19937 &g) {
  std::vector<uint8_t> v(n);
  for (auto &b : v)
    b = static_cast<uint8_t>(g());
  return v;
}

void checkModel(const ModelDef &def, const std::vector<uint8_t> &x,
                const std::string &what) {
  auto ref = runBytes(def, x, true, 1);
  auto one = runBytes(def, x, false, 1);
  auto two = runBytes(def, x, false, 2);
  ASSERT_FALSE(ref.empty()) << what;
  EXPECT_EQ(one, ref) << what << ": optimized differs from reference";
  EXPECT_EQ(two, one) << what << ": 2 threads differ from 1";
}

TEST(LiteQuantConv, Conv2DFastPathBitExactRandomShapes) {
  std::mt19937 g(2024);
  for (int iter = 0; iter < 30; ++iter) {
    const bool u8 = iter % 4 == 3;
    const TensorType at = u8 ? TensorType::kUInt8 : TensorType::kInt8;
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 11),
              W = randInt(g, 1, 11), C = randInt(g, 1, 40),
              CO = randInt(g, 1, 45);
    int KH = randInt(g, 1, 3), KW = randInt(g, 1, 3);
    OpOptions o;
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    o.strideH = randInt(g, 1, 2), o.strideW = randInt(g, 1, 2);
    o.dilationH = randInt(g, 1, 2), o.dilationW = randInt(g, 1, 2);
    if (iter % 3 == 0) // 1x1 stride 1: the in-place path when C is even
      KH = KW = 1, o.strideH = o.strideW = 1, o.dilationH = o.dilationW = 1;
    if (o.padding == Padding::kValid &&
        (H < (KH - 1) * o.dilationH + 1 || W < (KW - 1) * o.dilationW + 1))
      o.padding = Padding::kSame;
    static const Activation acts[] = {Activation::kNone, Activation::kRelu,
                                      Activation::kRelu6};
    o.activation = acts[iter % 3];
    ModelBuilder b;
    const float sIn = 0.02f + 0.01f * randInt(g, 0, 5);
    int x = qtensor(b, at, {N, H, W, C}, {sIn}, {randInt(g, u8 ? 0 : -20, 20)});
    std::vector<float> ws(u8 ? 1 : CO);
    for (float &s : ws)
      s = 0.002f + 0.001f * randInt(g, 0, 20);
    auto wBytes = randomBytes(size_t(CO) * KH * KW * C, g);
    int w = b.constant(at, {CO, KH, KW, C}, wBytes);
    b.def.subgraphs[0].tensors[w].quant = {
        ws, std::vector<int64_t>(ws.size(), u8 ? 128 : 0), 0};
    std::vector<int32_t> bias(CO);
    for (auto &v : bias)
      v = randInt(g, -3000, 3000);
    std::vector<float> bs(ws.size());
    for (size_t c = 0; c < ws.size(); ++c)
      bs[c] = sIn * ws[c];
    int bt = b.constant(TensorType::kInt32, {CO}, bias);
    b.def.subgraphs[0].tensors[bt].quant = {
        bs, std::vector<int64_t>(bs.size(), 0), 0};
    int y = qtensor(b, at, {1}, {0.05f + 0.02f * randInt(g, 0, 5)},
                    {randInt(g, u8 ? 100 : -10, u8 ? 140 : 10)});
    b.op(kOp_CONV_2D, {x, w, bt}, {y}, o).version = 3;
    b.io({x}, {y});
    checkModel(b.def, randomBytes(size_t(N) * H * W * C, g),
               "conv iter " + std::to_string(iter));
  }
}

TEST(LiteQuantConv, DepthwiseFastPathBitExactRandomShapes) {
  std::mt19937 g(4048);
  for (int iter = 0; iter < 30; ++iter) {
    const bool u8 = iter % 4 == 3;
    const TensorType at = u8 ? TensorType::kUInt8 : TensorType::kInt8;
    const int H = randInt(g, 1, 12), W = randInt(g, 1, 12),
              C = randInt(g, 1, 40), M = iter % 5 == 1 ? 3 : 1, CO = C * M;
    const int KH = iter % 2 ? 3 : randInt(g, 1, 5),
              KW = iter % 2 ? 3 : randInt(g, 1, 5);
    OpOptions o;
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    o.strideH = randInt(g, 1, 2), o.strideW = randInt(g, 1, 2);
    o.dilationH = randInt(g, 1, 2), o.dilationW = randInt(g, 1, 2);
    o.depthMultiplier = M;
    if (o.padding == Padding::kValid &&
        (H < (KH - 1) * o.dilationH + 1 || W < (KW - 1) * o.dilationW + 1))
      o.padding = Padding::kSame;
    o.activation = iter % 2 ? Activation::kRelu6 : Activation::kNone;
    ModelBuilder b;
    const float sIn = 0.03f;
    int x = qtensor(b, at, {1, H, W, C}, {sIn}, {randInt(g, u8 ? 0 : -20, 20)});
    std::vector<float> ws(u8 ? 1 : CO);
    for (float &s : ws)
      s = 0.002f + 0.001f * randInt(g, 0, 20);
    int w = b.constant(at, {1, KH, KW, CO}, randomBytes(size_t(KH) * KW * CO, g));
    b.def.subgraphs[0].tensors[w].quant = {
        ws, std::vector<int64_t>(ws.size(), u8 ? 128 : 0), 3};
    std::vector<int32_t> bias(CO);
    for (auto &v : bias)
      v = randInt(g, -3000, 3000);
    std::vector<float> bs(ws.size());
    for (size_t c = 0; c < ws.size(); ++c)
      bs[c] = sIn * ws[c];
    int bt = b.constant(TensorType::kInt32, {CO}, bias);
    b.def.subgraphs[0].tensors[bt].quant = {
        bs, std::vector<int64_t>(bs.size(), 0), 0};
    int y = qtensor(b, at, {1}, {0.04f}, {u8 ? 128 : 3});
    b.op(kOp_DEPTHWISE_CONV_2D, {x, w, bt}, {y}, o).version = 3;
    b.io({x}, {y});
    checkModel(b.def, randomBytes(size_t(H) * W * C, g),
               "depthwise iter " + std::to_string(iter));
  }
}

} // namespace
} // namespace tfmlir::lite::testing
