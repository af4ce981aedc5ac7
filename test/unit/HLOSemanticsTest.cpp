//===- HLOSemanticsTest.cpp - XLA edge semantics of the hlo CPU codegen ---===//
//
// Hand-written hlo functions compiled with CpuExecutable (hlo-to-llvm-
// pipeline + JIT), each run twice (results must be bit-identical), and
// compared with references computed here independently:
//  - NaN propagation of maximum/minimum, reduce and reduce_window max/min
//    (XLA and TF CPU kernels: a NaN operand gives NaN), compared exactly;
//  - integer divide/remainder of negative values (XLA truncates), x / 0
//    and INT_MIN / -1 (XLA: -1 / INT_MIN, x % 0 = x, INT_MIN % -1 = 0),
//    unsigned divide/compare via bitcast_convert to ui8;
//  - gather / scatter / dynamic_slice / dynamic_update_slice with
//    out-of-range indices (XLA clamps gather and dynamic slice starts,
//    skips out-of-bounds scatter windows), sort (stable, NaN last with
//    TOTALORDER), while / if / case;
//  - zero-size dims through every op family (must run, give the right
//    shape, and read nothing out of bounds);
//  - tf.FloorDiv / tf.FloorMod through xla-legalize-tf and the codegen
//    against floor semantics (NumPy's // and %, INT_MIN // -1 wrapping to
//    INT_MIN as NumPy and XLA give).
// References are exact (integer or selected values) unless stated.
//===----------------------------------------------------------------------===//
#include "dialects/hlo/HLOOps.h"
#include "dialects/tf/TFOps.h"
#include "lib/Conversion/TFToHLO/Passes.h"
#include "runtime/session/CpuExecutable.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/Parser/Parser.h"

#include <gtest/gtest.h>

#include <algorithm>
#include <cmath>
#include <cstring>
#include <limits>
#include <numeric>

using namespace tfmlir::session;

namespace {

std::unique_ptr<CpuExecutable> compileOrDie(const std::string &text) {
  auto exe = CpuExecutable::compile(text, "main");
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
  for (size_t i = 0; i < a->size() && i < b->size(); ++i) {
    EXPECT_EQ((*a)[i].byteSize(), (*b)[i].byteSize());
    if ((*a)[i].byteSize() == (*b)[i].byteSize() && (*a)[i].byteSize() != 0)
      EXPECT_EQ(0,
                std::memcmp((*a)[i].raw(), (*b)[i].raw(), (*a)[i].byteSize()))
          << "result " << i << " differs between two runs";
  }
  return std::move(*a);
}

template <typename T>
HostTensor tensorOf(DType dt, std::vector<int64_t> shape,
                    const std::vector<T> &values) {
  HostTensor t(dt, std::move(shape));
  EXPECT_EQ(static_cast<size_t>(t.numElements()), values.size());
  for (size_t i = 0; i < values.size(); ++i)
    t.data<T>()[i] = values[i];
  return t;
}

/// Exact comparison; NaN must match NaN.
template <typename T>
void expectExact(const HostTensor &got, const std::vector<T> &want,
                 const char *what) {
  ASSERT_EQ(static_cast<size_t>(got.numElements()), want.size()) << what;
  for (size_t i = 0; i < want.size(); ++i) {
    T g = got.data<T>()[i];
    if constexpr (std::is_floating_point_v<T>) {
      if (std::isnan(want[i])) {
        EXPECT_TRUE(std::isnan(g)) << what << "[" << i << "] = " << g;
        continue;
      }
    }
    EXPECT_EQ(g, want[i]) << what << "[" << i << "]";
  }
}

constexpr float kNaN = std::numeric_limits<float>::quiet_NaN();
constexpr float kInf = std::numeric_limits<float>::infinity();

/// maximum/minimum as XLA defines them (NaN wins), in double.
double refMax(double a, double b) {
  return std::isnan(a) || std::isnan(b) ? NAN : std::max(a, b);
}
double refMin(double a, double b) {
  return std::isnan(a) || std::isnan(b) ? NAN : std::min(a, b);
}

TEST(HLOSemantics, MaxMinReduceAndPoolPropagateNaN) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<2x4xf32>, %b: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>) {
  %mx = hlo.maximum %a, %b : tensor<2x4xf32>
  %mn = hlo.minimum %a, %b : tensor<2x4xf32>
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %pinf = hlo.constant dense<0x7F800000> : tensor<f32>
  %rmax = hlo.reduce(%a) init(%ninf) dims = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = hlo.maximum %x, %y : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %rmin = hlo.reduce(%a) init(%pinf) dims = [1] : (tensor<2x4xf32>, tensor<f32>) -> tensor<2xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = hlo.minimum %x, %y : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  %pool = hlo.reduce_window(%a) init(%ninf) {window_dimensions = array<i64: 1, 2>} : (tensor<2x4xf32>, tensor<f32>) -> tensor<2x3xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %m = hlo.maximum %x, %y : tensor<f32>
    hlo.return %m : tensor<f32>
  }
  return %mx, %mn, %rmax, %rmin, %pool : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>, tensor<2x3xf32>
})");
  ASSERT_TRUE(exe);
  std::vector<float> av = {1, kNaN, -kInf, 3, -2, 5, 0.5f, -1};
  std::vector<float> bv = {kNaN, 2, 7, -kInf, 1, 5, kNaN, -3};
  HostTensor a = tensorOf(DType::kF32, {2, 4}, av);
  HostTensor b = tensorOf(DType::kF32, {2, 4}, bv);
  auto out = runTwice(*exe, {&a, &b});
  ASSERT_EQ(out.size(), 5u);
  std::vector<float> mx, mn, rmax(2), rmin(2), pool;
  for (size_t i = 0; i < av.size(); ++i) {
    mx.push_back(refMax(av[i], bv[i]));
    mn.push_back(refMin(av[i], bv[i]));
  }
  for (int r = 0; r < 2; ++r) {
    double hi = -INFINITY, lo = INFINITY;
    for (int c = 0; c < 4; ++c) {
      hi = refMax(hi, av[r * 4 + c]);
      lo = refMin(lo, av[r * 4 + c]);
    }
    rmax[r] = hi;
    rmin[r] = lo;
    for (int c = 0; c < 3; ++c)
      pool.push_back(refMax(av[r * 4 + c], av[r * 4 + c + 1]));
  }
  expectExact(out[0], mx, "maximum");
  expectExact(out[1], mn, "minimum");
  expectExact(out[2], rmax, "reduce max");
  expectExact(out[3], rmin, "reduce min");
  expectExact(out[4], pool, "max pool");
}

