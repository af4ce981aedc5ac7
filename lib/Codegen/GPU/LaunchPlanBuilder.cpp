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

namespace {

/// Builds the launch plan of one host function, block by block: host
/// control flow (isGpuHostControlFlow) becomes copies into loop-carried and
/// result buffers ("slots", temps of the plan) and branches on a scalar
/// read back from the device.
class PlanBuilder {
public:
  explicit PlanBuilder(gpu::LaunchPlan &plan) : plan(plan) {}

  LogicalResult addArguments(func::FuncOp func) {
    for (BlockArgument arg : func.getArguments()) {
      gpu::PlanBuffer b;
      b.kind = gpu::PlanBuffer::Kind::Input;
      b.argIndex = arg.getArgNumber();
      if (failed(describe(func, arg.getType(), b)))
        return failure();
      ids[arg] = plan.buffers.size();
      plan.buffers.push_back(std::move(b));
    }
    return success();
  }

  /// Emits the steps of `block`'s ops (not its terminator, unless it is the
  /// function's return).
  LogicalResult emitBlock(Block &block);

private:
  /// The buffer a memref views through reshapes, casts and static
  /// subviews; `offset` receives the view's static offset in elements (the
  /// kernels apply it themselves: a bare-pointer memref argument is the
  /// base pointer and the offset is part of its type).
  FailureOr<int64_t> root(Value v, Operation *user, int64_t &offset);
  /// A new temp buffer of memref type `type`.
  FailureOr<int64_t> newTemp(Operation *at, Type type);
  int64_t step() const { return plan.launches.size(); }
  void addStep(gpu::KernelLaunch l) { plan.launches.push_back(std::move(l)); }
  /// Copies `srcs` into the slots `dsts` as one parallel assignment: a
  /// source that is another destination of the same assignment is saved
  /// in a temp first; a source that already is its slot is not copied.
  LogicalResult assign(ValueRange srcs, ArrayRef<int64_t> dsts, Operation *at);
  /// A Branch step on `selector` (see gpuHostSelectorLoad) that goes on
  /// when it equals `value`; returns the step's index (target patched
  /// later).
  FailureOr<int64_t> branchUnless(Value selector, int64_t value, Operation *at);
  LogicalResult emitWhile(scf::WhileOp op);
  /// scf.if and scf.index_switch: `cases` are the selector values that
  /// choose each of `regions` but the last (the else / default region).
  LogicalResult emitConditional(Operation *op, Value selector,
                                ArrayRef<int64_t> cases,
                                ArrayRef<Region *> regions);
  LogicalResult emitLaunch(mlir::gpu::LaunchFuncOp launch);
  LogicalResult emitLibraryCall(Operation &op);
  LogicalResult emitReturn(func::ReturnOp ret);

  gpu::LaunchPlan &plan;
  DenseMap<Value, int64_t> ids;
};

FailureOr<int64_t> PlanBuilder::root(Value v, Operation *user,
                                     int64_t &offset) {
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
             << (def ? def->getName().getStringRef() : "block argument") << ")";
    }
  }
}

FailureOr<int64_t> PlanBuilder::newTemp(Operation *at, Type type) {
  gpu::PlanBuffer b;
  b.kind = gpu::PlanBuffer::Kind::Temp;
  if (failed(describe(at, type, b)))
    return failure();
  plan.buffers.push_back(std::move(b));
  return static_cast<int64_t>(plan.buffers.size()) - 1;
}

