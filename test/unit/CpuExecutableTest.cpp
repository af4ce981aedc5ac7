//===- CpuExecutableTest.cpp - JIT hlo functions vs float64 references ----===//
//
// Each test compiles a hand-written hlo function with CpuExecutable, runs it
// twice (results must be bit-identical), and compares with a reference
// computed here in double precision. Tolerances: element-wise ops exact
// (after rounding the double reference to the output type); contractions
// and reductions |got - ref| <= 1e-5 * (1 + |ref|) in f32; NaN compared
// exactly (NaN where the reference is NaN).
//===----------------------------------------------------------------------===//
#include "runtime/session/CpuExecutable.h"
#include "runtime/cpu/Alloc.h"

#include <gtest/gtest.h>

#include <cmath>
#include <cstring>
#include <limits>

using namespace tfmlir::session;

namespace {

std::unique_ptr<CpuExecutable> compileOrDie(const std::string &text,
                                            const std::string &entry = "main") {
  auto exe = CpuExecutable::compile(text, entry);
  EXPECT_TRUE(exe.ok()) << exe.status();
  return exe.ok() ? std::move(*exe) : nullptr;
}

/// Runs twice and checks the two runs agree bit for bit.
std::vector<HostTensor> runTwice(const CpuExecutable &exe,
                                 const std::vector<const HostTensor *> &in) {
  auto a = exe.run(in);
  EXPECT_TRUE(a.ok()) << a.status();
  auto b = exe.run(in);
  EXPECT_TRUE(b.ok()) << b.status();
  if (!a.ok() || !b.ok())
    return {};
  EXPECT_EQ(a->size(), b->size());
  for (size_t i = 0; i < a->size(); ++i) {
    EXPECT_EQ((*a)[i].byteSize(), (*b)[i].byteSize());
    EXPECT_EQ(0, std::memcmp((*a)[i].raw(), (*b)[i].raw(), (*a)[i].byteSize()))
        << "result " << i << " differs between two runs";
  }
  return std::move(*a);
}

/// Deterministic pseudo-random floats in [-1, 1).
HostTensor randomF32(std::vector<int64_t> shape, uint32_t seed) {
  HostTensor t(DType::kF32, std::move(shape));
  uint32_t s = seed * 2654435761u + 1;
  for (int64_t i = 0; i < t.numElements(); ++i) {
    s = s * 1664525u + 1013904223u;
    t.data<float>()[i] = static_cast<float>((s >> 8) / double(1 << 24) * 2 - 1);
  }
  return t;
}

void expectClose(const HostTensor &got, const std::vector<double> &ref,
                 double rtol) {
  ASSERT_EQ(got.dtype(), DType::kF32);
  ASSERT_EQ(static_cast<size_t>(got.numElements()), ref.size());
  for (size_t i = 0; i < ref.size(); ++i) {
    float g = got.data<float>()[i];
    if (std::isnan(ref[i])) {
      EXPECT_TRUE(std::isnan(g)) << "element " << i;
      continue;
    }
    EXPECT_LE(std::fabs(g - ref[i]), rtol * (1 + std::fabs(ref[i])))
        << "element " << i << ": got " << g << ", want " << ref[i];
  }
}

TEST(CpuExecutable, ElementwiseAddMulMaxWithNaN) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<2x3xf32>, %b: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>) {
  %0 = hlo.add %a, %b : tensor<2x3xf32>
  %1 = hlo.multiply %a, %b : tensor<2x3xf32>
  %2 = hlo.maximum %a, %b : tensor<2x3xf32>
  %3 = hlo.minimum %a, %b : tensor<2x3xf32>
  return %0, %1, %2, %3 : tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>, tensor<2x3xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor a = randomF32({2, 3}, 1), b = randomF32({2, 3}, 2);
  float nan = std::numeric_limits<float>::quiet_NaN();
  a.data<float>()[1] = nan;
  b.data<float>()[4] = nan;
  a.data<float>()[5] = -0.0f;
  b.data<float>()[5] = 0.0f;
  auto r = runTwice(*exe, {&a, &b});
  ASSERT_EQ(r.size(), 4u);
  std::vector<double> add, mul, mx, mn;
  for (int i = 0; i < 6; ++i) {
    double x = a.data<float>()[i], y = b.data<float>()[i];
    bool n = std::isnan(x) || std::isnan(y);
    add.push_back(static_cast<float>(x + y));
    mul.push_back(static_cast<float>(x * y));
    mx.push_back(n ? NAN : std::max(x, y));
    mn.push_back(n ? NAN : std::min(x, y));
  }
  expectClose(r[0], add, 0);
  expectClose(r[1], mul, 0);
  expectClose(r[2], mx, 0);
  expectClose(r[3], mn, 0);
  // maximum(-0, +0) = +0 and minimum = -0 (IEEE maximum/minimum).
  EXPECT_FALSE(std::signbit(r[2].data<float>()[5]));
  EXPECT_TRUE(std::signbit(r[3].data<float>()[5]));
}

