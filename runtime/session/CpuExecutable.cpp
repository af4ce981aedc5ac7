//===- CpuExecutable.cpp - JIT-compiled hlo functions on the host CPU -----===//
//
// The entry function gets `llvm.emit_c_interface` (hlo-legalize-to-linalg
// with emit-c-interface), so it is called as
//   _mlir_ciface_<entry>(Results *out, Desc0 *in0, Desc1 *in1, ...)
// where a rank-R memref descriptor is {T *allocated, T *aligned, i64 offset,
// i64 sizes[R], i64 strides[R]} and Results is the descriptor of the single
// result or a struct of all results' descriptors (all fields are 8 bytes, so
// descriptors are laid out back to back). The generated code allocates its
// buffers with tfmlir_rt_alloc/free (runtime/cpu/Alloc.h; the JIT maps
// MLIR's generic _mlir_memref_to_llvm_alloc/free to them) from the
// executable's arena; results are copied out (one memcpy when contiguous)
// and their blocks go back to the arena, except buffers that are constants
// (memref.get_global marks them 0xdeadbeef) or caller inputs. The runtime/cpu
// symbols (tfmlir_rt_parallel_for, the allocator) are registered with the
// ExecutionEngine explicitly: they are linked statically into the process,
// so a search of the process's dynamic symbols would not find them.
//===----------------------------------------------------------------------===//
#include "runtime/session/CpuExecutable.h"
#include "runtime/session/CompileCache.h"

#include "dialects/hlo/HLOOps.h"
#include "lib/Codegen/CPU/Passes.h"
#include "lib/Codegen/CPU/Pipeline.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"
#include "lib/Pipelines/CpuTarget.h"
#include "runtime/cpu/Alloc.h"
#include "runtime/cpu/Conv2d.h"
#include "runtime/cpu/DepthwiseConv.h"
#include "runtime/cpu/Gemm.h"
#include "runtime/cpu/IndexCheck.h"
#include "runtime/cpu/Parallel.h"
#include "runtime/cpu/ThreadPool.h"

#include "mlir/ExecutionEngine/ExecutionEngine.h"
#include "mlir/IR/Diagnostics.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "llvm/ExecutionEngine/Orc/Core.h"
#include "llvm/ExecutionEngine/Orc/ExecutionUtils.h"
#include "llvm/ExecutionEngine/Orc/JITTargetMachineBuilder.h"
#include "llvm/ExecutionEngine/Orc/LLJIT.h"
#include "llvm/ExecutionEngine/Orc/Mangling.h"
#include "llvm/IR/Module.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/TargetParser/Host.h"

#include "absl/strings/str_cat.h"

#include <cerrno>
#include <csetjmp>
#include <cstdio>
#include <cstdlib>
#include <cstring>
#include <fcntl.h>
#include <filesystem>
#include <fstream>
#include <mutex>
#include <optional>
#include <set>
#include <sstream>
#include <sys/stat.h>
#include <unistd.h>

