//===- CodegenTilingTest.cpp - tiled/vectorized codegen vs float64 --------===//
//
// hlo-to-llvm-pipeline tiles linalg ops into register tiles (8 x 32 for f32
// contractions, 32-wide rows elsewhere), peels the partial tiles and
// vectorizes. These tests run shapes that do not divide the tiles (1x1x1,
// 7x13x5, 257x129x65, ...) and compare with a float64 reference computed
// here. Each function is run twice and the results must be bit-identical.
// Tolerances: element-wise ops exact (the double reference rounded to the
// result type); a sum of K products within the classical forward error
// bound (K + 2) * eps * sum |a_i * b_i| of recursive summation in the
// result type (eps = 2^-24 for f32, 2^-53 for f64); integer ops exact.
//===----------------------------------------------------------------------===//
#include "runtime/session/CpuExecutable.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <string>

using namespace tfmlir::session;

namespace {

std::unique_ptr<CpuExecutable> compileOrFail(const std::string &text) {
  auto exe = CpuExecutable::compile(text, "main");
  EXPECT_TRUE(exe.ok()) << exe.status();
  return exe.ok() ? std::move(*exe) : nullptr;
}

std::vector<HostTensor> runTwice(const CpuExecutable &exe,
                                 const std::vector<const HostTensor *> &in) {
  auto a = exe.run(in);
  EXPECT_TRUE(a.ok()) << a.status();
  auto b = exe.run(in);
  EXPECT_TRUE(b.ok()) << b.status();
  if (!a.ok() || !b.ok())
    return {};
  for (size_t i = 0; i < a->size(); ++i)
    EXPECT_EQ(0, std::memcmp((*a)[i].raw(), (*b)[i].raw(), (*a)[i].byteSize()))
        << "result " << i << " differs between two runs";
  return std::move(*a);
}

/// Deterministic pseudo-random values in [-1, 1) of type f32 or f64.
HostTensor randomTensor(DType dt, std::vector<int64_t> shape, uint32_t seed) {
  HostTensor t(dt, std::move(shape));
  uint32_t s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.numElements(); ++i) {
    s = s * 1664525u + 1013904223u;
    double v = (s >> 8) / double(1 << 24) * 2 - 1;
    if (dt == DType::kF32)
      t.data<float>()[i] = static_cast<float>(v);
    else
      t.data<double>()[i] = v;
  }
  return t;
}

double at(const HostTensor &t, int64_t i) {
  return t.dtype() == DType::kF32 ? double(t.data<float>()[i])
                                  : t.data<double>()[i];
}

/// A value and the sum of the absolute values of its terms.
struct Ref {
  double value = 0, absSum = 0;
  void add(double p) {
    value += p;
    absSum += std::fabs(p);
  }
};

void expectWithinBound(const HostTensor &got, const std::vector<Ref> &ref,
                       int64_t terms) {
  ASSERT_EQ(static_cast<size_t>(got.numElements()), ref.size());
  double eps =
      got.dtype() == DType::kF32 ? std::ldexp(1.0, -24) : std::ldexp(1.0, -53);
  int bad = 0;
  for (size_t i = 0; i < ref.size() && bad < 5; ++i) {
    double g = at(got, i);
    double bound = (terms + 2) * eps * ref[i].absSum + 1e-30;
    if (!(std::fabs(g - ref[i].value) <= bound)) {
      ++bad;
      ADD_FAILURE() << "element " << i << ": got " << g << ", want "
                    << ref[i].value << " within " << bound;
    }
  }
}

std::string tensorType(const std::vector<int64_t> &shape, const char *et) {
  std::string s = "tensor<";
  for (int64_t d : shape)
    s += std::to_string(d) + "x";
  return s + et + ">";
}

