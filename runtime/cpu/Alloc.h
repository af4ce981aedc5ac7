//===- Alloc.h - the buffer allocator that generated CPU code calls -------===//
//
// Generated code allocates its buffers (intermediates and results) with
// tfmlir_rt_alloc and frees them with tfmlir_rt_free (the JIT maps MLIR's
// generic _mlir_memref_to_llvm_alloc/_free to them: finalize-memref-to-llvm
// with use-generic-functions). During a Run the blocks come from the
// executable's BufferArena, which keeps freed blocks across Runs (as TFLite's
// and onnxruntime's arenas do): after the first Run of an executable, a Run
// allocates no memory from the system and touches no new page. Within a
// Run, a block freed by buffer-deallocation is reused by a later allocation
// of the same size class (liveness-based reuse).
//
// A failed allocation never returns null to generated code (which would
// write through it): inside a Run (RunScope) it ends the Run, which then
// reports RESOURCE_EXHAUSTED naming the executable and the size; outside
// one it prints the size and aborts (our invariant: only Runs and tests
// call generated code).
//
// No MLIR, LLVM or protobuf dependency.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_CPU_ALLOC_H
#define TFMLIR_RUNTIME_CPU_ALLOC_H

#include <stdint.h>

#ifdef __cplusplus
#include <csetjmp>
#include <cstddef>
#include <mutex>
#include <string>
#include <vector>

extern "C" {
#endif

/// Allocates `size` bytes (0 is allowed), 64-byte aligned, from the arena
/// of the current Run (or the system when there is none). Never returns
/// null: see above.
void *tfmlir_rt_alloc(int64_t size);
/// As tfmlir_rt_alloc, but returns null instead of ending the Run when the
/// system is out of memory or the Run's max_run_memory_bytes would be
/// exceeded: for runtime kernels that have a slower path needing no
/// memory (tfmlir_rt_sgemm's packing buffer). Free with tfmlir_rt_free.
void *tfmlir_rt_try_alloc(int64_t size);
/// As tfmlir_rt_alloc with an alignment (a power of two <= 4096; larger
/// alignments end the Run as a failed allocation).
void *tfmlir_rt_aligned_alloc(int64_t alignment, int64_t size);
/// Frees a block of tfmlir_rt_alloc (null is ignored); an arena block goes
/// back to its arena's free list.
void tfmlir_rt_free(void *p);
/// Records `site` (a NUL-terminated TF node name in the generated code's
/// constants, or null) as what the Run of this thread allocates for next:
/// hlo-cpu-name-alloc-sites calls it before each allocation, and a failed
/// allocation reports it (RunScope::failedSite). Outside a Run: no effect.
void tfmlir_rt_alloc_site(const char *site);

#ifdef __cplusplus
} // extern "C"

namespace tfmlir::cpu {

/// Counters of an arena.
struct ArenaStats {
  int64_t systemAllocs = 0;   ///< blocks taken from the system (malloc)
  int64_t reuses = 0;         ///< allocations served from the free lists
  int64_t bytesHeld = 0;      ///< bytes of all blocks the arena owns
  int64_t bytesInUse = 0;     ///< bytes of blocks handed out now
  int64_t peakBytesInUse = 0; ///< the most bytes handed out at once
};

/// A thread-safe caching allocator owned by one executable: freed blocks
/// stay on per-size-class free lists until the arena is destroyed. Size
/// classes are 64 bytes and then 4 per power of two (at most 25% slack).
/// Blocks are 64-byte aligned.
class BufferArena {
public:
  BufferArena() = default;
  /// Frees every block; none may be in use.
  ~BufferArena();
  BufferArena(const BufferArena &) = delete;
  BufferArena &operator=(const BufferArena &) = delete;

  /// A block of at least `size` bytes; null when the system is out of
  /// memory or the size is absurd (over 1 TiB). Sets *fromSystem (when
  /// given) to whether the block is new rather than reused.
  void *allocate(size_t size, bool *fromSystem = nullptr);
  /// Returns a block of allocate() to the free list.
  void release(void *p);

  ArenaStats stats() const;
  /// Resets peakBytesInUse to the bytes in use now.
  void resetPeak();