namespace tfmlir::session {
static_assert(CpuExecutable::kExternalConstantBytes ==
                  kCpuExternalConstantBytes,
              "tf-compile and the JIT externalize the same constants");
namespace {

void initOnce() {
  static std::once_flag flag;
  std::call_once(flag, [] {
    llvm::InitializeNativeTarget();
    llvm::InitializeNativeTargetAsmPrinter();
    mlir::registerAllPasses();
    registerHLOCodegenPasses();
  });
}

} // namespace

std::optional<DType> toDType(mlir::Type t) {
  if (t.isF32())
    return DType::kF32;
  if (t.isF64())
    return DType::kF64;
  if (t.isInteger(1))
    return DType::kBool;
  if (t.isSignlessInteger(8))
    return DType::kI8;
  if (t.isSignlessInteger(32))
    return DType::kI32;
  if (t.isSignlessInteger(64))
    return DType::kI64;
  if (t.isSignlessInteger(16))
    return DType::kI16;
  if (t.isF16())
    return DType::kF16;
  if (t.isBF16())
    return DType::kBF16;
  if (t.isUnsignedInteger(8))
    return DType::kU8;
  if (t.isUnsignedInteger(16))
    return DType::kU16;
  if (t.isUnsignedInteger(32))
    return DType::kU32;
  if (t.isUnsignedInteger(64))
    return DType::kU64;
  return std::nullopt;
}

absl::Status toSpecs(mlir::TypeRange types, const char *what,
                     std::vector<TensorSpec> &out) {
  for (auto [i, t] : llvm::enumerate(types)) {
    auto rt = mlir::dyn_cast<mlir::RankedTensorType>(t);
    std::optional<DType> d;
    if (rt)
      d = toDType(rt.getElementType());
    if (!rt || !rt.hasStaticShape() || !d) {
      std::string s;
      llvm::raw_string_ostream os(s);
      os << t;
      return absl::InvalidArgumentError(absl::StrCat(
          what, " ", i, " has type ", s,
          "; expected a static-shaped tensor of "
          "f16/bf16/f32/f64/i1/i8/i16/i32/i64/ui8/ui16/ui32/ui64"));
    }
    out.push_back(
        {*d, std::vector<int64_t>(rt.getShape().begin(), rt.getShape().end())});
  }
  return absl::OkStatus();
}

namespace {

bool fileExists(const char *p) {
  struct stat st;
  return ::stat(p, &st) == 0;
}

/// Copies the strided result described by `desc` (rank r) into `t`: one
/// memcpy when the result is row-major contiguous (the usual case), else
/// one memcpy per contiguous innermost run.
void copyOut(const int64_t *desc, size_t rank, HostTensor &t) {
  const char *aligned = reinterpret_cast<const char *>(desc[1]);
  int64_t offset = desc[2];
  const int64_t *sizes = desc + 3;
  const int64_t *strides = desc + 3 + rank;
  size_t es = dtypeSize(t.dtype());
  int64_t n = t.numElements();
  if (n == 0)
    return;
  char *dst = static_cast<char *>(t.raw());
  // The longest suffix of dims that is contiguous (sizes of 1 do not count).
  int64_t inner = 1;
  size_t outer = rank;
  while (outer > 0 && (sizes[outer - 1] == 1 || strides[outer - 1] == inner)) {
    inner *= sizes[outer - 1];
    --outer;
  }
  if (outer == 0) {
    std::memcpy(dst, aligned + offset * es, n * es);
    return;
  }
  std::vector<int64_t> idx(outer, 0);
  for (int64_t k = 0; k < n; k += inner) {
    int64_t off = offset;
    for (size_t d = 0; d < outer; ++d)
      off += idx[d] * strides[d];
    std::memcpy(dst + k * es, aligned + off * es, inner * es);
    for (size_t d = outer; d-- > 0;) {
      if (++idx[d] < sizes[d])
        break;
      idx[d] = 0;
    }
  }
}

/// Runs hlo-cpu-gemm-ukernel on `func`, so that constant GEMM weights are
/// packed into the microkernel's layout at compile time (before they are
/// externalized). Idempotent: the pipeline runs it again and finds nothing.
absl::Status packGemmWeights(mlir::func::FuncOp func) {
  mlir::PassManager pm(func.getContext(),
                       mlir::func::FuncOp::getOperationName());
  pm.addPass(createCpuGemmUkernel());
  if (mlir::failed(pm.run(func)))
    return absl::InternalError("hlo-cpu-gemm-ukernel failed on @" +
                               func.getName().str());
  return absl::OkStatus();
}

/// Calls the packed entry point; returns false when a buffer allocation of
/// the compiled code failed or an index check failed (tfmlir_rt_alloc and
/// failRunInvalidArgument longjmp back here; the frames
/// in between are JIT-compiled code, which has no destructors to run).
TFMLIR_CALLS_GENERATED_CODE bool callGuarded(void (*fn)(void **), void **args,
                                             cpu::RunScope &scope) {
  std::jmp_buf target;
  scope.jumpTarget = &target;
  if (setjmp(target) != 0) {
    scope.jumpTarget = nullptr;
    return false;
  }
  fn(args);
  scope.jumpTarget = nullptr;
  return true;
}

/// Moves the large constants of `func` into `out` as host tensors (see
/// externalizeLargeConstants). ResourceExhausted naming the constant's
/// type when a host buffer cannot be allocated.
absl::Status externalizeToHost(mlir::func::FuncOp func,
                               std::vector<HostTensor> &out) {
  llvm::SmallVector<ExternalConstant> values;
  externalizeLargeConstants(func, CpuExecutable::kExternalConstantBytes,
                            values);
  for (const ExternalConstant &c : values) {
    auto type = mlir::cast<mlir::RankedTensorType>(c.value.getType());
    absl::StatusOr<HostTensor> t = HostTensor::create(
        *toDType(type.getElementType()),
        std::vector<int64_t>(type.getShape().begin(), type.getShape().end()));
    if (!t.ok()) {
      std::string what;
      llvm::raw_string_ostream os(what);
      os << type;
      return absl::Status(t.status().code(),
                          absl::StrCat("a constant ", what, " of @",
                                       func.getName().str(), ": ",
                                       t.status().message()));
    }
    std::memcpy(t->raw(), c.bytes.data(), c.bytes.size());
    out.push_back(std::move(*t));
  }
  return absl::OkStatus();
}

/// Tunes every function of `m` for the host CPU (lib/Pipelines/CpuTarget,
/// shared with tf-compile), then runs `optimize`.
llvm::Error
tuneForHost(llvm::Module *m,
            const std::function<llvm::Error(llvm::Module *)> &optimize) {
  static const CpuTarget host = hostCpuTarget();
  tuneFunctionsForCpu(*m, host);
  CompilePhase phase("LLVM optimization (O3)");
  return optimize(m);
}

/// The runtime/cpu entries that generated code calls, by symbol name.
std::vector<std::pair<const char *, void *>> runtimeSymbols() {
  return {
      {"_mlir_ciface_tfmlir_rt_sgemm_packed_memref",
       reinterpret_cast<void *>(&_mlir_ciface_tfmlir_rt_sgemm_packed_memref)},
      {"_mlir_ciface_tfmlir_rt_sgemm_memref",
       reinterpret_cast<void *>(&_mlir_ciface_tfmlir_rt_sgemm_memref)},
      {"_mlir_ciface_tfmlir_rt_depthwise_conv2d_memref",
       reinterpret_cast<void *>(
           &_mlir_ciface_tfmlir_rt_depthwise_conv2d_memref)},
      {"_mlir_ciface_tfmlir_rt_conv2d_packed_memref",
       reinterpret_cast<void *>(&_mlir_ciface_tfmlir_rt_conv2d_packed_memref)},
      {"_mlir_ciface_tfmlir_rt_check_indices_i32_memref",
       reinterpret_cast<void *>(
           &_mlir_ciface_tfmlir_rt_check_indices_i32_memref)},
      {"_mlir_ciface_tfmlir_rt_check_indices_i64_memref",
       reinterpret_cast<void *>(
           &_mlir_ciface_tfmlir_rt_check_indices_i64_memref)},
      {"tfmlir_rt_parallel_for",
       reinterpret_cast<void *>(&tfmlir_rt_parallel_for)},
      {"tfmlir_rt_alloc", reinterpret_cast<void *>(&tfmlir_rt_alloc)},
      {"tfmlir_rt_free", reinterpret_cast<void *>(&tfmlir_rt_free)},
      {"tfmlir_rt_alloc_site", reinterpret_cast<void *>(&tfmlir_rt_alloc_site)},
      {"_mlir_memref_to_llvm_alloc",
       reinterpret_cast<void *>(&tfmlir_rt_alloc)},
      {"_mlir_memref_to_llvm_aligned_alloc",
       reinterpret_cast<void *>(&tfmlir_rt_aligned_alloc)},
      {"_mlir_memref_to_llvm_free", reinterpret_cast<void *>(&tfmlir_rt_free)},
  };
}

/// An LLJIT over the relocatable object of a compile cache entry, with the
/// same symbol resolution as the ExecutionEngine of a fresh compile
/// (runtime/cpu entries, libmlir_c_runner_utils, the process's libraries);
/// sets `packed` to the packed entry point _mlir__mlir_ciface_<entry>.
absl::StatusOr<std::unique_ptr<llvm::orc::LLJIT>>
loadObject(const std::string &object, const std::string &entry,
           void (*&packed)(void **)) {
  auto jit = llvm::orc::LLJITBuilder().create();
  if (!jit)
    return absl::InternalError("cannot create a JIT: " +
                               llvm::toString(jit.takeError()));
  llvm::orc::JITDylib &jd = (*jit)->getMainJITDylib();
  char prefix = (*jit)->getDataLayout().getGlobalPrefix();
  auto process =
      llvm::orc::DynamicLibrarySearchGenerator::GetForCurrentProcess(prefix);
  if (!process)
    return absl::InternalError(llvm::toString(process.takeError()));
  jd.addGenerator(std::move(*process));
  if (fileExists(TFMLIR_RUNNER_UTILS_LIB)) {
    auto utils = llvm::orc::DynamicLibrarySearchGenerator::Load(
        TFMLIR_RUNNER_UTILS_LIB, prefix);
    if (!utils)
      return absl::InternalError(llvm::toString(utils.takeError()));
    jd.addGenerator(std::move(*utils));
  }
  llvm::orc::SymbolMap map;
  for (const auto &[name, fn] : runtimeSymbols())
    map[(*jit)->mangleAndIntern(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                                          llvm::JITSymbolFlags::Exported};
  if (llvm::Error e = jd.define(llvm::orc::absoluteSymbols(std::move(map))))
    return absl::InternalError(llvm::toString(std::move(e)));
  if (llvm::Error e = (*jit)->addObjectFile(
          llvm::MemoryBuffer::getMemBufferCopy(object, "tfmlir-cache")))
    return absl::InternalError("cannot add the cached object: " +
                               llvm::toString(std::move(e)));
  auto sym = (*jit)->lookup("_mlir__mlir_ciface_" + entry);
  if (!sym)
    return absl::InternalError("the cached object has no entry point: " +
                               llvm::toString(sym.takeError()));
  if (llvm::Error e = (*jit)->initialize(jd))
    return absl::InternalError(llvm::toString(std::move(e)));
  packed = sym->toPtr<void (*)(void **)>();
  return std::move(*jit);
}

/// Writes the object code of `exe`'s engine and its specs and constants to
/// the compile cache (warnings only).
void storeInCache(const CpuExecutable &exe, const std::string &cacheDir,
                  const std::string &key, mlir::ExecutionEngine &engine,
                  const std::string &entry,
                  const std::vector<TensorSpec> &inputs,
                  const std::vector<TensorSpec> &outputs,
                  const std::vector<HostTensor> &constants) {
  (void)exe;
  // ExecutionEngine hands its object out only as a file.
  std::error_code ec;
  if (std::string why = makeCompileCacheDir(cacheDir); !why.empty()) {
    noteCompileCacheWriteFailure(cacheDir, why);
    return;
  }
  std::string tmp =
      cacheDir + "/" + key + ".o.tmp." + std::to_string(::getpid());
  // Create the file first: when the directory is not writable,
  // dumpToObjectFile would print LLVM's bare "cannot open output file".
  int fd = ::open(tmp.c_str(), O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0644);
  if (fd < 0) {
    noteCompileCacheWriteFailure(cacheDir,
                                 std::string("cannot create a file in it: ") +
                                     std::strerror(errno));
    return;
  }
  ::close(fd);
  engine.dumpToObjectFile(tmp);
  std::ifstream f(tmp, std::ios::binary);
  std::stringstream ss;
  if (f)
    ss << f.rdbuf();
  f.close();
  std::filesystem::remove(tmp, ec);
  CompileCacheEntry e;
  e.object = ss.str();
  if (e.object.empty()) {
    noteCompileCacheWriteFailure(cacheDir, "no object code for @" + entry);
    return;
  }
  e.entry = entry;
  e.inputs = inputs;
  e.outputs = outputs;
  for (const HostTensor &c : constants) {
    absl::StatusOr<HostTensor> t = HostTensor::create(c.dtype(), c.shape());
    if (!t.ok()) {
      std::fprintf(stderr,
                   "tfmlir: warning: compile cache: %s (@%s not cached)\n",
                   std::string(t.status().message()).c_str(), entry.c_str());
      return;
    }
    std::memcpy(t->raw(), c.raw(), c.byteSize());
    e.constants.push_back(std::move(*t));
  }
  writeCompileCache(cacheDir, key, e);
}

} // namespace

std::mutex &CpuExecutable::compileMutex() {
  static std::mutex mu;
  return mu;
}

CpuExecutable::~CpuExecutable() = default;

absl::StatusOr<std::unique_ptr<CpuExecutable>>
CpuExecutable::compile(mlir::ModuleOp module, const std::string &entry,
                       const std::string &cacheDir,
                       const std::string &cacheKey) {
  // Take the large constants out of a copy before printing it.
  std::optional<CompilePhase> phase;
  phase.emplace("hlo module to text");
  mlir::OwningOpRef<mlir::ModuleOp> copy = module.clone();
  std::vector<HostTensor> constants;
  if (auto func = copy->lookupSymbol<mlir::func::FuncOp>(entry);
      func && !func.isExternal() && func.isPublic()) {
    if (absl::Status s = packGemmWeights(func); !s.ok())
      return s;
    if (absl::Status s = externalizeToHost(func, constants); !s.ok())
      return s;
  }
  // Node names only in the locations (hlo-cpu-name-alloc-sites).
  std::string text = printHLOModuleForCodegen(*copy);
  phase.reset();
  return compileText(text, entry, std::move(constants), cacheDir, cacheKey);
}

absl::StatusOr<std::unique_ptr<CpuExecutable>>
CpuExecutable::compile(const std::string &mlirText, const std::string &entry,
                       const std::string &cacheDir) {
  return compileText(mlirText, entry, {}, cacheDir, "");
}

absl::StatusOr<std::unique_ptr<CpuExecutable>>
CpuExecutable::loadCached(const std::string &cacheDir, const std::string &key,
                          const std::string &entry) {
  initOnce();
  std::optional<CompileCacheEntry> hit = readCompileCache(cacheDir, key);
  if (!hit)
    return absl::NotFoundError("no usable compile cache entry " + key);
  std::unique_ptr<CpuExecutable> exe(new CpuExecutable());
  auto jit = loadObject(hit->object, entry, exe->packed_);
  if (!jit.ok() || hit->entry != entry) {
    std::string why =
        jit.ok() ? "another entry name" : std::string(jit.status().message());
    std::fprintf(stderr,
                 "tfmlir: warning: compile cache: ignoring the entry %s of "
                 "@%s in '%s': %s (compiling again)\n",
                 key.c_str(), entry.c_str(), cacheDir.c_str(), why.c_str());
    noteCompileCacheRejected();
    return absl::NotFoundError(why);
  }
  exe->entry_ = entry;
  exe->inputs_ = std::move(hit->inputs);
  exe->outputs_ = std::move(hit->outputs);
  exe->constants_ = std::move(hit->constants);
  exe->cachedJit_ = std::move(*jit);
  exe->arena_ = std::make_unique<cpu::BufferArena>();
  exe->cacheHit_ = true;
  noteCompileCacheHit();
  return exe;
}

absl::StatusOr<std::unique_ptr<CpuExecutable>> CpuExecutable::compileText(
    const std::string &mlirText, const std::string &entry,
    std::vector<HostTensor> constants, const std::string &cacheDir,
    const std::string &key) {
  initOnce();
  // A caller-given key was looked up by the caller (compile()'s contract).
  std::string cacheKey = key;
  if (!cacheDir.empty()) {
    if (cacheKey.empty()) {
      cacheKey = compileCacheKey(mlirText, entry, constants);
      if (auto hit = loadCached(cacheDir, cacheKey, entry); hit.ok())
        return hit;
    }
    noteCompileCacheMiss();
  }
  mlir::DialectRegistry registry;
  registerHLOToLLVMDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);

