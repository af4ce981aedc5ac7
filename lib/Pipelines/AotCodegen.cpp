//===- AotCodegen.cpp - tf-compile: hlo -> LLVM -> object file ------------===//
//
// Mirrors runtime/session/CpuExecutable (the JIT) step by step so that both
// compile the same code: large constants out of a clone of the module
// (kCpuExternalConstantBytes), print without locations and re-parse into a
// fresh context, hlo-to-llvm-pipeline, translation to LLVM IR, the CPU
// tuning of CpuTarget and optimizeForCpu (LLVM O3, CpuTarget.h). Only
// then are the AOT-specific steps applied: runtime calls renamed,
// constants added as rodata, symbols internalized, the packed entry added.
//===----------------------------------------------------------------------===//
#include "lib/Pipelines/AotInternal.h"
#include "lib/Pipelines/CompileMemory.h"
#include "lib/Pipelines/CompileTiming.h"
#include "lib/Pipelines/CpuTarget.h"

#include "dialects/hlo/HLOOps.h"
#include "lib/Codegen/CPU/Pipeline.h"
#include "lib/Conversion/HLOToLinalg/Passes.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/MLIRContext.h"
#include "mlir/InitAllDialects.h"
#include "mlir/InitAllExtensions.h"
#include "mlir/InitAllPasses.h"
#include "mlir/Parser/Parser.h"
#include "mlir/Pass/PassManager.h"
#include "mlir/Target/LLVMIR/Dialect/Builtin/BuiltinToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Dialect/LLVMIR/LLVMToLLVMIRTranslation.h"
#include "mlir/Target/LLVMIR/Export.h"
#include "llvm/IR/Constants.h"
#include "llvm/IR/IRBuilder.h"
#include "llvm/IR/LegacyPassManager.h"
#include "llvm/IR/Module.h"
#include "llvm/IR/Verifier.h"
#include "llvm/MC/MCSubtargetInfo.h"
#include "llvm/MC/TargetRegistry.h"
#include "llvm/Support/TargetSelect.h"
#include "llvm/Support/raw_ostream.h"
#include "llvm/Target/TargetMachine.h"
#include "llvm/Target/TargetOptions.h"
#include "llvm/TargetParser/Host.h"
#include "llvm/TargetParser/Triple.h"

#include "absl/strings/str_cat.h"
#include "llvm/ADT/StringExtras.h"

#include <mutex>
#include <set>

