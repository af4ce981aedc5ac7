//===- HostBuffers.cpp - argument and result buffers of AOT classes ------===//
#include "runtime/aot/HostBuffers.h"

#include <cstdlib>
#include <cstring>
#include <new>

namespace tfmlir::aot {
namespace {

constexpr size_t kAlign = 64;

/// A zeroed block of `bytes` (at least 1) aligned to kAlign, from calloc
/// (so that pages are only committed when written); the pointer calloc
/// returned is stored just before the aligned block. Null on failure.
void *alignedZeroAlloc(int64_t bytes) {
  size_t n = static_cast<size_t>(bytes < 1 ? 1 : bytes);
  if (n > SIZE_MAX - kAlign - sizeof(void *))
    return nullptr;
  void *raw = std::calloc(1, n + kAlign + sizeof(void *));
  if (!raw)
    return nullptr;
  uintptr_t p = reinterpret_cast<uintptr_t>(raw) + sizeof(void *);
  p = (p + kAlign - 1) / kAlign * kAlign;
  reinterpret_cast<void **>(p)[-1] = raw;
  return reinterpret_cast<void *>(p);
}

void alignedFree(void *p) {
  if (p)
    std::free(static_cast<void **>(p)[-1]);
}

int64_t bytesOf(const BufferInfo &b) { return b.numElements * b.elementBytes; }

int lookup(const BufferInfo *infos, int n, const std::string &name) {
  for (int i = 0; i < n; ++i)
    if (name == infos[i].name)
      return i;
  return -1;
}

} // namespace

HostBuffers::HostBuffers(const char *className, int numArgs,
                         const BufferInfo *args, int numResults,
                         const BufferInfo *results)
    : className_(className), numArgs_(numArgs), numResults_(numResults),
      args_(args), results_(results) {
  ownedArgs_ = new (std::nothrow) void *[numArgs + 1]();
  argPtrs_ = new (std::nothrow) const void *[numArgs + 1]();
  resultBufs_ = new (std::nothrow) void *[numResults + 1]();
  const char *what = nullptr;
  if (!ownedArgs_ || !argPtrs_ || !resultBufs_)
    what = "buffer tables";
  for (int i = 0; !what && i < numArgs; ++i) {
    ownedArgs_[i] = alignedZeroAlloc(bytesOf(args[i]));
    argPtrs_[i] = ownedArgs_[i];
    if (!ownedArgs_[i])
      what = "argument buffers";
  }
  for (int i = 0; !what && i < numResults; ++i) {
    resultBufs_[i] = alignedZeroAlloc(bytesOf(results[i]));
    if (!resultBufs_[i])
      what = "result buffers";
  }
  if (what)
    markOutOfMemory(what);
}

void HostBuffers::markOutOfMemory(const std::string &what) {
  broken_ = true;
  fail("RESOURCE_EXHAUSTED", "cannot allocate the " + what);
}

HostBuffers::~HostBuffers() {
  for (int i = 0; ownedArgs_ && i < numArgs_; ++i)
    alignedFree(ownedArgs_[i]);
  for (int i = 0; resultBufs_ && i < numResults_; ++i)
    alignedFree(resultBufs_[i]);
  delete[] ownedArgs_;
  delete[] argPtrs_;
  delete[] resultBufs_;
}

bool HostBuffers::fail(const char *code, const std::string &message) {
  error_ = std::string(code) + ": " + className_ + ": " + message;
  return false;
}

void HostBuffers::copyVariablesBack() {
  for (int i = 0; i < numResults_; ++i) {
    int a = results_[i].updatesArg;
    if (a >= 0 && a < numArgs_ && bytesOf(results_[i]) > 0 &&
        argPtrs_[a] != resultBufs_[i])
      std::memcpy(const_cast<void *>(argPtrs_[a]), resultBufs_[i],
                  bytesOf(results_[i]));
  }
}

int64_t HostBuffers::arg_size(int i) const {
  return i < 0 || i >= numArgs_ ? 0 : bytesOf(args_[i]);
}

int64_t HostBuffers::result_size(int i) const {
  return i < 0 || i >= numResults_ ? 0 : bytesOf(results_[i]);
}

void HostBuffers::set_arg_data(int i, const void *data) {
  if (broken_ || i < 0 || i >= numArgs_)
    return;
  argPtrs_[i] = data ? data : ownedArgs_[i];
}

void *HostBuffers::arg_data(int i) {
  if (broken_ || i < 0 || i >= numArgs_)
    return nullptr;
  return const_cast<void *>(argPtrs_[i]);
}

const void *HostBuffers::arg_data(int i) const {
  if (broken_ || i < 0 || i >= numArgs_)
    return nullptr;
  return argPtrs_[i];
}

void *HostBuffers::result_data(int i) {
  if (broken_ || i < 0 || i >= numResults_)
    return nullptr;
  return resultBufs_[i];
}

const void *HostBuffers::result_data(int i) const {
  if (broken_ || i < 0 || i >= numResults_)
    return nullptr;
  return resultBufs_[i];
}

int HostBuffers::LookupArgIndex(const std::string &name) const {
  return lookup(args_, numArgs_, name);
}

int HostBuffers::LookupResultIndex(const std::string &name) const {
  return lookup(results_, numResults_, name);
}

} // namespace tfmlir::aot
