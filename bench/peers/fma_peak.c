/* fma_peak.c - the machine's own f32 FMA peak (bench/peers, issue 11 §5).
 * usage: fma_peak THREADS SECONDS -> prints "GFLOPS <value>"
 * Each thread runs 12 independent chains of 16-lane (AVX-512) or 8-lane
 * (AVX2) fused multiply-adds on registers, enough to cover the FMA latency
 * on two FMA ports; FLOPs = 2 x lanes x chains x iterations, divided by each
 * thread's own CPU time (CLOCK_THREAD_CPUTIME_ID), so that other processes
 * on a shared machine do not lower the peak; the sum over the threads. */
#include <immintrin.h>
#include <pthread.h>
#include <stdio.h>
#include <stdlib.h>
#include <time.h>

static double seconds;
static double clock_s(clockid_t c) {
  struct timespec t;
  clock_gettime(c, &t);
  return t.tv_sec + t.tv_nsec * 1e-9;
}
static double now(void) { return clock_s(CLOCK_MONOTONIC); }

#if defined(__AVX512F__)
#define LANES 16
typedef __m512 V;
#define SET1 _mm512_set1_ps
#define FMA _mm512_fmadd_ps
#define ADD _mm512_add_ps
#define SUM(v) _mm512_reduce_add_ps(v)
#else
#define LANES 8
typedef __m256 V;
#define SET1 _mm256_set1_ps
#define FMA _mm256_fmadd_ps
#define ADD _mm256_add_ps
static float SUM(__m256 v) {
  float f[8];
  _mm256_storeu_ps(f, v);
  return f[0] + f[1] + f[2] + f[3] + f[4] + f[5] + f[6] + f[7];
}
#endif

struct result {
  double flops, secs;
  float sink;
};

static void *work(void *arg) {
  struct result *r = arg;
  V a = SET1(0.999999f), b = SET1(1e-7f);
  V c0 = SET1(0), c1 = SET1(1), c2 = SET1(2), c3 = SET1(3), c4 = SET1(4),
    c5 = SET1(5), c6 = SET1(6), c7 = SET1(7), c8 = SET1(8), c9 = SET1(9),
    c10 = SET1(10), c11 = SET1(11);
  long iters = 0;
  double t0 = now(), t, c0s = clock_s(CLOCK_THREAD_CPUTIME_ID);
  do {
    for (int i = 0; i < 1000; ++i) {
      c0 = FMA(c0, a, b);
      c1 = FMA(c1, a, b);
      c2 = FMA(c2, a, b);
      c3 = FMA(c3, a, b);
      c4 = FMA(c4, a, b);
      c5 = FMA(c5, a, b);
      c6 = FMA(c6, a, b);
      c7 = FMA(c7, a, b);
      c8 = FMA(c8, a, b);
      c9 = FMA(c9, a, b);
      c10 = FMA(c10, a, b);
      c11 = FMA(c11, a, b);
    }
    iters += 1000;
    t = now();
  } while (t - t0 < seconds);
  V s = ADD(ADD(ADD(c0, c1), ADD(c2, c3)), ADD(ADD(c4, c5), ADD(c6, c7)));
  s = ADD(s, ADD(ADD(c8, c9), ADD(c10, c11)));
  r->sink = SUM(s);
  r->flops = 2.0 * LANES * 12 * iters;
  r->secs = clock_s(CLOCK_THREAD_CPUTIME_ID) - c0s;
  return NULL;
}

int main(int argc, char **argv) {
  int n = argc > 1 ? atoi(argv[1]) : 1;
  seconds = argc > 2 ? atof(argv[2]) : 0.5;
  if (n < 1 || n > 1024 || seconds <= 0) {
    fprintf(stderr, "usage: fma_peak THREADS SECONDS\n");
    return 1;
  }
  pthread_t th[1024];
  struct result r[1024];
  for (int i = 0; i < n; ++i)
    pthread_create(&th[i], NULL, work, &r[i]);
  double total = 0, sink = 0;
  for (int i = 0; i < n; ++i) {
    pthread_join(th[i], NULL);
    total += r[i].flops / r[i].secs;
    sink += r[i].sink;
  }
  printf("GFLOPS %.1f lanes %d (checksum %g)\n", total / 1e9, LANES, sink);
  return 0;
}