TEST(HLOSemantics, IntegerDivRemTruncateAndEdgeCases) {
  auto exe = compileOrDie(R"(
func.func @main(%a: tensor<8xi8>, %b: tensor<8xi8>, %c: tensor<4xi64>, %d: tensor<4xi64>) -> (tensor<8xi8>, tensor<8xi8>, tensor<4xi64>, tensor<4xi64>, tensor<8xi8>, tensor<8xi8>, tensor<8xi1>) {
  %q = hlo.divide %a, %b : tensor<8xi8>
  %r = hlo.remainder %a, %b : tensor<8xi8>
  %q64 = hlo.divide %c, %d : tensor<4xi64>
  %r64 = hlo.remainder %c, %d : tensor<4xi64>
  %ua = hlo.bitcast_convert %a : (tensor<8xi8>) -> tensor<8xui8>
  %ub = hlo.bitcast_convert %b : (tensor<8xi8>) -> tensor<8xui8>
  %uq = hlo.divide %ua, %ub : tensor<8xui8>
  %ur = hlo.remainder %ua, %ub : tensor<8xui8>
  %ult = hlo.compare LT, %ua, %ub : (tensor<8xui8>, tensor<8xui8>) -> tensor<8xi1>
  %uq8 = hlo.bitcast_convert %uq : (tensor<8xui8>) -> tensor<8xi8>
  %ur8 = hlo.bitcast_convert %ur : (tensor<8xui8>) -> tensor<8xi8>
  return %q, %r, %q64, %r64, %uq8, %ur8, %ult : tensor<8xi8>, tensor<8xi8>, tensor<4xi64>, tensor<4xi64>, tensor<8xi8>, tensor<8xi8>, tensor<8xi1>
})");
  ASSERT_TRUE(exe);
  std::vector<int8_t> av = {7, -7, 7, -7, -128, -128, 5, -3};
  std::vector<int8_t> bv = {2, 2, -2, -2, -1, 3, 0, 0};
  const int64_t kMin = std::numeric_limits<int64_t>::min();
  std::vector<int64_t> cv = {kMin, kMin, -9, 9};
  std::vector<int64_t> dv = {-1, 7, 4, 0};
  HostTensor a = tensorOf(DType::kI8, {8}, av),
             b = tensorOf(DType::kI8, {8}, bv);
  HostTensor c = tensorOf(DType::kI64, {4}, cv),
             d = tensorOf(DType::kI64, {4}, dv);
  auto out = runTwice(*exe, {&a, &b, &c, &d});
  ASSERT_EQ(out.size(), 7u);
  // XLA: truncating division; x / 0 = -1; INT_MIN / -1 = INT_MIN;
  // x % 0 = x; INT_MIN % -1 = 0.
  auto div = [](int64_t x, int64_t y, int64_t mn) -> int64_t {
    if (y == 0)
      return -1;
    if (x == mn && y == -1)
      return mn;
    return x / y;
  };
  auto rem = [](int64_t x, int64_t y, int64_t mn) -> int64_t {
    if (y == 0)
      return x;
    if (x == mn && y == -1)
      return 0;
    return x % y;
  };
  std::vector<int8_t> q, r, uq, ur;
  std::vector<uint8_t> ult;
  for (size_t i = 0; i < av.size(); ++i) {
    q.push_back(static_cast<int8_t>(div(av[i], bv[i], -128)));
    r.push_back(static_cast<int8_t>(rem(av[i], bv[i], -128)));
    uint8_t x = static_cast<uint8_t>(av[i]), y = static_cast<uint8_t>(bv[i]);
    uq.push_back(static_cast<int8_t>(y == 0 ? 0xFF : x / y));
    ur.push_back(static_cast<int8_t>(y == 0 ? x : x % y));
    ult.push_back(x < y);
  }
  std::vector<int64_t> q64, r64;
  for (size_t i = 0; i < cv.size(); ++i) {
    q64.push_back(div(cv[i], dv[i], kMin));
    r64.push_back(rem(cv[i], dv[i], kMin));
  }
  expectExact(out[0], q, "i8 divide");
  expectExact(out[1], r, "i8 remainder");
  expectExact(out[2], q64, "i64 divide");
  expectExact(out[3], r64, "i64 remainder");
  expectExact(out[4], uq, "ui8 divide");
  expectExact(out[5], ur, "ui8 remainder");
  expectExact(out[6], ult, "ui8 compare");
}

