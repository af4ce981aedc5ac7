//===- LaunchPlan.cpp - text form of the GPU launch plan ------------------===//
#include "lib/Support/ABI/LaunchPlan.h"

#include <set>
#include <sstream>

#include "absl/status/status.h"
#include "absl/strings/str_cat.h"

namespace tfmlir::gpu {

namespace {
struct DTypeInfo {
  DType type;
  const char *name;
  int64_t size;
};
constexpr DTypeInfo kDTypes[] = {
    {DType::F16, "float16", 2}, {DType::BF16, "bfloat16", 2},
    {DType::F32, "float32", 4}, {DType::F64, "float64", 8},
    {DType::I1, "bool", 1},     {DType::I8, "int8", 1},
    {DType::I16, "int16", 2},   {DType::I32, "int32", 4},
    {DType::I64, "int64", 8},
};

void writeShape(std::ostringstream &os, const std::vector<int64_t> &shape) {
  os << ' ' << shape.size();
  for (int64_t d : shape)
    os << ' ' << d;
}

/// Bytes of a dense `shape` of `t`; -1 when they do not fit in 2^62 (so
/// that sums and offsets of sizes never overflow int64).
int64_t shapeBytes(const std::vector<int64_t> &shape, DType t) {
  __int128 n = dtypeSize(t);
  for (int64_t d : shape) {
    n *= d;
    if (n > (__int128(1) << 62))
      return -1;
  }
  return static_cast<int64_t>(n);
}

/// Parses `a` as "b<decimal id>" naming one of `numBuffers` buffers.
bool parseBufferRef(const std::string &a, size_t numBuffers, int64_t &id) {
  if (a.size() < 2 || a.size() > 12 || a[0] != 'b')
    return false;
  id = 0;
  for (size_t i = 1; i < a.size(); ++i) {
    if (a[i] < '0' || a[i] > '9')
      return false;
    id = id * 10 + (a[i] - '0');
  }
  return id < static_cast<int64_t>(numBuffers);
}
} // namespace

int64_t dtypeSize(DType t) {
  for (const DTypeInfo &i : kDTypes)
    if (i.type == t)
      return i.size;
  return 0;
}

const char *dtypeName(DType t) {
  for (const DTypeInfo &i : kDTypes)
    if (i.type == t)
      return i.name;
  return "?";
}

absl::StatusOr<DType> parseDType(const std::string &name) {
  for (const DTypeInfo &i : kDTypes)
    if (name == i.name)
      return i.type;
  return absl::InvalidArgumentError(absl::StrCat("unknown dtype '", name, "'"));
}

PlanStepCounts countSteps(const LaunchPlan &plan) {
  PlanStepCounts c;
  std::set<std::string> names;
  for (const KernelLaunch &l : plan.launches) {
    c.gemms += l.kind == KernelLaunch::Kind::Gemm;
    c.convs += l.kind == KernelLaunch::Kind::Conv;
    c.copies += l.kind == KernelLaunch::Kind::Copy;
    c.branches += l.kind == KernelLaunch::Kind::Branch;
    if (l.kind == KernelLaunch::Kind::Kernel) {
      ++c.kernelLaunches;
      c.serial += l.serial;
      names.insert(l.kernel);
    }
  }
  c.kernels = static_cast<int>(names.size());
  c.launches = c.kernelLaunches + c.gemms + c.convs;
  return c;
}

std::string serializeLaunchPlan(const LaunchPlan &plan) {
  std::ostringstream os;
  os << "tfmlir-gpu-plan 1\n";
  os << "entry " << plan.entry << " chip " << plan.chip << " inputs "
     << plan.numInputs << "\n";
  for (size_t i = 0; i < plan.buffers.size(); ++i) {
    const PlanBuffer &b = plan.buffers[i];
    os << "buffer " << i << ' ';
    switch (b.kind) {
    case PlanBuffer::Kind::Input:
      os << "input " << b.argIndex;
      break;
    case PlanBuffer::Kind::Temp:
      os << "temp";
      break;
    case PlanBuffer::Kind::Constant:
      os << "const " << b.constOffset;
      break;
    }
    os << ' ' << dtypeName(b.dtype) << ' ' << b.bytes;
    writeShape(os, b.shape);
    os << '\n';
  }
  for (const KernelLaunch &l : plan.launches) {
    if (l.kind == KernelLaunch::Kind::Copy ||
        l.kind == KernelLaunch::Kind::Branch ||
        l.kind == KernelLaunch::Kind::Jump) {
      const BranchStep &br = l.branch;
      if (l.kind == KernelLaunch::Kind::Copy)
        os << "copy b" << l.args[0].buffer << ' ' << l.copy.srcOffset << " b"
           << l.args[1].buffer << ' ' << l.copy.dstOffset << ' '
           << l.copy.bytes;
      else if (l.kind == KernelLaunch::Kind::Branch)
        os << "branch b" << l.args[0].buffer << ' ' << br.byteOffset << ' '
           << dtypeName(br.dtype) << ' ' << br.value << ' ' << br.target;
      else
        os << "jump " << br.target;
      if (!l.node.empty() && l.kind != KernelLaunch::Kind::Jump)
        os << " node=" << l.node;
      os << '\n';
      continue;
    }
    if (l.kind == KernelLaunch::Kind::Conv) {
      const ConvCall &c = l.conv;
      os << "conv " << dtypeName(c.dtype);
      for (int64_t v :
           {c.n, c.h, c.w, c.c, c.k, c.kh, c.kw, c.outH, c.outW, c.strideH,
            c.strideW, c.dilH, c.dilW, c.padH, c.padW, c.groups})
        os << ' ' << v;
      os << ' ' << (c.accumulate ? 1 : 0);
      for (size_t i = 0; i < l.args.size() && i < 3; ++i)
        os << " b" << l.args[i].buffer;
      if (c.epilogue != GemmEpilogue::None && l.args.size() == 4)
        os << " epilogue="
           << (c.epilogue == GemmEpilogue::Bias ? "bias" : "relu_bias") << " b"
           << l.args[3].buffer;
      if (!l.node.empty())
        os << " node=" << l.node;
      os << '\n';
      continue;
    }
    if (l.kind == KernelLaunch::Kind::Gemm) {
      const GemmCall &g = l.gemm;
      os << "gemm " << dtypeName(g.inType) << ' ' << dtypeName(g.outType) << ' '
         << g.batch << ' ' << g.m << ' ' << g.n << ' ' << g.k << ' ' << g.transA
         << ' ' << g.transB << ' ' << g.accumulate;
      for (size_t i = 0; i < l.args.size() && i < 3; ++i)
        os << " b" << l.args[i].buffer;
      if (g.epilogue != GemmEpilogue::None && l.args.size() == 4)
        os << " epilogue="
           << (g.epilogue == GemmEpilogue::Bias ? "bias" : "relu_bias") << " b"
           << l.args[3].buffer;
      if (!l.node.empty())
        os << " node=" << l.node;
      os << '\n';
      continue;
    }
    os << "launch " << l.kernel;
    for (int64_t g : l.grid)
      os << ' ' << g;
    for (int64_t b : l.block)
      os << ' ' << b;
    os << ' ' << (l.serial ? 1 : 0) << ' ' << l.args.size();
    for (const LaunchArg &a : l.args) {
      if (a.isBuffer)
        os << " b" << a.buffer;
      else
        os << " s" << a.scalarBytes << ':' << std::hex << a.scalarBits
           << std::dec;
    }
    if (!l.node.empty())
      os << " node=" << l.node;
    os << '\n';
  }
  for (const PlanResult &r : plan.results) {
    os << "result " << r.buffer << ' ' << r.byteOffset << ' '
       << dtypeName(r.dtype);
    writeShape(os, r.shape);
    os << '\n';
  }
  os << "constants " << plan.constants.size() << '\n';
  return os.str();
}

absl::StatusOr<LaunchPlan> parseLaunchPlan(const std::string &text) {
  LaunchPlan plan;
  std::istringstream in(text);
  std::string line;
  int lineNo = 0;
  int64_t constantBytes = -1;
  auto bad = [&](const std::string &why) {
    return absl::InvalidArgumentError(
        absl::StrCat("launch plan line ", lineNo, ": ", why, ": '", line, "'"));
  };
  auto readShape = [](std::istringstream &ls,
                      std::vector<int64_t> &shape) -> bool {
    int64_t rank;
    if (!(ls >> rank) || rank < 0 || rank > 16)
      return false;
    shape.resize(rank);
    for (int64_t &d : shape)
      if (!(ls >> d) || d < 0)
        return false;
    return true;
  };
  // Reads the optional "epilogue=bias|relu_bias b<bias>" after a gemm's or
  // conv's buffers (the bias float32 with at least `n` elements) into
  // `kind` and l.args; `extra` receives the word after it ("" at the end of
  // the line). Returns the error, "" when fine.
  auto readEpilogue = [&](std::istringstream &ls, const std::string &what,
                          int64_t n, GemmEpilogue &kind, KernelLaunch &l,
                          std::string &extra) -> std::string {
    extra.clear();
    if (!(ls >> extra) || extra.rfind("epilogue=", 0) != 0)
      return "";
    std::string k = extra.substr(9), a;
    if (k == "bias")
      kind = GemmEpilogue::Bias;
    else if (k == "relu_bias")
      kind = GemmEpilogue::ReluBias;
    else
      return what + " epilogue must be bias or relu_bias";
    if (!(ls >> a) || a.size() < 2 || a[0] != 'b')
      return what + " epilogue needs a bias buffer b<id>";
    LaunchArg arg;
    if (!parseBufferRef(a, plan.buffers.size(), arg.buffer))
      return what + " bias names an undefined buffer";
    const PlanBuffer &b = plan.buffers[arg.buffer];
    if (b.dtype != DType::F32 || b.bytes < n * 4)
      return what + " bias must be float32 with " +
             (what == "gemm" ? "n" : "k") + " elements";
    l.args.push_back(arg);
    extra.clear();
    ls >> extra;
    return "";
  };
  bool sawHeader = false;
  while (std::getline(in, line)) {
    ++lineNo;
    if (line.empty())
      continue;
    std::istringstream ls(line);
    std::string key;
    ls >> key;
    if (!sawHeader) {
      int version = 0;
      if (key != "tfmlir-gpu-plan" || !(ls >> version) || version != 1)
        return bad("not a tfmlir-gpu-plan version 1 file");
      sawHeader = true;
      continue;
    }
    if (key == "entry") {
      std::string chipKw, inputsKw;
      if (!(ls >> plan.entry >> chipKw >> plan.chip >> inputsKw >>
            plan.numInputs) ||
          chipKw != "chip" || inputsKw != "inputs" || plan.numInputs < 0)
        return bad("malformed entry line");
    } else if (key == "buffer") {
      int64_t id;
      std::string kind, dtype;
      PlanBuffer b;
      if (!(ls >> id >> kind) ||
          id != static_cast<int64_t>(plan.buffers.size()))
        return bad("buffer ids must be 0, 1, 2, ... in order");
      if (kind == "input") {
        b.kind = PlanBuffer::Kind::Input;
        if (!(ls >> b.argIndex) || b.argIndex < 0)
          return bad("bad input argument index");
      } else if (kind == "temp") {
        b.kind = PlanBuffer::Kind::Temp;
      } else if (kind == "const") {
        b.kind = PlanBuffer::Kind::Constant;
        if (!(ls >> b.constOffset) || b.constOffset < 0)
          return bad("bad constant offset");
      } else {
        return bad("unknown buffer kind '" + kind + "'");
      }
      if (!(ls >> dtype))
        return bad("missing dtype");
      absl::StatusOr<DType> t = parseDType(dtype);
      if (!t.ok())
        return bad(std::string(t.status().message()));
      b.dtype = *t;
      if (!(ls >> b.bytes) || b.bytes < 0 || !readShape(ls, b.shape))
        return bad("bad size or shape");
      int64_t want = shapeBytes(b.shape, b.dtype);
      if (want < 0)
        return bad("buffer size over 2^62 bytes");
      if (b.bytes != want)
        return bad("byte size disagrees with shape and dtype");
      if (b.kind == PlanBuffer::Kind::Input && b.argIndex >= plan.numInputs)
        return bad("input argument index out of range");
      plan.buffers.push_back(std::move(b));
    } else if (key == "launch") {
      KernelLaunch l;
      int serial = 0;
      size_t nargs = 0;
      if (!(ls >> l.kernel >> l.grid[0] >> l.grid[1] >> l.grid[2] >>
            l.block[0] >> l.block[1] >> l.block[2] >> serial >> nargs))
        return bad("malformed launch");
      for (int i = 0; i < 3; ++i)
        if (l.grid[i] < 1 || l.block[i] < 1 || l.grid[i] > 0x7fffffff ||
            l.block[i] > 1024)
          return bad("grid/block size out of range");
      l.serial = serial != 0;
      if (nargs > 4096)
        return bad("too many kernel arguments");
      for (size_t i = 0; i < nargs; ++i) {
        std::string a;
        if (!(ls >> a) || a.size() < 2)
          return bad("missing kernel argument");
        LaunchArg arg;
        if (a[0] == 'b') {
          arg.isBuffer = true;
          if (!parseBufferRef(a, plan.buffers.size(), arg.buffer))
            return bad("kernel argument names an undefined buffer");
        } else if (a[0] == 's') {
          arg.isBuffer = false;
          size_t colon = a.find(':');
          if (colon == std::string::npos)
            return bad("bad scalar argument");
          std::string width = a.substr(1, colon - 1), hex = a.substr(colon + 1);
          arg.scalarBytes = width == "1"   ? 1
                            : width == "2" ? 2
                            : width == "4" ? 4
                            : width == "8" ? 8
                                           : 0;
          if (!arg.scalarBytes)
            return bad("scalar argument width must be 1, 2, 4 or 8 bytes");
          if (hex.empty() ||
              hex.size() > static_cast<size_t>(2 * arg.scalarBytes) ||
              hex.find_first_not_of("0123456789abcdefABCDEF") !=
                  std::string::npos)
            return bad("scalar argument bits must be at most " +
                       std::to_string(2 * arg.scalarBytes) + " hex digits");
          arg.scalarBits = std::strtoull(hex.c_str(), nullptr, 16);
        } else {
          return bad("kernel argument must be b<id> or s<bytes>:<hex>");
        }
        l.args.push_back(arg);
      }
      std::string extra;
      if (ls >> extra) {
        if (extra.rfind("node=", 0) != 0)
          return bad("unexpected '" + extra + "' after the kernel arguments");
        l.node = extra.substr(5);
      }
      plan.launches.push_back(std::move(l));
    } else if (key == "gemm") {
      KernelLaunch l;
      l.kind = KernelLaunch::Kind::Gemm;
      l.kernel = "cublas_gemm";
      GemmCall &g = l.gemm;
      std::string inName, outName;
      int ta = -1, tb = -1, acc = -1;
      if (!(ls >> inName >> outName >> g.batch >> g.m >> g.n >> g.k >> ta >>
            tb >> acc))
        return bad("malformed gemm");
      absl::StatusOr<DType> in = parseDType(inName), out = parseDType(outName);
      if (!in.ok() || !out.ok())
        return bad("unknown gemm dtype");
      g.inType = *in;
      g.outType = *out;
      bool half = g.inType == DType::F16 || g.inType == DType::BF16;
      bool typesOk =
          (g.outType == DType::F32 && (g.inType == DType::F32 || half)) ||
          (half && g.outType == g.inType) ||
          (g.outType == DType::F64 && g.inType == DType::F64);
      if (!typesOk)
        return bad("gemm dtypes must be float32/float16/bfloat16 -> float32, "
                   "float16 -> float16, bfloat16 -> bfloat16 or float64 -> "
                   "float64");
      // cuBLAS takes int sizes and leading dimensions.
      constexpr int64_t kMaxDim = 0x7fffffff;
      if (g.batch < 1 || g.m < 1 || g.n < 1 || g.k < 1 || g.batch > kMaxDim ||
          g.m > kMaxDim || g.n > kMaxDim || g.k > kMaxDim)
        return bad("gemm sizes must be in [1, 2^31-1]");
      if ((ta != 0 && ta != 1) || (tb != 0 && tb != 1) ||
          (acc != 0 && acc != 1))
        return bad("gemm transA/transB/accumulate must be 0 or 1");
      g.transA = ta;
      g.transB = tb;
      g.accumulate = acc;
      // The bytes each operand needs, in 128 bits so that no product of
      // parsed sizes overflows.
      __int128 need[3] = {
          static_cast<__int128>(g.batch) * g.m * g.k * dtypeSize(g.inType),
          static_cast<__int128>(g.batch) * g.k * g.n * dtypeSize(g.inType),
          static_cast<__int128>(g.batch) * g.m * g.n * dtypeSize(g.outType)};
      DType want[3] = {g.inType, g.inType, g.outType};
      for (int i = 0; i < 3; ++i) {
        std::string a;
        if (!(ls >> a) || a.size() < 2 || a[0] != 'b')
          return bad("gemm needs three buffer arguments b<A> b<B> b<C>");
        LaunchArg arg;
        if (!parseBufferRef(a, plan.buffers.size(), arg.buffer))
          return bad("gemm argument names an undefined buffer");
        const PlanBuffer &b = plan.buffers[arg.buffer];
        if (b.dtype != want[i] || need[i] > b.bytes)
          return bad("gemm buffer b" + std::to_string(arg.buffer) +
                     " has the wrong dtype or is too small");
        l.args.push_back(arg);
      }
      if (plan.buffers[l.args[2].buffer].kind != PlanBuffer::Kind::Temp)
        return bad("gemm output must be a temp buffer");
      if (l.args[2].buffer == l.args[0].buffer ||
          l.args[2].buffer == l.args[1].buffer)
        return bad("gemm output must not be one of its inputs");
      std::string extra;
      if (std::string e = readEpilogue(ls, "gemm", g.n, g.epilogue, l, extra);
          !e.empty())
        return bad(e);
      if (g.epilogue != GemmEpilogue::None &&
          (g.batch != 1 || g.accumulate || g.outType != DType::F32))
        return bad("a gemm epilogue needs batch 1, accumulate 0 and a "
                   "float32 output");
      if (!extra.empty()) {
        if (extra.rfind("node=", 0) != 0)
          return bad("unexpected '" + extra + "' after the gemm arguments");
        l.node = extra.substr(5);
      }
      plan.launches.push_back(std::move(l));
    } else if (key == "conv") {
      KernelLaunch l;
      l.kind = KernelLaunch::Kind::Conv;
      l.kernel = "cudnn_conv";
      ConvCall &c = l.conv;
      std::string dtype;
      int acc = -1;
      if (!(ls >> dtype >> c.n >> c.h >> c.w >> c.c >> c.k >> c.kh >> c.kw >>
            c.outH >> c.outW >> c.strideH >> c.strideW >> c.dilH >> c.dilW >>
            c.padH >> c.padW >> c.groups >> acc))
        return bad("malformed conv");
      absl::StatusOr<DType> t = parseDType(dtype);
      if (!t.ok() || *t != DType::F32)
        return bad("conv dtype must be float32");
      c.dtype = *t;
      if (acc != 0 && acc != 1)
        return bad("conv accumulate must be 0 or 1");
      c.accumulate = acc;
      // cuDNN takes int sizes.
      constexpr int64_t kMax = 0x7fffffff;
      for (int64_t v : {c.n, c.h, c.w, c.c, c.k, c.kh, c.kw, c.outH, c.outW,
                        c.strideH, c.strideW, c.dilH, c.dilW, c.groups})
        if (v < 1 || v > kMax)
          return bad("conv sizes, strides, dilations and groups must be in "
                     "[1, 2^31-1]");
      if (c.padH < 0 || c.padW < 0 || c.padH > kMax || c.padW > kMax)
        return bad("conv padding must be in [0, 2^31-1]");
      if (c.c % c.groups || c.k % c.groups)
        return bad("conv groups must divide the input and output channels");
      __int128 effH = static_cast<__int128>(c.dilH) * (c.kh - 1) + 1,
               effW = static_cast<__int128>(c.dilW) * (c.kw - 1) + 1;
      __int128 inH = c.h + 2 * static_cast<__int128>(c.padH),
               inW = c.w + 2 * static_cast<__int128>(c.padW);
      if (effH > inH || effW > inW || (inH - effH) / c.strideH + 1 != c.outH ||
          (inW - effW) / c.strideW + 1 != c.outW)
        return bad("conv output size disagrees with the input, filter, "
                   "strides, dilations and padding");
      __int128 need[3] = {
          static_cast<__int128>(c.n) * c.h * c.w * c.c * 4,
          static_cast<__int128>(c.k) * c.kh * c.kw * (c.c / c.groups) * 4,
          static_cast<__int128>(c.n) * c.outH * c.outW * c.k * 4};
      for (int i = 0; i < 3; ++i) {
        std::string a;
        if (!(ls >> a) || a.size() < 2 || a[0] != 'b')
          return bad("conv needs three buffer arguments b<x> b<filter> b<y>");
        LaunchArg arg;
        if (!parseBufferRef(a, plan.buffers.size(), arg.buffer))
          return bad("conv argument names an undefined buffer");
        const PlanBuffer &b = plan.buffers[arg.buffer];
        if (b.dtype != c.dtype || need[i] > b.bytes)
          return bad("conv buffer b" + std::to_string(arg.buffer) +
                     " has the wrong dtype or is too small");
        l.args.push_back(arg);
      }
      if (plan.buffers[l.args[2].buffer].kind != PlanBuffer::Kind::Temp)
        return bad("conv output must be a temp buffer");
      if (l.args[2].buffer == l.args[0].buffer ||
          l.args[2].buffer == l.args[1].buffer)
        return bad("conv output must not be one of its inputs");
      std::string extra;
      if (std::string e = readEpilogue(ls, "conv", c.k, c.epilogue, l, extra);
          !e.empty())
        return bad(e);
      if (c.epilogue != GemmEpilogue::None && c.accumulate)
        return bad("a conv epilogue needs accumulate 0");
      if (!extra.empty()) {
        if (extra.rfind("node=", 0) != 0)
          return bad("unexpected '" + extra + "' after the conv arguments");
        l.node = extra.substr(5);
      }
      plan.launches.push_back(std::move(l));
    } else if (key == "copy" || key == "branch" || key == "jump") {
      KernelLaunch l;
      l.kernel = key;
      auto bufferArg = [&](LaunchArg &arg) {
        std::string a;
        return (ls >> a) && parseBufferRef(a, plan.buffers.size(), arg.buffer);
      };
      if (key == "copy") {
        l.kind = KernelLaunch::Kind::Copy;
        LaunchArg src, dst;
        CopyStep &c = l.copy;
        if (!bufferArg(src) || !(ls >> c.srcOffset) || !bufferArg(dst) ||
            !(ls >> c.dstOffset >> c.bytes))
          return bad("malformed copy (copy b<src> <offset> b<dst> <offset> "
                     "<bytes>)");
        if (c.srcOffset < 0 || c.dstOffset < 0 || c.bytes < 0 ||
            c.bytes > plan.buffers[src.buffer].bytes - c.srcOffset ||
            c.bytes > plan.buffers[dst.buffer].bytes - c.dstOffset)
          return bad("copy range extends past its buffers");
        if (plan.buffers[dst.buffer].kind != PlanBuffer::Kind::Temp)
          return bad("copy destination must be a temp buffer");
        if (src.buffer == dst.buffer && c.bytes > 0 &&
            c.srcOffset < c.dstOffset + c.bytes &&
            c.dstOffset < c.srcOffset + c.bytes)
          return bad("copy source and destination overlap");
        l.args = {src, dst};
      } else if (key == "branch") {
        l.kind = KernelLaunch::Kind::Branch;
        LaunchArg buf;
        std::string dtype;
        BranchStep &br = l.branch;
        if (!bufferArg(buf) ||
            !(ls >> br.byteOffset >> dtype >> br.value >> br.target))
          return bad("malformed branch (branch b<buffer> <offset> <dtype> "
                     "<value> <target>)");
        absl::StatusOr<DType> t = parseDType(dtype);
        if (!t.ok() || *t == DType::F16 || *t == DType::BF16 ||
            *t == DType::F32 || *t == DType::F64)
          return bad("branch dtype must be bool or an integer type");
        br.dtype = *t;
        if (br.byteOffset < 0 ||
            dtypeSize(br.dtype) >
                plan.buffers[buf.buffer].bytes - br.byteOffset)
          return bad("branch reads past its buffer");
        l.args = {buf};
      } else {
        l.kind = KernelLaunch::Kind::Jump;
        if (!(ls >> l.branch.target))
          return bad("malformed jump (jump <target>)");
      }
      std::string extra;
      if (ls >> extra) {
        if (key == "jump" || extra.rfind("node=", 0) != 0)
          return bad("unexpected '" + extra + "'");
        l.node = extra.substr(5);
      }
      plan.launches.push_back(std::move(l));
    } else if (key == "result") {
      PlanResult r;
      std::string dtype;
      if (!(ls >> r.buffer >> r.byteOffset >> dtype) || r.buffer < 0 ||
          r.buffer >= static_cast<int64_t>(plan.buffers.size()) ||
          r.byteOffset < 0)
        return bad("malformed result");
      absl::StatusOr<DType> t = parseDType(dtype);
      if (!t.ok())
        return bad(std::string(t.status().message()));
      r.dtype = *t;
      if (!readShape(ls, r.shape))
        return bad("bad result shape");
      int64_t need = shapeBytes(r.shape, r.dtype);
      if (need < 0 || r.byteOffset > plan.buffers[r.buffer].bytes - need)
        return bad("result extends past its buffer");
      plan.results.push_back(std::move(r));
    } else if (key == "constants") {
      if (!(ls >> constantBytes) || constantBytes < 0)
        return bad("bad constants size");
    } else {
      return bad("unknown line kind '" + key + "'");
    }
  }
  if (!sawHeader)
    return absl::InvalidArgumentError("launch plan is empty");
  if (constantBytes < 0)
    return absl::InvalidArgumentError("launch plan has no 'constants' line");
  for (const PlanBuffer &b : plan.buffers)
    if (b.kind == PlanBuffer::Kind::Constant &&
        b.constOffset > constantBytes - b.bytes)
      return absl::InvalidArgumentError(
          "launch plan: a constant buffer extends past the constants");
  for (size_t i = 0; i < plan.launches.size(); ++i) {
    const KernelLaunch &l = plan.launches[i];
    if ((l.kind == KernelLaunch::Kind::Branch ||
         l.kind == KernelLaunch::Kind::Jump) &&
        (l.branch.target < 0 ||
         l.branch.target > static_cast<int64_t>(plan.launches.size())))
      return absl::InvalidArgumentError(absl::StrCat(
          "launch plan: step ", i, " (", l.kernel, ") targets step ",
          l.branch.target, ", outside [0, ", plan.launches.size(), "]"));
  }
  plan.constants.resize(constantBytes); // filled by the caller
  return plan;
}

} // namespace tfmlir::gpu