/// C[b?, m, n] = sum_k A[b?, m, k] * B[b?, k, n] (or B[b?, n, k] when
/// `transposeB`), through hlo.dot_general.
void checkMatmul(DType dt, int64_t batch, int64_t m, int64_t k, int64_t n,
                 bool transposeB) {
  SCOPED_TRACE(::testing::Message() << "batch " << batch << " m " << m << " k "
                                    << k << " n " << n << " tb " << transposeB);
  const char *et = dt == DType::kF32 ? "f32" : "f64";
  std::vector<int64_t> as = {m, k},
                       bs = transposeB ? std::vector<int64_t>{n, k}
                                       : std::vector<int64_t>{k, n},
                       cs = {m, n};
  std::string dn = transposeB ? "lhs_contract = [1], rhs_contract = [1]"
                              : "lhs_contract = [1], rhs_contract = [0]";
  std::string bd = "lhs_batch = [], rhs_batch = []";
  if (batch) {
    as.insert(as.begin(), batch);
    bs.insert(bs.begin(), batch);
    cs.insert(cs.begin(), batch);
    dn = transposeB ? "lhs_contract = [2], rhs_contract = [2]"
                    : "lhs_contract = [2], rhs_contract = [1]";
    bd = "lhs_batch = [0], rhs_batch = [0]";
  }
  std::string at_ = tensorType(as, et), bt = tensorType(bs, et),
              ct = tensorType(cs, et);
  auto exe = compileOrFail(
      "func.func @main(%a: " + at_ + ", %b: " + bt + ") -> " + ct +
      " {\n  %0 = hlo.dot_general %a, %b, <" + bd + ", " + dn + "> : (" + at_ +
      ", " + bt + ") -> " + ct + "\n  return %0 : " + ct + "\n}\n");
  ASSERT_TRUE(exe);
  HostTensor a = randomTensor(dt, as, 11), b = randomTensor(dt, bs, 12);
  auto r = runTwice(*exe, {&a, &b});
  ASSERT_EQ(r.size(), 1u);
  std::vector<Ref> ref;
  int64_t nb = batch ? batch : 1;
  for (int64_t bb = 0; bb < nb; ++bb)
    for (int64_t i = 0; i < m; ++i)
      for (int64_t j = 0; j < n; ++j) {
        Ref s;
        for (int64_t kk = 0; kk < k; ++kk)
          s.add(at(a, (bb * m + i) * k + kk) *
                at(b,
                   transposeB ? (bb * n + j) * k + kk : (bb * k + kk) * n + j));
        ref.push_back(s);
      }
  expectWithinBound(r[0], ref, k);
}

TEST(CodegenTiling, MatmulF32OddSizes) {
  checkMatmul(DType::kF32, 0, 1, 1, 1, false);
  checkMatmul(DType::kF32, 0, 7, 13, 5, false);
  checkMatmul(DType::kF32, 0, 16, 8, 64, false); // whole tiles only
  checkMatmul(DType::kF32, 0, 9, 3, 33, false);  // one row/column past a tile
  checkMatmul(DType::kF32, 0, 257, 129, 65, false);
  // Cache blocks (512 along n and k) with partial last blocks.
  checkMatmul(DType::kF32, 0, 9, 600, 530, false);
}

TEST(CodegenTiling, MatmulTransposedAndBatched) {
  checkMatmul(DType::kF32, 0, 19, 23, 45, true);
  checkMatmul(DType::kF32, 3, 7, 13, 5, false);
  checkMatmul(DType::kF32, 2, 17, 9, 40, true);
}

TEST(CodegenTiling, MatmulF64) {
  checkMatmul(DType::kF64, 0, 9, 17, 10, false);
  checkMatmul(DType::kF64, 0, 33, 5, 19, false);
}