TEST(HLOSemantics, GatherClampsAndScatterSkipsOutOfBounds) {
  auto exe = compileOrDie(R"(
func.func @main(%t: tensor<5x3xf32>, %ids: tensor<4x1xi32>, %up: tensor<4x3xf32>, %i: tensor<i32>) -> (tensor<4x3xf32>, tensor<5x3xf32>, tensor<2x3xf32>, tensor<5x3xf32>) {
  %g = hlo.gather %t, %ids, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 3] : (tensor<5x3xf32>, tensor<4x1xi32>) -> tensor<4x3xf32>
  %s = hlo.scatter(%t) indices(%ids) updates(%up) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<5x3xf32>, tensor<4x1xi32>, tensor<4x3xf32>) -> tensor<5x3xf32> {
  ^bb0(%cur: tensor<f32>, %new: tensor<f32>):
    %a = hlo.add %cur, %new : tensor<f32>
    hlo.return %a : tensor<f32>
  }
  %zero = hlo.constant dense<0> : tensor<i32>
  %ds = hlo.dynamic_slice %t[%i, %zero], sizes = [2, 3] : (tensor<5x3xf32>, tensor<i32>, tensor<i32>) -> tensor<2x3xf32>
  %u = hlo.slice %up, start = [0, 0], limit = [2, 3], strides = [1, 1] : (tensor<4x3xf32>) -> tensor<2x3xf32>
  %dus = hlo.dynamic_update_slice %t, %u[%i, %zero] : (tensor<5x3xf32>, tensor<2x3xf32>, tensor<i32>, tensor<i32>) -> tensor<5x3xf32>
  return %g, %s, %ds, %dus : tensor<4x3xf32>, tensor<5x3xf32>, tensor<2x3xf32>, tensor<5x3xf32>
})");
  ASSERT_TRUE(exe);
  std::vector<float> tv(15), uv(12);
  std::iota(tv.begin(), tv.end(), 0.0f);
  for (size_t k = 0; k < uv.size(); ++k)
    uv[k] = 100.0f * (k + 1);
  // Index 1 twice (accumulates), 7 and -2 out of range.
  std::vector<int32_t> idv = {1, 7, -2, 1};
  HostTensor t = tensorOf(DType::kF32, {5, 3}, tv);
  HostTensor ids = tensorOf(DType::kI32, {4, 1}, idv);
  HostTensor up = tensorOf(DType::kF32, {4, 3}, uv);
  for (int32_t start : {-3, 2, 9}) {
    HostTensor i = tensorOf(DType::kI32, {}, std::vector<int32_t>{start});
    auto out = runTwice(*exe, {&t, &ids, &up, &i});
    ASSERT_EQ(out.size(), 4u);
    std::vector<float> g, s(tv), ds, dus(tv);
    for (int32_t id : idv) {
      int32_t row = std::clamp(id, 0, 4); // XLA clamps gather starts.
      for (int c = 0; c < 3; ++c)
        g.push_back(tv[row * 3 + c]);
    }
    for (size_t k = 0; k < idv.size(); ++k)
      if (idv[k] >= 0 && idv[k] <= 4) // Out-of-bounds windows are skipped.
        for (int c = 0; c < 3; ++c)
          s[idv[k] * 3 + c] += uv[k * 3 + c];
    int32_t row = std::clamp(start, 0, 3);
    for (int r = 0; r < 2; ++r)
      for (int c = 0; c < 3; ++c) {
        ds.push_back(tv[(row + r) * 3 + c]);
        dus[(row + r) * 3 + c] = uv[r * 3 + c];
      }
    expectExact(out[0], g, "gather");
    expectExact(out[1], s, "scatter");
    expectExact(out[2], ds, "dynamic_slice");
    expectExact(out[3], dus, "dynamic_update_slice");
  }
}

TEST(HLOSemantics, SortStableWithTotalOrderNaN) {
  auto exe = compileOrDie(R"(
func.func @main(%k: tensor<2x6xf32>, %v: tensor<2x6xi32>) -> (tensor<2x6xf32>, tensor<2x6xi32>) {
  %0:2 = hlo.sort(%k, %v) {dimension = 1 : i64, is_stable = true} : (tensor<2x6xf32>, tensor<2x6xi32>) -> (tensor<2x6xf32>, tensor<2x6xi32>) {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>, %c: tensor<i32>, %d: tensor<i32>):
    %lt = hlo.compare LT, %a, %b, TOTALORDER : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  return %0#0, %0#1 : tensor<2x6xf32>, tensor<2x6xi32>
})");
  ASSERT_TRUE(exe);
  std::vector<float> kv = {3, kNaN, -1, 3, -kInf, 0, 2, 2, 2, -0.0f, 0.0f, 1};
  std::vector<int32_t> vv(12);
  std::iota(vv.begin(), vv.end(), 0);
  HostTensor k = tensorOf(DType::kF32, {2, 6}, kv);
  HostTensor v = tensorOf(DType::kI32, {2, 6}, vv);
  auto out = runTwice(*exe, {&k, &v});
  ASSERT_EQ(out.size(), 2u);
  // Reference: std::stable_sort by IEEE totalOrder (-0 < +0, NaN last).
  auto total = [](float x) {
    int32_t bits;
    std::memcpy(&bits, &x, 4);
    return bits < 0 ? bits ^ 0x7FFFFFFF : bits;
  };
  std::vector<float> ks;
  std::vector<int32_t> vs;
  for (int r = 0; r < 2; ++r) {
    std::vector<int> order(6);
    std::iota(order.begin(), order.end(), 0);
    std::stable_sort(order.begin(), order.end(), [&](int x, int y) {
      return total(kv[r * 6 + x]) < total(kv[r * 6 + y]);
    });
    for (int o : order) {
      ks.push_back(kv[r * 6 + o]);
      vs.push_back(vv[r * 6 + o]);
    }
  }
  expectExact(out[0], ks, "sorted keys");
  expectExact(out[1], vs, "sorted values (stable)");
  for (int i = 0; i < 12; ++i) // -0 before +0 by the sign bit.
    EXPECT_EQ(std::signbit(out[0].data<float>()[i]), std::signbit(ks[i]));
}

