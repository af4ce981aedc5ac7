//===- Alloc.cpp - the buffer allocator that generated CPU code calls -----===//
//
// Every block carries a 64-byte header just before the pointer handed out:
// the owning arena (null: a system block), its size class and the free-list
// link. See Alloc.h.
//===----------------------------------------------------------------------===//
#include "runtime/cpu/Alloc.h"

#include <algorithm>
#include <atomic>
#include <cstdio>
#include <cstdlib>
#include <new>

namespace tfmlir::cpu {
namespace {

constexpr size_t kHeader = 64;
constexpr uint64_t kMagic = 0x7466'6d6c'6972'6172ull; // "tfmlirar"
/// Requests above this (1 TiB) are refused outright.
constexpr size_t kMaxBytes = size_t(1) << 40;

struct Header {
  BufferArena *owner;
  size_t size;
  void *next;
  uint64_t magic;
  /// The Run whose list holds the block (null: none) and the list links.
  RunScope *run;
  void *runPrev;
  void *runNext;
};
static_assert(sizeof(Header) <= kHeader, "header must fit its slot");

Header *headerOf(void *p) {
  return reinterpret_cast<Header *>(static_cast<char *>(p) - kHeader);
}

/// A system block of `size` usable bytes (header in front), or null.
void *systemBlock(size_t size, BufferArena *owner) {
  void *base = nullptr;
  if (posix_memalign(&base, kHeader, kHeader + size) != 0 || !base)
    return nullptr;
  auto *h = static_cast<Header *>(base);
  h->owner = owner;
  h->size = size;
  h->next = nullptr;
  h->magic = kMagic;
  h->run = nullptr;
  h->runPrev = h->runNext = nullptr;
  return static_cast<char *>(base) + kHeader;
}

thread_local RunScope *tlsRun = nullptr;
std::atomic<int64_t> unscopedAllocs{0};

[[noreturn]] void failAllocation(int64_t size) {
  if (tlsRun && tlsRun->jumpTarget) {
    tlsRun->failedBytes = size;
    tlsRun->failedSite = tlsRun->site ? tlsRun->site : "";
    tlsRun->endedEarly = true;
    std::longjmp(*tlsRun->jumpTarget, 1);
  }
  std::fprintf(stderr,
               "tfmlir: RESOURCE_EXHAUSTED: compiled code could not allocate "
               "%lld bytes outside a Run\n",
               static_cast<long long>(size));
  std::abort();
}

} // namespace

size_t BufferArena::sizeClass(size_t size) {
  if (size > kMaxBytes)
    return 0;
  if (size <= 64)
    return 64;
  // 4 classes per power of two: round up to a multiple of 2^(k-2), where
  // 2^k <= size - 1 < 2^(k+1).
  size_t k = 63 - __builtin_clzll(static_cast<unsigned long long>(size - 1));
  size_t step = size_t(1) << (k >= 2 ? k - 2 : 0);
  size_t c = (size + step - 1) / step * step;
  return (c + 63) / 64 * 64;
}

BufferArena::~BufferArena() {
  for (void *p : all_)
    std::free(static_cast<char *>(p) - kHeader);
}

void *BufferArena::allocate(size_t size, bool *fromSystem) {
  if (fromSystem)
    *fromSystem = false;
  size_t cls = sizeClass(size);
  if (cls == 0)
    return nullptr;
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it =
        std::lower_bound(buckets_.begin(), buckets_.end(), cls,
                         [](const Bucket &b, size_t s) { return b.size < s; });
    if (it != buckets_.end() && it->size == cls && it->head) {
      void *p = it->head;
      it->head = headerOf(p)->next;
      ++stats_.reuses;
      stats_.bytesInUse += cls;
      stats_.peakBytesInUse =
          std::max(stats_.peakBytesInUse, stats_.bytesInUse);
      return p;
    }
  }
  void *p = systemBlock(cls, this);
  if (!p)
    return nullptr;
  if (fromSystem)
    *fromSystem = true;
  std::lock_guard<std::mutex> lock(mu_);
  auto it =
      std::lower_bound(buckets_.begin(), buckets_.end(), cls,
                       [](const Bucket &b, size_t s) { return b.size < s; });
  if (it == buckets_.end() || it->size != cls)
    buckets_.insert(it, Bucket{cls, nullptr});
  all_.push_back(p);
  ++stats_.systemAllocs;
  stats_.bytesHeld += cls;
  stats_.bytesInUse += cls;
  stats_.peakBytesInUse = std::max(stats_.peakBytesInUse, stats_.bytesInUse);
  return p;
}

void BufferArena::release(void *p) {
  Header *h = headerOf(p);
  std::lock_guard<std::mutex> lock(mu_);
  auto it =
      std::lower_bound(buckets_.begin(), buckets_.end(), h->size,
                       [](const Bucket &b, size_t s) { return b.size < s; });
  // The bucket exists: it was created when the block was.
  h->next = it->head;
  it->head = p;
  stats_.bytesInUse -= h->size;
}

ArenaStats BufferArena::stats() const {
  std::lock_guard<std::mutex> lock(mu_);
  return stats_;
}

void BufferArena::resetPeak() {
  std::lock_guard<std::mutex> lock(mu_);
  stats_.peakBytesInUse = stats_.bytesInUse;
}

RunScope::RunScope(BufferArena *arena) : arena(arena), previous_(tlsRun) {
  tlsRun = this;
}

RunScope::~RunScope() {
  reclaimedBlocks += reclaim();
  tlsRun = previous_;
}

