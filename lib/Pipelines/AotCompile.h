//===- AotCompile.h - tf-compile: GraphDef + tf2xla.Config -> object + header
//
// Ahead-of-time compilation for the CPU, TF's tfcompile: the graph is
// pruned to the config's feeds and fetches, lowered to hlo exactly as the
// Session does (lowerGraphToHLO), then through hlo-to-llvm-pipeline and
// LLVM -O3 as the JIT does (the same passes, constant threshold and CPU
// tuning, so that on the same CPU the object computes bit-identical values
// to tf-run), and emitted as a relocatable (PIC) object file for the
// requested triple/CPU/features. The header declares a class deriving from
// tfmlir::aot::CompiledCpuFunction (runtime/aot/CompiledFunction.h).
//
// The object's symbols are <prefix>_entry and <prefix>_constants (prefix
// from the C++ class name); everything else is internal. It calls only
// tfmlir_* (runtime/aot, runtime/cpu), libm and
// memcpy/memset/memmove.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_AOTCOMPILE_H
#define TFMLIR_LIB_PIPELINES_AOTCOMPILE_H

#include "absl/status/statusor.h"

#include <cstdint>
#include <string>
#include <vector>

namespace tensorflow {
class GraphDef;
namespace tf2xla {
class Config;
} // namespace tf2xla
} // namespace tensorflow

namespace tfmlir {

/// tfcompile's target flags plus the class to generate.
struct AotOptions {
  /// "cpu" or "cuda". For cuda, the kernels are compiled for `gpuArch` by
  /// lib/Codegen/GPU and ptxas, and the object holds only data (the launch
  /// plan, the cubin, the constants) for the host triple/CPU below; the
  /// class derives from tfmlir::gpu::CompiledGpuFunction.
  std::string target = "cpu";
  /// --target=cuda: the NVIDIA architecture (ptxas -arch), "sm_90" for
  /// H100/H200.
  std::string gpuArch = "sm_90";
  /// LLVM target triple; "" = the host's.
  std::string targetTriple;
  /// LLVM CPU name; "" = the host CPU when the triple is the host's (or
  /// empty), else the triple's generic CPU.
  std::string targetCpu;
  /// LLVM feature string ("+avx2,-fma"); "" = the host's features when the
  /// CPU is the host CPU, else what the CPU implies.
  std::string targetFeatures;
  /// "ns1::ns2::Name" (TF's --cpp_class); each part a C++ identifier.
  std::string cppClass;
  /// Names the graph in errors (the --graph path).
  std::string graphName = "graph";
  /// Names the config in errors about the config as a whole (--config).
  std::string configName = "the config";
  /// How the generated header includes the runtime's base class (cpu).
  std::string runtimeInclude = "runtime/aot/CompiledFunction.h";
  /// The same for --target=cuda.
  std::string gpuRuntimeInclude = "runtime/gpu/CompiledGpuFunction.h";
  /// The most heap the compile may add to the process
  /// (lib/Pipelines/CompileMemory.h, as the Session's
  /// max_compile_memory_bytes); 0 = no limit. Over it compileAot fails
  /// with ResourceExhausted naming the stage.
  int64_t maxCompileMemoryBytes = 0;
};

/// What compileAot produces, and facts for tools and benchmarks.
struct AotResult {
  std::string header;
  std::string object;
  std::string entrySymbol;
  /// The CPU and features the code was tuned for (after host defaults).
  std::string triple, cpu, features;
  int64_t constantBytes = 0;
  int numConstants = 0;
  /// --target=cuda: the cubin's size, kernels and launches of the plan (the
  /// launches include the cuBLAS GEMM calls, `numGemms` of them, and the
  /// cuDNN convolutions, `numConvs`; each is
  /// counted once, though a loop's repeat), the host branches of its
  /// while/if/case (0: every Run makes exactly `numLaunches` launches),
  /// and ptxas -v's report (registers and spills per kernel).
  int64_t cubinBytes = 0;
  int numKernels = 0, numLaunches = 0, numGemms = 0, numConvs = 0,
      numBranches = 0;
  std::string ptxasLog;
};

/// Compiles `graph` for `config` (tf2xla.Config: feeds then variables
/// become the arguments in order, fetches then the updated non-readonly
/// variables the results; see bindVariables in AotInternal.h). Feed dtypes come
/// from the config's `type` or the node's `dtype` attr; feed shapes must be
/// fully static and agree with the node's `shape` attr (Placeholder), value
/// (Const) or `_output_shapes`.
/// Errors (absl::Status, message naming the config entry and node):
/// InvalidArgument for a bad class name, an empty config, a node the graph
/// does not have, an output index out of range, a shape or dtype that
/// disagrees with the graph, a non-static result shape, an unknown triple
/// or CPU, a variable that is not a VarHandleOp or is assigned though
/// readonly; Unimplemented for a variable used by other ops than
/// ReadVariableOp and one Assign*VariableOp, and ops without an hlo
/// lowering (the legalization histogram, as tf-run prints), or (cuda) an op
/// the GPU path does not support (naming it); FailedPrecondition (cuda)
/// without a CUDA toolkit (naming the paths searched for ptxas); Internal
/// when a pipeline stage fails.
absl::StatusOr<AotResult> compileAot(const tensorflow::GraphDef &graph,
                                     const tensorflow::tf2xla::Config &config,
                                     const AotOptions &options);

/// Reads tfcompile's --config file: a tf2xla.Config in protobuf text format
/// (feeds, fetches, variables), into `config`. Errors: the file's
/// (lib/Support/File.h: NotFound, not a regular file, too large), or
/// InvalidArgument "<path>:<line>:<column>: <message> (expected a
/// tf2xla.Config text proto)" for the first parse error.
absl::Status readAotConfig(const std::string &path,
                           tensorflow::tf2xla::Config &config);

} // namespace tfmlir

#endif