TEST(HLOSemantics, WhileIfCase) {
  auto exe = compileOrDie(R"(
func.func @main(%n: tensor<i32>, %x: tensor<3xf32>, %p: tensor<i1>, %i: tensor<i32>) -> (tensor<i32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>) {
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%zero, %x) : tensor<i32>, tensor<3xf32> {
  ^bb0(%k: tensor<i32>, %acc: tensor<3xf32>):
    %c = hlo.compare LT, %k, %n : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
  ^bb0(%k: tensor<i32>, %acc: tensor<3xf32>):
    %k1 = hlo.add %k, %one : tensor<i32>
    %a1 = hlo.add %acc, %acc : tensor<3xf32>
    hlo.return %k1, %a1 : tensor<i32>, tensor<3xf32>
  }
  %0 = hlo.if %p : (tensor<i1>) -> tensor<3xf32> {
    %neg = hlo.negate %x : tensor<3xf32>
    hlo.return %neg : tensor<3xf32>
  } else {
    hlo.return %x : tensor<3xf32>
  }
  %1 = hlo.case %i : (tensor<i32>) -> tensor<3xf32> {
    hlo.return %x : tensor<3xf32>
  }, {
    %e = hlo.add %x, %x : tensor<3xf32>
    hlo.return %e : tensor<3xf32>
  }, {
    %t = hlo.multiply %x, %x : tensor<3xf32>
    hlo.return %t : tensor<3xf32>
  }
  return %r#0, %r#1, %0, %1 : tensor<i32>, tensor<3xf32>, tensor<3xf32>, tensor<3xf32>
})");
  ASSERT_TRUE(exe);
  std::vector<float> xv = {1.5f, -2, 3};
  HostTensor x = tensorOf(DType::kF32, {3}, xv);
  for (int32_t n : {0, 3})
    for (uint8_t p : {0, 1})
      for (int32_t idx : {-1, 0, 1, 2, 5}) {
        HostTensor nt = tensorOf(DType::kI32, {}, std::vector<int32_t>{n});
        HostTensor pt = tensorOf(DType::kBool, {}, std::vector<uint8_t>{p});
        HostTensor it = tensorOf(DType::kI32, {}, std::vector<int32_t>{idx});
        auto out = runTwice(*exe, {&nt, &x, &pt, &it});
        ASSERT_EQ(out.size(), 4u);
        std::vector<float> loop, ifr, cs;
        // Out-of-range case indices run the last branch (XLA).
        int32_t branch = idx < 0 || idx > 2 ? 2 : idx;
        for (float e : xv) {
          loop.push_back(e * std::ldexp(1.0f, n));
          ifr.push_back(p ? -e : e);
          cs.push_back(branch == 0 ? e : branch == 1 ? e + e : e * e);
        }
        expectExact(out[0], std::vector<int32_t>{n}, "while counter");
        expectExact(out[1], loop, "while value");
        expectExact(out[2], ifr, "if");
        expectExact(out[3], cs, "case");
      }
}

