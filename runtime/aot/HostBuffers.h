//===- HostBuffers.h - argument and result buffers of AOT classes --------===//
//
// The part of tf-compile's generated classes that does not depend on the
// target: one host buffer per argument and per result (row-major, 64-byte
// aligned, zeroed; calloc, so pages are committed only when written), the
// caller's buffers set with set_arg_data, the accessors, name lookups and
// error_msg(). tfmlir::aot::CompiledCpuFunction (runtime/aot) and
// tfmlir::gpu::CompiledGpuFunction (runtime/gpu) derive from it; the
// generated classes add the typed and named accessors.
//
// No dependency beyond the C++ standard library (its own small library,
// TFMLIRAotBuffers, so that the GPU runtime does not link the CPU one).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_RUNTIME_AOT_HOSTBUFFERS_H
#define TFMLIR_RUNTIME_AOT_HOSTBUFFERS_H

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

/// The host buffers of one compiled function's arguments and results.
class HostBuffers {
public:
  /// Allocates the buffers. A failed allocation does not throw: broken()
  /// is true, error_msg() says "RESOURCE_EXHAUSTED: <className>: cannot
  /// allocate the argument buffers" (or "result buffers") and the data
  /// accessors return null.
  HostBuffers(const char *className, int numArgs, const BufferInfo *args,
              int numResults, const BufferInfo *results);
  virtual ~HostBuffers();
  HostBuffers(const HostBuffers &) = delete;
  HostBuffers &operator=(const HostBuffers &) = delete;

  /// The error of the last failed Run() (or the constructor), "" otherwise.
  const std::string &error_msg() const { return error_; }

  /// Uses `data` (caller-owned, row-major, arg_size(index) bytes, not copied,
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

  int num_args() const { return numArgs_; }
  int num_results() const { return numResults_; }
  /// Bytes of argument / result `index` (0 when out of range).
  int64_t arg_size(int index) const;
  int64_t result_size(int index) const;
  const BufferInfo &arg_info(int index) const { return args_[index]; }
  const BufferInfo &result_info(int index) const { return results_[index]; }
  /// The index of the argument / result whose config `name` is `name`, -1
  /// when there is none (TF's LookupArgIndex / LookupResultIndex).
  int LookupArgIndex(const std::string &name) const;
  int LookupResultIndex(const std::string &name) const;

protected:
  /// True when the constructor (or a derived class's, through
  /// markOutOfMemory) could not allocate what it needs.
  bool broken() const { return broken_; }
  /// Marks the instance unusable as a failed allocation of `what` does:
  /// RESOURCE_EXHAUSTED in error_msg(), every Run() false, null accessors.
  void markOutOfMemory(const std::string &what);
  /// Sets error_msg() to "<CODE>: <className>: <message>" and returns false.
  bool fail(const char *code, const std::string &message);
  /// Copies each variable's new value (a result with updatesArg >= 0) into
  /// that argument's buffer, as tfcompile's Run() does (nothing when the
  /// caller made the result buffer the argument's).
  void copyVariablesBack();

  const char *className_;
  std::string error_;
  /// What Run() reads: the owned buffers or the caller's.
  const void **argPtrs_ = nullptr;
  /// The owned result buffers.
  void **resultBufs_ = nullptr;

private:
  const int numArgs_, numResults_;
  const BufferInfo *args_, *results_;
  bool broken_ = false;
  void **ownedArgs_ = nullptr;
};

} // namespace tfmlir::aot

#endif // TFMLIR_RUNTIME_AOT_HOSTBUFFERS_H