void RunScope::track(void *p) {
  Header *h = headerOf(p);
  std::lock_guard<std::mutex> lock(liveMu_);
  h->run = this;
  h->runPrev = nullptr;
  h->runNext = live_;
  if (live_)
    headerOf(live_)->runPrev = p;
  live_ = p;
}

void RunScope::untrack(void *p) {
  Header *h = headerOf(p);
  RunScope *run = h->run;
  if (!run)
    return;
  std::lock_guard<std::mutex> lock(run->liveMu_);
  if (h->runPrev)
    headerOf(h->runPrev)->runNext = h->runNext;
  else
    run->live_ = h->runNext;
  if (h->runNext)
    headerOf(h->runNext)->runPrev = h->runPrev;
  h->run = nullptr;
  h->runPrev = h->runNext = nullptr;
}

int64_t RunScope::reclaim() {
  void *p;
  {
    std::lock_guard<std::mutex> lock(liveMu_);
    p = live_;
    live_ = nullptr;
  }
  int64_t freed = 0;
  while (p) {
    Header *h = headerOf(p);
    void *next = h->runNext;
    h->run = nullptr;
    h->runPrev = h->runNext = nullptr;
    if (endedEarly) {
      if (h->owner)
        h->owner->release(p);
      else
        std::free(h);
      ++freed;
    }
    p = next;
  }
  return freed;
}

void failRunInvalidArgument(std::string message) {
  if (tlsRun && tlsRun->jumpTarget) {
    tlsRun->endedEarly = true;
    tlsRun->invalidArgument = std::move(message);
    std::longjmp(*tlsRun->jumpTarget, 1);
  }
  std::fprintf(stderr, "tfmlir: INVALID_ARGUMENT outside a Run: %s\n",
               message.c_str());
  std::abort();
}

int64_t unscopedAllocCount() { return unscopedAllocs.load(); }

} // namespace tfmlir::cpu

using namespace tfmlir::cpu;

namespace {
/// Counts `p` against the Run's limit; over it, gives `p` back and fails
/// the allocation.
void *charge(RunScope *run, void *p, int64_t size) {
  if (!run)
    return p;
  run->track(p);
  if (run->limitBytes < 0)
    return p;
  run->bytesInUse += static_cast<int64_t>(headerOf(p)->size);
  if (run->bytesInUse > run->limitBytes) {
    run->overLimit = true;
    tfmlir_rt_free(p); // subtracts it again
    failAllocation(size);
  }
  return p;
}
} // namespace

extern "C" void *tfmlir_rt_alloc(int64_t size) {
  if (size < 0)
    failAllocation(size);
  RunScope *run = tlsRun;
  // Over the Run's limit already by its size: refused before the system is
  // asked (a 40 GB request fails as over the limit, not as out of memory).
  if (run && run->limitBytes >= 0) {
    size_t cls = BufferArena::sizeClass(static_cast<size_t>(size));
    if (cls == 0 ||
        run->bytesInUse + static_cast<int64_t>(cls) > run->limitBytes) {
      run->overLimit = true;
      failAllocation(size);
    }
  }
  if (run && run->arena) {
    bool fromSystem = false;
    void *p = run->arena->allocate(static_cast<size_t>(size), &fromSystem);
    if (!p)
      failAllocation(size);
    if (fromSystem)
      ++run->systemAllocs;
    return charge(run, p, size);
  }
  unscopedAllocs.fetch_add(1, std::memory_order_relaxed);
  if (run)
    ++run->systemAllocs;
  void *p = static_cast<size_t>(size) > kMaxBytes
                ? nullptr
                : systemBlock(static_cast<size_t>(size), nullptr);
  if (!p)
    failAllocation(size);
  return charge(run, p, size);
}

extern "C" void *tfmlir_rt_try_alloc(int64_t size) {
  if (size < 0 || static_cast<size_t>(size) > kMaxBytes)
    return nullptr;
  RunScope *run = tlsRun;
  if (run && run->limitBytes >= 0) {
    size_t cls = BufferArena::sizeClass(static_cast<size_t>(size));
    if (cls == 0 ||
        run->bytesInUse + static_cast<int64_t>(cls) > run->limitBytes)
      return nullptr;
  }
  void *p = nullptr;
  if (run && run->arena) {
    bool fromSystem = false;
    p = run->arena->allocate(static_cast<size_t>(size), &fromSystem);
    if (p && fromSystem)
      ++run->systemAllocs;
  } else {
    unscopedAllocs.fetch_add(1, std::memory_order_relaxed);
    if (run)
      ++run->systemAllocs;
    p = systemBlock(static_cast<size_t>(size), nullptr);
  }
  if (!p || !run)
    return p;
  run->track(p);
  if (run->limitBytes >= 0)
    run->bytesInUse += static_cast<int64_t>(headerOf(p)->size);
  return p;
}

extern "C" void *tfmlir_rt_aligned_alloc(int64_t alignment, int64_t size) {
  if (alignment <= 0 || alignment > static_cast<int64_t>(kHeader) ||
      (alignment & (alignment - 1)) != 0)
    failAllocation(size);
  return tfmlir_rt_alloc(size);
}

extern "C" void tfmlir_rt_alloc_site(const char *site) {
  if (tlsRun)
    tlsRun->site = site;
}

extern "C" void tfmlir_rt_free(void *p) {
  if (!p)
    return;
  Header *h = headerOf(p);
  RunScope::untrack(p);
  if (tlsRun && tlsRun->limitBytes >= 0)
    tlsRun->bytesInUse -= static_cast<int64_t>(h->size);
  if (h->owner) {
    h->owner->release(p);
    return;
  }
  std::free(h);
}