TEST(HLOSemantics, ZeroSizeDimsThroughEveryOpFamily) {
  auto exe = compileOrDie(R"(
func.func @main(%e: tensor<0x3xf32>, %m: tensor<3x4xf32>, %ids: tensor<0x1xi32>) -> (tensor<0x3xf32>, tensor<3x0xf32>, tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<0x3xf32>, tensor<2x3xf32>, tensor<0x3xf32>, tensor<3x4xf32>, tensor<0x3xf32>, tensor<0x2xf32>, tensor<0x3xf32>, tensor<0x3xi32>) {
  %add = hlo.add %e, %e : tensor<0x3xf32>
  %tr = hlo.transpose %e, dims = [1, 0] : (tensor<0x3xf32>) -> tensor<3x0xf32>
  %dot = hlo.dot_general %tr, %e, <lhs_batch = [], rhs_batch = [], lhs_contract = [1], rhs_contract = [0]> : (tensor<3x0xf32>, tensor<0x3xf32>) -> tensor<3x3xf32>
  %zero = hlo.constant dense<0.0> : tensor<f32>
  %red = hlo.reduce(%e) init(%zero) dims = [0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<3xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %s = hlo.add %x, %y : tensor<f32>
    hlo.return %s : tensor<f32>
  }
  %m3 = hlo.slice %m, start = [0, 0], limit = [3, 3], strides = [1, 1] : (tensor<3x4xf32>) -> tensor<3x3xf32>
  %cat = hlo.concatenate(%e, %m3) dim = 0 : (tensor<0x3xf32>, tensor<3x3xf32>) -> tensor<3x3xf32>
  %rev = hlo.reverse %e, dims = [0] : tensor<0x3xf32>
  %one = hlo.constant dense<1.0> : tensor<f32>
  %pad = hlo.pad %e, %one, low = [1, 0], high = [1, 0], interior = [2, 0] : (tensor<0x3xf32>, tensor<f32>) -> tensor<2x3xf32>
  %g = hlo.gather %m, %ids, <offset_dims = [1], collapsed_slice_dims = [0], operand_batching_dims = [], start_indices_batching_dims = [], start_index_map = [0], index_vector_dim = 1>, sizes = [1, 3] : (tensor<3x4xf32>, tensor<0x1xi32>) -> tensor<0x3xf32>
  %s = hlo.scatter(%m) indices(%ids) updates(%g) <update_window_dims = [1], inserted_window_dims = [0], input_batching_dims = [], scatter_indices_batching_dims = [], scatter_dims_to_operand_dims = [0], index_vector_dim = 1> : (tensor<3x4xf32>, tensor<0x1xi32>, tensor<0x3xf32>) -> tensor<3x4xf32> {
  ^bb0(%cur: tensor<f32>, %new: tensor<f32>):
    hlo.return %new : tensor<f32>
  }
  %srt = hlo.sort(%e) {dimension = 0 : i64} : (tensor<0x3xf32>) -> tensor<0x3xf32> {
  ^bb0(%a: tensor<f32>, %b: tensor<f32>):
    %lt = hlo.compare LT, %a, %b : (tensor<f32>, tensor<f32>) -> tensor<i1>
    hlo.return %lt : tensor<i1>
  }
  %ninf = hlo.constant dense<0xFF800000> : tensor<f32>
  %pool = hlo.reduce_window(%e) init(%ninf) {window_dimensions = array<i64: 1, 2>} : (tensor<0x3xf32>, tensor<f32>) -> tensor<0x2xf32> {
  ^bb0(%x: tensor<f32>, %y: tensor<f32>):
    %mx = hlo.maximum %x, %y : tensor<f32>
    hlo.return %mx : tensor<f32>
  }
  %bc = hlo.broadcast_in_dim %red, dims = [1] : (tensor<3xf32>) -> tensor<0x3xf32>
  %io = hlo.iota dim = 0 : tensor<0x3xi32>
  return %add, %tr, %dot, %red, %cat, %rev, %pad, %g, %s, %srt, %pool, %bc, %io : tensor<0x3xf32>, tensor<3x0xf32>, tensor<3x3xf32>, tensor<3xf32>, tensor<3x3xf32>, tensor<0x3xf32>, tensor<2x3xf32>, tensor<0x3xf32>, tensor<3x4xf32>, tensor<0x3xf32>, tensor<0x2xf32>, tensor<0x3xf32>, tensor<0x3xi32>
})");
  ASSERT_TRUE(exe);
  HostTensor e(DType::kF32, {0, 3});
  std::vector<float> mv(12);
  std::iota(mv.begin(), mv.end(), 1.0f);
  HostTensor m = tensorOf(DType::kF32, {3, 4}, mv);
  HostTensor ids(DType::kI32, {0, 1});
  auto out = runTwice(*exe, {&e, &m, &ids});
  ASSERT_EQ(out.size(), 13u);
  std::vector<std::vector<int64_t>> shapes = {
      {0, 3}, {3, 0}, {3, 3}, {3},    {3, 3}, {0, 3}, {2, 3},
      {0, 3}, {3, 4}, {0, 3}, {0, 2}, {0, 3}, {0, 3}};
  for (size_t i = 0; i < shapes.size(); ++i)
    EXPECT_EQ(out[i].shape(), shapes[i]) << "result " << i;
  expectExact(out[2], std::vector<float>(9, 0.0f), "empty contraction");
  expectExact(out[3], std::vector<float>(3, 0.0f), "empty reduce");
  std::vector<float> m3;
  for (int r = 0; r < 3; ++r)
    for (int c = 0; c < 3; ++c)
      m3.push_back(mv[r * 4 + c]);
  expectExact(out[4], m3, "concatenate with an empty operand");
  expectExact(out[6], std::vector<float>(6, 1.0f), "pad of empty");
  expectExact(out[8], mv, "scatter of no updates");
}