  std::string diags;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diags);
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });

  std::optional<CompilePhase> phase;
  phase.emplace("parse the hlo module");
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(mlirText, &ctx);
  phase.reset();
  if (!module)
    return absl::InvalidArgumentError("cannot parse the module: " + diags);
  auto func = module->lookupSymbol<mlir::func::FuncOp>(entry);
  if (!func || func.isExternal())
    return absl::InvalidArgumentError("the module has no function @" + entry);
  if (!func.isPublic())
    return absl::InvalidArgumentError("function @" + entry + " is not public");

  std::unique_ptr<CpuExecutable> exe(new CpuExecutable());
  exe->entry_ = entry;
  if (absl::Status s = packGemmWeights(func); !s.ok())
    return absl::InternalError(std::string(s.message()) + ": " + diags);
  if (absl::Status s = externalizeToHost(func, constants); !s.ok())
    return s;
  exe->constants_ = std::move(constants);
  size_t nc = exe->constants_.size();
  if (func.getNumArguments() < nc)
    return absl::InternalError("externalized constants do not match @" + entry +
                               "'s arguments");
  if (absl::Status s = toSpecs(func.getArgumentTypes().drop_front(nc),
                               "argument", exe->inputs_);
      !s.ok())
    return s;
  if (absl::Status s = toSpecs(func.getResultTypes(), "result", exe->outputs_);
      !s.ok())
    return s;

  mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName());
  if (mlir::failed(buildHLOToLLVMPipeline(pm)))
    return absl::InternalError("cannot build hlo-to-llvm-pipeline");
  phase.emplace("hlo-to-llvm-pipeline");
  phase->timePasses(pm);
  mlir::LogicalResult lowered = pm.run(*module);
  phase.reset();
  if (absl::Status s = checkCompileMemory("hlo-to-llvm-pipeline"); !s.ok())
    return s;
  if (mlir::failed(lowered))
    return absl::InternalError("hlo-to-llvm-pipeline failed: " + diags);

  auto jtmb = llvm::orc::JITTargetMachineBuilder::detectHost();
  if (!jtmb)
    return absl::InternalError("cannot detect the host CPU: " +
                               llvm::toString(jtmb.takeError()));
  auto tm = jtmb->createTargetMachine();
  if (!tm)
    return absl::InternalError("cannot create a target machine: " +
                               llvm::toString(tm.takeError()));
  mlir::ExecutionEngineOptions opts;
  // MLIR turns on LLVM's perf listener by default, which leaves a jitdump
  // folder in $JITDUMPDIR or ~/.debug/jit (/tmp/.debug/jit) per process:
  // thousands of folders after a test run, and a warning per run when the
  // folder is not writable. Profiling with `perf` opts in with
  // TFMLIR_JIT_PERF=1.
  const char *perf = std::getenv("TFMLIR_JIT_PERF");
  opts.enablePerfNotificationListener = perf && std::string(perf) == "1";
  // The compile cache stores the object code the engine produces.
  opts.enableObjectDump = !cacheDir.empty();
  // The engine keeps a reference to the transformer: the executable owns it.
  exe->transformer_ = [machine = std::shared_ptr<llvm::TargetMachine>(
                           std::move(*tm))](llvm::Module *m) {
    return tuneForHost(m, [&machine](llvm::Module *mod) {
      return optimizeForCpu(*mod, machine.get());
    });
  };
  opts.transformer = exe->transformer_;
  std::vector<llvm::StringRef> libs;
  if (fileExists(TFMLIR_RUNNER_UTILS_LIB))
    libs.push_back(TFMLIR_RUNNER_UTILS_LIB);
  opts.sharedLibPaths = libs;
  phase.emplace("LLVM IR translation and optimization");
  auto engine = mlir::ExecutionEngine::create(*module, opts);
  phase.reset();
  if (absl::Status s =
          checkCompileMemory("LLVM IR translation and optimization");
      !s.ok()) {
    if (!engine)
      llvm::consumeError(engine.takeError());
    return s;
  }
  if (!engine)
    return absl::InternalError("JIT compilation failed: " +
                               llvm::toString(engine.takeError()) + diags);
  exe->engine_ = std::move(*engine);
  // The runtime/cpu entries that generated code calls, resolved to this
  // process's copies (the static library's symbols are not exported).
  exe->engine_->registerSymbols([](llvm::orc::MangleAndInterner interner) {
    llvm::orc::SymbolMap map;
    for (const auto &[name, fn] : runtimeSymbols())
      map[interner(name)] = {llvm::orc::ExecutorAddr::fromPtr(fn),
                             llvm::JITSymbolFlags::Exported};
    return map;
  });
  phase.emplace("LLVM machine code");
  auto packed = exe->engine_->lookupPacked("_mlir_ciface_" + entry);
  phase.reset();
  if (absl::Status s = checkCompileMemory("LLVM machine code"); !s.ok()) {
    if (!packed)
      llvm::consumeError(packed.takeError());
    return s;
  }
  if (!packed)
    return absl::InternalError("JIT compilation failed: " +
                               llvm::toString(packed.takeError()) + diags);
  exe->packed_ = *packed;
  exe->arena_ = std::make_unique<cpu::BufferArena>();
  if (!cacheDir.empty())
    storeInCache(*exe, cacheDir, cacheKey, *exe->engine_, entry, exe->inputs_,
                 exe->outputs_, exe->constants_);
  return exe;
}