LogicalResult PlanBuilder::assign(ValueRange srcs, ArrayRef<int64_t> dsts,
                                  Operation *at) {
  struct Move {
    int64_t src, srcOffset, dst, bytes;
  };
  SmallVector<Move> moves;
  for (auto [v, dst] : llvm::zip(srcs, dsts)) {
    auto type = dyn_cast<MemRefType>(v.getType());
    if (!type || !memref::isStaticShapeAndContiguousRowMajor(type))
      return at->emitError("GPU launch plan: host control flow carries ")
             << v.getType() << ", not a contiguous static buffer";
    int64_t offset;
    FailureOr<int64_t> src = root(v, at, offset);
    if (failed(src))
      return failure();
    int64_t bytes = plan.buffers[dst].bytes;
    int64_t srcOffset = offset * gpu::dtypeSize(plan.buffers[*src].dtype);
    if (*src == dst && srcOffset == 0)
      continue;
    moves.push_back({*src, srcOffset, dst, bytes});
  }
  std::string node = nodeName(at->getLoc());
  auto copy = [&](int64_t src, int64_t srcOffset, int64_t dst, int64_t bytes) {
    gpu::KernelLaunch l;
    l.kind = gpu::KernelLaunch::Kind::Copy;
    l.kernel = "copy";
    l.node = node;
    l.copy.srcOffset = srcOffset;
    l.copy.bytes = bytes;
    gpu::LaunchArg a, b;
    a.buffer = src;
    b.buffer = dst;
    l.args = {a, b};
    addStep(std::move(l));
  };
  // Sources that a move of this assignment overwrites first go to temps.
  for (Move &m : moves) {
    bool clobbered = llvm::any_of(
        moves, [&](const Move &o) { return &o != &m && o.dst == m.src; });
    if (!clobbered)
      continue;
    gpu::PlanBuffer t = plan.buffers[m.dst];
    t.kind = gpu::PlanBuffer::Kind::Temp;
    plan.buffers.push_back(t);
    int64_t temp = plan.buffers.size() - 1;
    copy(m.src, m.srcOffset, temp, m.bytes);
    m.src = temp;
    m.srcOffset = 0;
  }
  for (const Move &m : moves)
    copy(m.src, m.srcOffset, m.dst, m.bytes);
  return success();
}

FailureOr<int64_t> PlanBuilder::branchUnless(Value selector, int64_t value,
                                             Operation *at) {
  memref::LoadOp load = gpuHostSelectorLoad(selector);
  if (!load)
    return at->emitError("GPU launch plan: the predicate or index of this "
                         "op is not read from a device buffer");
  auto type = load.getMemRefType();
  std::optional<gpu::DType> dt = planDType(type.getElementType());
  if (!dt)
    return load.emitError("GPU launch plan: unsupported selector type");
  int64_t offset;
  FailureOr<int64_t> buf = root(load.getMemRef(), load, offset);
  if (failed(buf))
    return failure();
  SmallVector<int64_t> strides;
  int64_t unused;
  if (failed(type.getStridesAndOffset(strides, unused)))
    return load.emitError("GPU launch plan: selector buffer without strides");
  for (auto [idx, stride] : llvm::zip(load.getIndices(), strides)) {
    std::optional<int64_t> c = getConstantIntValue(idx);
    if (!c || ShapedType::isDynamic(stride))
      return load.emitError("GPU launch plan: the predicate or index is read "
                            "at a position that is not a constant");
    offset += *c * stride;
  }
  gpu::KernelLaunch l;
  l.kind = gpu::KernelLaunch::Kind::Branch;
  l.kernel = "branch";
  l.node = nodeName(at->getLoc());
  l.branch.dtype = *dt;
  l.branch.byteOffset = offset * gpu::dtypeSize(*dt);
  l.branch.value = value;
  gpu::LaunchArg a;
  a.buffer = *buf;
  l.args = {a};
  addStep(std::move(l));
  return step() - 1;
}

/// XLA's While: copy the inputs into the `before` slots; loop: the
/// condition's steps, its forwarded values into the `after` slots (which
/// are also the results), branch out when the predicate is false, the
/// body's steps, its yields into the `before` slots, jump back.
LogicalResult PlanBuilder::emitWhile(scf::WhileOp op) {
  SmallVector<int64_t> before, after;
  for (BlockArgument arg : op.getBeforeArguments()) {
    FailureOr<int64_t> t = newTemp(op, arg.getType());
    if (failed(t))
      return failure();
    ids[arg] = *t;
    before.push_back(*t);
  }
  if (failed(assign(op.getInits(), before, op)))
    return failure();
  int64_t loop = step();
  if (failed(emitBlock(*op.getBeforeBody())))
    return failure();
  scf::ConditionOp cond = op.getConditionOp();
  for (auto [i, arg] : llvm::enumerate(op.getAfterArguments())) {
    // A value the condition forwards unchanged keeps its slot.
    int64_t offset;
    Value fwd = cond.getArgs()[i];
    auto fwdArg = dyn_cast<BlockArgument>(fwd);
    int64_t slot;
    if (fwdArg && fwdArg.getOwner() == op.getBeforeBody() &&
        fwd.getType() == arg.getType()) {
      FailureOr<int64_t> r = root(fwd, cond, offset);
      if (failed(r))
        return failure();
      slot = *r;
    } else {
      FailureOr<int64_t> t = newTemp(op, arg.getType());
      if (failed(t))
        return failure();
      slot = *t;
    }
    ids[arg] = slot;
    ids[op->getResult(i)] = slot;
    after.push_back(slot);
  }
  if (failed(assign(cond.getArgs(), after, cond)))
    return failure();
  FailureOr<int64_t> exit = branchUnless(cond.getCondition(), 1, op);
  if (failed(exit))
    return failure();
  if (failed(emitBlock(*op.getAfterBody())))
    return failure();
  auto yield = cast<scf::YieldOp>(op.getAfterBody()->getTerminator());
  if (failed(assign(yield.getOperands(), before, yield)))
    return failure();
  gpu::KernelLaunch back;
  back.kind = gpu::KernelLaunch::Kind::Jump;
  back.kernel = "jump";
  back.branch.target = loop;
  addStep(std::move(back));
  plan.launches[*exit].branch.target = step();
  return success();
}