/// Floor division and modulo in int64 (no overflow for int32 inputs),
/// wrapped to int32 as NumPy's int32 // and % do.
int32_t floorDivRef(int32_t a, int32_t b) {
  int64_t q = int64_t(a) / b;
  if (int64_t(a) % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return static_cast<int32_t>(static_cast<uint32_t>(q));
}
int32_t floorModRef(int32_t a, int32_t b) {
  int64_t q = int64_t(a) / b;
  if (int64_t(a) % b != 0 && ((a < 0) != (b < 0)))
    --q;
  return static_cast<int32_t>(int64_t(a) - q * b);
}

/// Parses a tf-dialect module, legalizes it with xla-legalize-tf (every op
/// must legalize) and compiles @main with CpuExecutable.
std::unique_ptr<CpuExecutable> legalizeAndCompile(const std::string &text) {
  mlir::DialectRegistry registry;
  tfmlir::registerTFDialects(registry);
  tfmlir::registerHLODialect(registry);
  registry.insert<mlir::func::FuncDialect>();
  mlir::MLIRContext ctx(registry);
  ctx.loadAllAvailableDialects();
  auto module = mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  EXPECT_TRUE(module);
  if (!module)
    return nullptr;
  tfmlir::LegalizeHLOReport report;
  bool ok = mlir::succeeded(
      tfmlir::legalizeTFToHLO(*module, /*allowPartial=*/false, report));
  EXPECT_TRUE(ok) << report.format();
  if (!ok)
    return nullptr;
  auto exe = CpuExecutable::compile(*module, "main");
  EXPECT_TRUE(exe.ok()) << exe.status();
  return exe.ok() ? std::move(*exe) : nullptr;
}

TEST(HLOSemantics, TFFloorDivFloorModThroughLegalizer) {
  auto exe = legalizeAndCompile(R"(
func.func @main(%a: tensor<10xi32>, %b: tensor<10xi32>, %x: tensor<6xf32>, %y: tensor<6xf32>) -> (tensor<10xi32>, tensor<10xi32>, tensor<6xf32>, tensor<6xf32>) {
  %0 = "tf.FloorDiv"(%a, %b) : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  %1 = "tf.FloorMod"(%a, %b) : (tensor<10xi32>, tensor<10xi32>) -> tensor<10xi32>
  %2 = "tf.FloorDiv"(%x, %y) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  %3 = "tf.FloorMod"(%x, %y) : (tensor<6xf32>, tensor<6xf32>) -> tensor<6xf32>
  func.return %0, %1, %2, %3 : tensor<10xi32>, tensor<10xi32>, tensor<6xf32>, tensor<6xf32>
})");
  ASSERT_TRUE(exe);
  const int32_t kMin = std::numeric_limits<int32_t>::min();
  const int32_t kMax = std::numeric_limits<int32_t>::max();
  std::vector<int32_t> av = {7, -7, 7, -7, 6, -6, kMin, kMin, kMax, 0};
  std::vector<int32_t> bv = {2, 2, -2, -2, 3, 3, -1, 7, -3, -5};
  std::vector<float> xv = {7.5f, -7.5f, 7.5f, -7.5f, 6, -0.25f};
  std::vector<float> yv = {2, 2, -2, -2, 3, 4};
  HostTensor a = tensorOf(DType::kI32, {10}, av),
             b = tensorOf(DType::kI32, {10}, bv);
  HostTensor x = tensorOf(DType::kF32, {6}, xv),
             y = tensorOf(DType::kF32, {6}, yv);
  auto out = runTwice(*exe, {&a, &b, &x, &y});
  ASSERT_EQ(out.size(), 4u);
  std::vector<int32_t> q, r;
  for (size_t i = 0; i < av.size(); ++i) {
    q.push_back(floorDivRef(av[i], bv[i]));
    r.push_back(floorModRef(av[i], bv[i]));
  }
  // Floats: NumPy floor_divide / mod in double (exact for these values).
  std::vector<float> fq, fr;
  for (size_t i = 0; i < xv.size(); ++i) {
    double m = std::fmod(double(xv[i]), double(yv[i]));
    if (m != 0 && ((m < 0) != (yv[i] < 0)))
      m += yv[i];
    fq.push_back(static_cast<float>(std::floor(double(xv[i]) / yv[i])));
    fr.push_back(static_cast<float>(m));
  }
  expectExact(out[0], q, "FloorDiv i32");
  expectExact(out[1], r, "FloorMod i32");
  expectExact(out[2], fq, "FloorDiv f32");
  expectExact(out[3], fr, "FloorMod f32");
}

// tf.ArgMax / tf.ArgMin through xla-legalize-tf (a variadic reduce of
// (value, index) pairs) give TF's CPU kernel's answers, whose reference is
// Eigen's ArgMaxPairReducer / ArgMinPairReducer (TensorFunctors.h): a
// sequential scan from (index 0, lowest() / highest()) that takes an
// element only when it is strictly greater / less. NaNs are skipped, ties
// keep the first index, and a row of NaN and -inf (ArgMax) gives 0.
TEST(HLOSemantics, TFArgMaxArgMinNaNAndTies) {
  auto exe = legalizeAndCompile(R"(
func.func @main(%x: tensor<7x5xf32>) -> (tensor<7xi64>, tensor<7xi64>) {
  %d = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %0 = "tf.ArgMax"(%x, %d) : (tensor<7x5xf32>, tensor<i32>) -> tensor<7xi64>
  %1 = "tf.ArgMin"(%x, %d) : (tensor<7x5xf32>, tensor<i32>) -> tensor<7xi64>
  func.return %0, %1 : tensor<7xi64>, tensor<7xi64>
})");
  ASSERT_TRUE(exe);
  const float kLowest = std::numeric_limits<float>::lowest();
  std::vector<float> xv = {1,     5,       kNaN, 5,     kNaN, // NaNs skipped
                           3,     3,       -1,   -1,    2, // ties: first index
                           -kInf, kInf,    kInf, 0,     -kInf,
                           kNaN,  0,       0,    0,     0, // NaN at 0 skipped
                           kNaN,  kNaN,    kNaN, kNaN,  kNaN,  // all NaN: 0
                           kNaN,  -kInf,   kNaN, -kInf, kNaN,  // 0 and 1
                           kNaN,  kLowest, kNaN, kInf,  kInf}; // 0 and 3
  HostTensor x = tensorOf(DType::kF32, {7, 5}, xv);
  auto out = runTwice(*exe, {&x});
  ASSERT_EQ(out.size(), 2u);
  std::vector<int64_t> amax, amin;
  for (int r = 0; r < 7; ++r) {
    // Reference: Eigen's reducers, reduce(t, accum) in index order.
    int64_t hiI = 0, loI = 0;
    float hiV = kLowest, loV = std::numeric_limits<float>::max();
    for (int c = 0; c < 5; ++c) {
      float v = xv[r * 5 + c];
      if (!(v < hiV) && (v > hiV || hiI > c))
        hiI = c, hiV = v;
      if (!(v > loV) && (v < loV || loI > c))
        loI = c, loV = v;
    }
    amax.push_back(hiI);
    amin.push_back(loI);
  }
  // The rows above written out, so that a wrong reference shows.
  EXPECT_EQ(amax, (std::vector<int64_t>{1, 0, 1, 1, 0, 0, 3}));
  EXPECT_EQ(amin, (std::vector<int64_t>{0, 2, 0, 1, 0, 1, 1}));
  expectExact(out[0], amax, "ArgMax");
  expectExact(out[1], amin, "ArgMin");
}

} // namespace