TEST(CodegenTiling, IntegerMatmulExact) {
  auto exe = compileOrFail(R"(
func.func @main(%a: tensor<11x6xi32>, %b: tensor<6x37xi32>) -> tensor<11x37xi32> {
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<11x6xi32>, tensor<6x37xi32>) -> tensor<11x37xi32>
  return %0 : tensor<11x37xi32>
})");
  ASSERT_TRUE(exe);
  HostTensor a(DType::kI32, {11, 6}), b(DType::kI32, {6, 37});
  for (int64_t i = 0; i < a.numElements(); ++i)
    a.data<int32_t>()[i] = static_cast<int32_t>(i % 13) - 6;
  for (int64_t i = 0; i < b.numElements(); ++i)
    b.data<int32_t>()[i] = static_cast<int32_t>((i * 7) % 19) - 9;
  auto r = runTwice(*exe, {&a, &b});
  ASSERT_EQ(r.size(), 1u);
  for (int64_t i = 0; i < 11; ++i)
    for (int64_t j = 0; j < 37; ++j) {
      int32_t s = 0;
      for (int64_t k = 0; k < 6; ++k)
        s += a.data<int32_t>()[i * 6 + k] * b.data<int32_t>()[k * 37 + j];
      EXPECT_EQ(r[0].data<int32_t>()[i * 37 + j], s) << i << "," << j;
    }
}

