//===- LaunchPlan.h - the host side of a compiled GPU program -------------===//
//
// What lib/Codegen/GPU produces for the host and runtime/gpu executes: the
// buffers of one entry function (inputs, temporaries, constants), the kernel
// launches in program order (kernel name, grid and block sizes, arguments)
// and the results. Plain C++ with no MLIR, LLVM or CUDA dependency, so that
// a runner on a machine without our compiler libraries can read it.
//
// Serialized as a line-based text format of ours ("tfmlir-gpu-plan 1"),
// documented at serializeLaunchPlan().
//
// It is an ABI between the compiler and the runtime (both write or read
// it), so it lives in lib/Support/ABI/, below both layers (see
// lib/Support/ABI/MemRef.h); runtime/gpu/PlanExecutor executes it.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_SUPPORT_ABI_LAUNCHPLAN_H
#define TFMLIR_LIB_SUPPORT_ABI_LAUNCHPLAN_H

#include <cstdint>
#include <string>
#include <vector>

#include "absl/status/statusor.h"

namespace tfmlir::gpu {

/// Element types of plan buffers. Names follow numpy ("float32",
/// "bfloat16", "bool", ...). Booleans occupy one byte (0 or 1), as in TF.
enum class DType { F16, BF16, F32, F64, I1, I8, I16, I32, I64 };

/// Bytes per element of `t` (1 for I1).
int64_t dtypeSize(DType t);
/// The numpy name of `t` ("float32", "bool", ...).
const char *dtypeName(DType t);
/// Parses a numpy name; InvalidArgument for an unknown one.
absl::StatusOr<DType> parseDType(const std::string &name);

/// One device buffer of the program. Every buffer is dense, row-major,
/// with a static shape.
struct PlanBuffer {
  enum class Kind {
    Input,    ///< entry argument `argIndex` (read-only for the kernels)
    Temp,     ///< allocated by the runtime for one run (results included)
    Constant, ///< `bytes` bytes at `constOffset` of LaunchPlan::constants
  };
  Kind kind = Kind::Temp;
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
  int64_t bytes = 0;
  int64_t argIndex = -1;
  int64_t constOffset = -1;
};

/// One argument of a kernel launch: a buffer (passed as one device pointer,
/// the bare-pointer calling convention of convert-gpu-to-nvvm) or a scalar
/// immediate of `scalarBytes` bytes (little-endian bits in `scalarBits`).
struct LaunchArg {
  bool isBuffer = true;
  int64_t buffer = -1;
  int scalarBytes = 0;
  uint64_t scalarBits = 0;
};

/// A dense matrix product done by cuBLAS (cublasGemmStridedBatchedEx), as
/// XLA:GPU sends dot_general to cuBLAS. In row-major terms, for each b in
/// [0, batch): C_b[m, n] = sum_k A_b[m, k] * B_b[k, n] (+ C_b[m, n] when
/// `accumulate`), where A_b is stored [m, k] or, with `transA`, [k, m], and
/// B_b is stored [k, n] or, with `transB`, [n, k]; the batch matrices of
/// each operand are contiguous and consecutive (strides m*k, k*n, m*n). A
/// and B have dtype `inType` (float32, float16, bfloat16 or float64), C has
/// `outType`: float32; or the inputs' own float16/bfloat16, the float32 sum
/// rounded once (as XLA's half-precision dot); or float64 with float64
/// inputs. The products are accumulated in float32, or float64 for float64
/// (CUBLAS_COMPUTE_32F / _64F: no TF32 and no half-precision accumulation);
/// with `accumulate`, C's old value is added before the rounding.
/// What a GEMM (or convolution, see ConvCall) step applies to the product
/// before storing it (cuBLASLt's epilogues, as XLA:GPU fuses TF's BiasAdd
/// and Relu into the dot): Bias adds bias[j] to every C[i, j] (a float32
/// buffer of n elements), ReluBias then takes max(x, 0) (NaN becomes 0, as
/// cuBLASLt's ReLU; a convolution keeps NaN).
enum class GemmEpilogue { None, Bias, ReluBias };

struct GemmCall {
  DType inType = DType::F32;
  DType outType = DType::F32;
  int64_t batch = 1, m = 1, n = 1, k = 1;
  bool transA = false, transB = false;
  bool accumulate = false;
  /// With an epilogue the step runs through cuBLASLt (cublasLtMatmul): only
  /// for batch 1, float32 C and no `accumulate`; args gain the bias buffer.
  GemmEpilogue epilogue = GemmEpilogue::None;
};

/// A 2-D convolution done by cuDNN (cudnnConvolutionForward), as XLA:GPU
/// sends convolutions to cuDNN: TF's Conv2D and DepthwiseConv2dNative in
/// NHWC. x is [n, h, w, c] (args[0]), the filter [k, kh, kw, c / groups]
/// (args[1]: cuDNN's NHWC filter layout, KRSC), y [n, outH, outW, k]
/// (args[2]), with outH = (h + 2 padH - dilH (kh - 1) - 1) / strideH + 1
/// (W likewise):
///   y[b, i, j, o] = sum over (di, dj, e) of
///     x[b, i strideH - padH + di dilH, j strideW - padW + dj dilW,
///       (o / (k / groups)) (c / groups) + e] * f[o, di, dj, e],
/// reading x as 0 outside its bounds (the same zero padding on both sides
/// of each spatial dim). float32, products summed in float32 with FMAs
/// (CUDNN_FMA_MATH: no TF32, as the CPU path); with `accumulate`, y's old
/// value is added (beta 1). With an epilogue (not with `accumulate`),
/// bias[o] (a float32 buffer of k elements, args[3]) is added to every
/// y[..., o], then for ReluBias max(x, 0), NaN kept (as TF's BiasAdd and
/// Relu): one cudnnConvolutionBiasActivationForward.
struct ConvCall {
  DType dtype = DType::F32;
  int64_t n = 1, h = 1, w = 1, c = 1, k = 1, kh = 1, kw = 1;
  int64_t outH = 1, outW = 1;
  int64_t strideH = 1, strideW = 1, dilH = 1, dilW = 1, padH = 0, padW = 0;
  int64_t groups = 1;
  bool accumulate = false;
  GemmEpilogue epilogue = GemmEpilogue::None;
};

/// A device-to-device copy step (KernelLaunch::Kind::Copy): `bytes` bytes
/// from buffer args[0] at byte `srcOffset` to buffer args[1] (a temp) at
/// byte `dstOffset`. The launch plan builder emits them where a host loop
/// or conditional hands a value to its loop-carried or result buffer.
struct CopyStep {
  int64_t srcOffset = 0, dstOffset = 0, bytes = 0;
};

/// A host-side control transfer, as XLA:GPU runs While and Conditional: the
/// host reads a predicate or branch index from the device and decides which
/// steps come next. Kind::Branch reads the `dtype` scalar (bool or an
/// integer type) at byte `byteOffset` of buffer args[0] (waiting for the
/// steps before it) and goes on with the next step when it equals `value`
/// (a bool equals 1 when it is nonzero), otherwise with step `target`.
/// Kind::Jump always goes on with step `target`. A target is a step index
/// in [0, number of steps]; the number of steps ends the program.
struct BranchStep {
  DType dtype = DType::I1;
  int64_t byteOffset = 0;
  int64_t value = 1;
  int64_t target = 0;
};

/// One step of the program: a cuLaunchKernel, a library call, a copy or a
/// control transfer; steps run in order unless a Branch or Jump says
/// otherwise. For a kernel, `kernel` is the entry name in the plan's module
/// image, sizes are in blocks and threads (x, y, z). For Kind::Gemm, `gemm`
/// says what to compute and `args` are the buffers A, B and C (whole
/// buffers, offset 0), then the bias with an epilogue; `kernel` is
/// "cublas_gemm" and the sizes are unused. For Kind::Conv, `conv` and args
/// x, filter, y; `kernel` is "cudnn_conv". For Kind::Copy, `copy` and args
/// (source, destination); for Kind::Branch, `branch` and args (the buffer
/// read); for Kind::Jump, `branch.target`. `kernel` is "copy", "branch" or
/// "jump" for those.
struct KernelLaunch {
  enum class Kind { Kernel, Gemm, Copy, Branch, Jump, Conv };
  Kind kind = Kind::Kernel;
  GemmCall gemm;
  ConvCall conv;
  CopyStep copy;
  BranchStep branch;
  std::string kernel;
  int64_t grid[3] = {1, 1, 1};
  int64_t block[3] = {1, 1, 1};
  std::vector<LaunchArg> args;
  /// True when the launch is one thread (grid and block 1x1x1): a
  /// computation that was not parallelized (e.g. a full reduction).
  bool serial = false;
  /// The TF node (GraphDef node name from the op's location) the kernel
  /// computes, for error messages; empty when unknown. No whitespace.
  std::string node;
};

/// One result of the entry function: `buffer` holds it from byte
/// `byteOffset` on, with `dtype` and `shape` (a reshape of the buffer).
struct PlanResult {
  int64_t buffer = -1;
  int64_t byteOffset = 0;
  DType dtype = DType::F32;
  std::vector<int64_t> shape;
};

/// The host program of one compiled entry function.
struct LaunchPlan {
  std::string entry; ///< the source function name (e.g. "main")
  std::string chip;  ///< the target the kernels were compiled for ("sm_90")
  std::vector<PlanBuffer> buffers;
  std::vector<KernelLaunch> launches;
  std::vector<PlanResult> results;
  std::vector<uint8_t> constants; ///< the bytes of all Constant buffers
  /// Number of entry arguments (== number of Input buffers' distinct
  /// argIndex values; arguments no kernel reads still count).
  int64_t numInputs = 0;
};

/// What a plan's steps are, counted once each (a loop's steps repeat at run
/// time): `launches` are the kernel, cuBLAS and cuDNN steps (not the copies,
/// branches and jumps of host control flow); `kernels` the distinct kernel
/// names; `serial` the one-thread kernel launches.
struct PlanStepCounts {
  int kernels = 0, kernelLaunches = 0, gemms = 0, convs = 0, copies = 0,
      branches = 0, serial = 0, launches = 0;
};
PlanStepCounts countSteps(const LaunchPlan &plan);

/// Writes `plan` as text:
///   tfmlir-gpu-plan 1
///   entry <name> chip <sm_XX> inputs <n>
///   buffer <id> input <argIndex> <dtype> <bytes> <rank> [dims...]
///   buffer <id> temp <dtype> <bytes> <rank> [dims...]
///   buffer <id> const <offset> <dtype> <bytes> <rank> [dims...]
///   launch <kernel> <gx> <gy> <gz> <bx> <by> <bz> <serial 0|1> <nargs> args...
///     [node=<name>]  (each arg: b<id> or s<bytes>:<hex bits>)
///   gemm <in dtype> <out dtype> <batch> <m> <n> <k> <transA> <transB>
///     <accumulate> b<A> b<B> b<C> [epilogue=bias|relu_bias b<bias>]
///     [node=<name>]   (one line)
///   conv <dtype> <n> <h> <w> <c> <k> <kh> <kw> <outH> <outW> <strideH>
///     <strideW> <dilH> <dilW> <padH> <padW> <groups> <accumulate> b<x>
///     b<filter> b<y> [epilogue=bias|relu_bias b<bias>] [node=<name>]
///     (one line)
///   copy b<src> <srcByteOffset> b<dst> <dstByteOffset> <bytes> [node=<name>]
///   branch b<buffer> <byteOffset> <dtype> <value> <target> [node=<name>]
///   jump <target>
///   result <buffer> <byteOffset> <dtype> <rank> [dims...]
///   constants <nbytes>
/// Buffer lines are `<rank> [dims...]` after the byte count as well. The
/// constant bytes themselves are not in the text: they travel as a separate
/// binary file (the compiler writes constants.bin next to plan.txt).
std::string serializeLaunchPlan(const LaunchPlan &plan);

/// Parses serializeLaunchPlan()'s text (constants left empty).
/// InvalidArgument naming the line for malformed input; buffer ids, argument
/// counts, sizes, copy ranges and branch targets are checked for
/// consistency.
absl::StatusOr<LaunchPlan> parseLaunchPlan(const std::string &text);

} // namespace tfmlir::gpu

#endif // TFMLIR_LIB_SUPPORT_ABI_LAUNCHPLAN_H