TEST(CpuExecutable, IntegerDivideRemainderXlaSemantics) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<4xi32>, %b: tensor<4xi32>) -> (tensor<4xi32>, tensor<4xi32>) {
  %0 = hlo.divide %a, %b : tensor<4xi32>
  %1 = hlo.remainder %a, %b : tensor<4xi32>
  return %0, %1 : tensor<4xi32>, tensor<4xi32>
})");
  ASSERT_TRUE(exe);
  HostTensor a(DType::kI32, {4}), b(DType::kI32, {4});
  int32_t av[] = {7, -7, 5, std::numeric_limits<int32_t>::min()};
  int32_t bv[] = {2, 2, 0, -1};
  std::memcpy(a.raw(), av, sizeof av);
  std::memcpy(b.raw(), bv, sizeof bv);
  auto r = runTwice(*exe, {&a, &b});
  ASSERT_EQ(r.size(), 2u);
  // Truncating division; x/0 = -1, x%0 = x; INT_MIN/-1 = INT_MIN, % = 0.
  int32_t q[] = {3, -3, -1, std::numeric_limits<int32_t>::min()};
  int32_t m[] = {1, -1, 5, 0};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(r[0].data<int32_t>()[i], q[i]) << i;
    EXPECT_EQ(r[1].data<int32_t>()[i], m[i]) << i;
  }
}

TEST(CpuExecutable, ConvertSaturatesAndCompareSelect) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<5xf32>) -> (tensor<5xi32>, tensor<5xf32>) {
  %0 = hlo.convert %a : (tensor<5xf32>) -> tensor<5xi32>
  %z = hlo.constant dense<0.0> : tensor<5xf32>
  %p = hlo.compare GT, %a, %z : (tensor<5xf32>, tensor<5xf32>) -> tensor<5xi1>
  %1 = hlo.select %p, %a, %z : tensor<5xi1>, tensor<5xf32>
  return %0, %1 : tensor<5xi32>, tensor<5xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor a(DType::kF32, {5});
  float av[] = {-2.7f, 3.9f, 1e20f, -1e20f, NAN};
  std::memcpy(a.raw(), av, sizeof av);
  auto r = runTwice(*exe, {&a});
  ASSERT_EQ(r.size(), 2u);
  int32_t want[] = {-2, 3, std::numeric_limits<int32_t>::max(),
                    std::numeric_limits<int32_t>::min(), 0};
  for (int i = 0; i < 5; ++i)
    EXPECT_EQ(r[0].data<int32_t>()[i], want[i]) << i;
  expectClose(r[1], {0, 3.9f, 1e20f, 0, 0}, 0);
}

TEST(CpuExecutable, DotGeneralMatmulAndBatched) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<3x5xf32>, %b: tensor<5x4xf32>, %c: tensor<2x3x5xf32>, %d: tensor<2x4x5xf32>) -> (tensor<3x4xf32>, tensor<2x3x4xf32>) {
  %0 = hlo.dot_general %a, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x5xf32>, tensor<5x4xf32>) -> tensor<3x4xf32>
  %1 = hlo.dot_general %c, %d, <lhs_batch = [0], rhs_batch = [0], lhs_contract = [2], rhs_contract = [2]> : (tensor<2x3x5xf32>, tensor<2x4x5xf32>) -> tensor<2x3x4xf32>
  return %0, %1 : tensor<3x4xf32>, tensor<2x3x4xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor a = randomF32({3, 5}, 3), b = randomF32({5, 4}, 4);
  HostTensor c = randomF32({2, 3, 5}, 5), d = randomF32({2, 4, 5}, 6);
  auto r = runTwice(*exe, {&a, &b, &c, &d});
  ASSERT_EQ(r.size(), 2u);
  std::vector<double> mm, bmm;
  for (int i = 0; i < 3; ++i)
    for (int j = 0; j < 4; ++j) {
      double s = 0;
      for (int k = 0; k < 5; ++k)
        s += double(a.data<float>()[i * 5 + k]) * b.data<float>()[k * 4 + j];
      mm.push_back(s);
    }
  for (int n = 0; n < 2; ++n)
    for (int i = 0; i < 3; ++i)
      for (int j = 0; j < 4; ++j) {
        double s = 0;
        for (int k = 0; k < 5; ++k)
          s += double(c.data<float>()[(n * 3 + i) * 5 + k]) *
               d.data<float>()[(n * 4 + j) * 5 + k];
        bmm.push_back(s);
      }
  expectClose(r[0], mm, 1e-5);
  expectClose(r[1], bmm, 1e-5);
}

