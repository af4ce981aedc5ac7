//===- Gemm.cpp - blocking, dispatch and packing of the f32 GEMM ----------===//
//
// The Goto/BLIS loop nest around the register-tile microkernels
// (GemmKernels.h), with B already in panels of 32 columns:
//   task (rows [m0, m1), columns [n0, n1) of C)     <- tfmlir_rt_parallel_for
//     K blocks of <= 256                            (A tile + B panel in L1)
//       row tiles of MR                             (A tile: MR x kc, L1)
//         panels of 32 columns in [n0, n1)          (B block kc x 1024, L2)
//           microkernel: MR x 32 accumulators in registers
// A is read in place (no packing: its rows are broadcast from L1, as
// MLAS's SGEMM does), so no scratch memory is needed when B is pre-packed.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Gemm.h"
#include "runtime/cpu/Alloc.h"
#include "runtime/cpu/GemmKernels.h"
#include "runtime/cpu/Parallel.h"

#include <algorithm>
#include <atomic>
#include <cstdlib>
#include <cstring>

using namespace tfmlir::rt;

namespace {

constexpr int64_t kNR = TFMLIR_RT_SGEMM_PANEL;
/// Largest K block: a 14 x 256 A tile (14 KiB) and a 256 x 32 B panel
/// (32 KiB) fit the 48 KiB L1 of current x86 cores.
constexpr int64_t kMaxKC = 256;
/// Columns per task: a 256 x 1024 B block (1 MiB) stays in a 2 MiB L2.
constexpr int64_t kNC = 1024;
/// Largest MR of the microkernels (AVX-512's 14).
constexpr int64_t kMaxMR = 14;
static_assert(kMaxMR == kGatherMaxRows, "AGather's tile bound");

std::atomic<int32_t> gIsa{TFMLIR_RT_ISA_AUTO};

bool hostHas(int32_t isa) {
  switch (isa) {
  case TFMLIR_RT_ISA_PORTABLE:
    return true;
#if defined(__x86_64__) || defined(__i386__)
  case TFMLIR_RT_ISA_AVX2:
    return __builtin_cpu_supports("avx2") && __builtin_cpu_supports("fma");
  case TFMLIR_RT_ISA_AVX512:
    return __builtin_cpu_supports("avx512f");
#endif
  default:
    return false;
  }
}

int32_t currentIsa() {
  int32_t isa = gIsa.load(std::memory_order_relaxed);
  if (isa != TFMLIR_RT_ISA_AUTO)
    return isa;
  isa = hostHas(TFMLIR_RT_ISA_AVX512) ? TFMLIR_RT_ISA_AVX512
        : hostHas(TFMLIR_RT_ISA_AVX2) ? TFMLIR_RT_ISA_AVX2
                                      : TFMLIR_RT_ISA_PORTABLE;
  gIsa.store(isa, std::memory_order_relaxed);
  return isa;
}

Ukernel ukernelFor(int32_t isa) {
#if defined(__x86_64__) || defined(__i386__)
  if (isa == TFMLIR_RT_ISA_AVX512)
    return avx512Ukernel();
  if (isa == TFMLIR_RT_ISA_AVX2)
    return avx2Ukernel();
#endif
  return portableUkernel();
}

struct Job {
  int64_t m, n, k;
  const float *a;
  int64_t lda;
  const float *bp;
  float *c;
  int64_t ldc;
  const float *bias, *residual;
  int64_t ldr;
  int32_t act;
  Ukernel uk;
  const AGather *gather; ///< A from a gather instead of a / lda, or null
  int64_t kc;            ///< K block
  int64_t rows;          ///< rows per task (a multiple of MR)
  int64_t cols;          ///< columns per task (a multiple of 32)
  int64_t colBlocks;     ///< tasks per row block
};

void runTasks(void *ctx, int64_t begin, int64_t end) {
  const Job &j = *static_cast<const Job *>(ctx);
  UkernelArgs p{};
  // The A tile, copied once per (row tile, K block) when it is reused
  // across several panels.
  alignas(64) float aTile[kMaxMR * kMaxKC];
  bool packA = j.gather || std::min(j.cols, j.n) > kNR;
  p.ldc = j.ldc;
  p.ldr = j.ldr;
  p.activation = j.act;
  for (int64_t t = begin; t < end; ++t) {
    // Row blocks outer: the pool gives each thread a contiguous range of
    // tasks, so each thread reads and writes its own rows of A and C (the
    // pixels of a convolution, which the next layer's loop over rows gives
    // to the same thread); B's panels are read by all threads.
    int64_t m0 = (t / j.colBlocks) * j.rows;
    int64_t n0 = (t % j.colBlocks) * j.cols;
    int64_t n1 = std::min(j.n, n0 + j.cols);
    int64_t m1 = std::min(j.m, m0 + j.rows);
    // At least one K block, so that K == 0 still writes the epilogue.
    for (int64_t k0 = 0; k0 == 0 || k0 < j.k; k0 += j.kc) {
      p.kc = std::min(j.kc, j.k - k0);
      p.accumulate = k0 > 0;
      p.last = k0 + p.kc >= j.k;
      for (int64_t mi = m0; mi < m1; mi += j.uk.mr) {
        p.mr = std::min(j.uk.mr, m1 - mi);
        if (j.gather) {
          j.gather->fn(j.gather->ctx, mi, p.mr, k0, p.kc, aTile);
          p.a = aTile;
          p.lda = p.kc;
        } else {
          p.a = j.a + mi * j.lda + k0;
          p.lda = j.lda;
        }
        // When lda == kc the rows are already back to back, exactly the
        // tile's layout (1x1 convolutions with K <= kc): nothing to copy.
        if (packA && !j.gather && j.lda != p.kc) {
          // Rows of A kc floats apart: a large power-of-two lda would put
          // all MR rows in the same L1 sets (4 KiB aliasing).
          for (int64_t r = 0; r < p.mr; ++r)
            std::memcpy(aTile + r * p.kc, p.a + r * j.lda,
                        p.kc * sizeof(float));
          p.a = aTile;
          p.lda = p.kc;
        }
        for (int64_t ni = n0; ni < n1; ni += kNR) {
          p.nr = std::min(kNR, n1 - ni);
          p.b = j.bp + (ni / kNR) * kNR * j.k + k0 * kNR;
          p.c = j.c + mi * j.ldc + ni;
          p.bias = p.last && j.bias ? j.bias + ni : nullptr;
          p.residual =
              p.last && j.residual ? j.residual + mi * j.ldr + ni : nullptr;
          j.uk.fn(p);
        }
      }
    }
  }
}

/// Any strides (in elements) for every operand, B read in place: the path
/// taken when the packing buffer of tfmlir_rt_sgemm cannot be allocated or
/// when a memref operand has a non-unit inner stride. Same summation order
/// as the microkernels within a K block.
struct Strided {
  const float *a;
  int64_t sam, sak;
  const float *b;
  int64_t sbk, sbn;
  float *c;
  int64_t scm, scn;
  const float *bias;
  int64_t sbias;
  const float *res;
  int64_t srm, srn;
};

void sgemmStrided(int64_t m, int64_t n, int64_t k, const Strided &s,
                  int32_t act) {
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float x = 0;
      for (int64_t q = 0; q < k; ++q)
        x += s.a[i * s.sam + q * s.sak] * s.b[q * s.sbk + j * s.sbn];
      if (s.bias)
        x += s.bias[j * s.sbias];
      if (s.res)
        x += s.res[i * s.srm + j * s.srn];
      if (act == TFMLIR_RT_ACT_RELU || act == TFMLIR_RT_ACT_RELU6)
        x = x < 0.0f ? 0.0f : x;
      if (act == TFMLIR_RT_ACT_RELU6)
        x = x > 6.0f ? 6.0f : x;
      s.c[i * s.scm + j * s.scn] = x;
    }
}