namespace {

// tf.Relu, tf.Relu6, tf.Maximum and tf.Max (reduce) through
// xla-legalize-tf propagate NaN (TF's CPU kernels give NaN for a NaN
// input; XLA max/min propagate it).
TEST(HLOSemantics, TFReluRelu6MaxPropagateNaN) {
  auto exe = legalizeAndCompile(R"(
func.func @main(%x: tensor<2x4xf32>) -> (tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>) {
  %0 = "tf.Relu"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %1 = "tf.Relu6"(%x) : (tensor<2x4xf32>) -> tensor<2x4xf32>
  %d = "tf.Const"() {value = dense<1> : tensor<i32>} : () -> tensor<i32>
  %2 = "tf.Max"(%x, %d) {keep_dims = false} : (tensor<2x4xf32>, tensor<i32>) -> tensor<2xf32>
  %3 = "tf.Min"(%x, %d) {keep_dims = false} : (tensor<2x4xf32>, tensor<i32>) -> tensor<2xf32>
  func.return %0, %1, %2, %3 : tensor<2x4xf32>, tensor<2x4xf32>, tensor<2xf32>, tensor<2xf32>
})");
  ASSERT_TRUE(exe);
  std::vector<float> xv = {-1, kNaN, 7, 2.5f, -kInf, kInf, -3, 0};
  HostTensor x = tensorOf(DType::kF32, {2, 4}, xv);
  auto out = runTwice(*exe, {&x});
  ASSERT_EQ(out.size(), 4u);
  std::vector<float> relu, relu6, mx(2), mn(2);
  for (float v : xv) {
    relu.push_back(refMax(v, 0));
    relu6.push_back(refMin(refMax(v, 0), 6));
  }
  for (int r = 0; r < 2; ++r) {
    double hi = -INFINITY, lo = INFINITY;
    for (int c = 0; c < 4; ++c) {
      hi = refMax(hi, xv[r * 4 + c]);
      lo = refMin(lo, xv[r * 4 + c]);
    }
    mx[r] = hi;
    mn[r] = lo;
  }
  expectExact(out[0], relu, "Relu");
  expectExact(out[1], relu6, "Relu6");
  expectExact(out[2], mx, "Max");
  expectExact(out[3], mn, "Min");
}

} // namespace

namespace {

// Integer power: repeated multiplication with two's complement wrap; a
// negative exponent gives the truncated 1 / x^-e (1, +-1 or 0).
TEST(HLOSemantics, IntegerPower) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<9xi32>, %e: tensor<9xi32>) -> tensor<9xi32> {
  %0 = hlo.power %x, %e : tensor<9xi32>
  return %0 : tensor<9xi32>
})");
  ASSERT_TRUE(exe);
  std::vector<int32_t> xv = {2, -3, 1, -1, -1, 5, 0, 3, 7};
  std::vector<int32_t> ev = {10, 3, -5, -3, -4, -2, 0, 40, 1};
  HostTensor x = tensorOf(DType::kI32, {9}, xv),
             e = tensorOf(DType::kI32, {9}, ev);
  auto out = runTwice(*exe, {&x, &e});
  ASSERT_EQ(out.size(), 1u);
  std::vector<int32_t> want;
  for (size_t i = 0; i < xv.size(); ++i) {
    if (ev[i] < 0) {
      want.push_back(xv[i] == 1 ? 1 : xv[i] == -1 ? (ev[i] % 2 ? -1 : 1) : 0);
      continue;
    }
    uint32_t p = 1;
    for (int32_t k = 0; k < ev[i]; ++k)
      p *= static_cast<uint32_t>(xv[i]);
    want.push_back(static_cast<int32_t>(p));
  }
  expectExact(out[0], want, "integer power");
}

} // namespace

namespace {

// sign keeps +-0 and NaN; unsigned (ui8, reached through bitcast_convert
// since the executable's signature is signless) max, sign, convert to f32
// (values 128..255 stay positive), and f32 -> ui8 saturating to [0, 255]
// with NaN -> 0 (XLA convert).
TEST(HLOSemantics, SignAndUnsignedConvert) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<6xf32>, %a: tensor<6xi8>, %b: tensor<6xi8>) -> (tensor<6xf32>, tensor<6xi8>, tensor<6xi8>, tensor<6xf32>, tensor<6xi8>) {
  %s = hlo.sign %x : tensor<6xf32>
  %ua = hlo.bitcast_convert %a : (tensor<6xi8>) -> tensor<6xui8>
  %ub = hlo.bitcast_convert %b : (tensor<6xi8>) -> tensor<6xui8>
  %m = hlo.maximum %ua, %ub : tensor<6xui8>
  %us = hlo.sign %ua : tensor<6xui8>
  %f = hlo.convert %ua : (tensor<6xui8>) -> tensor<6xf32>
  %c = hlo.convert %x : (tensor<6xf32>) -> tensor<6xui8>
  %m8 = hlo.bitcast_convert %m : (tensor<6xui8>) -> tensor<6xi8>
  %us8 = hlo.bitcast_convert %us : (tensor<6xui8>) -> tensor<6xi8>
  %c8 = hlo.bitcast_convert %c : (tensor<6xui8>) -> tensor<6xi8>
  return %s, %m8, %us8, %f, %c8 : tensor<6xf32>, tensor<6xi8>, tensor<6xi8>, tensor<6xf32>, tensor<6xi8>
})");
  ASSERT_TRUE(exe);
  std::vector<float> xv = {-0.0f, 0.0f, kNaN, -kInf, 300.5f, 7.9f};
  std::vector<int8_t> av = {-1, 0, 127, -128, 5, 1};
  std::vector<int8_t> bv = {1, 0, -128, 127, -6, 0};
  HostTensor x = tensorOf(DType::kF32, {6}, xv);
  HostTensor a = tensorOf(DType::kI8, {6}, av),
             b = tensorOf(DType::kI8, {6}, bv);
  auto out = runTwice(*exe, {&x, &a, &b});
  ASSERT_EQ(out.size(), 5u);
  std::vector<float> sign, f;
  std::vector<int8_t> m, us, c;
  for (size_t i = 0; i < 6; ++i) {
    float v = xv[i];
    sign.push_back(std::isnan(v) || v == 0 ? v : (v > 0 ? 1.0f : -1.0f));
    uint8_t ua = static_cast<uint8_t>(av[i]), ub = static_cast<uint8_t>(bv[i]);
    m.push_back(static_cast<int8_t>(std::max(ua, ub)));
    us.push_back(ua != 0);
    f.push_back(static_cast<float>(ua));
    double t = std::isnan(v) ? 0.0 : std::trunc(std::clamp<double>(v, 0, 255));
    c.push_back(static_cast<int8_t>(static_cast<uint8_t>(t)));
  }
  expectExact(out[0], sign, "sign");
  for (size_t i = 0; i < 2; ++i) // +-0 keep their sign bit.
    EXPECT_EQ(std::signbit(out[0].data<float>()[i]), std::signbit(xv[i]));
  expectExact(out[1], m, "ui8 maximum");
  expectExact(out[2], us, "ui8 sign");
  expectExact(out[3], f, "ui8 -> f32");
  expectExact(out[4], c, "f32 -> ui8");
}

} // namespace

