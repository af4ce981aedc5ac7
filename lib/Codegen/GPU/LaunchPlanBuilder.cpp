//===- LaunchPlanBuilder.cpp - host func of gpu.launch_func -> plan -------===//
#include "lib/Codegen/GPU/Compile.h"

#include "lib/Conversion/HLOToLinalg/Passes.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/MemRef/Utils/MemRefUtils.h"
#include "mlir/IR/SymbolTable.h"
#include "mlir/Interfaces/SideEffectInterfaces.h"

#include <cctype>

using namespace mlir;

namespace tfmlir {
namespace {

std::optional<gpu::DType> planDType(Type t) {
  if (t.isF16())
    return gpu::DType::F16;
  if (t.isBF16())
    return gpu::DType::BF16;
  if (t.isF32())
    return gpu::DType::F32;
  if (t.isF64())
    return gpu::DType::F64;
  if (auto i = dyn_cast<IntegerType>(t)) {
    switch (i.getWidth()) {
    case 1:
      return gpu::DType::I1;
    case 8:
      return gpu::DType::I8;
    case 16:
      return gpu::DType::I16;
    case 32:
      return gpu::DType::I32;
    case 64:
      return gpu::DType::I64;
    default:
      break;
    }
  }
  return std::nullopt;
}

/// Fills `b`'s dtype, shape and size from a static memref type.
LogicalResult describe(Operation *at, Type type, gpu::PlanBuffer &b) {
  auto mt = dyn_cast<MemRefType>(type);
  if (!mt || !mt.hasStaticShape())
    return at->emitError("GPU launch plan: buffer of type ")
           << type << " is not a static memref";
  std::optional<gpu::DType> dt = planDType(mt.getElementType());
  if (!dt)
    return at->emitError("GPU launch plan: element type ")
           << mt.getElementType() << " is not supported";
  b.dtype = *dt;
  b.shape.assign(mt.getShape().begin(), mt.getShape().end());
  b.bytes = mt.getNumElements() * gpu::dtypeSize(*dt);
  return success();
}

/// The bytes of a memref.global's initial value, one byte per bool.
FailureOr<std::vector<uint8_t>> globalBytes(memref::GlobalOp global) {
  auto attr = dyn_cast_or_null<ElementsAttr>(global.getInitialValueAttr());
  if (!attr)
    return global.emitError("GPU launch plan: global @")
           << global.getSymName() << " has no initial value";
  auto dense = dyn_cast<DenseElementsAttr>(attr);
  Type et = attr.getElementType();
  int64_t n = attr.getNumElements();
  std::vector<uint8_t> out;
  if (dense && et.isInteger(1)) {
    out.reserve(n);
    for (bool v : dense.getValues<bool>())
      out.push_back(v ? 1 : 0);
    return out;
  }
  if (dense && dense.isSplat()) {
    ArrayRef<char> raw = dense.getRawData();
    out.reserve(raw.size() * n);
    for (int64_t i = 0; i < n; ++i)
      out.insert(out.end(), raw.begin(), raw.end());
    return out;
  }
  std::optional<ArrayRef<char>> bytes = constantBytes(attr);
  if (!bytes)
    return global.emitError("GPU launch plan: cannot read the value of @")
           << global.getSymName();
  out.assign(bytes->begin(), bytes->end());
  return out;
}

/// The TF node name in `loc` (a NameLoc, possibly inside a fused or
/// call-site location), with whitespace replaced; empty when none.
std::string nodeName(Location loc) {
  std::string name;
  loc->walk([&](Location l) {
    if (auto n = dyn_cast<NameLoc>(l)) {
      name = n.getName().str();
      return WalkResult::interrupt();
    }
    return WalkResult::advance();
  });
  for (char &c : name)
    if (std::isspace(static_cast<unsigned char>(c)))
      c = '_';
  return name;
}

std::optional<uint64_t> scalarBits(Attribute a, int &bytes) {
  if (auto i = dyn_cast<IntegerAttr>(a)) {
    unsigned w =
        isa<IndexType>(i.getType()) ? 64 : i.getType().getIntOrFloatBitWidth();
    bytes = std::max(1u, (w + 7) / 8);
    return i.getValue().getZExtValue();
  }
  if (auto f = dyn_cast<FloatAttr>(a)) {
    bytes = f.getType().getIntOrFloatBitWidth() / 8;
    return f.getValue().bitcastToAPInt().getZExtValue();
  }
  return std::nullopt;
}

} // namespace

FailureOr<gpu::LaunchPlan> buildLaunchPlan(ModuleOp module, StringRef entry,
                                           StringRef chip) {
  auto func = module.lookupSymbol<func::FuncOp>(entry);
  if (!func || func.isExternal())
    return module.emitError("GPU launch plan: no function @") << entry;
  if (!func.getBody().hasOneBlock())
    return func.emitError("GPU launch plan: the host function has more than "
                          "one block");
  gpu::LaunchPlan plan;
  plan.entry = entry.str();
  plan.chip = chip.str();
  plan.numInputs = func.getNumArguments();
  DenseMap<Value, int64_t> ids;
  for (BlockArgument arg : func.getArguments()) {
    gpu::PlanBuffer b;
    b.kind = gpu::PlanBuffer::Kind::Input;
    b.argIndex = arg.getArgNumber();
    if (failed(describe(func, arg.getType(), b)))
      return failure();
    ids[arg] = plan.buffers.size();
    plan.buffers.push_back(std::move(b));
  }
  // The buffer a memref views through reshapes, casts and static subviews;
  // `offset` receives the view's static offset in elements (the kernels
  // apply it themselves: a bare-pointer memref argument is the base pointer
  // and the offset is part of its type).
  auto root = [&](Value v, Operation *user,
                  int64_t &offset) -> FailureOr<int64_t> {
    offset = 0;
    if (auto mt = dyn_cast<MemRefType>(v.getType())) {
      SmallVector<int64_t> strides;
      if (failed(mt.getStridesAndOffset(strides, offset)) ||
          ShapedType::isDynamic(offset))
        return user->emitError("GPU launch plan: a view with a dynamic "
                               "offset is not supported");
    }
    while (true) {
      auto it = ids.find(v);
      if (it != ids.end())
        return it->second;
      Operation *def = v.getDefiningOp();
      if (auto c = dyn_cast_or_null<memref::CollapseShapeOp>(def)) {
        v = c.getSrc();
      } else if (auto e = dyn_cast_or_null<memref::ExpandShapeOp>(def)) {
        v = e.getSrc();
      } else if (auto c = dyn_cast_or_null<memref::CastOp>(def)) {
        v = c.getSource();
      } else if (auto sv = dyn_cast_or_null<memref::SubViewOp>(def)) {
        v = sv.getSource();
      } else {
        return user->emitError("GPU launch plan: operand is not a view of a "
                               "buffer (")
               << (def ? def->getName().getStringRef() : "block argument")
               << ")";
      }
    }
  };
  for (Operation &op : func.getBody().front()) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      gpu::PlanBuffer b;
      b.kind = gpu::PlanBuffer::Kind::Temp;
      if (failed(describe(&op, op.getResult(0).getType(), b)))
        return failure();
      ids[op.getResult(0)] = plan.buffers.size();
      plan.buffers.push_back(std::move(b));
    } else if (auto get = dyn_cast<memref::GetGlobalOp>(op)) {
      auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
          get, get.getNameAttr());
      if (!global)
        return get.emitError("GPU launch plan: unknown global");
      gpu::PlanBuffer b;
      b.kind = gpu::PlanBuffer::Kind::Constant;
      if (failed(describe(&op, get.getType(), b)))
        return failure();
      FailureOr<std::vector<uint8_t>> bytes = globalBytes(global);
      if (failed(bytes))
        return failure();
      if (static_cast<int64_t>(bytes->size()) != b.bytes)
        return get.emitError("GPU launch plan: global size mismatch");
      // 256-byte aligned offsets, like cudaMalloc's alignment.
      while (plan.constants.size() % 256)
        plan.constants.push_back(0);
      b.constOffset = plan.constants.size();
      plan.constants.insert(plan.constants.end(), bytes->begin(), bytes->end());
      ids[get.getResult()] = plan.buffers.size();
      plan.buffers.push_back(std::move(b));
    } else if (auto launch = dyn_cast<mlir::gpu::LaunchFuncOp>(op)) {
      gpu::KernelLaunch l;
      l.kernel = launch.getKernelName().str();
      l.node = nodeName(launch.getLoc());
      mlir::gpu::KernelDim3 g = launch.getGridSizeOperandValues(),
                            bl = launch.getBlockSizeOperandValues();
      Value dims[6] = {g.x, g.y, g.z, bl.x, bl.y, bl.z};
      for (int i = 0; i < 6; ++i) {
        std::optional<int64_t> c = getConstantIntValue(dims[i]);
        if (!c)
          return launch.emitError("GPU launch plan: grid/block sizes must be "
                                  "constants");
        (i < 3 ? l.grid[i] : l.block[i - 3]) = *c;
      }
      for (Value a : launch.getKernelOperands()) {
        gpu::LaunchArg arg;
        if (isa<MemRefType>(a.getType())) {
          int64_t offset;
          FailureOr<int64_t> id = root(a, launch, offset);
          if (failed(id))
            return failure();
          arg.buffer = *id;
        } else {
          Attribute c;
          if (!matchPattern(a, m_Constant(&c)))
            return launch.emitError("GPU launch plan: kernel operand #")
                   << l.args.size() << " is a host scalar, not a constant";
          std::optional<uint64_t> bits = scalarBits(c, arg.scalarBytes);
          if (!bits)
            return launch.emitError("GPU launch plan: unsupported scalar "
                                    "kernel operand");
          arg.isBuffer = false;
          arg.scalarBits = *bits;
        }
        l.args.push_back(arg);
      }
      // One thread: a computation hlo-gpu-map-to-launch did not
      // parallelize (e.g. a reduction to a scalar).
      l.serial = l.grid[0] * l.grid[1] * l.grid[2] * l.block[0] * l.block[1] *
                     l.block[2] ==
                 1;
      plan.launches.push_back(std::move(l));
    } else if (isGpuLibraryCall(&op)) {
      gpu::KernelLaunch l;
      l.kind = gpu::KernelLaunch::Kind::Gemm;
      l.kernel = "cublas_gemm";
      l.node = nodeName(op.getLoc());
      auto dict = op.getAttrOfType<DictionaryAttr>(kGpuGemmAttrName);
      auto i64 = [&](StringRef n) -> std::optional<int64_t> {
        if (auto a = dict ? dict.getAs<IntegerAttr>(n) : IntegerAttr())
          return a.getInt();
        return std::nullopt;
      };
      auto flag = [&](StringRef n) -> std::optional<bool> {
        if (auto a = dict ? dict.getAs<BoolAttr>(n) : BoolAttr())
          return a.getValue();
        return std::nullopt;
      };
      std::optional<int64_t> batch = i64("batch"), m = i64("m"), n = i64("n"),
                             k = i64("k");
      std::optional<bool> ta = flag("trans_a"), tb = flag("trans_b"),
                          acc = flag("accumulate");
      auto epi = dict ? dict.getAs<StringAttr>("epilogue") : StringAttr();
      if (epi)
        l.gemm.epilogue = epi.getValue() == "bias"
                              ? gpu::GemmEpilogue::Bias
                              : gpu::GemmEpilogue::ReluBias;
      if (!batch || !m || !n || !k || !ta || !tb || !acc ||
          op.getNumOperands() != (epi ? 4u : 3u) ||
          (epi && epi.getValue() != "bias" && epi.getValue() != "relu_bias"))
        return op.emitError("GPU launch plan: malformed ")
               << kGpuGemmAttrName << " call";
      gpu::GemmCall &g = l.gemm;
      g.batch = *batch;
      g.m = *m;
      g.n = *n;
      g.k = *k;
      g.transA = *ta;
      g.transB = *tb;
      g.accumulate = *acc;
      for (Value a : op.getOperands()) {
        int64_t offset;
        FailureOr<int64_t> id = root(a, &op, offset);
        if (failed(id))
          return failure();
        // The operands are whole buffers (identity layouts before the
        // unranked cast: offset 0, contiguous).
        auto cast = a.getDefiningOp<memref::CastOp>();
        auto src = cast ? dyn_cast<MemRefType>(cast.getSource().getType())
                        : MemRefType();
        if (!src || !src.getLayout().isIdentity())
          return op.emitError("GPU launch plan: a GEMM operand is not a "
                              "contiguous buffer");
        gpu::LaunchArg arg;
        arg.buffer = *id;
        l.args.push_back(arg);
      }
      g.inType = plan.buffers[l.args[0].buffer].dtype;
      g.outType = plan.buffers[l.args[2].buffer].dtype;
      plan.launches.push_back(std::move(l));
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      for (Value v : ret.getOperands()) {
        gpu::PlanResult r;
        int64_t offset;
        FailureOr<int64_t> id = root(v, ret, offset);
        if (failed(id))
          return failure();
        // An empty result (a zero-size dim) has no elements to be
        // non-contiguous; its strides may be anything.
        auto rt = cast<MemRefType>(v.getType());
        if (!(rt.hasStaticShape() && rt.getNumElements() == 0) &&
            !memref::isStaticShapeAndContiguousRowMajor(rt))
          return ret.emitError("GPU launch plan: result #")
                 << plan.results.size()
                 << " is a non-contiguous view of a buffer";
        gpu::PlanBuffer shape;
        if (failed(describe(ret, v.getType(), shape)))
          return failure();
        r.buffer = *id;
        r.byteOffset = offset * gpu::dtypeSize(shape.dtype);
        r.dtype = shape.dtype;
        r.shape = shape.shape;
        plan.results.push_back(std::move(r));
      }
    } else if (isa<memref::DeallocOp, memref::CollapseShapeOp,
                   memref::ExpandShapeOp, memref::CastOp, memref::SubViewOp>(
                   op) ||
               (isPure(&op) && op.getNumRegions() == 0)) {
      continue;
    } else {
      return op.emitError("GPU launch plan: host op '")
             << op.getName() << "' is not supported";
    }
  }
  return plan;
}

std::string extractPTX(ModuleOp module) {
  std::string ptx;
  module.walk([&](mlir::gpu::BinaryOp bin) {
    for (Attribute a : bin.getObjects()) {
      auto obj = dyn_cast<mlir::gpu::ObjectAttr>(a);
      if (obj && obj.getFormat() == mlir::gpu::CompilationTarget::Assembly)
        ptx += obj.getObject().getValue().str();
    }
  });
  return ptx;
}

} // namespace tfmlir