struct PackJob {
  int64_t k, n;
  const float *b;
  int64_t sk, sn;
  float *packed;
};

void packPanels(void *ctx, int64_t begin, int64_t end) {
  const PackJob &j = *static_cast<const PackJob *>(ctx);
  for (int64_t p = begin; p < end; ++p)
    tfmlir_abi_sgemm_pack_panel(p, j.k, j.n, j.b, j.sk, j.sn,
                                j.packed + p * kNR * j.k);
}

} // namespace

extern "C" int64_t tfmlir_rt_sgemm_packed_size(int64_t k, int64_t n) {
  return tfmlir_abi_sgemm_packed_size(k, n);
}

extern "C" void tfmlir_rt_sgemm_pack_b(int64_t k, int64_t n, const float *b,
                                       int64_t stride_k, int64_t stride_n,
                                       float *packed) {
  if (k <= 0 || n <= 0)
    return;
  PackJob j{k, n, b, stride_k, stride_n, packed};
  // 16 * K per panel, not the ~4 * K ns one thread takes: a run-time B of
  // 256 x 256 (8 panels) then packs on both threads, which took MatMul
  // 256^3 on 2 threads from 0.141 to 0.111 ms here (serial, the pack kept
  // the second thread waiting and left every panel in the first one's
  // cache).
  tfmlir_rt_parallel_for((n + kNR - 1) / kNR, 16 * k, packPanels, &j);
}