  /// The size class (bytes) of a request of `size` bytes; 0 when too large.
  static size_t sizeClass(size_t size);

private:
  struct Bucket {
    size_t size;
    void *head; // free blocks, linked through their headers
  };
  mutable std::mutex mu_;
  std::vector<Bucket> buckets_; // sorted by size
  std::vector<void *> all_;     // every block, for the destructor
  ArenaStats stats_;
};

/// The state of one Run of generated code on the calling thread: installs
/// `arena` (null: the system allocator) for tfmlir_rt_alloc. A failed
/// allocation longjmps to `jumpTarget` (when set) after recording the size
/// in failedBytes. The Run's caller owns the jmp_buf (see CpuExecutable).
///
/// The scope keeps a list of the blocks tfmlir_rt_alloc gave this Run on
/// its thread that are not freed yet. When the Run ended early (a failed
/// allocation, the limit, failRunInvalidArgument: the generated code's own
/// frees never ran), the destructor returns every one of them (to the
/// arena, or the system), so a failing Run repeated leaves the arena as it
/// was. After a Run that completed, the blocks left are its results, which
/// the caller frees after copying them out; the destructor only forgets
/// them.
class RunScope {
public:
  explicit RunScope(BufferArena *arena);
  /// Returns the Run's unfreed blocks when it ended early (see above).
  ~RunScope();
  RunScope(const RunScope &) = delete;
  RunScope &operator=(const RunScope &) = delete;

  BufferArena *arena;
  std::jmp_buf *jumpTarget = nullptr;
  int64_t failedBytes = -1;
  /// The node the generated code allocates for (tfmlir_rt_alloc_site; null
  /// when unnamed), and a copy of it when an allocation failed (empty when
  /// unnamed): the Run's caller names it in the error.
  const char *site = nullptr;
  std::string failedSite;
  /// The most bytes of blocks this Run may hold at once on this thread
  /// (SessionOptions::max_run_memory_bytes); -1 = no limit. Blocks count
  /// with their size class; blocks freed on other threads or after the
  /// Run (the results) are not subtracted.
  int64_t limitBytes = -1;
  /// Bytes of the blocks this Run allocated and has not freed yet.
  int64_t bytesInUse = 0;
  /// Whether the failed allocation was refused by limitBytes.
  bool overLimit = false;
  /// Set by failRunInvalidArgument: the InvalidArgument message that ended
  /// the Run (e.g. an out-of-range index, runtime/cpu/IndexCheck.h).
  std::string invalidArgument;
  /// Allocations that had to go to the system during this Run (arena
  /// misses plus allocations without an arena).
  int64_t systemAllocs = 0;
  /// Set when the Run ended early (before the longjmp).
  bool endedEarly = false;
  /// Blocks returned by the destructor after an early end (for tests and
  /// statistics; set by the destructor's reclaim, see reclaim()).
  int64_t reclaimedBlocks = 0;

  /// Adds block `p` of tfmlir_rt_alloc to this Run's list (thread-safe).
  void track(void *p);
  /// Removes `p` from the list of the Run that allocated it, if any
  /// (tfmlir_rt_free calls it on any thread).
  static void untrack(void *p);
  /// Frees (endedEarly) or forgets (otherwise) every block still listed;
  /// the destructor calls it. Returns how many were freed.
  int64_t reclaim();

private:
  RunScope *previous_;
  std::mutex liveMu_;
  void *live_ = nullptr; ///< head of the unfreed blocks, via their headers
};

/// Ends the Run of the calling thread with InvalidArgument `message`
/// (stored in its RunScope, then longjmp to its jumpTarget), as a failed
/// allocation ends it with RESOURCE_EXHAUSTED. Outside a Run it prints the
/// message and aborts (our invariant: only Runs call generated code).
[[noreturn]] void failRunInvalidArgument(std::string message);

/// Allocations of tfmlir_rt_alloc made without an arena (outside Runs or
/// from threads without a RunScope), process-wide.
int64_t unscopedAllocCount();

} // namespace tfmlir::cpu
#endif // __cplusplus

#endif // TFMLIR_RUNTIME_CPU_ALLOC_H