LogicalResult PlanBuilder::emitConditional(Operation *op, Value selector,
                                           ArrayRef<int64_t> cases,
                                           ArrayRef<Region *> regions) {
  SmallVector<int64_t> slots;
  for (Value r : op->getResults()) {
    FailureOr<int64_t> t = newTemp(op, r.getType());
    if (failed(t))
      return failure();
    ids[r] = *t;
    slots.push_back(*t);
  }
  SmallVector<int64_t> jumpsToEnd;
  for (auto [k, regionPtr] : llvm::enumerate(regions)) {
    Region &region = *regionPtr;
    std::optional<int64_t> skip;
    if (k < cases.size()) {
      FailureOr<int64_t> b = branchUnless(selector, cases[k], op);
      if (failed(b))
        return failure();
      skip = *b;
    }
    if (!region.empty()) {
      if (failed(emitBlock(region.front())))
        return failure();
      Operation *term = region.front().getTerminator();
      if (failed(assign(term->getOperands(), slots, term)))
        return failure();
    }
    if (k + 1 < regions.size()) {
      gpu::KernelLaunch j;
      j.kind = gpu::KernelLaunch::Kind::Jump;
      j.kernel = "jump";
      jumpsToEnd.push_back(step());
      addStep(std::move(j));
    }
    if (skip)
      plan.launches[*skip].branch.target = step();
  }
  for (int64_t j : jumpsToEnd)
    plan.launches[j].branch.target = step();
  return success();
}

LogicalResult PlanBuilder::emitLaunch(mlir::gpu::LaunchFuncOp launch) {
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
  addStep(std::move(l));
  return success();
}

LogicalResult PlanBuilder::emitLibraryCall(Operation &op) {
  gpu::KernelLaunch l;
  l.node = nodeName(op.getLoc());
  bool conv = op.hasAttr(kGpuConvAttrName);
  StringRef attrName = conv ? kGpuConvAttrName : kGpuGemmAttrName;
  auto dict = op.getAttrOfType<DictionaryAttr>(attrName);
  bool complete = static_cast<bool>(dict);
  auto i64 = [&](StringRef n, int64_t &to) {
    if (auto a = dict ? dict.getAs<IntegerAttr>(n) : IntegerAttr())
      to = a.getInt();
    else
      complete = false;
  };
  auto flag = [&](StringRef n, bool &to) {
    if (auto a = dict ? dict.getAs<BoolAttr>(n) : BoolAttr())
      to = a.getValue();
    else
      complete = false;
  };
  unsigned operands = 3;
  if (conv) {
    l.kind = gpu::KernelLaunch::Kind::Conv;
    l.kernel = "cudnn_conv";
    gpu::ConvCall &c = l.conv;
    for (auto [name, field] : {std::pair<StringRef, int64_t *>{"n", &c.n},
                               {"h", &c.h},
                               {"w", &c.w},
                               {"c", &c.c},
                               {"k", &c.k},
                               {"kh", &c.kh},
                               {"kw", &c.kw},
                               {"out_h", &c.outH},
                               {"out_w", &c.outW},
                               {"stride_h", &c.strideH},
                               {"stride_w", &c.strideW},
                               {"dil_h", &c.dilH},
                               {"dil_w", &c.dilW},
                               {"pad_h", &c.padH},
                               {"pad_w", &c.padW},
                               {"groups", &c.groups}})
      i64(name, *field);
    flag("accumulate", c.accumulate);
  } else {
    l.kind = gpu::KernelLaunch::Kind::Gemm;
    l.kernel = "cublas_gemm";
    gpu::GemmCall &g = l.gemm;
    i64("batch", g.batch);
    i64("m", g.m);
    i64("n", g.n);
    i64("k", g.k);
    flag("trans_a", g.transA);
    flag("trans_b", g.transB);
    flag("accumulate", g.accumulate);
  }
  // A fused bias (+ ReLU): a fourth operand.
  if (auto epi = dict ? dict.getAs<StringAttr>("epilogue") : StringAttr()) {
    ++operands;
    gpu::GemmEpilogue &kind = conv ? l.conv.epilogue : l.gemm.epilogue;
    if (epi.getValue() == "bias")
      kind = gpu::GemmEpilogue::Bias;
    else if (epi.getValue() == "relu_bias")
      kind = gpu::GemmEpilogue::ReluBias;
    else
      complete = false;
  }
  if (!complete || op.getNumOperands() != operands)
    return op.emitError("GPU launch plan: malformed ") << attrName << " call";
  for (Value a : op.getOperands()) {
    int64_t offset;
    FailureOr<int64_t> id = root(a, &op, offset);
    if (failed(id))
      return failure();
    // The operands are whole buffers (identity layouts before the
    // unranked cast: offset 0, contiguous).
    auto cast = a.getDefiningOp<memref::CastOp>();
    auto src =
        cast ? dyn_cast<MemRefType>(cast.getSource().getType()) : MemRefType();
    if (!src || !src.getLayout().isIdentity())
      return op.emitError("GPU launch plan: a library call's operand is not "
                          "a contiguous buffer");
    gpu::LaunchArg arg;
    arg.buffer = *id;
    l.args.push_back(arg);
  }
  if (conv) {
    l.conv.dtype = plan.buffers[l.args[0].buffer].dtype;
  } else {
    l.gemm.inType = plan.buffers[l.args[0].buffer].dtype;
    l.gemm.outType = plan.buffers[l.args[2].buffer].dtype;
  }
  addStep(std::move(l));
  return success();
}

