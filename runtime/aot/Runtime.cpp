//===- Runtime.cpp - allocation and memref copies for AOT code ------------===//
#include "runtime/aot/Runtime.h"
#include "runtime/aot/RunState.h"

#include <cstdio>
#include <cstdlib>
#include <cstring>

namespace tfmlir::aot {

/// Precedes every block (a multiple of 16 bytes, so malloc's 16-byte
/// alignment holds for the block after it). `base` is what std::malloc
/// returned: the header itself, or less for an over-aligned block.
struct alignas(16) BlockHeader {
  BlockHeader *prev;
  BlockHeader *next;
  size_t bytes;
  RunState *owner;
  void *base;
};
static_assert(sizeof(BlockHeader) % 16 == 0, "header keeps 16-byte alignment");

namespace {
thread_local RunState *currentRun = nullptr;

[[noreturn]] void fail(RunState *st, size_t bytes) {
  if (st) {
    st->failedBytes = bytes;
    st->failedSite = st->site;
    std::longjmp(st->jmp, 1);
  }
  std::fprintf(stderr,
               "tfmlir aot runtime: cannot allocate %zu bytes outside Run()\n",
               bytes);
  std::abort();
}
} // namespace

RunState *RunState::current() { return currentRun; }

RunState::Scope::Scope(RunState *st) : saved_(currentRun) { currentRun = st; }
RunState::Scope::~Scope() { currentRun = saved_; }

size_t RunState::freeAll() {
  size_t n = 0;
  while (BlockHeader *h = head) {
    head = h->next;
    std::free(h->base);
    ++n;
  }
  bytesHeld = 0;
  return n;
}

} // namespace tfmlir::aot

using tfmlir::aot::BlockHeader;
using tfmlir::aot::RunState;

namespace {
/// A block of `bytes` whose address is a multiple of `alignment` (a power
/// of two; at least 16), linked into the current Run as tfmlir_aot_malloc
/// says.
void *allocBlock(size_t bytes, size_t alignment) {
  RunState *st = tfmlir::aot::currentRun;
  size_t extra = alignment > 16 ? alignment : 0;
  if (bytes > SIZE_MAX - sizeof(BlockHeader) - extra)
    tfmlir::aot::fail(st, bytes);
  if (st && st->limitBytes >= 0 &&
      (bytes > static_cast<size_t>(st->limitBytes) ||
       st->bytesHeld > static_cast<size_t>(st->limitBytes) - bytes))
    tfmlir::aot::fail(st, bytes);
  void *base = std::malloc(sizeof(BlockHeader) + bytes + extra);
  if (!base)
    tfmlir::aot::fail(st, bytes);
  uintptr_t data = reinterpret_cast<uintptr_t>(base) + sizeof(BlockHeader);
  if (extra)
    data = (data + alignment - 1) & ~static_cast<uintptr_t>(alignment - 1);
  auto *h = reinterpret_cast<BlockHeader *>(data) - 1;
  h->base = base;
  h->bytes = bytes;
  h->owner = st;
  h->prev = nullptr;
  h->next = nullptr;
  if (st) {
    h->next = st->head;
    if (h->next)
      h->next->prev = h;
    st->head = h;
    st->bytesHeld += bytes;
    if (st->bytesHeld > st->peakBytes)
      st->peakBytes = st->bytesHeld;
  }
  return h + 1;
}
} // namespace

extern "C" void *tfmlir_aot_malloc(size_t bytes) {
  return allocBlock(bytes, 16);
}

extern "C" void *tfmlir_aot_aligned_alloc(size_t alignment, size_t bytes) {
  if (alignment == 0 || (alignment & (alignment - 1)) != 0 || alignment > 4096)
    tfmlir::aot::fail(tfmlir::aot::currentRun, bytes);
  return allocBlock(bytes, alignment < 16 ? 16 : alignment);
}

extern "C" void *tfmlir_aot_calloc(size_t count, size_t size) {
  if (size != 0 && count > SIZE_MAX / size)
    tfmlir::aot::fail(tfmlir::aot::currentRun, SIZE_MAX);
  void *p = tfmlir_aot_malloc(count * size);
  std::memset(p, 0, count * size);
  return p;
}

extern "C" void tfmlir_aot_alloc_site(const char *site) {
  if (RunState *st = tfmlir::aot::currentRun)
    st->site = site;
}

extern "C" void tfmlir_aot_free(void *ptr) {
  if (!ptr)
    return;
  BlockHeader *h = static_cast<BlockHeader *>(ptr) - 1;
  if (RunState *st = h->owner) {
    if (h->prev)
      h->prev->next = h->next;
    else
      st->head = h->next;
    if (h->next)
      h->next->prev = h->prev;
    st->bytesHeld -= h->bytes;
  }
  std::free(h->base);
}

extern "C" void tfmlir_aot_memref_copy(int64_t elemSize, void *srcArg,
                                       void *dstArg) {
  struct Unranked {
    int64_t rank;
    int64_t *desc;
  };
  const Unranked *src = static_cast<const Unranked *>(srcArg);
  const Unranked *dst = static_cast<const Unranked *>(dstArg);
  int64_t rank = src->rank;
  const char *s =
      reinterpret_cast<const char *>(src->desc[1]) + src->desc[2] * elemSize;
  char *d = reinterpret_cast<char *>(dst->desc[1]) + dst->desc[2] * elemSize;
  if (rank == 0) {
    std::memcpy(d, s, elemSize);
    return;
  }
  const int64_t *sizes = src->desc + 3;
  const int64_t *sStrides = src->desc + 3 + rank;
  const int64_t *dStrides = dst->desc + 3 + rank;
  for (int64_t k = 0; k < rank; ++k)
    if (sizes[k] == 0)
      return;
  // Iterate over all but the innermost dimension; copy the innermost one as
  // one memcpy when both sides are contiguous there.
  int64_t inner = sizes[rank - 1];
  bool contiguous = sStrides[rank - 1] == 1 && dStrides[rank - 1] == 1;
  int64_t idx[64] = {0};
  if (rank > 64) {
    // Beyond any rank the compiler produces; copy nothing rather than
    // overrun (the generated code never has rank > 64).
    return;
  }
  while (true) {
    int64_t so = 0, dof = 0;
    for (int64_t k = 0; k + 1 < rank; ++k) {
      so += idx[k] * sStrides[k];
      dof += idx[k] * dStrides[k];
    }
    if (contiguous) {
      std::memmove(d + dof * elemSize, s + so * elemSize, inner * elemSize);
    } else {
      for (int64_t i = 0; i < inner; ++i)
        std::memcpy(d + (dof + i * dStrides[rank - 1]) * elemSize,
                    s + (so + i * sStrides[rank - 1]) * elemSize, elemSize);
    }
    int64_t k = rank - 2;
    for (; k >= 0; --k) {
      if (++idx[k] < sizes[k])
        break;
      idx[k] = 0;
    }
    if (k < 0)
      return;
  }
}