/// NHWC/HWIO convolution reference (cross-correlation), with strides,
/// explicit padding, rhs dilation and G feature groups.
std::vector<double> convRef(const HostTensor &x, const HostTensor &w,
                            int64_t sh, int64_t sw, int64_t pt, int64_t pl,
                            int64_t dh, int64_t dw, int64_t groups, int64_t oh,
                            int64_t ow) {
  int64_t n = x.shape()[0], h = x.shape()[1], wd = x.shape()[2],
          c = x.shape()[3];
  int64_t kh = w.shape()[0], kw = w.shape()[1], cig = w.shape()[2],
          co = w.shape()[3];
  std::vector<double> out;
  for (int64_t b = 0; b < n; ++b)
    for (int64_t i = 0; i < oh; ++i)
      for (int64_t j = 0; j < ow; ++j)
        for (int64_t o = 0; o < co; ++o) {
          int64_t g = o / (co / groups);
          double s = 0;
          for (int64_t p = 0; p < kh; ++p)
            for (int64_t q = 0; q < kw; ++q)
              for (int64_t ci = 0; ci < cig; ++ci) {
                int64_t y = i * sh + p * dh - pt, xx = j * sw + q * dw - pl;
                if (y < 0 || y >= h || xx < 0 || xx >= wd)
                  continue;
                s += double(x.data<float>()[((b * h + y) * wd + xx) * c +
                                            g * cig + ci]) *
                     w.data<float>()[((p * kw + q) * cig + ci) * co + o];
              }
          out.push_back(s);
        }
  return out;
}

TEST(CpuExecutable, ConvolutionStridedPaddedAndGrouped) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<2x5x5x4xf32>, %f: tensor<3x3x4x3xf32>, %g: tensor<2x2x1x8xf32>) -> (tensor<2x3x3x3xf32>, tensor<2x3x3x8xf32>) {
  %0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {padding = dense<[[1, 1], [1, 1]]> : tensor<2x2xi64>, window_strides = array<i64: 2, 2>} : (tensor<2x5x5x4xf32>, tensor<3x3x4x3xf32>) -> tensor<2x3x3x3xf32>
  %1 = hlo.convolution %x, %g, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> {rhs_dilation = array<i64: 2, 2>, feature_group_count = 4 : i64} : (tensor<2x5x5x4xf32>, tensor<2x2x1x8xf32>) -> tensor<2x3x3x8xf32>
  return %0, %1 : tensor<2x3x3x3xf32>, tensor<2x3x3x8xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x = randomF32({2, 5, 5, 4}, 7), f = randomF32({3, 3, 4, 3}, 8),
             g = randomF32({2, 2, 1, 8}, 9);
  auto r = runTwice(*exe, {&x, &f, &g});
  ASSERT_EQ(r.size(), 2u);
  expectClose(r[0], convRef(x, f, 2, 2, 1, 1, 1, 1, 1, 3, 3), 1e-5);
  expectClose(r[1], convRef(x, g, 1, 1, 0, 0, 2, 2, 4, 3, 3), 1e-5);
}

