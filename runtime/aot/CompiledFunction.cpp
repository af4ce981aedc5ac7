//===- CompiledFunction.cpp - base of tf-compile's generated classes -----===//
//
// The compiled entry takes MLIR's C interface (llvm.emit_c_interface):
// _mlir_ciface_main(Results *out, Desc *c0, ..., Desc *a0, ...), where a
// rank-R descriptor is {T *allocated, T *aligned, i64 offset, i64 sizes[R],
// i64 strides[R]} and Results holds the results' descriptors back to back,
// exactly as runtime/session/CpuExecutable passes them to the JIT.
//===----------------------------------------------------------------------===//
#include "runtime/aot/CompiledFunction.h"
#include "runtime/aot/RunState.h"
#include "runtime/cpu/Alloc.h"

#include <cstdint>
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

int64_t descWords(const BufferInfo &b) { return 3 + 2 * b.rank; }

/// Fills sizes and identity strides of a descriptor for `b`.
void fillShape(const BufferInfo &b, int64_t *d) {
  d[2] = 0;
  int64_t stride = 1;
  for (int k = b.rank; k-- > 0;) {
    d[3 + k] = b.shape[k];
    d[3 + b.rank + k] = stride;
    stride *= b.shape[k];
  }
}

/// Copies the strided result `desc` into the row-major buffer `dst`.
void copyOut(const int64_t *desc, const BufferInfo &b, char *dst) {
  const char *src = reinterpret_cast<const char *>(desc[1]);
  int64_t es = b.elementBytes;
  if (b.numElements == 0)
    return;
  int rank = b.rank;
  const int64_t *sizes = desc + 3;
  const int64_t *strides = desc + 3 + rank;
  bool identity = true;
  int64_t expect = 1;
  for (int k = rank; k-- > 0;) {
    if (sizes[k] != 1 && strides[k] != expect)
      identity = false;
    expect *= sizes[k];
  }
  if (identity) {
    std::memcpy(dst, src + desc[2] * es, b.numElements * es);
    return;
  }
  int64_t idx[64] = {0};
  for (int64_t n = 0; n < b.numElements; ++n) {
    int64_t off = desc[2];
    for (int k = 0; k < rank; ++k)
      off += idx[k] * strides[k];
    std::memcpy(dst + n * es, src + off * es, es);
    for (int k = rank; k-- > 0;) {
      if (++idx[k] < sizes[k])
        break;
      idx[k] = 0;
    }
  }
}

/// Calls the entry with `st` as the unwind target of failed allocations.
/// Kept apart from Run so that no local of Run lives across setjmp.
bool invoke(RunState *st, void (*entry)(void **), void **packed) {
  if (setjmp(st->jmp) != 0)
    return false;
  entry(packed);
  return true;
}

} // namespace

CompiledCpuFunction::CompiledCpuFunction(const StaticData &data) : data_(data) {
  auto oom = [&](const char *what) {
    broken_ = true;
    error_ = std::string("RESOURCE_EXHAUSTED: ") + data_.className +
             ": cannot allocate the " + what;
  };
  int na = data_.numArgs, nr = data_.numResults, nc = data_.numConstants;
  int64_t words = 0;
  for (int i = 0; i < nc; ++i)
    words += descWords(data_.constants[i]);
  for (int i = 0; i < na; ++i)
    words += descWords(data_.args[i]);
  for (int i = 0; i < nr; ++i)
    words += descWords(data_.results[i]);
  ownedArgs_ = new (std::nothrow) void *[na + 1]();
  argPtrs_ = new (std::nothrow) const void *[na + 1]();
  results_ = new (std::nothrow) void *[nr + 1]();
  descs_ = new (std::nothrow) int64_t[words + 1]();
  packed_ = new (std::nothrow) void *[na + nc + 2]();
  argDescs_ = new (std::nothrow) int64_t *[na + 1]();
  if (!ownedArgs_ || !argPtrs_ || !results_ || !descs_ || !packed_ ||
      !argDescs_) {
    oom("descriptors");
    return;
  }
  for (int i = 0; i < na; ++i) {
    ownedArgs_[i] = alignedZeroAlloc(arg_size(i));
    if (!ownedArgs_[i]) {
      oom("argument buffers");
      return;
    }
    argPtrs_[i] = ownedArgs_[i];
  }
  for (int i = 0; i < nr; ++i) {
    results_[i] = alignedZeroAlloc(result_size(i));
    if (!results_[i]) {
      oom("result buffers");
      return;
    }
  }
  // Layout: results block, constants, arguments.
  int64_t *d = descs_;
  resultDescs_ = d;
  int p = 0;
  if (nr > 0)
    packed_[p++] = resultDescs_;
  for (int i = 0; i < nr; ++i)
    d += descWords(data_.results[i]);
  for (int i = 0; i < nc; ++i) {
    const BufferInfo &b = data_.constants[i];
    d[0] = d[1] = reinterpret_cast<int64_t>(data_.constantData[i]);
    fillShape(b, d);
    packed_[p++] = d;
    d += descWords(b);
  }
  for (int i = 0; i < na; ++i) {
    const BufferInfo &b = data_.args[i];
    fillShape(b, d);
    argDescs_[i] = d;
    packed_[p++] = d;
    d += descWords(b);
  }
}