absl::StatusOr<std::vector<HostTensor>>
CpuExecutable::run(const std::vector<const HostTensor *> &inputs,
                   cpu::ThreadPool *pool) const {
  std::vector<TensorView> views;
  views.reserve(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    if (!inputs[i])
      return absl::InvalidArgumentError(absl::StrCat("input ", i, " is null"));
    views.push_back(
        {inputs[i]->dtype(), &inputs[i]->shape(), inputs[i]->raw()});
  }
  return runViews(views, pool);
}

cpu::ArenaStats CpuExecutable::arenaStats() const { return arena_->stats(); }

absl::StatusOr<std::vector<HostTensor>>
CpuExecutable::runViews(const std::vector<TensorView> &inputs,
                        cpu::ThreadPool *pool) const {
  if (inputs.size() != inputs_.size())
    return absl::InvalidArgumentError(
        absl::StrCat("@", entry_, " takes ", inputs_.size(), " inputs, got ",
                     inputs.size()));
  // Descriptors: one int64 block per input, one for all results.
  std::vector<std::vector<int64_t>> inDescs(inputs.size());
  for (size_t i = 0; i < inputs.size(); ++i) {
    const TensorView &t = inputs[i];
    if (!t.shape)
      return absl::InvalidArgumentError(absl::StrCat("input ", i, " is null"));
    const TensorSpec &spec = inputs_[i];
    if (t.dtype != spec.dtype || *t.shape != spec.shape) {
      std::string want = dtypeName(spec.dtype);
      want += "[";
      for (size_t d = 0; d < spec.shape.size(); ++d)
        want += (d ? "," : "") + std::to_string(spec.shape[d]);
      want += "]";
      std::string got = dtypeName(t.dtype);
      got += "[";
      for (size_t d = 0; d < t.shape->size(); ++d)
        got += (d ? "," : "") + std::to_string((*t.shape)[d]);
      got += "]";
      return absl::InvalidArgumentError(absl::StrCat(
          "@", entry_, " input ", i, ": expected ", want, ", got ", got));
    }
    size_t r = spec.shape.size();
    std::vector<int64_t> &d = inDescs[i];
    d.resize(3 + 2 * r);
    d[0] = d[1] = reinterpret_cast<int64_t>(t.data);
    d[2] = 0;
    int64_t stride = 1;
    for (size_t k = r; k-- > 0;) {
      d[3 + k] = spec.shape[k];
      d[3 + r + k] = stride;
      stride *= spec.shape[k];
    }
  }
  size_t outWords = 0;
  for (const TensorSpec &s : outputs_)
    outWords += 3 + 2 * s.shape.size();
  std::vector<int64_t> outDesc(outWords, 0);

  // The externalized constants come first.
  std::vector<std::vector<int64_t>> constDescs(constants_.size());
  for (size_t i = 0; i < constants_.size(); ++i) {
    const HostTensor &t = constants_[i];
    size_t r = t.shape().size();
    std::vector<int64_t> &d = constDescs[i];
    d.resize(3 + 2 * r);
    d[0] = d[1] = reinterpret_cast<int64_t>(t.raw());
    d[2] = 0;
    int64_t stride = 1;
    for (size_t k = r; k-- > 0;) {
      d[3 + k] = t.shape()[k];
      d[3 + r + k] = stride;
      stride *= t.shape()[k];
    }
  }

  std::vector<void *> ptrs;
  if (!outputs_.empty())
    ptrs.push_back(outDesc.data());
  for (auto &d : constDescs)
    ptrs.push_back(d.data());
  for (auto &d : inDescs)
    ptrs.push_back(d.data());
  llvm::SmallVector<void *> args;
  for (void *&p : ptrs)
    args.push_back(&p);
  {
    cpu::ScopedPool poolGuard(pool);
    cpu::RunScope scope(arena_.get());
    scope.limitBytes = maxRunBytes_;
    bool completed = callGuarded(packed_, args.data(), scope);
    // An out-of-range index (runtime/cpu/IndexCheck.h) or a failed
    // allocation ended the Run.
    if (!completed && !scope.invalidArgument.empty())
      return absl::InvalidArgumentError(scope.invalidArgument);
    // The node the failed allocation was for (hlo-cpu-name-alloc-sites).
    std::string forNode =
        scope.failedSite.empty()
            ? std::string()
            : absl::StrCat(" for node '", scope.failedSite, "'");
    if (!completed && scope.overLimit)
      return absl::ResourceExhaustedError(absl::StrCat(
          "the compiled code of ", name(), " needs more than ", maxRunBytes_,
          " bytes of buffers in one run (max_run_memory_bytes; "
          "an allocation of ",
          scope.failedBytes, " bytes", forNode, " with ", scope.bytesInUse,
          " bytes held; buffers count at their arena size class, up to 25% "
          "above their bytes)"));
    if (!completed)
      return absl::ResourceExhaustedError(
          absl::StrCat("OOM when allocating a buffer of ", scope.failedBytes,
                       " bytes", forNode, " in the compiled code of ", name()));
  }

  std::vector<HostTensor> results;
  std::set<int64_t> freed;
  for (const TensorView &t : inputs)
    freed.insert(reinterpret_cast<int64_t>(t.data));
  for (const HostTensor &t : constants_)
    freed.insert(reinterpret_cast<int64_t>(t.raw()));
  freed.insert(0xdeadbeef);
  freed.insert(0);
  std::vector<int64_t> toFree;
  size_t pos = 0;
  for (const TensorSpec &s : outputs_) {
    const int64_t *desc = outDesc.data() + pos;
    // copyOut writes every element: no zero fill.
    absl::StatusOr<HostTensor> t =
        HostTensor::create(s.dtype, s.shape, /*zeroed=*/false);
    if (!t.ok()) {
      // Every result buffer of the compiled code goes back to the arena.
      for (size_t k = 0, at = 0; k < outputs_.size(); ++k) {
        if (freed.insert(outDesc[at]).second)
          toFree.push_back(outDesc[at]);
        at += 3 + 2 * outputs_[k].shape.size();
      }
      for (int64_t p : toFree)
        tfmlir_rt_free(reinterpret_cast<void *>(p));
      return absl::Status(t.status().code(),
                          absl::StrCat(t.status().message(), " (result ",
                                       results.size(), " of ", name(), ")"));
    }
    copyOut(desc, s.shape.size(), *t);
    results.push_back(std::move(*t));
    if (freed.insert(desc[0]).second)
      toFree.push_back(desc[0]);
    pos += 3 + 2 * s.shape.size();
  }
  for (int64_t p : toFree)
    tfmlir_rt_free(reinterpret_cast<void *>(p));
  return results;
}

} // namespace tfmlir::session