TEST(CpuExecutable, ConvolutionNCHWLhsDilationWindowReversal) {
  // NCHW input, OIHW kernel, lhs_dilation 2 (3 -> 5), padding 1 (-> 7),
  // 2x2 window reversed along H: output 6x6.
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<1x2x3x3xf32>, %f: tensor<3x2x2x2xf32>) -> tensor<1x3x6x6xf32> {
  %0 = hlo.convolution %x, %f, <[b, f, 0, 1]x[o, i, 0, 1]->[b, f, 0, 1]> {lhs_dilation = array<i64: 2, 2>, padding = dense<1> : tensor<2x2xi64>, window_reversal = array<i1: true, false>} : (tensor<1x2x3x3xf32>, tensor<3x2x2x2xf32>) -> tensor<1x3x6x6xf32>
  return %0 : tensor<1x3x6x6xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x = randomF32({1, 2, 3, 3}, 14), f = randomF32({3, 2, 2, 2}, 15);
  auto r = runTwice(*exe, {&x, &f});
  ASSERT_EQ(r.size(), 1u);
  // Element (y, x) of the dilated, padded 7x7 input.
  auto xd = [&](int c, int y, int xx) -> double {
    y -= 1;
    xx -= 1;
    if (y < 0 || xx < 0 || y % 2 || xx % 2 || y / 2 >= 3 || xx / 2 >= 3)
      return 0;
    return x.data<float>()[(c * 3 + y / 2) * 3 + xx / 2];
  };
  std::vector<double> ref;
  for (int o = 0; o < 3; ++o)
    for (int i = 0; i < 6; ++i)
      for (int j = 0; j < 6; ++j) {
        double acc = 0;
        for (int c = 0; c < 2; ++c)
          for (int p = 0; p < 2; ++p)
            for (int q = 0; q < 2; ++q)
              acc += xd(c, i + p, j + q) *
                     f.data<float>()[((o * 2 + c) * 2 + (1 - p)) * 2 + q];
        ref.push_back(acc);
      }
  expectClose(r[0], ref, 1e-5);
}

