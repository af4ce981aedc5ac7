//===- AotInternal.h - the stages of compileAot (internal) ----------------===//
#ifndef TFMLIR_LIB_PIPELINES_AOTINTERNAL_H
#define TFMLIR_LIB_PIPELINES_AOTINTERNAL_H

#include "lib/Pipelines/AotCompile.h"

#include "mlir/IR/BuiltinOps.h"

#include <memory>

namespace llvm {
class Module;
class TargetMachine;
} // namespace llvm

namespace tfmlir::aot_internal {

/// One argument, result or constant of the generated function: config
/// name ("" = none), TF DataType, static shape, bytes per element.
struct Buffer {
  std::string name;
  /// For a variable's argument: "var_" accessors; for its updated value
  /// (a result): the argument it is copied back into (-1: none).
  bool isVariable = false;
  int updatesArg = -1;
  int dtype = 0;
  std::vector<int64_t> shape;
  int64_t elementBytes = 0;
  int64_t numElements() const {
    int64_t n = 1;
    for (int64_t d : shape)
      n *= d;
    return n;
  }
};

/// A config `variable` bound to the graph by bindVariables: the Placeholder
/// that replaces its reads (an argument after the feeds) and, unless
/// readonly, the tensor holding its value after the graph's assignment (a
/// result after the fetches, copied back into the variable's buffer).
struct VariableBinding {
  std::string node, name;
  int dtype = 0;
  std::vector<int64_t> shape;
  bool readonly = false;
  std::string placeholder;
  std::string updated;
};

/// Rewrites `graph` for the config's resource variables (VarHandleOp):
/// ReadVariableOp of a variable becomes Identity of a new Placeholder (the
/// variable's value at the start of the call; a read with a control
/// dependency on the variable's assignment sees the assigned value), its
/// one AssignVariableOp / AssignAddVariableOp / AssignSubVariableOp gives
/// the updated value (AddV2/Sub nodes are added for the latter two) and
/// becomes a NoOp. Errors name the config entry and node: a node that is
/// missing or not a VarHandleOp, a dtype or shape that disagrees with the
/// node's or is not static, an assignment to a readonly variable
/// (InvalidArgument); more than one assignment, or another op using the
/// variable (Unimplemented).
absl::Status bindVariables(tensorflow::GraphDef &graph,
                           const tensorflow::tf2xla::Config &config,
                           std::vector<VariableBinding> &out);

/// The generated function's interface.
struct Signature {
  std::vector<std::string> namespaces;
  std::string className;
  std::string symbolPrefix;
  std::vector<Buffer> constants, args, results;
};

/// The TF DataType and element bytes of an MLIR element type the CPU
/// backends support; false otherwise.
bool dtypeOf(mlir::Type t, int &dtype, int64_t &bytes);

/// Lowers the hlo module (@main) to an object file: externalizes large
/// constants into rodata, runs hlo-to-llvm-pipeline and LLVM -O3 tuned for
/// the target, rewrites the runtime calls to runtime/aot's, internalizes
/// every symbol but the entry and the constant table. Fills sig.constants
/// and out.object/triple/cpu/features. sig.args/results must be set.
absl::Status emitObject(mlir::ModuleOp hlo, const AotOptions &options,
                        Signature &sig, AotResult &out);

/// --target=cuda: compiles the hlo module (@main) for options.gpuArch
/// (already accepted by checkGpuArch)
/// (lib/Codegen/GPU: PTX, then ptxas), and emits a data-only object for the
/// host target with <prefix>_plan (the launch plan's text, NUL-terminated),
/// <prefix>_cubin and <prefix>_gpu_constants. Fills out.object, triple,
/// cubinBytes, constantBytes, numKernels/numLaunches, ptxasLog.
absl::Status emitGpuObject(mlir::ModuleOp hlo, const AotOptions &options,
                           Signature &sig, AotResult &out);

/// InvalidArgument unless `arch` is an sm_XX that LLVM's NVPTX backend
/// knows (tf-compile --gpu_arch; checked before the graph is lowered).
absl::Status checkGpuArch(const std::string &arch);

/// Initializes LLVM's targets and the passes the AOT pipelines use (once).
void initAotTargets();

/// The host TargetMachine for options' triple/CPU/features (host defaults
/// filled in); sets out.triple/cpu/features. InvalidArgument for an
/// unknown triple, CPU or feature.
absl::StatusOr<std::unique_ptr<llvm::TargetMachine>>
makeTargetMachine(const AotOptions &o, AotResult &out);

/// Emits `m` as a relocatable object for `tm` into out.object (the
/// "LLVM machine code" phase, checked against the compile-memory budget).
absl::Status emitObjectFile(llvm::TargetMachine &tm, llvm::Module &m,
                            AotResult &out);

/// The C++ header declaring the class for `sig` (see runtime/aot, and
/// runtime/gpu/CompiledGpuFunction.h for --target=cuda).
std::string writeHeader(const Signature &sig, const AotOptions &options,
                        const AotResult &out);

} // namespace tfmlir::aot_internal

#endif