namespace {

// More zero-size cases: a convolution with an empty batch and one with no
// input features (sums of nothing: 0), a zero-size dynamic_slice,
// element-wise convert/select/compare on empty tensors, an empty slice,
// and a while loop carrying an empty tensor.
TEST(HLOSemantics, ZeroSizeConvSliceAndLoop) {
  auto exe = compileOrDie(R"(
func.func @main(%x: tensor<0x4x4x2xf32>, %f: tensor<2x2x2x3xf32>, %y: tensor<1x4x4x0xf32>, %g: tensor<2x2x0x3xf32>, %i: tensor<i32>) -> (tensor<0x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<0x2x2x2xf32>, tensor<0x4x4x2xi32>, tensor<1x0x4x2xf32>, tensor<0x4x4x2xf32>) {
  %c0 = hlo.convolution %x, %f, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<0x4x4x2xf32>, tensor<2x2x2x3xf32>) -> tensor<0x3x3x3xf32>
  %c1 = hlo.convolution %y, %g, <[b, 0, 1, f]x[0, 1, i, o]->[b, 0, 1, f]> : (tensor<1x4x4x0xf32>, tensor<2x2x0x3xf32>) -> tensor<1x3x3x3xf32>
  %ds = hlo.dynamic_slice %x[%i, %i, %i, %i], sizes = [0, 2, 2, 2] : (tensor<0x4x4x2xf32>, tensor<i32>, tensor<i32>, tensor<i32>, tensor<i32>) -> tensor<0x2x2x2xf32>
  %cv = hlo.convert %x : (tensor<0x4x4x2xf32>) -> tensor<0x4x4x2xi32>
  %cmp = hlo.compare LT, %x, %x : (tensor<0x4x4x2xf32>, tensor<0x4x4x2xf32>) -> tensor<0x4x4x2xi1>
  %sel = hlo.select %cmp, %x, %x : tensor<0x4x4x2xi1>, tensor<0x4x4x2xf32>
  %z = hlo.constant dense<0.0> : tensor<1x4x4x2xf32>
  %sl = hlo.slice %z, start = [0, 2, 0, 0], limit = [1, 2, 4, 2], strides = [1, 1, 1, 1] : (tensor<1x4x4x2xf32>) -> tensor<1x0x4x2xf32>
  %zero = hlo.constant dense<0> : tensor<i32>
  %one = hlo.constant dense<1> : tensor<i32>
  %r:2 = hlo.while(%zero, %sel) : tensor<i32>, tensor<0x4x4x2xf32> {
  ^bb0(%k: tensor<i32>, %acc: tensor<0x4x4x2xf32>):
    %c = hlo.compare LT, %k, %i : (tensor<i32>, tensor<i32>) -> tensor<i1>
    hlo.return %c : tensor<i1>
  } do {
  ^bb0(%k: tensor<i32>, %acc: tensor<0x4x4x2xf32>):
    %k1 = hlo.add %k, %one : tensor<i32>
    %a1 = hlo.add %acc, %acc : tensor<0x4x4x2xf32>
    hlo.return %k1, %a1 : tensor<i32>, tensor<0x4x4x2xf32>
  }
  return %c0, %c1, %ds, %cv, %sl, %r#1 : tensor<0x3x3x3xf32>, tensor<1x3x3x3xf32>, tensor<0x2x2x2xf32>, tensor<0x4x4x2xi32>, tensor<1x0x4x2xf32>, tensor<0x4x4x2xf32>
})");
  ASSERT_TRUE(exe);
  HostTensor x(DType::kF32, {0, 4, 4, 2}), y(DType::kF32, {1, 4, 4, 0});
  HostTensor g(DType::kF32, {2, 2, 0, 3});
  std::vector<float> fv(24, 0.5f);
  HostTensor f = tensorOf(DType::kF32, {2, 2, 2, 3}, fv);
  HostTensor i = tensorOf(DType::kI32, {}, std::vector<int32_t>{3});
  auto out = runTwice(*exe, {&x, &f, &y, &g, &i});
  ASSERT_EQ(out.size(), 6u);
  std::vector<std::vector<int64_t>> shapes = {{0, 3, 3, 3}, {1, 3, 3, 3},
                                              {0, 2, 2, 2}, {0, 4, 4, 2},
                                              {1, 0, 4, 2}, {0, 4, 4, 2}};
  for (size_t k = 0; k < shapes.size(); ++k)
    EXPECT_EQ(out[k].shape(), shapes[k]) << "result " << k;
  expectExact(out[1], std::vector<float>(27, 0.0f), "conv of no features");
}

} // namespace