TEST(CpuExecutable, ReduceSumMaxAndMaxPool) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<2x3x4xf32>) -> (tensor<2xf32>, tensor<3xf32>, tensor<2x2x2xf32>) {
  %z = hlo.constant dense<0.0> : tensor<f32>
  %m = hlo.constant dense<0xFF800000> : tensor<f32>
  %0 = hlo.reduce(%x) init(%z) dims = [1, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.add %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %1 = hlo.reduce(%x) init(%m) dims = [0, 2] : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %2 = hlo.reduce_window(%x) init(%m) {window_dimensions = array<i64: 1, 2, 2>, window_strides = array<i64: 1, 2, 2>} : (tensor<2x3x4xf32>, tensor<f32>) -> tensor<2x1x2xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %s = hlo.maximum %a, %b : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %3 = hlo.pad %2, %m, low = [0, 0, 0], high = [0, 1, 0], interior = [0, 0, 0] : (tensor<2x1x2xf32>, tensor<f32>) -> tensor<2x2x2xf32>
  return %0, %1, %3 : tensor<2xf32>, tensor<3xf32>, tensor<2x2x2xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x = randomF32({2, 3, 4}, 10);
  x.data<float>()[7] = NAN; // in batch 0, row 1: poisons sum[0] and max[1]
  auto r = runTwice(*exe, {&x});
  ASSERT_EQ(r.size(), 3u);
  auto at = [&](int i, int j, int k) {
    return double(x.data<float>()[(i * 3 + j) * 4 + k]);
  };
  std::vector<double> sum(2, 0), mx(3, -INFINITY), pool;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      for (int k = 0; k < 4; ++k) {
        sum[i] += at(i, j, k);
        mx[j] = (std::isnan(mx[j]) || std::isnan(at(i, j, k)))
                    ? NAN
                    : std::max(mx[j], at(i, j, k));
      }
  for (int i = 0; i < 2; ++i) {
    for (int k = 0; k < 2; ++k) {
      double m = -INFINITY;
      for (int dj = 0; dj < 2; ++dj)
        for (int dk = 0; dk < 2; ++dk)
          m = (std::isnan(m) || std::isnan(at(i, dj, 2 * k + dk)))
                  ? NAN
                  : std::max(m, at(i, dj, 2 * k + dk));
      pool.push_back(m);
    }
    pool.push_back(-INFINITY);
    pool.push_back(-INFINITY);
  }
  expectClose(r[0], sum, 1e-5);
  expectClose(r[1], mx, 0);
  ASSERT_EQ(r[2].numElements(), 8);
  for (int i = 0; i < 8; ++i) {
    float g = r[2].data<float>()[i];
    if (std::isnan(pool[i]))
      EXPECT_TRUE(std::isnan(g)) << i;
    else
      EXPECT_EQ(g, pool[i]) << i;
  }
}

TEST(CpuExecutable, BroadcastTransposeReshapeSliceConcat) {
  auto exe = compileOrDie(R"(
func.func @main(%v: tensor<3xf32>, %m: tensor<2x3xf32>) -> (tensor<2x3xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<5x3xf32>, tensor<2x2xi32>) {
  %b = hlo.broadcast_in_dim %v, dims = [1] : (tensor<3xf32>) -> tensor<2x3xf32>
  %0 = hlo.add %b, %m : tensor<2x3xf32>
  %1 = hlo.transpose %m, dims = [1, 0] : (tensor<2x3xf32>) -> tensor<3x2xf32>
  %2 = hlo.reshape %1 : (tensor<3x2xf32>) -> tensor<6xf32>
  %s = hlo.slice %m, start = [0, 0], limit = [2, 3], strides = [1, 2] : (tensor<2x3xf32>) -> tensor<2x2xf32>
  %r = hlo.reverse %m, dims = [0] : tensor<2x3xf32>
  %vv = hlo.reshape %v : (tensor<3xf32>) -> tensor<1x3xf32>
  %3 = hlo.concatenate(%m, %vv, %r) dim = 0 : (tensor<2x3xf32>, tensor<1x3xf32>, tensor<2x3xf32>) -> tensor<5x3xf32>
  %4 = hlo.iota dim = 1 : tensor<2x2xi32>
  return %0, %1, %2, %3, %4 : tensor<2x3xf32>, tensor<3x2xf32>, tensor<6xf32>, tensor<5x3xf32>, tensor<2x2xi32>
})");
  ASSERT_TRUE(exe);
  HostTensor v = randomF32({3}, 11), m = randomF32({2, 3}, 12);
  auto r = runTwice(*exe, {&v, &m});
  ASSERT_EQ(r.size(), 5u);
  auto M = [&](int i, int j) { return double(m.data<float>()[i * 3 + j]); };
  auto V = [&](int j) { return double(v.data<float>()[j]); };
  std::vector<double> add, tr, cat;
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      add.push_back(static_cast<float>(V(j) + M(i, j)));
  for (int j = 0; j < 3; ++j)
    for (int i = 0; i < 2; ++i)
      tr.push_back(M(i, j));
  for (int i = 0; i < 2; ++i)
    for (int j = 0; j < 3; ++j)
      cat.push_back(M(i, j));
  for (int j = 0; j < 3; ++j)
    cat.push_back(V(j));
  for (int i = 1; i >= 0; --i)
    for (int j = 0; j < 3; ++j)
      cat.push_back(M(i, j));
  expectClose(r[0], add, 0);
  expectClose(r[1], tr, 0);
  expectClose(r[2], tr, 0);
  expectClose(r[3], cat, 0);
  int32_t iota[] = {0, 1, 0, 1};
  for (int i = 0; i < 4; ++i)
    EXPECT_EQ(r[4].data<int32_t>()[i], iota[i]);
}

TEST(CpuExecutable, PadNegativeAndInterior) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<3xf32>) -> tensor<6xf32> {
  %p = hlo.constant dense<9.0> : tensor<f32>
  %0 = hlo.pad %x, %p, low = [-1], high = [2], interior = [1] : (tensor<3xf32>, tensor<f32>) -> tensor<6xf32>
  return %0 : tensor<6xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x(DType::kF32, {3});
  float xv[] = {1, 2, 3};
  std::memcpy(x.raw(), xv, sizeof xv);
  auto r = runTwice(*exe, {&x});
  ASSERT_EQ(r.size(), 1u);
  // Interior: 1 9 2 9 3; low -1 drops the 1; high 2 appends 9 9.
  expectClose(r[0], {9, 2, 9, 3, 9, 9}, 0);
}

