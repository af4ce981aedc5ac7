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

#include <cstddef>
#include <cstdint>
#include <string>

namespace tfmlir::aot {

/// One argument, result or constant of a compiled function: its name (the
/// config's `name`, or "" when none), dtype in TF's DataType numbering
/// (DT_FLOAT = 1, ...; DT_BOOL is 1 byte, DT_HALF/DT_BFLOAT16 2 bytes),
/// bytes per element, rank and static shape (row-major), element count,
/// and for a result that is a variable's updated value the argument it is
/// copied back into after Run() (-1 otherwise).
struct BufferInfo {
  const char *name;
  int dtype;
  int64_t elementBytes;
  int rank;
  const int64_t *shape;
  int64_t numElements;
  int updatesArg;
};

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
class CompiledCpuFunction {
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

  /// The error of the last failed Run() (or the constructor), "" otherwise.
  const std::string &error_msg() const { return error_; }

  /// Uses `data` (caller-owned, row-major, arg_size(i) bytes, not copied,
  /// alive until the next Run() returns) for argument `index` instead of
  /// the owned buffer; null restores the owned buffer. Out-of-range index:
  /// ignored (Run() still uses the previous buffer). A variable's buffer
  /// (config `variable`, not readonly) is written by Run() with the
  /// variable's new value, as tfcompile's are.
  void set_arg_data(int index, const void *data);
  /// The buffer argument `index` is read from (owned or set_arg_data's);
  /// null for an out-of-range index.
  void *arg_data(int index);
  const void *arg_data(int index) const;
  /// The result buffer (owned, row-major); null for an out-of-range index.
  void *result_data(int index);
  const void *result_data(int index) const;

  int num_args() const { return data_.numArgs; }
  int num_results() const { return data_.numResults; }
  /// Bytes of argument / result `index` (0 when out of range).
  int64_t arg_size(int index) const;
  int64_t result_size(int index) const;
  const BufferInfo &arg_info(int index) const { return data_.args[index]; }
  const BufferInfo &result_info(int index) const {
    return data_.results[index];
  }
  /// The index of the argument / result whose config `name` is `name`, -1
  /// when there is none (TF's LookupArgIndex / LookupResultIndex).
  int LookupArgIndex(const std::string &name) const;
  int LookupResultIndex(const std::string &name) const;

  /// Caps the bytes of temporary and result blocks the generated code may
  /// hold at once during one Run() (-1, the default: no cap). Exceeding it
  /// fails the Run() with RESOURCE_EXHAUSTED as a failed malloc does.
  void set_temp_allocation_limit(int64_t bytes) { limit_ = bytes; }
  /// The most bytes the generated code held at once in the last Run().
  int64_t peak_temp_bytes() const { return peak_; }

private:
  const StaticData &data_;
  std::string error_;
  bool broken_ = false;
  int64_t limit_ = -1;
  int64_t peak_ = 0;
  void **ownedArgs_ = nullptr;     // numArgs owned buffers
  const void **argPtrs_ = nullptr; // what Run() reads
  void **results_ = nullptr;       // numResults owned buffers
  int64_t *descs_ = nullptr;       // all descriptors, back to back
  void **packed_ = nullptr;        // pointers to the descriptors
  int64_t **argDescs_ = nullptr;   // where each argument's descriptor starts
  int64_t *resultDescs_ = nullptr;
};

} // namespace tfmlir::aot

#endif
