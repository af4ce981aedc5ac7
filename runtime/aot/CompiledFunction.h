//===- CompiledFunction.h - base of tf-compile's generated classes -------===//
//
// tf-compile (tools/tf-compile, TF's tfcompile) writes a header that declares
// a class deriving from tfmlir::aot::CompiledCpuFunction (our counterpart of
// TF's XlaCompiledCpuFunction) and an object file holding the compiled code
// and its large constants (rodata). The class owns one buffer per argument
// and per result (row-major, 64-byte aligned, zeroed), runs the code with
// Run(), and reports errors through error_msg() instead of exceptions or
// aborts.
//
// Not thread-safe: one instance runs one Run() at a time; use one instance
// per thread (instances share the code and constants, nothing else).
//
// No MLIR, LLVM or protobuf dependency: link TFMLIRAotRuntime and
// TFMLIRCpuRuntime (and libm).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_AOT_COMPILEDFUNCTION_H
#define TFMLIR_RUNTIME_AOT_COMPILEDFUNCTION_H

#include "runtime/aot/HostBuffers.h"

#include <cstddef>
#include <cstdint>
#include <string>

namespace tfmlir::aot {

/// The static description of one compiled function, emitted in the
/// generated header: the entry point in the object file (it takes the
/// argument pointers MLIR's C interface expects, packed: result descriptor
/// block first when there are results, then the constants' descriptors,
/// then the arguments'), the constants (data in the object's rodata), the
/// arguments and results.
struct StaticData {
  const char *className;
  void (*entry)(void **packedArgs);
  int numConstants;
  const BufferInfo *constants;
  const void *const *constantData;
  int numArgs;
  const BufferInfo *args;
  int numResults;
  const BufferInfo *results;
};

/// Runs one tf-compile'd function on buffers it owns (or caller buffers set
/// with set_arg_data).
class CompiledCpuFunction : public HostBuffers {
public:
  /// Allocates the argument and result buffers and the descriptors. A failed
  /// allocation does not throw: every later Run() returns false with a
  /// RESOURCE_EXHAUSTED error_msg() and the data accessors return null.
  explicit CompiledCpuFunction(const StaticData &data);
  virtual ~CompiledCpuFunction();
  CompiledCpuFunction(const CompiledCpuFunction &) = delete;
  CompiledCpuFunction &operator=(const CompiledCpuFunction &) = delete;

  /// Runs the function on the current argument buffers and writes the
  /// results into the result buffers. Returns false (and sets error_msg())
  /// when an argument is null or when memory for a temporary or result
  /// buffer cannot be had ("RESOURCE_EXHAUSTED: ..."), or when an index
  /// is out of range for GatherV2/GatherNd/ScatterNd/UnsortedSegment*
  /// ("INVALID_ARGUMENT: <class>: indices[3] = 7 is not in [0, 5)..." as
  /// TF's kernels); every block the call allocated is freed either way.
  bool Run();

  // error_msg(), set_arg_data, arg_data, result_data, arg_size,
  // result_size, arg_info, result_info, LookupArgIndex, LookupResultIndex:
  // HostBuffers.

  /// Caps the bytes of temporary and result blocks the generated code may
  /// hold at once during one Run() (-1, the default: no cap). Exceeding it
  /// fails the Run() with RESOURCE_EXHAUSTED as a failed malloc does.
  void set_temp_allocation_limit(int64_t bytes) { limit_ = bytes; }
  /// The most bytes the generated code held at once in the last Run().
  int64_t peak_temp_bytes() const { return peak_; }

private:
  const StaticData &data_;
  int64_t limit_ = -1;
  int64_t peak_ = 0;
  int64_t *descs_ = nullptr;     // all descriptors, back to back
  void **packed_ = nullptr;      // pointers to the descriptors
  int64_t **argDescs_ = nullptr; // where each argument's descriptor starts
  int64_t *resultDescs_ = nullptr;
};

} // namespace tfmlir::aot

#endif