TEST(CpuExecutable, ArgMaxReducerAndIntegerBitOps) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<2x5xf32>, %s: tensor<4xi32>) -> (tensor<2xf32>, tensor<2xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>) {
  %i = hlo.iota dim = 1 : tensor<2x5xi32>
  %m = hlo.constant dense<0xFF800000> : tensor<f32>
  %z = hlo.constant dense<0> : tensor<i32>
  %0:2 = hlo.reduce(%x, %i) init(%m, %z) dims = [1] : (tensor<2x5xf32>, tensor<2x5xi32>, tensor<f32>, tensor<i32>) -> (tensor<2xf32>, tensor<2xi32>) {
  ^bb0(%av: tensor<f32>, %ai: tensor<i32>, %bv: tensor<f32>, %bi: tensor<i32>):
    %ge = hlo.compare GE, %av, %bv : (tensor<f32>, tensor<f32>) -> tensor<i1>
    %v = hlo.select %ge, %av, %bv : tensor<i1>, tensor<f32>
    %k = hlo.select %ge, %ai, %bi : tensor<i1>, tensor<i32>
    hlo.return %v, %k : tensor<f32>, tensor<i32>
  }
  %c = hlo.constant dense<[-8, 1, 100, 7]> : tensor<4xi32>
  %1 = hlo.shift_left %c, %s : tensor<4xi32>
  %2 = hlo.shift_right_arithmetic %c, %s : tensor<4xi32>
  %3 = hlo.sign %c : tensor<4xi32>
  return %0#0, %0#1, %1, %2, %3 : tensor<2xf32>, tensor<2xi32>, tensor<4xi32>, tensor<4xi32>, tensor<4xi32>
})");
  ASSERT_TRUE(exe);
  HostTensor x = randomF32({2, 5}, 13), s(DType::kI32, {4});
  int32_t sv[] = {1, 40, 2, 32};
  std::memcpy(s.raw(), sv, sizeof sv);
  auto r = runTwice(*exe, {&x, &s});
  ASSERT_EQ(r.size(), 5u);
  for (int b = 0; b < 2; ++b) {
    int best = 0;
    for (int k = 1; k < 5; ++k)
      if (x.data<float>()[b * 5 + k] > x.data<float>()[b * 5 + best])
        best = k;
    EXPECT_EQ(r[0].data<float>()[b], x.data<float>()[b * 5 + best]);
    EXPECT_EQ(r[1].data<int32_t>()[b], best);
  }
  // XLA: shifts by >= 32 give 0 (left) or the sign fill (arithmetic right).
  int32_t shl[] = {-16, 0, 400, 0}, sra[] = {-4, 0, 25, 0},
          sign[] = {-1, 1, 1, 1};
  for (int i = 0; i < 4; ++i) {
    EXPECT_EQ(r[2].data<int32_t>()[i], shl[i]) << i;
    EXPECT_EQ(r[3].data<int32_t>()[i], sra[i]) << i;
    EXPECT_EQ(r[4].data<int32_t>()[i], sign[i]) << i;
  }
}

TEST(CpuExecutable, BitcastConvertSplitsAndJoinsLittleEndian) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<2xf32>) -> (tensor<2x2xi16>, tensor<2xf32>, tensor<2xi32>) {
  %0 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2x2xi16>
  %1 = hlo.bitcast_convert %0 : (tensor<2x2xi16>) -> tensor<2xf32>
  %2 = hlo.bitcast_convert %x : (tensor<2xf32>) -> tensor<2xi32>
  return %0, %1, %2 : tensor<2x2xi16>, tensor<2xf32>, tensor<2xi32>
})");
  ASSERT_TRUE(exe);
  HostTensor x(DType::kF32, {2});
  x.data<float>()[0] = 1.0f;     // 0x3F800000
  x.data<float>()[1] = -2.5e-3f; // any pattern
  auto r = runTwice(*exe, {&x});
  ASSERT_EQ(r.size(), 3u);
  // On this little-endian host the reference is the memory layout itself.
  EXPECT_EQ(0, std::memcmp(r[0].raw(), x.raw(), 8));
  EXPECT_EQ(r[0].data<uint16_t>()[0], 0x0000);
  EXPECT_EQ(r[0].data<uint16_t>()[1], 0x3F80);
  EXPECT_EQ(0, std::memcmp(r[1].raw(), x.raw(), 8));
  EXPECT_EQ(0, std::memcmp(r[2].raw(), x.raw(), 8));
}

