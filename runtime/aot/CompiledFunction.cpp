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

CompiledCpuFunction::CompiledCpuFunction(const StaticData &data)
    : HostBuffers(data.className, data.numArgs, data.args, data.numResults,
                  data.results),
      data_(data) {
  if (broken())
    return;
  int na = data_.numArgs, nr = data_.numResults, nc = data_.numConstants;
  int64_t words = 0;
  for (int i = 0; i < nc; ++i)
    words += descWords(data_.constants[i]);
  for (int i = 0; i < na; ++i)
    words += descWords(data_.args[i]);
  for (int i = 0; i < nr; ++i)
    words += descWords(data_.results[i]);
  descs_ = new (std::nothrow) int64_t[words + 1]();
  packed_ = new (std::nothrow) void *[na + nc + 2]();
  argDescs_ = new (std::nothrow) int64_t *[na + 1]();
  if (!descs_ || !packed_ || !argDescs_) {
    markOutOfMemory("descriptors");
    return;
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
  delete[] descs_;
  delete[] packed_;
  delete[] argDescs_;
}

bool CompiledCpuFunction::Run() {
  if (broken())
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
    copyOut(d, data_.results[i], static_cast<char *>(resultBufs_[i]));
    d += descWords(data_.results[i]);
  }
  // Updated variables go back into their buffers (after every result is
  // copied: a result may be a view of a variable's old value).
  copyVariablesBack();
  // The result blocks (and anything else left) belong to this Run.
  st.freeAll();
  return true;
}

} // namespace tfmlir::aot