namespace {

/// Blocks and runs the GEMM of `j` (a, lda or gather, and the operands set).
void drive(Job &j) {
  int64_t m = j.m, n = j.n, k = j.k;
  j.uk = ukernelFor(currentIsa());
  if (j.uk.mr > kMaxMR)
    j.uk = portableUkernel();
  // Equal K blocks of at most kMaxKC (no short last block).
  int64_t kBlocks = std::max<int64_t>(1, (k + kMaxKC - 1) / kMaxKC);
  j.kc = std::max<int64_t>(1, (k + kBlocks - 1) / kBlocks);
  int64_t tiles = (m + j.uk.mr - 1) / j.uk.mr;
  int64_t panels = (n + kNR - 1) / kNR;
  // Tasks of up to 16 row tiles x an L2-sized column block (kNC).
  int64_t tileBlock = std::min<int64_t>(tiles, 16);
  int64_t panelBlock = std::min<int64_t>(panels, kNC / kNR);
  // With several threads, halve the blocks (columns first while they are
  // the wider side, as a 7x7x1024 1x1 convolution's 49 rows give 4 tiles)
  // until there are 4 tasks per thread: a 14x14x512 layer of MobileNet
  // was one task, so a second thread had nothing to do.
  int64_t threads = tfmlir_rt_parallel_threads();
  auto count = [](int64_t total, int64_t block) {
    return (total + block - 1) / block;
  };
  if (threads > 1) {
    int64_t want = 4 * threads;
    while (count(tiles, tileBlock) * count(panels, panelBlock) < want) {
      if (panelBlock > 1 && (panelBlock >= tileBlock || tileBlock == 1))
        panelBlock = (panelBlock + 1) / 2;
      else if (tileBlock > 1)
        tileBlock = (tileBlock + 1) / 2;
      else
        break;
    }
  }
  j.rows = tileBlock * j.uk.mr;
  j.cols = panelBlock * kNR;
  int64_t rowBlocks = count(m, j.rows);
  j.colBlocks = count(n, j.cols);
  // ~64 FLOP per ns per core for the estimate of a task's time.
  int64_t cost =
      std::max<int64_t>(1, 2 * j.rows * j.cols * std::max<int64_t>(k, 1) / 64);
  tfmlir_rt_parallel_for(j.colBlocks * rowBlocks, cost, runTasks, &j);
}

} // namespace

void tfmlir::rt::sgemmPackedGather(int64_t m, int64_t n, int64_t k,
                                   const AGather &gather, const float *packedB,
                                   float *c, int64_t ldc, const float *bias,
                                   const float *residual, int64_t ldr,
                                   int32_t activation) {
  if (m <= 0 || n <= 0)
    return;
  Job j{};
  j.m = m;
  j.n = n;
  j.k = std::max<int64_t>(k, 0);
  j.gather = &gather;
  j.bp = packedB;
  j.c = c;
  j.ldc = ldc;
  j.bias = bias;
  j.residual = residual;
  j.ldr = ldr;
  j.act = activation;
  drive(j);
}