TEST(CodegenTiling, ElementwiseAndReductionsOddShapes) {
  // 3x37: one full 32-wide tile and a 5-wide remainder per row.
  auto exe = compileOrFail(R"(
func.func @main(%x: tensor<3x37xf32>, %y: tensor<3x37xf32>) -> (tensor<3x37xf32>, tensor<3xf32>, tensor<37xf32>) {
  %0 = hlo.multiply %x, %y : tensor<3x37xf32>
  %1 = hlo.add %0, %x : tensor<3x37xf32>
  %2 = hlo.maximum %1, %y : tensor<3x37xf32>
  %z = hlo.constant dense<0.0> : tensor<f32>
  %3 = hlo.reduce(%x) init(%z) dims = [1] : (tensor<3x37xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %4 = hlo.reduce(%y) init(%z) dims = [0] : (tensor<3x37xf32>, tensor<f32>) -> tensor<37xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  return %2, %3, %4 : tensor<3x37xf32>, tensor<3xf32>, tensor<37xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x = randomTensor(DType::kF32, {3, 37}, 1),
             y = randomTensor(DType::kF32, {3, 37}, 2);
  x.data<float>()[40] = std::nanf("");
  auto r = runTwice(*exe, {&x, &y});
  ASSERT_EQ(r.size(), 3u);
  const float *xp = x.data<float>(), *yp = y.data<float>();
  for (int64_t i = 0; i < 3 * 37; ++i) {
    float want =
        std::isnan(xp[i])
            ? xp[i]
            : std::max(static_cast<float>(xp[i] * yp[i] + xp[i]), yp[i]);
    float got = r[0].data<float>()[i];
    if (std::isnan(want))
      EXPECT_TRUE(std::isnan(got)) << i;
    else
      EXPECT_EQ(got, want) << i;
  }
  std::vector<Ref> rows(3), cols(37);
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 37; ++j) {
      rows[i].add(xp[i * 37 + j]);
      cols[j].add(yp[i * 37 + j]);
    }
  // Row 1 holds the NaN.
  EXPECT_TRUE(std::isnan(r[1].data<float>()[1]));
  rows[1] = Ref{0, 0};
  HostTensor row1(DType::kF32, {3});
  std::memcpy(row1.raw(), r[1].raw(), row1.byteSize());
  row1.data<float>()[1] = 0;
  expectWithinBound(row1, rows, 37);
  expectWithinBound(r[2], cols, 3);
}

/// NHWC/HWIO reference: stride s, SAME-style explicit padding (pt, pl),
/// `groups` feature groups.
std::vector<Ref> convRef(const HostTensor &x, const HostTensor &w, int64_t s,
                         int64_t pt, int64_t pl, int64_t groups, int64_t oh,
                         int64_t ow) {
  int64_t n = x.shape()[0], h = x.shape()[1], wd = x.shape()[2],
          c = x.shape()[3];
  int64_t kh = w.shape()[0], kw = w.shape()[1], cig = w.shape()[2],
          co = w.shape()[3];
  std::vector<Ref> out;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j)
        for (int64_t o = 0; o < co; ++o) {
          int64_t g = o / (co / groups);
          Ref r;
          for (int64_t p = 0; p < kh; ++p)
            for (int64_t q = 0; q < kw; ++q)
              for (int64_t ci = 0; ci < cig; ++ci) {
                int64_t y = i * s + p - pt, xx = j * s + q - pl;
                if (y < 0 || y >= h || xx < 0 || xx >= wd)
                  continue;
                r.add(double(x.data<float>()[((b * h + y) * wd + xx) * c +
                                             g * cig + ci]) *
                      w.data<float>()[((p * kw + q) * cig + ci) * co + o]);
              }
          out.push_back(r);
        }
  return out;
}

TEST(CodegenTiling, ConvolutionAndDepthwiseOddSizes) {
  // 3x3 stride 2 SAME on 9x11x5 -> 5x6x35; depthwise 3x3 stride 1 SAME on
  // 10x13x20 (20 groups, multiplier 1).
  auto exe = compileOrFail(R"(
func.func @main(%x: tensor<2x9x11x5xf32>, %f: tensor<3x3x5x35xf32>, %y: tensor<1x10x13x20xf32>, %g: tensor<3x3x1x20xf32>) -> (tensor<2x5x6x35xf32>, tensor<1x10x13x20xf32>) {
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<2x9x11x5xf32>, tensor<3x3x5x35xf32>) -> tensor<2x5x6x35xf32>
  %1 = hlo.convolution %y, %g, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, feature_group_count = 20 : i64} : (tensor<1x10x13x20xf32>, tensor<3x3x1x20xf32>) -> tensor<1x10x13x20xf32>
  return %0, %1 : tensor<2x5x6x35xf32>, tensor<1x10x13x20xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x = randomTensor(DType::kF32, {2, 9, 11, 5}, 3),
             f = randomTensor(DType::kF32, {3, 3, 5, 35}, 4),
             y = randomTensor(DType::kF32, {1, 10, 13, 20}, 5),
             g = randomTensor(DType::kF32, {3, 3, 1, 20}, 6);
  auto r = runTwice(*exe, {&x, &f, &y, &g});
  ASSERT_EQ(r.size(), 2u);
  expectWithinBound(r[0], convRef(x, f, 2, 1, 1, 1, 5, 6), 45);
  expectWithinBound(r[1], convRef(y, g, 1, 1, 1, 20, 10, 13), 9);
}

TEST(CodegenTiling, BoolReductionAndCompare) {
  // i1 tensors are bytes in memory: an or-reduction over dims 0 and 1 and a
  // compare on 3x40 (a full 32-wide tile and a remainder) must give 0/1.
  auto exe = compileOrFail(R"(
func.func @main(%b: tensor<2x3x4xi1>, %x: tensor<3x40xf32>, %y: tensor<3x40xf32>) -> (tensor<4xi1>, tensor<3x40xi1>) {
  %f = hlo.constant dense<false> : tensor<i1>
  %0 = hlo.reduce(%b) init(%f) dims = [0, 1] : (tensor<2x3x4xi1>, tensor<i1>) -> tensor<4xi1> {
  ^bb0(%p: tensor<i1>, %q: tensor<i1>):
    %o = hlo.or %p, %q : tensor<i1>
    hlo.return %o : tensor<i1>
  }
  %1 = hlo.compare GT, %x, %y : (tensor<3x40xf32>, tensor<3x40xf32>) -> tensor<3x40xi1>
  return %0, %1 : tensor<4xi1>, tensor<3x40xi1>
})");
  ASSERT_TRUE(exe);
  HostTensor b(DType::kBool, {2, 3, 4});
  // Column 3 is all false; the others have one true somewhere.
  for (int64_t i = 0; i < 24; ++i)
    b.data<uint8_t>()[i] =
        (i % 4 != 3) && (i % 5 == 0 || i % 7 == 1 || i % 4 == 2) ? 1 : 0;
  HostTensor x = randomTensor(DType::kF32, {3, 40}, 31),
             y = randomTensor(DType::kF32, {3, 40}, 32);
  auto r = runTwice(*exe, {&b, &x, &y});
  ASSERT_EQ(r.size(), 2u);
  for (int64_t c = 0; c < 4; ++c) {
    uint8_t want = 0;
    for (int64_t i = 0; i < 6; ++i)
      want |= b.data<uint8_t>()[i * 4 + c];
    EXPECT_EQ(r[0].data<uint8_t>()[c], want) << "column " << c;
  }
  for (int64_t i = 0; i < 120; ++i)
    EXPECT_EQ(r[1].data<uint8_t>()[i],
              x.data<float>()[i] > y.data<float>()[i] ? 1 : 0)
        << i;
}

TEST(CodegenConstants, LargeConstantsAreHostBuffers) {
  // A 40x1000 f32 weight (160000 bytes) is above the 64 KiB threshold and
  // becomes a host buffer; the 2x2 constant is not, and the 17000-element
  // iota (68000 bytes) is computed, not a constant.
  std::string w = "dense<\"0x";
  static const char *hex = "0123456789ABCDEF";
  std::vector<float> wv(40 * 1000);
  for (size_t i = 0; i < wv.size(); ++i) {
    wv[i] = static_cast<float>(static_cast<int>(i % 97) - 48) / 64.0f;
    const auto *b = reinterpret_cast<const unsigned char *>(&wv[i]);
    for (int k = 0; k < 4; ++k) {
      w += hex[b[k] >> 4];
      w += hex[b[k] & 15];
    }
  }
  w += "\">";
  std::string module =
      "func.func @main(%x: tensor<3x40xf32>) -> (tensor<3x1000xf32>, "
      "tensor<17000xi32>, tensor<2x2xf32>) {\n"
      "  %w = hlo.constant " +
      w +
      " : tensor<40x1000xf32>\n"
      "  %t = hlo.iota dim = 0 : tensor<17000xi32>\n"
      "  %s = hlo.constant dense<[[1.0, 2.0], [3.0, 4.0]]> : tensor<2x2xf32>\n"
      "  %0 = hlo.dot_general %x, %w, <lhs_batch = [], rhs_batch = [], "
      "lhs_contract = [1], rhs_contract = [0]> : (tensor<3x40xf32>, "
      "tensor<40x1000xf32>) -> tensor<3x1000xf32>\n"
      "  return %0, %t, %s : tensor<3x1000xf32>, tensor<17000xi32>, "
      "tensor<2x2xf32>\n}\n";
  auto exe = compileOrFail(module);
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->numExternalConstants(), 1u);
  ASSERT_EQ(exe->inputSpecs().size(), 1u);
  HostTensor x = randomTensor(DType::kF32, {3, 40}, 21);
  auto r = runTwice(*exe, {&x});
  ASSERT_EQ(r.size(), 3u);
  std::vector<Ref> ref;
  for (int64_t i = 0; i < 3; ++i)
    for (int64_t j = 0; j < 1000; ++j) {
      Ref s;
      for (int64_t k = 0; k < 40; ++k)
        s.add(double(x.data<float>()[i * 40 + k]) * wv[k * 1000 + j]);
      ref.push_back(s);
    }
  expectWithinBound(r[0], ref, 40);
  for (int64_t i = 0; i < 17000; ++i)
    ASSERT_EQ(r[1].data<int32_t>()[i], i);
  EXPECT_EQ(r[2].data<float>()[3], 4.0f);
}

TEST(CodegenConstants, ReturnedConstantIsCopiedOut) {
  // A 20000-element f32 constant returned directly: the result is a copy
  // of the host buffer, and the buffer survives for the next run.
  std::string vals;
  for (int i = 0; i < 20000; ++i)
    vals += (i ? ", " : "") + std::to_string(i % 1000) + ".0";
  auto exe = compileOrFail(
      "func.func @main() -> tensor<20000xf32> {\n  %c = hlo.constant dense<[" +
      vals + "]> : tensor<20000xf32>\n  return %c : tensor<20000xf32>\n}\n");
  ASSERT_TRUE(exe);
  EXPECT_EQ(exe->numExternalConstants(), 1u);
  EXPECT_TRUE(exe->inputSpecs().empty());
  auto r = runTwice(*exe, {});
  ASSERT_EQ(r.size(), 1u);
  for (int i = 0; i < 20000; ++i)
    ASSERT_EQ(r[0].data<float>()[i], float(i % 1000)) << i;
}

} // namespace