LogicalResult PlanBuilder::emitReturn(func::ReturnOp ret) {
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
             << plan.results.size() << " is a non-contiguous view of a buffer";
    gpu::PlanBuffer shape;
    if (failed(describe(ret, v.getType(), shape)))
      return failure();
    r.buffer = *id;
    r.byteOffset = offset * gpu::dtypeSize(shape.dtype);
    r.dtype = shape.dtype;
    r.shape = shape.shape;
    plan.results.push_back(std::move(r));
  }
  return success();
}

LogicalResult PlanBuilder::emitBlock(Block &block) {
  for (Operation &op : block) {
    if (isa<memref::AllocOp, memref::AllocaOp>(op)) {
      FailureOr<int64_t> t = newTemp(&op, op.getResult(0).getType());
      if (failed(t))
        return failure();
      ids[op.getResult(0)] = *t;
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
      if (failed(emitLaunch(launch)))
        return failure();
    } else if (isGpuLibraryCall(&op)) {
      if (failed(emitLibraryCall(op)))
        return failure();
    } else if (auto ret = dyn_cast<func::ReturnOp>(op)) {
      if (failed(emitReturn(ret)))
        return failure();
    } else if (auto w = dyn_cast<scf::WhileOp>(op);
               w && isGpuHostControlFlow(w)) {
      if (failed(emitWhile(w)))
        return failure();
    } else if (auto i = dyn_cast<scf::IfOp>(op); i && isGpuHostControlFlow(i)) {
      if (failed(emitConditional(i, i.getCondition(), {1},
                                 {&i.getThenRegion(), &i.getElseRegion()})))
        return failure();
    } else if (auto sw = dyn_cast<scf::IndexSwitchOp>(op);
               sw && isGpuHostControlFlow(sw)) {
      // The default region is scf.index_switch's first; it runs last.
      SmallVector<Region *> regions;
      for (Region &r : sw.getCaseRegions())
        regions.push_back(&r);
      regions.push_back(&sw.getDefaultRegion());
      if (failed(emitConditional(sw, sw.getArg(), sw.getCases(), regions)))
        return failure();
    } else if (isa<scf::YieldOp, scf::ConditionOp>(op) &&
               isGpuHostControlFlow(op.getParentOp())) {
      continue; // the copies of the enclosing op's emitter
    } else if (isa<memref::DeallocOp, memref::CollapseShapeOp,
                   memref::ExpandShapeOp, memref::CastOp, memref::SubViewOp,
                   memref::LoadOp>(op) ||
               (isPure(&op) && op.getNumRegions() == 0)) {
      // memref.load: what is still on the host reads a selector, which
      // branchUnless turns into the branch's read.
      continue;
    } else {
      return op.emitError("GPU launch plan: host op '")
             << op.getName() << "' is not supported";
    }
  }
  return success();
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
  PlanBuilder builder(plan);
  if (failed(builder.addArguments(func)) ||
      failed(builder.emitBlock(func.getBody().front())))
    return failure();
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