extern "C" void tfmlir_rt_sgemm_packed(int64_t m, int64_t n, int64_t k,
                                       const float *a, int64_t lda,
                                       const float *packed_b, float *c,
                                       int64_t ldc, const float *bias,
                                       const float *residual, int64_t ldr,
                                       int32_t activation) {
  if (m <= 0 || n <= 0)
    return;
  if (k < 0)
    k = 0;
  Job j{};
  j.m = m;
  j.n = n;
  j.k = k;
  j.a = a;
  j.lda = lda;
  j.bp = packed_b;
  j.c = c;
  j.ldc = ldc;
  j.bias = bias;
  j.residual = residual;
  j.ldr = ldr;
  j.act = activation;
  drive(j);
}

extern "C" void tfmlir_rt_sgemm(int64_t m, int64_t n, int64_t k, const float *a,
                                int64_t lda, const float *b, int64_t stride_k,
                                int64_t stride_n, float *c, int64_t ldc,
                                const float *bias, const float *residual,
                                int64_t ldr, int32_t activation) {
  if (m <= 0 || n <= 0)
    return;
  if (k < 0)
    k = 0;
  int64_t floats = tfmlir_rt_sgemm_packed_size(k, n);
  // The packed copy of B comes from the Run's arena (runtime/cpu/Alloc.h),
  // like the generated code's own buffers: reused across Runs, so a MatMul
  // of two inputs touches no new page in steady state (a fresh 4 MiB
  // aligned_alloc per call faulted its 1,024 pages on every Run), and
  // counted against max_run_memory_bytes. Without the memory (or over that
  // limit) the strided path reads B in place: slower, same result.
  float *packed = static_cast<float *>(
      tfmlir_rt_try_alloc(static_cast<int64_t>(floats) * sizeof(float)));
  if (!packed) {
    sgemmStrided(m, n, k,
                 {a, lda, 1, b, stride_k, stride_n, c, ldc, 1, bias, 1,
                  residual, ldr, 1},
                 activation);
    return;
  }
  tfmlir_rt_sgemm_pack_b(k, n, b, stride_k, stride_n, packed);
  tfmlir_rt_sgemm_packed(m, n, k, a, lda, packed, c, ldc, bias, residual, ldr,
                         activation);
  tfmlir_rt_free(packed);
}

extern "C" int32_t tfmlir_rt_sgemm_set_isa(int32_t isa) {
  if (isa == TFMLIR_RT_ISA_AUTO) {
    gIsa.store(TFMLIR_RT_ISA_AUTO, std::memory_order_relaxed);
    return 1;
  }
  if (!hostHas(isa))
    return 0;
  gIsa.store(isa, std::memory_order_relaxed);
  return 1;
}

extern "C" int32_t tfmlir_rt_sgemm_isa(void) { return currentIsa(); }

namespace {

template <typename D> const float *at(const D *d) {
  return d->aligned + d->offset;
}

/// The strided fallback for the memref entries.
void memrefStrided(tfmlir_rt_memref2d *a, const float *b, int64_t sbk,
                   int64_t sbn, tfmlir_rt_memref1d *bias,
                   tfmlir_rt_memref2d *res, tfmlir_rt_memref2d *c, int64_t k,
                   int32_t act) {
  Strided s{at(a),
            a->strides[0],
            a->strides[1],
            b,
            sbk,
            sbn,
            c->aligned + c->offset,
            c->strides[0],
            c->strides[1],
            bias ? at(bias) : nullptr,
            bias ? bias->strides[0] : 0,
            res ? at(res) : nullptr,
            res ? res->strides[0] : 0,
            res ? res->strides[1] : 0};
  sgemmStrided(c->sizes[0], c->sizes[1], k, s, act);
}

} // namespace

