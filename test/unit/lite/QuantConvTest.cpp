//===- QuantConvTest.cpp - 8-bit CONV_2D / DEPTHWISE_CONV_2D fast paths ---===//
//
// The 8-bit fast paths (int16 k-pairs; the AVX-512 VNNI microkernels when
// the CPU has them: the u8 x s8 indirect GEMM of int8 CONV_2D /
// FULLY_CONNECTED, the int8 depthwise kernel, fused requantization; the
// 8-bit pools; float -> 8-bit QUANTIZE) against the plain integer loops
// (ReferenceOpResolver) over random shapes, quantization parameters,
// strides, dilations, paddings, activations and depth multipliers, int8
// and uint8: integer arithmetic, so the tolerance is 0 (bit-exact), and 2
// threads give the same bytes as 1.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/kernels/optimized/QuantMicrokernels.h"
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
                              const std::vector<uint8_t> &input, bool reference,
                              int threads) {
  static BuiltinOpResolver builtins;
  static ReferenceOpResolver references;
  const OpResolver &r =
      reference ? static_cast<const OpResolver &>(references) : builtins;
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

/// Reference against the optimized kernels with every 8-bit microkernel
/// set this CPU runs (AVX-512 VNNI, AVX-VNNI, none: the SSE2 / scalar
/// paths), on 1 and 2 threads.
void checkModel(const ModelDef &def, const std::vector<uint8_t> &x,
                const std::string &what) {
  auto ref = runBytes(def, x, true, 1);
  ASSERT_FALSE(ref.empty()) << what;
  for (optimized::QuantIsa isa :
       {optimized::QuantIsa::kNone, optimized::QuantIsa::kAvxVnni,
        optimized::QuantIsa::kAvx512Vnni}) {
    if (!optimized::setQuantIsa(isa))
      continue;
    const optimized::QuantMicrokernels *uk = optimized::quantMicrokernels();
    const std::string label = what + " isa=" + (uk ? uk->name : "none");
    auto one = runBytes(def, x, false, 1);
    auto two = runBytes(def, x, false, 2);
    optimized::resetQuantIsa();
    EXPECT_EQ(one, ref) << label << ": optimized differs from reference";
    EXPECT_EQ(two, one) << label << ": 2 threads differ from 1";
  }
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
    int w =
        b.constant(at, {1, KH, KW, CO}, randomBytes(size_t(KH) * KW * CO, g));
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

/// Random bias in [-lim, lim] with its per-channel quantization.
int biasTensor(ModelBuilder &b, std::mt19937 &g, int n, float sIn,
               const std::vector<float> &ws, int lim) {
  std::vector<int32_t> bias(n);
  for (auto &v : bias)
    v = randInt(g, -lim, lim);
  std::vector<float> bs(ws.size());
  for (size_t c = 0; c < ws.size(); ++c)
    bs[c] = sIn * ws[c];
  int bt = b.constant(TensorType::kInt32, {n}, bias);
  b.def.subgraphs[0].tensors[bt].quant = {
      bs, std::vector<int64_t>(bs.size(), 0), 0};
  return bt;
}

// The shapes of the int8 u8 x s8 GEMM: depths around the quad size (1, 3,
// 5, 8, 17 ... 70), channel counts around its 16 / 32-channel blocks and
// 64-channel chunks, windows 1x1 (in place) to 5x5 (indirection), input
// zero points at both ends of int8, up to 19 pixels per image (2 tiles of
// 8 plus a tail).
TEST(LiteQuantConv, Conv2DInt8GemmShapes) {
  std::mt19937 g(77);
  static const int depths[] = {1, 3, 4, 5, 8, 17, 32, 70};
  static const int couts[] = {1, 8, 16, 17, 32, 33, 64, 65, 100};
  for (int iter = 0; iter < 40; ++iter) {
    const int C = depths[iter % 8], CO = couts[iter % 9];
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 9), W = randInt(g, 1, 9);
    OpOptions o;
    int K = iter % 4 == 0 ? 1 : iter % 4 == 3 ? 5 : 3;
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    o.strideH = o.strideW = iter % 5 == 2 ? 2 : 1;
    o.dilationH = o.dilationW = iter % 7 == 3 ? 2 : 1;
    if (o.padding == Padding::kValid &&
        (H < (K - 1) * o.dilationH + 1 || W < (K - 1) * o.dilationW + 1))
      o.padding = Padding::kSame;
    static const Activation acts[] = {Activation::kNone, Activation::kRelu,
                                      Activation::kRelu6};
    o.activation = acts[iter % 3];
    ModelBuilder b;
    const float sIn = 0.02f + 0.01f * randInt(g, 0, 5);
    const int zpIn = iter % 6 == 1   ? -128
                     : iter % 6 == 4 ? 127
                                     : randInt(g, -30, 30);
    int x = qtensor(b, TensorType::kInt8, {N, H, W, C}, {sIn}, {zpIn});
    std::vector<float> ws(CO);
    for (float &s : ws)
      s = 0.0005f + 0.0005f * randInt(g, 0, 20);
    int w = b.constant(TensorType::kInt8, {CO, K, K, C},
                       randomBytes(size_t(CO) * K * K * C, g));
    b.def.subgraphs[0].tensors[w].quant = {
        ws, std::vector<int64_t>(ws.size(), 0), 0};
    int bt = biasTensor(b, g, CO, sIn, ws, 20000);
    int y = qtensor(b, TensorType::kInt8, {1},
                    {0.05f + 0.05f * randInt(g, 0, 5)}, {randInt(g, -20, 20)});
    b.op(kOp_CONV_2D, {x, w, bt}, {y}, o).version = 3;
    b.io({x}, {y});
    checkModel(b.def, randomBytes(size_t(N) * H * W * C, g),
               "int8 gemm conv iter " + std::to_string(iter) +
                   " C=" + std::to_string(C) + " CO=" + std::to_string(CO) +
                   " K=" + std::to_string(K));
  }
}

// FULLY_CONNECTED int8 (the u8 x s8 GEMM: rows read in place, depths not a
// multiple of 4, channel chunks) and uint8 (the int16 path).
TEST(LiteQuantConv, FullyConnectedBitExactRandomShapes) {
  std::mt19937 g(99);
  for (int iter = 0; iter < 30; ++iter) {
    const bool u8 = iter % 5 == 4;
    const TensorType at = u8 ? TensorType::kUInt8 : TensorType::kInt8;
    const int rows = randInt(g, 1, 19), K = randInt(g, 1, 300),
              CO = randInt(g, 1, 140);
    OpOptions o;
    o.activation = iter % 3 == 1 ? Activation::kRelu : Activation::kNone;
    ModelBuilder b;
    const float sIn = 0.03f;
    int x = qtensor(b, at, {rows, K}, {sIn},
                    {randInt(g, u8 ? 0 : -128, u8 ? 255 : 127)});
    std::vector<float> ws(u8 ? 1 : CO);
    for (float &s : ws)
      s = 0.0005f + 0.0005f * randInt(g, 0, 10);
    int w = b.constant(at, {CO, K}, randomBytes(size_t(CO) * K, g));
    b.def.subgraphs[0].tensors[w].quant = {
        ws, std::vector<int64_t>(ws.size(), u8 ? 128 : 0), 0};
    int bt = biasTensor(b, g, CO, sIn, ws, 5000);
    int y = qtensor(b, at, {1}, {0.1f}, {u8 ? 128 : 5});
    b.op(kOp_FULLY_CONNECTED, {x, w, bt}, {y}, o);
    b.io({x}, {y});
    checkModel(b.def, randomBytes(size_t(rows) * K, g),
               "fc iter " + std::to_string(iter));
  }
}

// MAX_POOL_2D / AVERAGE_POOL_2D on 8-bit tensors (the typed row loops).
TEST(LiteQuantConv, PoolBitExactRandomShapes) {
  std::mt19937 g(5);
  for (int iter = 0; iter < 40; ++iter) {
    const bool u8 = iter % 3 == 2, isMax = iter % 2 == 0;
    const TensorType at = u8 ? TensorType::kUInt8 : TensorType::kInt8;
    const int N = randInt(g, 1, 2), H = randInt(g, 1, 10),
              W = randInt(g, 1, 10), C = randInt(g, 1, 70);
    OpOptions o;
    o.filterH = randInt(g, 1, 4), o.filterW = randInt(g, 1, 4);
    o.strideH = randInt(g, 1, 3), o.strideW = randInt(g, 1, 3);
    o.padding = randInt(g, 0, 1) ? Padding::kSame : Padding::kValid;
    if (o.padding == Padding::kValid && (H < o.filterH || W < o.filterW))
      o.padding = Padding::kSame;
    o.activation = iter % 4 == 1 ? Activation::kRelu6 : Activation::kNone;
    ModelBuilder b;
    const int zp = u8 ? randInt(g, 0, 255) : randInt(g, -128, 127);
    int x = qtensor(b, at, {N, H, W, C}, {0.05f}, {zp});
    int y = qtensor(b, at, {1}, {0.05f}, {zp});
    b.op(isMax ? kOp_MAX_POOL_2D : kOp_AVERAGE_POOL_2D, {x}, {y}, o);
    b.io({x}, {y});
    checkModel(b.def, randomBytes(size_t(N) * H * W * C, g),
               std::string(isMax ? "max" : "avg") + " pool iter " +
                   std::to_string(iter));
  }
}

// QUANTIZE float -> int8 / uint8: ties (k + 0.5) * scale in both signs,
// NaN, +-Inf, values far outside the range, random values.
TEST(LiteQuantConv, QuantizeFloatTo8BitExact) {
  std::mt19937 g(11);
  for (bool u8 : {false, true}) {
    const float scale = 0.25f;
    std::vector<float> v = {0.f,
                            -0.f,
                            0.125f,
                            -0.125f,
                            0.375f,
                            -0.375f,
                            2.5f * scale,
                            -2.5f * scale,
                            1e30f,
                            -1e30f,
                            3e9f,
                            -3e9f,
                            std::nanf(""),
                            std::numeric_limits<float>::infinity(),
                            -std::numeric_limits<float>::infinity()};
    for (int i = 0; i < 300; ++i)
      v.push_back(std::uniform_real_distribution<float>(-40.f, 40.f)(g));
    for (int k = -200; k <= 200; ++k)
      v.push_back((k + 0.5f) * scale);
    ModelBuilder b;
    const int n = static_cast<int>(v.size());
    int x = b.tensor(TensorType::kFloat32, {n});
    int y = qtensor(b, u8 ? TensorType::kUInt8 : TensorType::kInt8, {n},
                    {scale}, {u8 ? 120 : -7});
    b.op(kOp_QUANTIZE, {x}, {y});
    b.io({x}, {y});
    std::vector<uint8_t> bytes(v.size() * 4);
    std::memcpy(bytes.data(), v.data(), bytes.size());
    checkModel(b.def, bytes, u8 ? "quantize uint8" : "quantize int8");
  }
}

// The int8 conv's cached row-tap pointers (a small depth: one tap per
// kernel row, edge rows in patches refilled every Invoke): a second Invoke
// on new input bytes must give the reference's bytes for those.
TEST(LiteQuantConv, Conv2DInt8SecondInvokeNewInput) {
  std::mt19937 g(3);
  for (int C : {1, 2, 5}) {
    ModelBuilder b;
    OpOptions o;
    o.padding = Padding::kSame;
    const int H = 9, W = 11, CO = 8, K = 5;
    int x = qtensor(b, TensorType::kInt8, {2, H, W, C}, {0.02f}, {-3});
    std::vector<float> ws(CO, 0.003f);
    int w = b.constant(TensorType::kInt8, {CO, K, K, C},
                       randomBytes(size_t(CO) * K * K * C, g));
    b.def.subgraphs[0].tensors[w].quant = {
        ws, std::vector<int64_t>(ws.size(), 0), 0};
    int bt = biasTensor(b, g, CO, 0.02f, ws, 3000);
    int y = qtensor(b, TensorType::kInt8, {1}, {0.05f}, {4});
    b.op(kOp_CONV_2D, {x, w, bt}, {y}, o).version = 3;
    b.io({x}, {y});
    const auto first = randomBytes(size_t(2) * H * W * C, g);
    const auto second = randomBytes(first.size(), g);
    BuiltinOpResolver builtins;
    auto in = Interpreter::create(b.def, builtins, "q");
    ASSERT_TRUE(in.ok()) << in.status();
    ASSERT_TRUE((*in)->allocateTensors().ok());
    Tensor *xt = (*in)->inputTensor(0);
    ASSERT_EQ(xt->requiredBytes(), first.size());
    std::memcpy(xt->data, first.data(), first.size());
    ASSERT_TRUE((*in)->invoke().ok());
    std::memcpy(xt->data, second.data(), second.size());
    ASSERT_TRUE((*in)->invoke().ok());
    const Tensor *ot = (*in)->outputTensor(0);
    std::vector<uint8_t> got(ot->data, ot->data + ot->requiredBytes());
    EXPECT_EQ(got, runBytes(b.def, second, true, 1)) << "C=" << C;
  }
}

} // namespace
} // namespace tfmlir::lite::testing