namespace tfmlir::aot_internal {

void initAotTargets() {
  static std::once_flag flag;
  std::call_once(flag, [] {
    llvm::InitializeAllTargetInfos();
    llvm::InitializeAllTargets();
    llvm::InitializeAllTargetMCs();
    llvm::InitializeAllAsmPrinters();
    mlir::registerAllPasses();
    registerHLOCodegenPasses();
  });
}

namespace {

/// libc/libm functions LLVM may call from the generated code (lowered
/// math intrinsics and libm calls of convert-math-to-libm, block copies).
bool isLibcOrLibm(llvm::StringRef name) {
  static const std::set<std::string> names = [] {
    std::set<std::string> s = {"memcpy", "memset", "memmove", "memcmp"};
    for (const char *f :
         {"exp",   "exp2",   "expm1",  "log",       "log2",      "log10",
          "log1p", "pow",    "sqrt",   "cbrt",      "sin",       "cos",
          "tan",   "asin",   "acos",   "atan",      "atan2",     "sinh",
          "cosh",  "tanh",   "asinh",  "acosh",     "atanh",     "erf",
          "erfc",  "tgamma", "lgamma", "fmod",      "remainder", "floor",
          "ceil",  "trunc",  "round",  "roundeven", "rint",      "nearbyint",
          "fabs",  "fma",    "fmin",   "fmax",      "copysign",  "ldexp",
          "frexp", "hypot",  "sincos", "exp10",     "modf",      "ilogb",
          "logb",  "scalbn"}) {
      s.insert(f);
      s.insert(std::string(f) + "f");
    }
    return s;
  }();
  return names.count(name.str()) != 0;
}

} // namespace

absl::StatusOr<std::unique_ptr<llvm::TargetMachine>>
makeTargetMachine(const AotOptions &o, AotResult &out) {
  std::string hostTriple = llvm::sys::getDefaultTargetTriple();
  llvm::Triple triple(llvm::Triple::normalize(
      o.targetTriple.empty() ? hostTriple : o.targetTriple));
  bool hostTripleUsed =
      triple == llvm::Triple(llvm::Triple::normalize(hostTriple));
  std::string cpu = o.targetCpu, features = o.targetFeatures;
  if (cpu.empty() && hostTripleUsed) {
    CpuTarget host = hostCpuTarget();
    cpu = host.cpu;
    if (features.empty())
      features = host.features;
  }
  std::string err;
  const llvm::Target *target = llvm::TargetRegistry::lookupTarget(triple, err);
  if (!target)
    return absl::InvalidArgumentError(
        absl::StrCat("--target_triple=", triple.str(), ": ", err));
  if (!cpu.empty()) {
    std::unique_ptr<llvm::MCSubtargetInfo> sti(
        target->createMCSubtargetInfo(triple, "", ""));
    if (sti && !sti->isCPUStringValid(cpu))
      return absl::InvalidArgumentError(
          absl::StrCat("--target_cpu=", cpu, ": not a CPU of ", triple.str()));
  }
  if (!o.targetFeatures.empty()) {
    // Each entry is +name or -name of a feature this target knows: LLVM
    // would warn once per function ("not a recognized feature ... ignoring")
    // and go on, or fail verification for a missing sign, an empty entry or
    // one with spaces. The entries are passed on trimmed, without empty ones.
    std::unique_ptr<llvm::MCSubtargetInfo> sti(
        target->createMCSubtargetInfo(triple, "", ""));
    std::set<std::string> known;
    if (sti)
      for (const llvm::SubtargetFeatureKV &kv : sti->getAllProcessorFeatures())
        known.insert(kv.Key);
    std::vector<std::string> kept;
    for (llvm::StringRef f : llvm::split(o.targetFeatures, ',')) {
      f = f.trim();
      if (f.empty())
        continue;
      kept.push_back(f.str());
      if (f[0] != '+' && f[0] != '-')
        return absl::InvalidArgumentError(
            absl::StrCat("--target_features=", o.targetFeatures, ": '", f.str(),
                         "' must start with '+' or '-' (e.g. +", f.str(), ")"));
      if (sti && !known.count(f.drop_front().str()))
        return absl::InvalidArgumentError(absl::StrCat(
            "--target_features=", o.targetFeatures, ": '", f.drop_front().str(),
            "' is not a feature of ", triple.str()));
    }
    features = llvm::join(kept, ",");
  }
  llvm::TargetOptions to;
  std::unique_ptr<llvm::TargetMachine> tm(target->createTargetMachine(
      triple, cpu, features, to, llvm::Reloc::PIC_, std::nullopt,
      llvm::CodeGenOptLevel::Default));
  if (!tm)
    return absl::InvalidArgumentError(
        absl::StrCat("cannot create a target machine for ", triple.str(),
                     " cpu '", cpu, "' features '", features, "'"));
  out.triple = triple.str();
  out.cpu = cpu;
  out.features = features;
  return tm;
}

namespace {

/// Renames the runtime calls of the generated code to runtime/aot's, checks
/// that nothing else outside libc/libm is called, internalizes every
/// definition.
absl::Status linkToRuntime(llvm::Module &m) {
  static const std::pair<const char *, const char *> renames[] = {
      {"malloc", "tfmlir_aot_malloc"},
      {"calloc", "tfmlir_aot_calloc"}, // LLVM folds malloc+memset(0)
      {"free", "tfmlir_aot_free"},
      {"memrefCopy", "tfmlir_aot_memref_copy"},
      {"tfmlir_rt_alloc_site", "tfmlir_aot_alloc_site"},
      // hlo-to-llvm-pipeline's finalize-memref-to-llvm{use-generic-functions}
      // allocates through these (the JIT maps them to runtime/cpu's arena).
      {"_mlir_memref_to_llvm_alloc", "tfmlir_aot_malloc"},
      {"_mlir_memref_to_llvm_aligned_alloc", "tfmlir_aot_aligned_alloc"},
      {"_mlir_memref_to_llvm_free", "tfmlir_aot_free"}};
  for (auto [from, to] : renames)
    if (llvm::Function *f = m.getFunction(from)) {
      if (m.getFunction(to))
        return absl::InternalError(absl::StrCat("the module defines ", to));
      f->setName(to);
    }
  for (llvm::Function &f : m) {
    if (!f.isDeclaration()) {
      f.setLinkage(llvm::GlobalValue::InternalLinkage);
      continue;
    }
    llvm::StringRef n = f.getName();
    // tfmlir_aot_* (runtime/aot) and the C ABI of runtime/cpu
    // (tfmlir_rt_parallel_for, the microkernels, whose memref entry points
    // carry MLIR's C-interface prefix _mlir_ciface_tfmlir_rt_*).
    if (f.isIntrinsic() || n.starts_with("tfmlir_") ||
        n.starts_with("_mlir_ciface_tfmlir_rt_") || isLibcOrLibm(n))
      continue;
    return absl::InternalError(absl::StrCat(
        "the compiled code calls '", n.str(),
        "', which neither the AOT runtime (runtime/aot, runtime/cpu) nor "
        "libc/libm provides"));
  }
  for (llvm::GlobalVariable &g : m.globals()) {
    if (g.isDeclaration())
      return absl::InternalError(
          absl::StrCat("the compiled code reads the external global '",
                       g.getName().str(), "'"));
    g.setLinkage(llvm::GlobalValue::InternalLinkage);
  }
  return absl::OkStatus();
}

} // namespace

absl::Status emitObject(mlir::ModuleOp hlo, const AotOptions &options,
                        Signature &sig, AotResult &out) {
  initAotTargets();
  // 1. Large constants out of a clone, then print it (as the JIT does).
  mlir::OwningOpRef<mlir::ModuleOp> copy = hlo.clone();
  auto func = copy->lookupSymbol<mlir::func::FuncOp>("main");
  llvm::SmallVector<ExternalConstant> values;
  externalizeLargeConstants(func, kCpuExternalConstantBytes, values);
  std::vector<std::string> constantBytes;
  for (const ExternalConstant &c : values) {
    auto type = mlir::cast<mlir::RankedTensorType>(c.value.getType());
    Buffer b;
    b.name = absl::StrCat("constant", sig.constants.size());
    if (!dtypeOf(type.getElementType(), b.dtype, b.elementBytes))
      return absl::InternalError("an externalized constant has an "
                                 "unsupported element type");
    b.shape.assign(type.getShape().begin(), type.getShape().end());
    sig.constants.push_back(b);
    constantBytes.emplace_back(c.bytes.data(), c.bytes.size());
    out.constantBytes += c.bytes.size();
  }
  out.numConstants = static_cast<int>(values.size());
  // Node names only in the locations (hlo-cpu-name-alloc-sites).
  std::string text = printHLOModuleForCodegen(*copy);
  copy = nullptr;

  // 2. Re-parse and lower to the llvm dialect (CpuExecutable::compileText).
  mlir::DialectRegistry registry;
  registerHLOToLLVMDialects(registry);
  mlir::MLIRContext ctx(registry, mlir::MLIRContext::Threading::DISABLED);
  std::string diags;
  mlir::ScopedDiagnosticHandler handler(&ctx, [&](mlir::Diagnostic &d) {
    llvm::raw_string_ostream os(diags);
    os << d.getLocation() << ": " << d << "\n";
    return mlir::success();
  });
  mlir::OwningOpRef<mlir::ModuleOp> module =
      mlir::parseSourceString<mlir::ModuleOp>(text, &ctx);
  if (!module)
    return absl::InternalError("cannot re-parse the hlo module: " + diags);
  text.clear();
  mlir::PassManager pm(&ctx, mlir::ModuleOp::getOperationName());
  if (mlir::failed(buildHLOToLLVMPipeline(pm)))
    return absl::InternalError("cannot build hlo-to-llvm-pipeline");
  {
    // Phases as the JIT's (CompileTiming.h): timing, the compile-memory
    // budget's watch and tf-compile's progress line.
    CompilePhase phase("hlo-to-llvm-pipeline");
    phase.timePasses(pm); // and the compile-memory budget's watch
    mlir::LogicalResult lowered = pm.run(*module);
    if (absl::Status s = checkCompileMemory("hlo-to-llvm-pipeline"); !s.ok())
      return s;
    if (mlir::failed(lowered))
      return absl::InternalError("hlo-to-llvm-pipeline failed: " + diags);
  }

  // 3. LLVM IR for the target, tuned and optimized as the JIT's.
  auto tm = makeTargetMachine(options, out);
  if (!tm.ok())
    return tm.status();
  llvm::LLVMContext llvmCtx;
  std::unique_ptr<llvm::Module> m =
      mlir::translateModuleToLLVMIR(*module, llvmCtx, sig.symbolPrefix);
  if (!m)
    return absl::InternalError("cannot translate to LLVM IR: " + diags);
  module = nullptr;
  m->setTargetTriple((*tm)->getTargetTriple());
  m->setDataLayout((*tm)->createDataLayout());
  tuneFunctionsForCpu(*m, CpuTarget{out.cpu, out.features});
  {
    CompilePhase phase("LLVM optimization (O3)");
    if (llvm::Error e = optimizeForCpu(*m, tm->get()))
      return absl::InternalError("LLVM optimization failed: " +
                                 llvm::toString(std::move(e)));
  }

  // 4. The AOT-specific parts.
  llvm::Function *ciface = m->getFunction("_mlir_ciface_main");
  size_t expected =
      (sig.results.empty() ? 0 : 1) + sig.constants.size() + sig.args.size();
  if (!ciface || ciface->arg_size() != expected)
    return absl::InternalError(
        absl::StrCat("the compiled module has no _mlir_ciface_main taking ",
                     expected, " descriptor pointers"));
  if (absl::Status s = linkToRuntime(*m); !s.ok())
    return s;

  llvm::Type *i8 = llvm::Type::getInt8Ty(llvmCtx);
  llvm::PointerType *ptr = llvm::PointerType::getUnqual(llvmCtx);
  std::vector<llvm::Constant *> table;
  for (size_t i = 0; i < constantBytes.size(); ++i) {
    const std::string &bytes = constantBytes[i];
    llvm::Constant *init =
        llvm::ConstantDataArray::getRaw(bytes, bytes.size(), i8);
    auto *g = new llvm::GlobalVariable(*m, init->getType(), /*isConstant=*/true,
                                       llvm::GlobalValue::InternalLinkage, init,
                                       absl::StrCat(sig.symbolPrefix, "_c", i));
    g->setAlignment(llvm::Align(64));
    table.push_back(g);
  }
  constantBytes.clear();
  if (!table.empty()) {
    auto *arrTy = llvm::ArrayType::get(ptr, table.size());
    auto *t = new llvm::GlobalVariable(*m, arrTy, /*isConstant=*/true,
                                       llvm::GlobalValue::ExternalLinkage,
                                       llvm::ConstantArray::get(arrTy, table),
                                       sig.symbolPrefix + "_constants");
    t->setAlignment(llvm::Align(8));
  }
  // void <prefix>_entry(void **packed): calls the C interface with
  // packed[0..n).
  out.entrySymbol = sig.symbolPrefix + "_entry";
  auto *entryTy = llvm::FunctionType::get(llvm::Type::getVoidTy(llvmCtx), {ptr},
                                          /*isVarArg=*/false);
  llvm::Function *entry = llvm::Function::Create(
      entryTy, llvm::GlobalValue::ExternalLinkage, out.entrySymbol, *m);
  if (!out.cpu.empty())
    entry->addFnAttr("target-cpu", out.cpu);
  if (!out.features.empty())
    entry->addFnAttr("target-features", out.features);
  llvm::IRBuilder<> b(llvm::BasicBlock::Create(llvmCtx, "entry", entry));
  std::vector<llvm::Value *> callArgs;
  for (size_t k = 0; k < expected; ++k) {
    llvm::Value *slot = b.CreateConstGEP1_64(ptr, entry->getArg(0), k);
    callArgs.push_back(b.CreateLoad(ptr, slot));
  }
  b.CreateCall(ciface, callArgs);
  b.CreateRetVoid();
  std::string verifyErr;
  llvm::raw_string_ostream vos(verifyErr);
  if (llvm::verifyModule(*m, &vos))
    return absl::InternalError("the AOT module does not verify: " + verifyErr);

  // 5. The object file.
  return emitObjectFile(**tm, *m, out);
}

absl::Status emitObjectFile(llvm::TargetMachine &tm, llvm::Module &m,
                            AotResult &out) {
  llvm::SmallVector<char, 0> buf;
  llvm::raw_svector_ostream os(buf);
  llvm::legacy::PassManager cg;
  if (tm.addPassesToEmitFile(cg, os, nullptr,
                             llvm::CodeGenFileType::ObjectFile))
    return absl::InternalError(
        absl::StrCat("the target ", out.triple, " cannot emit object files"));
  {
    CompilePhase phase("LLVM machine code");
    cg.run(m);
  }
  if (absl::Status s = checkCompileMemory("LLVM machine code"); !s.ok())
    return s;
  out.object.assign(buf.begin(), buf.end());
  return absl::OkStatus();
}

} // namespace tfmlir::aot_internal