extern "C" void _mlir_ciface_tfmlir_rt_sgemm_packed_memref(
    tfmlir_rt_memref2d *a, tfmlir_rt_memref3d *packed_b,
    tfmlir_rt_memref1d *bias, tfmlir_rt_memref2d *residual,
    tfmlir_rt_memref2d *c, int32_t has_bias, int32_t has_residual,
    int32_t activation) {
  int64_t m = c->sizes[0], n = c->sizes[1], k = a->sizes[1];
  if (a->sizes[0] != m || packed_b->sizes[0] != (n + kNR - 1) / kNR ||
      packed_b->sizes[1] != k || packed_b->sizes[2] != kNR ||
      (has_bias && bias->sizes[0] != n) ||
      (has_residual && (residual->sizes[0] != m || residual->sizes[1] != n)))
    return;
  const float *bp = at(packed_b);
  bool packedContiguous = packed_b->strides[2] == 1 &&
                          packed_b->strides[1] == kNR &&
                          packed_b->strides[0] == kNR * k;
  bool unit = a->strides[1] == 1 && c->strides[1] == 1 &&
              (!has_bias || bias->strides[0] == 1) &&
              (!has_residual || residual->strides[1] == 1);
  if (packedContiguous && unit) {
    tfmlir_rt_sgemm_packed(m, n, k, at(a), a->strides[0], bp,
                           c->aligned + c->offset, c->strides[0],
                           has_bias ? at(bias) : nullptr,
                           has_residual ? at(residual) : nullptr,
                           has_residual ? residual->strides[0] : 0, activation);
    return;
  }
  // A strided view of the packed B as [K, N]: element (q, j) is at
  // panel j / 32, row q, lane j % 32; not expressible with two strides, so
  // unpack it row by row through the panel strides.
  for (int64_t i = 0; i < m; ++i)
    for (int64_t j = 0; j < n; ++j) {
      float x = 0;
      const float *arow = at(a) + i * a->strides[0];
      for (int64_t q = 0; q < k; ++q)
        x += arow[q * a->strides[1]] *
             bp[(j / kNR) * packed_b->strides[0] + q * packed_b->strides[1] +
                (j % kNR) * packed_b->strides[2]];
      if (has_bias)
        x += at(bias)[j * bias->strides[0]];
      if (has_residual)
        x += at(residual)[i * residual->strides[0] + j * residual->strides[1]];
      if (activation == TFMLIR_RT_ACT_RELU || activation == TFMLIR_RT_ACT_RELU6)
        x = x < 0.0f ? 0.0f : x;
      if (activation == TFMLIR_RT_ACT_RELU6)
        x = x > 6.0f ? 6.0f : x;
      c->aligned[c->offset + i * c->strides[0] + j * c->strides[1]] = x;
    }
}

extern "C" void _mlir_ciface_tfmlir_rt_sgemm_memref(
    tfmlir_rt_memref2d *a, tfmlir_rt_memref2d *b, tfmlir_rt_memref1d *bias,
    tfmlir_rt_memref2d *residual, tfmlir_rt_memref2d *c, int32_t transpose_b,
    int32_t has_bias, int32_t has_residual, int32_t activation) {
  int64_t m = c->sizes[0], n = c->sizes[1], k = a->sizes[1];
  int64_t bk = transpose_b ? b->sizes[1] : b->sizes[0];
  int64_t bn = transpose_b ? b->sizes[0] : b->sizes[1];
  if (a->sizes[0] != m || bk != k || bn != n ||
      (has_bias && bias->sizes[0] != n) ||
      (has_residual && (residual->sizes[0] != m || residual->sizes[1] != n)))
    return;
  int64_t sbk = transpose_b ? b->strides[1] : b->strides[0];
  int64_t sbn = transpose_b ? b->strides[0] : b->strides[1];
  bool unit = a->strides[1] == 1 && c->strides[1] == 1 &&
              (!has_bias || bias->strides[0] == 1) &&
              (!has_residual || residual->strides[1] == 1);
  if (!unit) {
    memrefStrided(a, at(b), sbk, sbn, has_bias ? bias : nullptr,
                  has_residual ? residual : nullptr, c, k, activation);
    return;
  }
  tfmlir_rt_sgemm(m, n, k, at(a), a->strides[0], at(b), sbk, sbn,
                  c->aligned + c->offset, c->strides[0],
                  has_bias ? at(bias) : nullptr,
                  has_residual ? at(residual) : nullptr,
                  has_residual ? residual->strides[0] : 0, activation);
}