CompiledCpuFunction::~CompiledCpuFunction() {
  if (ownedArgs_)
    for (int i = 0; i < data_.numArgs; ++i)
      alignedFree(ownedArgs_[i]);
  if (results_)
    for (int i = 0; i < data_.numResults; ++i)
      alignedFree(results_[i]);
  delete[] ownedArgs_;
  delete[] argPtrs_;
  delete[] results_;
  delete[] descs_;
  delete[] packed_;
  delete[] argDescs_;
}

int64_t CompiledCpuFunction::arg_size(int i) const {
  if (i < 0 || i >= data_.numArgs)
    return 0;
  return data_.args[i].numElements * data_.args[i].elementBytes;
}

int64_t CompiledCpuFunction::result_size(int i) const {
  if (i < 0 || i >= data_.numResults)
    return 0;
  return data_.results[i].numElements * data_.results[i].elementBytes;
}

void CompiledCpuFunction::set_arg_data(int i, const void *data) {
  if (broken_ || i < 0 || i >= data_.numArgs)
    return;
  argPtrs_[i] = data ? data : ownedArgs_[i];
}

void *CompiledCpuFunction::arg_data(int i) {
  if (broken_ || i < 0 || i >= data_.numArgs)
    return nullptr;
  return const_cast<void *>(argPtrs_[i]);
}

const void *CompiledCpuFunction::arg_data(int i) const {
  if (broken_ || i < 0 || i >= data_.numArgs)
    return nullptr;
  return argPtrs_[i];
}

void *CompiledCpuFunction::result_data(int i) {
  if (broken_ || i < 0 || i >= data_.numResults)
    return nullptr;
  return results_[i];
}

const void *CompiledCpuFunction::result_data(int i) const {
  if (broken_ || i < 0 || i >= data_.numResults)
    return nullptr;
  return results_[i];
}

int CompiledCpuFunction::LookupArgIndex(const std::string &name) const {
  for (int i = 0; i < data_.numArgs; ++i)
    if (name == data_.args[i].name)
      return i;
  return -1;
}

int CompiledCpuFunction::LookupResultIndex(const std::string &name) const {
  for (int i = 0; i < data_.numResults; ++i)
    if (name == data_.results[i].name)
      return i;
  return -1;
}

bool CompiledCpuFunction::Run() {
  if (broken_)
    return false;
  error_.clear();
  for (int i = 0; i < data_.numArgs; ++i) {
    int64_t *d = argDescs_[i];
    d[0] = d[1] = reinterpret_cast<int64_t>(argPtrs_[i]);
  }
  int64_t words = 0;
  for (int i = 0; i < data_.numResults; ++i)
    words += descWords(data_.results[i]);
  std::memset(resultDescs_, 0, words * sizeof(int64_t));

  RunState st;
  st.limitBytes = limit_;
  bool ok;
  // The index checks of the generated code (runtime/cpu/IndexCheck.h) end
  // the Run through runtime/cpu's RunScope: it unwinds to the same jmp_buf
  // as a failed allocation (no arena: AOT code allocates with
  // tfmlir_aot_malloc).
  cpu::RunScope checks(nullptr);
  checks.jumpTarget = &st.jmp;
  {
    RunState::Scope scope(&st);
    ok = invoke(&st, data_.entry, packed_);
  }
  checks.jumpTarget = nullptr;
  peak_ = static_cast<int64_t>(st.peakBytes);
  if (!ok && !checks.invalidArgument.empty()) {
    st.freeAll();
    error_ = "INVALID_ARGUMENT: " + std::string(data_.className) + ": " +
             checks.invalidArgument;
    return false;
  }
  if (!ok) {
    size_t held = st.bytesHeld;
    st.freeAll();
    // The generated code's constants hold the name (still loaded).
    std::string forNode = st.failedSite
                              ? std::string(" of node '") + st.failedSite + "'"
                              : std::string();
    error_ = std::string("RESOURCE_EXHAUSTED: ") + data_.className +
             ": cannot allocate " + std::to_string(st.failedBytes) +
             " bytes for a temporary buffer" + forNode + " (" +
             std::to_string(held) + " bytes held by this Run" +
             (limit_ >= 0 ? ", limit " + std::to_string(limit_) : "") + ")";
    return false;
  }
  const int64_t *d = resultDescs_;
  for (int i = 0; i < data_.numResults; ++i) {
    copyOut(d, data_.results[i], static_cast<char *>(results_[i]));
    d += descWords(data_.results[i]);
  }
  // Updated variables go back into their buffers (after every result is
  // copied: a result may be a view of a variable's old value).
  for (int i = 0; i < data_.numResults; ++i) {
    int a = data_.results[i].updatesArg;
    if (a >= 0 && a < data_.numArgs && argPtrs_[a] != results_[i])
      std::memcpy(const_cast<void *>(argPtrs_[a]), results_[i], result_size(i));
  }
  // The result blocks (and anything else left) belong to this Run.
  st.freeAll();
  return true;
}

} // namespace tfmlir::aot