/// A Run that ends early (the compiled code longjmps out: a failed
/// allocation, max_run_memory_bytes, an index check) never reaches the
/// generated code's frees. RunScope returns those blocks to the arena, so
/// the arena neither holds blocks in use after the Run nor takes new ones
/// from the system on the next: repeated 1,000 times, a failing Run leaves
/// the arena's counters where the first one left them.
void expectFailingRunsDoNotGrowArena(const CpuExecutable &exe,
                                     const std::vector<const HostTensor *> &in,
                                     absl::StatusCode code) {
  auto first = exe.run(in);
  ASSERT_EQ(first.status().code(), code) << first.status();
  tfmlir::cpu::ArenaStats a = exe.arenaStats();
  EXPECT_EQ(a.bytesInUse, 0);
  // The failing Run took at least one block before it failed (else the
  // test would prove nothing).
  ASSERT_GT(a.systemAllocs, 0) << first.status();
  for (int i = 0; i < 1000; ++i) {
    auto r = exe.run(in);
    ASSERT_EQ(r.status().code(), code) << "run " << i << ": " << r.status();
  }
  tfmlir::cpu::ArenaStats b = exe.arenaStats();
  EXPECT_EQ(b.bytesInUse, 0);
  EXPECT_EQ(b.systemAllocs, a.systemAllocs);
  EXPECT_EQ(b.bytesHeld, a.bytesHeld);
  EXPECT_GE(b.reuses - a.reuses, 1000);
}

TEST(CpuExecutable, FailedRunsOverTheMemoryLimitReturnTheirBuffers) {
  // b (16 KiB + 64, size class 20,480 bytes) is held while c (the same) is
  // allocated: a limit of 30,000 bytes lets b through and refuses c.
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<64x64xf32>) -> tensor<64x64xf32> {
  %b = hlo.dot_general %a, %a, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %c = hlo.dot_general %b, %b, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<64x64xf32>, tensor<64x64xf32>) -> tensor<64x64xf32>
  %d = hlo.add %c, %b : tensor<64x64xf32>
  return %d : tensor<64x64xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor a = randomF32({64, 64}, 7);
  exe->setMaxRunMemory(30000);
  expectFailingRunsDoNotGrowArena(*exe, {&a},
                                  absl::StatusCode::kResourceExhausted);
  // Without the limit the same executable still runs (its arena is sound).
  exe->setMaxRunMemory(0);
  auto ok = exe->run({&a});
  EXPECT_TRUE(ok.ok()) << ok.status();
  EXPECT_EQ(exe->arenaStats().bytesInUse, 0);
}

TEST(CpuExecutable, FailedRunsOnABadIndexReturnTheirBuffers) {
  // exp(a) is a buffer of the Run (a gather reads it with tensor.extract,
  // which element-wise fusion does not fuse) when the index check of the
  // gather fails.
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<4096xf32>, %i: tensor<3xi32>) -> tensor<3xf32> {
  %s = hlo.exp %a : tensor<4096xf32>
  %c = hlo.custom_call "tfmlir_rt_check_indices"(%i) {backend_config = "gather\0A3\0A4096\0Ag"} : (tensor<3xi32>) -> tensor<3xi32>
  %0 = hlo.gather %s, %c, <offset_dims = [], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1] : (tensor<4096xf32>, tensor<3xi32>) -> tensor<3xf32>
  return %0 : tensor<3xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor a = randomF32({4096}, 3);
  HostTensor idx(DType::kI32, {3});
  idx.data<int32_t>()[0] = 1;
  idx.data<int32_t>()[1] = 5000; // out of range [0, 4096)
  idx.data<int32_t>()[2] = 2;
  expectFailingRunsDoNotGrowArena(*exe, {&a, &idx},
                                  absl::StatusCode::kInvalidArgument);
}

TEST(CpuExecutable, Errors) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<2xf32>) -> tensor<2xf32> {
  %0 = hlo.negate %a : tensor<2xf32>
  return %0 : tensor<2xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor wrongShape(DType::kF32, {3}), wrongType(DType::kI32, {2});
  auto r = exe->run({&wrongShape});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  EXPECT_NE(r.status().message().find("input 0"), std::string::npos);
  r = exe->run({&wrongType});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);
  r = exe->run({});
  EXPECT_EQ(r.status().code(), absl::StatusCode::kInvalidArgument);

  auto missing = CpuExecutable::compile("func.func @f() { return }", "main");
  EXPECT_EQ(missing.status().code(), absl::StatusCode::kInvalidArgument);
  auto unsupported = CpuExecutable::compile(R"(
func.func @main(%a: tensor<2x3xf32>) -> tensor<2x3xf32> {
  %0 = hlo.custom_call "foo"(%a) : (tensor<2x3xf32>) -> tensor<2x3xf32>
  return %0 : tensor<2x3xf32>
})",
                                            "main");
  EXPECT_EQ(unsupported.status().code(), absl::StatusCode::kInternal);
  EXPECT_NE(unsupported.status().message().find("cannot lower hlo.custom_call"),
            std::string::npos)
      << unsupported.status();
}

} // namespace
