//===- CompileCache.h - persistent on-disk cache of compiled executables --===//
//
// SessionOptions::compile_cache_dir / tf-run --compile-cache-dir (issue 11
// §4, in the spirit of XLA's persistent compilation cache and JAX's
// jax_compilation_cache_dir): the object code of a CpuExecutable, its
// argument/result specs and its host-buffer constants, stored as one file
//   DIR/<key>.tfmlir-cache
// per compiled function, so that another process skips hlo-to-llvm and
// LLVM's code generation.
//
// The key is the SHA-256 of everything the object code depends on: the hlo
// module text given to the compiler (a function of the graph, the fed and
// fetched tensors and their shapes and dtypes), the entry name, the bytes
// of the constants passed as host buffers, the compiler's identity (LLVM's
// version and the size and modification time of the binary or shared
// library holding this code, so any rebuild invalidates every entry) and
// the host CPU (LLVM's name and feature list for it).
//
// File layout (little-endian): the magic "TFMLIRCC", a format version
// (u32), the payload size (u64), the SHA-256 of the payload (32 bytes),
// then the payload: the key, the entry name, input and output specs,
// constants (dtype, shape, bytes) and the relocatable object. An entry is
// trusted only when the magic, version, size, checksum and the key inside
// all match; anything else (truncated, corrupt, another version, another
// key) is ignored with a warning on stderr and the function is compiled
// again (and the entry rewritten). Writes go to a temporary file renamed
// into place, so concurrent processes never read a partial entry; a
// directory that cannot be created or written is reported once per
// failure as a warning and never fails a compile.
//
// Trust: an entry is native code that the process runs, so the directory
// must be as trusted as the binary (as XLA's persistent compilation cache
// and ccache's). The checksum catches accidental damage; an entry forged
// with a recomputed checksum is run as written (found by a bad-input
// trial: tampered object bytes crash, tampered output specs give wrong
// shapes). Keep the directory writable by its owner only.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_SESSION_COMPILECACHE_H
#define TFMLIR_RUNTIME_SESSION_COMPILECACHE_H

#include "runtime/session/CpuExecutable.h"
#include "runtime/session/HostTensor.h"

#include <cstdint>
#include <optional>
#include <string>
#include <vector>

namespace tfmlir::session {

/// What one cache entry holds.
struct CompileCacheEntry {
  std::string entry; ///< the function's name
  std::vector<TensorSpec> inputs, outputs;
  std::vector<HostTensor> constants; ///< leading host-buffer arguments
  std::string object;                ///< ELF relocatable object
};

/// The hex SHA-256 key of a compile (see the file comment).
std::string compileCacheKey(const std::string &mlirText,
                            const std::string &entry,
                            const std::vector<HostTensor> &constants);

/// The entry for `key` in `dir`, or nullopt when there is none or it cannot
/// be trusted (then a warning naming the file and the reason goes to
/// stderr).
std::optional<CompileCacheEntry> readCompileCache(const std::string &dir,
                                                  const std::string &key);

/// Stores `e` under `key` in `dir` (created if missing). Returns false and
/// warns on stderr when it cannot.
bool writeCompileCache(const std::string &dir, const std::string &key,
                       const CompileCacheEntry &e);

/// Process-wide counters of the disk cache (all Sessions).
struct CompileCacheCounters {
  int64_t hits = 0;     ///< compiles answered from the disk
  int64_t misses = 0;   ///< compiles with no usable entry
  int64_t rejected = 0; ///< entries found but not trusted (subset of misses)
  int64_t writes = 0;   ///< entries written
  int64_t writeFailures = 0;
};
CompileCacheCounters compileCacheCounters();

/// Creates the cache directory `dir` (and its parents) if missing. Returns
/// an empty string, or why it cannot be used (e.g. "it is a symbolic link to
/// a missing target", or the OS error).
std::string makeCompileCacheDir(const std::string &dir);

/// Reports (stderr) and counts a failure to store an entry in `dir`.
void noteCompileCacheWriteFailure(const std::string &dir,
                                  const std::string &why);

/// Counter updates (CpuExecutable). noteCompileCacheRejected counts an
/// entry that readCompileCache accepted but that could not be loaded (its
/// object code does not link, or it names another entry function).
void noteCompileCacheHit();
void noteCompileCacheMiss();
void noteCompileCacheRejected();

} // namespace tfmlir::session

#endif
