//===- LibraryCalls.cpp - contractions on buffers -> cuBLAS GEMM calls ----===//
//
// hlo-gpu-library-calls (see Passes.td): a linalg.generic on buffers that
// is a matrix product (what hlo.dot_general lowers to) becomes a call of
// cuBLAS's strided-batched GEMM, as XLA:GPU sends dot to cuBLAS; the launch
// plan turns the call into a KernelLaunch::Kind::Gemm step.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/GPU/Passes.h"
#include "lib/Support/ABI/LaunchPlan.h"

#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/IR/Matchers.h"
#include "mlir/IR/SymbolTable.h"
#include "llvm/ADT/SetVector.h"

#include <array>

namespace tfmlir {
#define GEN_PASS_DEF_GPULIBRARYCALLS
#include "lib/Codegen/GPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {

bool isGpuLibraryCall(Operation *op) {
  auto call = dyn_cast<func::CallOp>(op);
  return call &&
         (call->hasAttr(kGpuGemmAttrName) || call->hasAttr(kGpuConvAttrName));
}

namespace {

/// The value a memref views through view ops (itself when none).
Value viewRoot(Value v) {
  while (Operation *def = v.getDefiningOp()) {
    if (auto view = dyn_cast<ViewLikeOpInterface>(def))
      v = view.getViewSource();
    else if (auto cast = dyn_cast<memref::CastOp>(def))
      v = cast.getSource();
    else
      break;
  }
  return v;
}

/// `v` itself, or the operand of the arith.extf that defines it.
Value stripExtension(Value v) {
  if (auto ext = v.getDefiningOp<arith::ExtFOp>())
    return ext.getIn();
  return v;
}

/// True when the body of `op` (ins a, b; out c) yields c + a*b (or b*a,
/// either addend order), each of a and b read directly or through one
/// arith.extf to the output type.
bool isMultiplyAddBody(linalg::GenericOp op) {
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (yield.getNumOperands() != 1 || body.getOperations().size() > 5)
    return false;
  auto add = yield.getOperand(0).getDefiningOp<arith::AddFOp>();
  if (!add)
    return false;
  Value a = body.getArgument(0), b = body.getArgument(1),
        c = body.getArgument(2);
  Value other;
  if (add.getLhs() == c)
    other = add.getRhs();
  else if (add.getRhs() == c)
    other = add.getLhs();
  else
    return false;
  auto mul = other.getDefiningOp<arith::MulFOp>();
  if (!mul)
    return false;
  Value x = stripExtension(mul.getLhs()), y = stripExtension(mul.getRhs());
  return (x == a && y == b) || (x == b && y == a);
}

/// The roles of a contraction's loops.
enum class Role { Batch, M, N, K };

/// The types of `op`'s two inputs and one output when each is a whole
/// buffer cuBLAS or cuDNN can read in place: a static shape without a
/// zero-size dim and an identity layout (and f32 elements with `f32`).
std::optional<std::array<MemRefType, 3>> wholeBuffers(linalg::LinalgOp op,
                                                      bool f32) {
  if (!op.hasPureBufferSemantics() || op.getNumDpsInputs() != 2 ||
      op.getNumDpsInits() != 1)
    return std::nullopt;
  std::array<MemRefType, 3> types = {
      dyn_cast<MemRefType>(op.getDpsInputs()[0].getType()),
      dyn_cast<MemRefType>(op.getDpsInputs()[1].getType()),
      dyn_cast<MemRefType>(op.getDpsInits()[0].getType())};
  for (MemRefType t : types)
    if (!t || !t.hasStaticShape() || !t.getLayout().isIdentity() ||
        t.getNumElements() == 0 || (f32 && !t.getElementType().isF32()))
      return std::nullopt;
  return types;
}

/// The GEMM geometry of `op`, when it is one cuBLAS can run without a copy:
/// every operand a contiguous row-major buffer (identity layout), indexing
/// maps that are permutations of the operand's loops, the batch loops
/// leading in every operand in one order, and the M, N and K loops each a
/// contiguous block in the same order wherever they appear (so that each
/// group flattens to one dimension); the output [batch, M, N].
std::optional<gpu::GemmCall> matchGemm(linalg::GenericOp op) {
  std::optional<std::array<MemRefType, 3>> types =
      wholeBuffers(op, /*f32=*/false);
  if (!types)
    return std::nullopt;
  auto [ta, tb, tc] = *types;
  // cuBLAS's C may not alias A or B.
  Value rootC = viewRoot(op.getDpsInits()[0]);
  if (rootC == viewRoot(op.getDpsInputs()[0]) ||
      rootC == viewRoot(op.getDpsInputs()[1]))
    return std::nullopt;
  Type in = ta.getElementType(), out = tc.getElementType();
  gpu::GemmCall g;
  if (tb.getElementType() != in)
    return std::nullopt;
  if (out.isF32() && (in.isF32() || in.isF16() || in.isBF16())) {
    g.outType = gpu::DType::F32;
    g.inType = in.isF32()   ? gpu::DType::F32
               : in.isF16() ? gpu::DType::F16
                            : gpu::DType::BF16;
  } else if (out.isF64() && in.isF64()) {
    g.inType = g.outType = gpu::DType::F64;
  } else {
    return std::nullopt;
  }
  if (!isMultiplyAddBody(op))
    return std::nullopt;

  SmallVector<AffineMap> maps = op.getIndexingMapsArray();
  unsigned loops = op.getNumLoops();
  for (AffineMap m : maps)
    if (!m.isProjectedPermutation(/*allowZeroInResults=*/false))
      return std::nullopt;
  // Loop d's role from the operands it appears in.
  auto inMap = [](AffineMap m, unsigned d) { return m.isFunctionOfDim(d); };
  SmallVector<Role> role(loops);
  SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
  for (unsigned d = 0; d < loops; ++d) {
    bool a = inMap(maps[0], d), b = inMap(maps[1], d), c = inMap(maps[2], d);
    bool parallel = iters[d] == utils::IteratorType::parallel;
    if (a && b && c && parallel)
      role[d] = Role::Batch;
    else if (a && !b && c && parallel)
      role[d] = Role::M;
    else if (!a && b && c && parallel)
      role[d] = Role::N;
    else if (a && b && !c && !parallel)
      role[d] = Role::K;
    else
      return std::nullopt;
  }
  // Each operand's dims as runs of roles: [Batch*] then two blocks.
  // `order` collects, per role, the loop order seen first, which every
  // other operand must repeat.
  DenseMap<int, SmallVector<unsigned>> order;
  auto blocks = [&](AffineMap m, SmallVector<Role> &runs) -> bool {
    SmallVector<std::pair<Role, SmallVector<unsigned>>> seq;
    for (AffineExpr e : m.getResults()) {
      unsigned d = cast<AffineDimExpr>(e).getPosition();
      if (seq.empty() || seq.back().first != role[d])
        seq.push_back({role[d], {}});
      seq.back().second.push_back(d);
    }
    for (auto &[r, ds] : seq) {
      if (llvm::count_if(seq, [&](auto &p) { return p.first == r; }) != 1)
        return false; // a role split into two blocks
      auto [it, fresh] = order.try_emplace(static_cast<int>(r), ds);
      if (!fresh && it->second != ds)
        return false; // the group in another order than elsewhere
      runs.push_back(r);
    }
    if (!runs.empty() &&
        llvm::is_contained(ArrayRef(runs).drop_front(), Role::Batch))
      return false; // batch dims not leading
    return true;
  };
  SmallVector<Role> ra, rb, rc;
  if (!blocks(maps[2], rc) || !blocks(maps[0], ra) || !blocks(maps[1], rb))
    return std::nullopt;
  auto without = [](SmallVector<Role> r) {
    if (!r.empty() && r.front() == Role::Batch)
      r.erase(r.begin());
    return r;
  };
  SmallVector<Role> a2 = without(ra), b2 = without(rb), c2 = without(rc);
  // The output's non-batch part must be M then N (either may be absent).
  if (!(c2 == SmallVector<Role>{Role::M, Role::N} ||
        c2 == SmallVector<Role>{Role::M} || c2 == SmallVector<Role>{Role::N} ||
        c2.empty()))
    return std::nullopt;
  // A: [M, K] or [K, M] (M may be absent); B: [K, N] or [N, K].
  if (a2 == SmallVector<Role>{Role::M, Role::K} ||
      a2 == SmallVector<Role>{Role::K})
    g.transA = false;
  else if (a2 == SmallVector<Role>{Role::K, Role::M})
    g.transA = true;
  else
    return std::nullopt;
  if (b2 == SmallVector<Role>{Role::K, Role::N} ||
      b2 == SmallVector<Role>{Role::K})
    g.transB = false;
  else if (b2 == SmallVector<Role>{Role::N, Role::K})
    g.transB = true;
  else
    return std::nullopt;
  if (!llvm::is_contained(a2, Role::K))
    return std::nullopt;
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  int64_t sizes[4] = {1, 1, 1, 1};
  for (unsigned d = 0; d < loops; ++d)
    sizes[static_cast<int>(role[d])] *= ranges[d];
  g.batch = sizes[0];
  g.m = sizes[1];
  g.n = sizes[2];
  g.k = sizes[3];
  constexpr int64_t kMaxInt = 0x7fffffff;
  if (g.batch > kMaxInt || g.m > kMaxInt || g.n > kMaxInt || g.k > kMaxInt)
    return std::nullopt;
  return g;
}

/// The GEMM of a 1x1 convolution with unit strides and dilations on
/// buffers (linalg.conv_2d_nhwc_hwcf, what hlo.convolution lowers to for
/// f32 NHWC/HWIO): the input [N, H, W, Ci] read as [N*H*W, Ci] times the
/// filter [1, 1, Ci, Co] read as [Ci, Co] is the output [N*H*W, Co], with
/// no copy (XLA:GPU also runs such convolutions as GEMMs).
std::optional<gpu::GemmCall> matchPointwiseConv(linalg::Conv2DNhwcHwcfOp op) {
  std::optional<std::array<MemRefType, 3>> types =
      wholeBuffers(op, /*f32=*/true);
  if (!types)
    return std::nullopt;
  auto [ti, tf, to] = *types;
  if (!llvm::all_of(op.getStrides().getValues<int64_t>(),
                    [](int64_t v) { return v == 1; }) ||
      !llvm::all_of(op.getDilations().getValues<int64_t>(),
                    [](int64_t v) { return v == 1; }))
    return std::nullopt;
  ArrayRef<int64_t> in = ti.getShape(), f = tf.getShape(), o = to.getShape();
  if (f[0] != 1 || f[1] != 1 || in[0] != o[0] || in[1] != o[1] ||
      in[2] != o[2] || in[3] != f[2] || f[3] != o[3])
    return std::nullopt;
  gpu::GemmCall g;
  g.m = in[0] * in[1] * in[2];
  g.k = in[3];
  g.n = f[3];
  constexpr int64_t kMaxInt = 0x7fffffff;
  if (g.m > kMaxInt || g.n > kMaxInt || g.k > kMaxInt)
    return std::nullopt;
  return g;
}

/// True when `v` (a view of `root`) covers all of `root`'s buffer.
bool coversBuffer(Value v, Value root) {
  auto vt = dyn_cast<MemRefType>(v.getType());
  auto rt = dyn_cast<MemRefType>(root.getType());
  return vt && rt && vt.hasStaticShape() && rt.hasStaticShape() &&
         vt.getLayout().isIdentity() &&
         vt.getNumElements() == rt.getNumElements();
}

/// Calls `visit(root, view, write)` for each buffer `p` reads or writes
/// (its memref effects; `root` is the buffer the view is of). Returns false
/// when `p`'s accesses are not all known: a write to no particular value,
/// or an op without the memory-effect interface that has regions. A library
/// call made earlier by this pass writes its third operand (C of a GEMM, y
/// of a convolution) and reads the others; any other op without regions
/// and without the interface is taken to write every buffer operand.
bool forEachAccess(
    Operation *p,
    function_ref<void(Value root, Value view, bool write)> visit) {
  if (isGpuLibraryCall(p)) {
    for (auto [i, v] : llvm::enumerate(p->getOperands()))
      visit(viewRoot(v), v, /*write=*/i == 2);
    return true;
  }
  auto iface = dyn_cast<MemoryEffectOpInterface>(p);
  if (!iface) {
    if (p->getNumRegions() != 0)
      return false;
    for (Value v : p->getOperands())
      if (isa<BaseMemRefType>(v.getType()))
        visit(viewRoot(v), v, /*write=*/true);
    return true;
  }
  SmallVector<MemoryEffects::EffectInstance> effects;
  iface.getEffects(effects);
  for (MemoryEffects::EffectInstance &e : effects) {
    bool write = isa<MemoryEffects::Write>(e.getEffect());
    Value v = e.getValue();
    if (!v) {
      if (write && isa<SideEffects::DefaultResource>(e.getResource()))
        return false;
      continue;
    }
    if (isa<BaseMemRefType>(v.getType()) &&
        (write || isa<MemoryEffects::Read>(e.getEffect())))
      visit(viewRoot(v), v, write);
  }
  return true;
}

/// The last op before `at` (same block) that writes the buffer `root`
/// (an allocation or argument), or null when none does or when an op in
/// between may write it without saying where (unknown effects, regions).
/// `readBetween` tells whether an op after that writer reads the buffer.
/// `written` receives the view the writer wrote through.
Operation *lastWriter(Operation *at, Value root, bool &readBetween,
                      Value &written) {
  readBetween = false;
  for (Operation *p = at->getPrevNode(); p; p = p->getPrevNode()) {
    Operation *writer = nullptr;
    bool known = forEachAccess(p, [&](Value r, Value view, bool write) {
      if (r != root)
        return;
      if (write) {
        writer = p;
        written = view;
      } else {
        readBetween = true;
      }
    });
    if (!known)
      return nullptr;
    if (writer)
      return writer;
  }
  return nullptr;
}

/// True when the buffer that `buf` views holds zeros just before `at`:
/// its last writer is a linalg.fill of zero over all of it, or a copy of
/// all of it from a buffer that holds zeros then (bufferization copies the
/// zero-filled accumulator of each dot when CSE merged their fills). The
/// writer is appended to `erasable` when nothing reads the buffer between
/// it and `at` (the GEMM with beta = 0 overwrites it anyway).
bool holdsZerosAt(Operation *at, Value buf,
                  SmallVectorImpl<Operation *> &erasable) {
  Value root = viewRoot(buf);
  bool readBetween = false;
  Value written;
  Operation *w = lastWriter(at, root, readBetween, written);
  if (!w || !coversBuffer(written, root))
    return false;
  bool zero = false;
  if (auto fill = dyn_cast<linalg::FillOp>(w)) {
    zero = matchPattern(fill.getInputs()[0], m_AnyZeroFloat());
  } else if (auto copy = dyn_cast<memref::CopyOp>(w)) {
    SmallVector<Operation *> ignored;
    zero = copy.getTarget() == written &&
           coversBuffer(copy.getSource(), viewRoot(copy.getSource())) &&
           holdsZerosAt(copy, copy.getSource(), ignored);
  }
  if (zero && !readBetween)
    erasable.push_back(w);
  return zero;
}

/// True when `op` is a linalg.generic that rounds one buffer to a narrower
/// float type element by element: identity maps, `yield truncf(in)`.
bool isRounding(linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 1 || op.getNumDpsInits() != 1 ||
      !llvm::all_of(op.getIndexingMapsArray(),
                    [](AffineMap m) { return m.isIdentity(); }))
    return false;
  Block &body = op.getRegion().front();
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  auto trunc = yield.getNumOperands() == 1
                   ? yield.getOperand(0).getDefiningOp<arith::TruncFOp>()
                   : arith::TruncFOp();
  return trunc && trunc.getIn() == body.getArgument(0) &&
         body.getOperations().size() == 2;
}

/// True when nothing strictly between `from` and `to` (same block) writes
/// a buffer in `readRoots` or reads or writes one in `ownRoots`: a GEMM
/// that reads the former and writes the latter may then move from `from`
/// down to `to`.
bool mayMoveDown(Operation *from, Operation *to, ArrayRef<Value> readRoots,
                 ArrayRef<Value> ownRoots) {
  auto touches = [&](Value r, bool write) {
    return llvm::is_contained(ownRoots, r) ||
           (write && llvm::is_contained(readRoots, r));
  };
  for (Operation *p = from->getNextNode(); p && p != to; p = p->getNextNode()) {
    bool clash = false;
    if (!forEachAccess(
            p, [&](Value r, Value, bool write) { clash |= touches(r, write); }))
      return false;
    if (clash)
      return false;
  }
  return true;
}

/// The one linalg.generic after `op` that reads `out` (a fresh allocation
/// that `op` overwrites), when `op` and it (and deallocs, and the function's
/// return when `returned` is given: it is then set when `out` is returned)
/// are all of `out`'s users; null otherwise.
linalg::GenericOp soleConsumer(linalg::LinalgOp op, Value out,
                               bool *returned = nullptr) {
  if (!out.getDefiningOp<memref::AllocOp>())
    return {};
  linalg::GenericOp consumer;
  for (Operation *user : out.getUsers()) {
    if (user == op.getOperation() || isa<memref::DeallocOp>(user))
      continue;
    if (returned && isa<func::ReturnOp>(user)) {
      *returned = true;
      continue;
    }
    if (consumer && user == consumer.getOperation())
      continue; // it uses `out` twice (input and output)
    auto g = dyn_cast<linalg::GenericOp>(user);
    if (consumer || !g || g->getBlock() != op->getBlock() ||
        !op->isBeforeInBlock(g) || !g.hasPureBufferSemantics())
      return {};
    consumer = g;
  }
  return consumer;
}

/// For a GEMM `op` with half-precision inputs that overwrites (beta 0) an
/// f32 temporary `out` whose only other user is a rounding of it to the
/// inputs' type (what a bf16/f16 dot_general lowers to: accumulate in f32,
/// round once), the rounding op: cuBLAS then writes the rounded result
/// itself (same numerics: f32 accumulation, one rounding), saving a kernel
/// and a pass over the output. Null when that would change the program:
/// `out` used elsewhere, or an op between the two touching the operands.
linalg::GenericOp roundingConsumer(linalg::LinalgOp op, Value out,
                                   Type inType) {
  if (!(inType.isBF16() || inType.isF16()))
    return {};
  linalg::GenericOp round = soleConsumer(op, out);
  if (!round || !isRounding(round) || round.getDpsInputs()[0] != out)
    return {};
  Value dst = round.getDpsInits()[0];
  auto dt = dyn_cast<MemRefType>(dst.getType());
  if (!dt || dt.getElementType() != inType || !dt.getLayout().isIdentity())
    return {};
  // The GEMM writes dst: it may not be A or B (bufferization may reuse a
  // dead operand's buffer for the rounding's output).
  if (viewRoot(dst) == viewRoot(op.getDpsInputs()[0]) ||
      viewRoot(dst) == viewRoot(op.getDpsInputs()[1]))
    return {};
  // The GEMM moves down to the rounding op.
  if (!mayMoveDown(
          op, round,
          {viewRoot(op.getDpsInputs()[0]), viewRoot(op.getDpsInputs()[1])},
          {viewRoot(dst)}))
    return {};
  return round;
}

/// A bias (and ReLU) epilogue of a GEMM or a convolution: the consumer it
/// replaces, the bias buffer and where the result goes.
struct Epilogue {
  linalg::GenericOp op;
  gpu::GemmEpilogue kind = gpu::GemmEpilogue::None;
  Value bias, dst;
  /// ReluBias from arith.maximumf (NaN kept, TF's Relu), not
  /// arith.maxnumf (NaN -> 0).
  bool reluKeepsNaN = false;
  /// `dst` is also an operand of the library call: it must write a new
  /// buffer (redirectEpilogue).
  bool redirect = false;
};

/// When the epilogue's destination is one of the library call's operands,
/// a new allocation for the call to write before `at` (the call's place);
/// the users of the old buffer after the epilogue read the new one.
/// Returns the buffer the call writes.
Value redirectEpilogue(OpBuilder &b, Epilogue &ep) {
  if (!ep.redirect)
    return ep.dst;
  Value fresh = memref::AllocOp::create(b, ep.op.getLoc(),
                                        cast<MemRefType>(ep.dst.getType()));
  Block *block = ep.op->getBlock();
  ep.dst.replaceUsesWithIf(fresh, [&](OpOperand &use) {
    Operation *user = block->findAncestorOpInBlock(*use.getOwner());
    return user && ep.op->isBeforeInBlock(user);
  });
  return fresh;
}

/// For a GEMM of batch 1 or a convolution `op` that overwrites (not
/// `accumulate`) an f32 temporary `out` [..., n] whose only other user is
/// `y = out + bias[n]` or `y = max(out + bias, 0)` (TF's MatMul or Conv2D +
/// BiasAdd (+ Relu) after fusion: a linalg.generic, identity maps but the
/// bias's, which reads the last dim), that generic: cuBLASLt's BIAS /
/// RELU_BIAS epilogue, or cuDNN's fused bias and activation, computes y in
/// the library call (as XLA:GPU fuses them), saving a kernel and a pass
/// over y. The call moves down to the generic: nothing in between may write
/// what it reads, `op`'s inputs and `alsoReads` (the unpadded input that a
/// convolution reads instead of its padded one).
std::optional<Epilogue> biasEpilogue(linalg::LinalgOp op, Value out, int64_t n,
                                     bool accumulate, Value alsoReads = {}) {
  if (accumulate || !cast<MemRefType>(out.getType()).getElementType().isF32())
    return std::nullopt;
  Epilogue ep;
  bool returned = false;
  linalg::GenericOp e = soleConsumer(op, out, &returned);
  if (!e || e.getNumDpsInits() != 1 || e.getNumReductionLoops() != 0)
    return std::nullopt;
  // Returned is fine only when the epilogue writes `out` in place.
  if (returned && e.getDpsInits()[0] != out)
    return std::nullopt;
  auto ot = cast<MemRefType>(out.getType());
  unsigned rank = ot.getRank();
  if (rank == 0 || ot.getShape().back() != n)
    return std::nullopt;
  SmallVector<AffineMap> maps = e.getIndexingMapsArray();
  // The product is read as an input (ins(c, bias) or ins(bias, c)), or in
  // place through the output (ins(bias) outs(c), after bufferization
  // reused its buffer); `outIdx` is its operand and block argument.
  int outIdx, biasIdx;
  if (e.getNumDpsInputs() == 2) {
    outIdx = e.getDpsInputs()[0] == out ? 0 : 1;
    biasIdx = 1 - outIdx;
    if (e.getDpsInputs()[outIdx] != out)
      return std::nullopt;
  } else if (e.getNumDpsInputs() == 1 && e.getDpsInits()[0] == out) {
    outIdx = 1;
    biasIdx = 0;
  } else {
    return std::nullopt;
  }
  if (!maps[outIdx].isIdentity() || !maps.back().isIdentity())
    return std::nullopt;
  Value bias = e->getOperand(biasIdx);
  auto bt = dyn_cast<MemRefType>(bias.getType());
  AffineMap lastDim = AffineMap::get(
      rank, 0, getAffineDimExpr(rank - 1, e.getContext()), e.getContext());
  if (!bt || bt.getRank() != 1 || bt.getShape()[0] != n ||
      !bt.getElementType().isF32() || !bt.getLayout().isIdentity() ||
      maps[biasIdx] != lastDim)
    return std::nullopt;
  Value dst = e.getDpsInits()[0];
  auto dt = dyn_cast<MemRefType>(dst.getType());
  if (!dt || dt.getShape() != ot.getShape() || !dt.getElementType().isF32() ||
      !dt.getLayout().isIdentity())
    return std::nullopt;
  // The body: yield (c + b) or yield max(c + b, 0), either operand order.
  Block &body = e.getRegion().front();
  if (body.getOperations().size() > 4)
    return std::nullopt;
  Value c = body.getArgument(outIdx), b = body.getArgument(biasIdx);
  Value y = cast<linalg::YieldOp>(body.getTerminator()).getOperand(0);
  ep.kind = gpu::GemmEpilogue::Bias;
  if (isa_and_nonnull<arith::MaximumFOp, arith::MaxNumFOp>(y.getDefiningOp())) {
    Operation *max = y.getDefiningOp();
    Value l = max->getOperand(0), r = max->getOperand(1);
    if (matchPattern(r, m_AnyZeroFloat()))
      y = l;
    else if (matchPattern(l, m_AnyZeroFloat()))
      y = r;
    else
      return std::nullopt;
    ep.kind = gpu::GemmEpilogue::ReluBias;
    ep.reluKeepsNaN = isa<arith::MaximumFOp>(max);
  }
  auto add = y.getDefiningOp<arith::AddFOp>();
  if (!add || !((add.getLhs() == c && add.getRhs() == b) ||
                (add.getLhs() == b && add.getRhs() == c)))
    return std::nullopt;
  SmallVector<Value> reads = {viewRoot(op.getDpsInputs()[0]),
                              viewRoot(op.getDpsInputs()[1]), viewRoot(bias)};
  if (alsoReads)
    reads.push_back(viewRoot(alsoReads));
  // The library call writes dst while it reads its operands: dst may not be
  // one of them. Bufferization may give the epilogue a dead operand's
  // buffer (an MLP layer's input); when that is a whole allocation, the
  // call writes a new one instead, which the later users read
  // (redirectEpilogue).
  if (llvm::is_contained(reads, viewRoot(dst))) {
    if (!dst.getDefiningOp<memref::AllocOp>())
      return std::nullopt;
    ep.redirect = true;
  }
  if (!mayMoveDown(op, e, reads, {viewRoot(dst)}))
    return std::nullopt;
  ep.op = e;
  ep.bias = bias;
  ep.dst = dst;
  return ep;
}

/// The private declaration of the GEMM entry for these element types, e.g.
/// `func.func private @tfmlir_gpu_gemm_bf16_f32(memref<*xbf16>,
/// memref<*xbf16>, memref<*xf32>)`; with `bias`, a fourth operand (the
/// epilogue's f32 bias) and the suffix `_bias`.
func::FuncOp gemmDeclaration(ModuleOp module, Type in, Type out, bool bias) {
  std::string name;
  llvm::raw_string_ostream os(name);
  os << "tfmlir_gpu_gemm_" << in << "_" << out << (bias ? "_bias" : "");
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToStart(module.getBody());
  auto ui = UnrankedMemRefType::get(in, 0),
       uo = UnrankedMemRefType::get(out, 0);
  SmallVector<Type> params = {ui, ui, uo};
  if (bias)
    params.push_back(UnrankedMemRefType::get(b.getF32Type(), 0));
  auto f = func::FuncOp::create(b, module.getLoc(), name,
                                b.getFunctionType(params, {}));
  f.setPrivate();
  return f;
}

/// A convolution cuDNN takes (linalg.conv_2d_nhwc_hwcf or
/// linalg.depthwise_conv_2d_nhwc_hwc on whole f32 buffers with static
/// shapes; not the 1x1 unit-stride ones, which are GEMMs): its sizes, with
/// no padding yet (the input is already padded).
std::optional<gpu::ConvCall> matchConv(linalg::LinalgOp op, bool &depthwise) {
  depthwise = isa<linalg::DepthwiseConv2DNhwcHwcOp>(op.getOperation());
  if (!depthwise && !isa<linalg::Conv2DNhwcHwcfOp>(op.getOperation()))
    return std::nullopt;
  std::optional<std::array<MemRefType, 3>> types =
      wholeBuffers(op, /*f32=*/true);
  if (!types)
    return std::nullopt;
  auto [ti, tf, to] = *types;
  auto attrs = [&](StringRef name) -> SmallVector<int64_t> {
    auto a = op->getAttrOfType<DenseIntElementsAttr>(name);
    if (!a)
      return {1, 1};
    return llvm::to_vector(a.getValues<int64_t>());
  };
  SmallVector<int64_t> strides = attrs("strides"), dil = attrs("dilations");
  if (strides.size() != 2 || dil.size() != 2)
    return std::nullopt;
  ArrayRef<int64_t> in = ti.getShape(), f = tf.getShape(), o = to.getShape();
  gpu::ConvCall c;
  c.n = in[0];
  c.h = in[1];
  c.w = in[2];
  c.c = in[3];
  c.kh = f[0];
  c.kw = f[1];
  c.k = o[3];
  c.outH = o[1];
  c.outW = o[2];
  c.strideH = strides[0];
  c.strideW = strides[1];
  c.dilH = dil[0];
  c.dilW = dil[1];
  c.groups = depthwise ? c.c : 1;
  if (o[0] != c.n ||
      (depthwise ? (f[2] != c.c || c.k != c.c) : (f[2] != c.c || f[3] != c.k)))
    return std::nullopt;
  if ((c.h - (c.dilH * (c.kh - 1) + 1)) / c.strideH + 1 != c.outH ||
      (c.w - (c.dilW * (c.kw - 1) + 1)) / c.strideW + 1 != c.outW)
    return std::nullopt;
  constexpr int64_t kMaxInt = 0x7fffffff;
  for (int64_t v : {c.n, c.h, c.w, c.c, c.k})
    if (v > kMaxInt)
      return std::nullopt;
  return c;
}

/// The ops that make the conv's padded input, when cuDNN can pad instead:
/// `alloc` zero-filled by `fill`, the unpadded `x` copied into its interior
/// (`copy` into `view`, a subview at [0, padH, padW, 0]), the same padding
/// on both sides of each spatial dim, nothing but convolutions else using
/// the buffer (CSE shares one padded input among the convolutions of the
/// same input) and nothing writing `x` between the copy and the conv. x and
/// the padding go into `c`.
struct FoldedPadding {
  Value x;
  /// Erased, in order, once no convolution reads the padded buffer.
  SmallVector<Operation *> dead;
  Operation *alloc;
};
std::optional<FoldedPadding> foldPadding(linalg::LinalgOp conv,
                                         gpu::ConvCall &c) {
  Value input = conv.getDpsInputs()[0];
  auto alloc = input.getDefiningOp<memref::AllocOp>();
  if (!alloc)
    return std::nullopt;
  linalg::FillOp fill;
  linalg::CopyOp copy;
  memref::SubViewOp view;
  SmallVector<Operation *> others;
  for (Operation *user : alloc->getUsers()) {
    if (isa<linalg::Conv2DNhwcHwcfOp, linalg::DepthwiseConv2DNhwcHwcOp>(user) &&
        user->getOperand(0) == input) {
      continue; // this or another convolution of the padded input
    }
    if (isa<memref::DeallocOp>(user)) {
      others.push_back(user);
    } else if (auto f = dyn_cast<linalg::FillOp>(user); f && !fill) {
      fill = f;
    } else if (auto sv = dyn_cast<memref::SubViewOp>(user); sv && !view) {
      view = sv;
    } else {
      return std::nullopt;
    }
  }
  if (!fill || !view || fill.getOutputs()[0] != input ||
      !matchPattern(fill.getInputs()[0], m_AnyZeroFloat()))
    return std::nullopt;
  llvm::SetVector<Operation *> selfCopies;
  for (Operation *user : view->getUsers()) {
    if (auto cp = dyn_cast<linalg::CopyOp>(user);
        cp && !copy && cp.getOutputs()[0] == view.getResult()) {
      copy = cp;
    } else if (auto mc = dyn_cast<memref::CopyOp>(user);
               mc && mc.getSource() == mc.getTarget()) {
      selfCopies.insert(mc); // a no-op left by bufferization
    } else {
      return std::nullopt;
    }
  }
  if (!copy || !fill->isBeforeInBlock(copy) ||
      copy->getBlock() != conv->getBlock() ||
      !copy->isBeforeInBlock(conv.getOperation()))
    return std::nullopt;
  Value x = copy.getInputs()[0];
  auto xt = dyn_cast<MemRefType>(x.getType());
  auto pt = cast<MemRefType>(input.getType());
  if (!xt || !xt.hasStaticShape() || !xt.getLayout().isIdentity() ||
      !view.hasUnitStride() || view.getType().getShape() != xt.getShape())
    return std::nullopt;
  ArrayRef<int64_t> offsets = view.getStaticOffsets();
  if (offsets.size() != 4 || ShapedType::isDynamic(offsets[1]) ||
      ShapedType::isDynamic(offsets[2]) || offsets[0] != 0 || offsets[3] != 0)
    return std::nullopt;
  ArrayRef<int64_t> xs = xt.getShape(), ps = pt.getShape();
  int64_t padH = offsets[1], padW = offsets[2];
  if (xs[0] != ps[0] || xs[3] != ps[3] || ps[1] - xs[1] - padH != padH ||
      ps[2] - xs[2] - padW != padW)
    return std::nullopt;
  // x must hold the same values at the conv as at the copy.
  Value xRoot = viewRoot(x);
  for (Operation *p = copy->getNextNode(); p != conv.getOperation();
       p = p->getNextNode()) {
    bool writesX = false;
    if (!forEachAccess(p,
                       [&](Value r, Value, bool write) {
                         writesX |= write && r == xRoot;
                       }) ||
        writesX)
      return std::nullopt;
  }
  c.h = xs[1];
  c.w = xs[2];
  c.padH = padH;
  c.padW = padW;
  FoldedPadding folded;
  folded.x = x;
  folded.dead.push_back(copy);
  llvm::append_range(folded.dead, selfCopies);
  folded.dead.push_back(view);
  folded.dead.push_back(fill);
  llvm::append_range(folded.dead, others);
  folded.dead.push_back(alloc);
  folded.alloc = alloc;
  return folded;
}

/// The filter of `conv` in cuDNN's KRSC layout: [k, kh, kw, c / groups]
/// from linalg's HWCF [kh, kw, c, k], or [c, kh, kw, 1] from the depthwise
/// HWC [kh, kw, c]. A constant filter (a memref.get_global, possibly
/// reshaped) is transposed now, into a new global; any other is transposed
/// on the device by a linalg.transpose into a new buffer (a kernel).
Value krscFilter(OpBuilder &b, ModuleOp module, linalg::LinalgOp conv,
                 bool depthwise) {
  Location loc = conv.getLoc();
  Value f = conv.getDpsInputs()[1];
  auto ft = cast<MemRefType>(f.getType());
  ArrayRef<int64_t> s = ft.getShape();
  SmallVector<int64_t> perm = depthwise ? SmallVector<int64_t>{2, 0, 1}
                                        : SmallVector<int64_t>{3, 0, 1, 2};
  SmallVector<int64_t> tshape;
  for (int64_t p : perm)
    tshape.push_back(s[p]);
  SmallVector<int64_t> krsc = tshape;
  if (depthwise)
    krsc.push_back(1);
  Type et = ft.getElementType();
  // A constant: transpose its values.
  Value root = viewRoot(f);
  if (auto get = root.getDefiningOp<memref::GetGlobalOp>()) {
    auto global = SymbolTable::lookupNearestSymbolFrom<memref::GlobalOp>(
        get, get.getNameAttr());
    auto init =
        global
            ? dyn_cast_or_null<DenseElementsAttr>(global.getInitialValueAttr())
            : DenseElementsAttr();
    if (global && global.getConstant() && init &&
        init.getNumElements() == ft.getNumElements() &&
        init.getElementType().isF32()) {
      // The global's elements in row-major order are f's (reshapes keep
      // the order).
      SmallVector<float> src = llvm::to_vector(init.getValues<float>());
      SmallVector<float> dst(src.size());
      SmallVector<int64_t> sstr(s.size(), 1);
      for (int i = static_cast<int>(s.size()) - 2; i >= 0; --i)
        sstr[i] = sstr[i + 1] * s[i + 1];
      SmallVector<int64_t> idx(tshape.size(), 0);
      for (size_t lin = 0; lin < dst.size(); ++lin) {
        int64_t off = 0;
        for (size_t d = 0; d < tshape.size(); ++d)
          off += idx[d] * sstr[perm[d]];
        dst[lin] = src[off];
        for (int d = static_cast<int>(tshape.size()) - 1; d >= 0; --d) {
          if (++idx[d] < tshape[d])
            break;
          idx[d] = 0;
        }
      }
      auto type = MemRefType::get(krsc, et);
      auto value = DenseElementsAttr::get(RankedTensorType::get(krsc, et),
                                          ArrayRef<float>(dst));
      OpBuilder mb(module.getBodyRegion());
      mb.setInsertionPoint(global);
      auto g = memref::GlobalOp::create(
          mb, global.getLoc(), (global.getSymName() + "_krsc").str(),
          mb.getStringAttr("private"), type, value, /*constant=*/true,
          global.getAlignmentAttr());
      SymbolTable(module).insert(g); // renames on a clash
      return memref::GetGlobalOp::create(b, loc, type, g.getSymName());
    }
  }
  Value t = memref::AllocOp::create(b, loc, MemRefType::get(tshape, et));
  linalg::TransposeOp::create(b, loc, f, t, perm);
  if (!depthwise)
    return t;
  return memref::ExpandShapeOp::create(
      b, loc, krsc, t, SmallVector<ReassociationIndices>{{0}, {1}, {2, 3}});
}

/// Erases `folded`, the consumer a library call took over (a rounding or an
/// epilogue), and the f32 temporary `out` it read, unless something still
/// uses it (the epilogue wrote into it in place).
void eraseFolded(Operation *folded, Value out) {
  folded->erase();
  Operation *alloc = out.getDefiningOp();
  bool onlyDeallocs = llvm::all_of(
      out.getUsers(), [](Operation *u) { return isa<memref::DeallocOp>(u); });
  if (alloc && onlyDeallocs) {
    for (Operation *user : llvm::make_early_inc_range(out.getUsers()))
      user->erase();
    alloc->erase();
  }
}

/// The private declaration `func.func private @tfmlir_gpu_conv_f32(x, f,
/// y)` of unranked f32 memrefs (`..._bias(x, f, y, bias)` with `bias`).
func::FuncOp convDeclaration(ModuleOp module, bool bias) {
  std::string name = bias ? "tfmlir_gpu_conv_f32_bias" : "tfmlir_gpu_conv_f32";
  if (auto f = module.lookupSymbol<func::FuncOp>(name))
    return f;
  OpBuilder b(module.getBodyRegion());
  b.setInsertionPointToStart(module.getBody());
  auto u = UnrankedMemRefType::get(b.getF32Type(), 0);
  SmallVector<Type> params(bias ? 4 : 3, u);
  auto f = func::FuncOp::create(b, module.getLoc(), name,
                                b.getFunctionType(params, {}));
  f.setPrivate();
  return f;
}

/// The library call on unranked casts of `operands` (then the epilogue's
/// bias), marked with the dictionary `attrName`: `attrs` (i64 sizes by
/// name), `accumulate` and, with an epilogue, its kind ("bias" /
/// "relu_bias").
func::CallOp createLibraryCall(OpBuilder &b, Location loc, func::FuncOp decl,
                               SmallVector<Value> operands,
                               const std::optional<Epilogue> &epilogue,
                               bool accumulate, StringRef attrName,
                               ArrayRef<std::pair<StringRef, int64_t>> sizes,
                               SmallVector<NamedAttribute> attrs = {}) {
  if (epilogue)
    operands.push_back(epilogue->bias);
  SmallVector<Value> args;
  for (Value v : operands)
    args.push_back(memref::CastOp::create(
        b, loc,
        UnrankedMemRefType::get(cast<MemRefType>(v.getType()).getElementType(),
                                0),
        v));
  auto call = func::CallOp::create(b, loc, decl, args);
  for (auto [name, v] : sizes)
    attrs.push_back(b.getNamedAttr(name, b.getI64IntegerAttr(v)));
  attrs.push_back(b.getNamedAttr("accumulate", b.getBoolAttr(accumulate)));
  if (epilogue)
    attrs.push_back(b.getNamedAttr(
        "epilogue", b.getStringAttr(epilogue->kind == gpu::GemmEpilogue::Bias
                                        ? "bias"
                                        : "relu_bias")));
  call->setAttr(attrName, b.getDictionaryAttr(attrs));
  return call;
}

/// Replaces `op` by a cuDNN convolution call (see kGpuConvAttrName).
void rewriteConv(ModuleOp module, linalg::LinalgOp op, gpu::ConvCall c,
                 bool depthwise) {
  OpBuilder b(op);
  Location loc = op.getLoc();
  Value out = op.getDpsInits()[0];
  SmallVector<Operation *> erasable;
  c.accumulate = !holdsZerosAt(op, out, erasable);
  for (Operation *e : erasable)
    e->erase();
  std::optional<FoldedPadding> folded = foldPadding(op, c);
  Value x = folded ? folded->x : op.getDpsInputs()[0];
  Value filter = krscFilter(b, module, op, depthwise);
  // A BiasAdd (+ Relu) that follows: cuDNN's fused bias and activation,
  // where the consumer was.
  std::optional<Epilogue> epilogue =
      biasEpilogue(op, out, c.k, c.accumulate, folded ? x : Value());
  // cuDNN's ReLU here propagates NaN: only TF's Relu (arith.maximumf).
  if (epilogue && epilogue->kind == gpu::GemmEpilogue::ReluBias &&
      !epilogue->reluKeepsNaN)
    epilogue.reset();
  Value y = out;
  if (epilogue) {
    b.setInsertionPoint(epilogue->op);
    y = redirectEpilogue(b, *epilogue);
    c.epilogue = epilogue->kind;
  }
  createLibraryCall(b, loc, convDeclaration(module, epilogue.has_value()),
                    {x, filter, y}, epilogue, c.accumulate, kGpuConvAttrName,
                    {{"n", c.n},
                     {"h", c.h},
                     {"w", c.w},
                     {"c", c.c},
                     {"k", c.k},
                     {"kh", c.kh},
                     {"kw", c.kw},
                     {"out_h", c.outH},
                     {"out_w", c.outW},
                     {"stride_h", c.strideH},
                     {"stride_w", c.strideW},
                     {"dil_h", c.dilH},
                     {"dil_w", c.dilW},
                     {"pad_h", c.padH},
                     {"pad_w", c.padW},
                     {"groups", c.groups}});
  // A depthwise filter reshaped from HWC1 is dead once transposed.
  Value oldFilter = op.getDpsInputs()[1];
  op->erase();
  if (epilogue)
    eraseFolded(epilogue->op, out);
  // The padding ops go with the last convolution that read them.
  if (folded && llvm::all_of(folded->alloc->getUsers(), [&](Operation *u) {
        return llvm::is_contained(folded->dead, u);
      }))
    for (Operation *d : folded->dead)
      d->erase();
  if (auto collapse = oldFilter.getDefiningOp<memref::CollapseShapeOp>())
    if (collapse->use_empty()) {
      oldFilter = collapse.getSrc();
      collapse->erase();
    }
  if (auto get = oldFilter.getDefiningOp<memref::GetGlobalOp>())
    if (get->use_empty())
      get->erase();
}

struct GpuLibraryCallsPass
    : public impl::GpuLibraryCallsBase<GpuLibraryCallsPass> {
  using Base::Base;

  void runOnOperation() override {
    ModuleOp module = getOperation();
    SmallVector<std::pair<linalg::LinalgOp, gpu::GemmCall>> found;
    SmallVector<std::tuple<linalg::LinalgOp, gpu::ConvCall, bool>> convs;
    module.walk([&](linalg::LinalgOp op) {
      // Only ops of a host function: its body, or the regions of host
      // control flow (a while body's MatMul, as in an RNN), not inside
      // loops that become kernels.
      for (Operation *p = op->getParentOp(); !isa_and_nonnull<func::FuncOp>(p);
           p = p->getParentOp())
        if (!p || !isGpuHostControlFlow(p))
          return;
      std::optional<gpu::GemmCall> g;
      if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation()))
        g = matchGemm(generic);
      else if (auto conv =
                   dyn_cast<linalg::Conv2DNhwcHwcfOp>(op.getOperation()))
        g = matchPointwiseConv(conv);
      if (g) {
        found.push_back({op, *g});
        return;
      }
      // Other convolutions: cuDNN, as XLA:GPU.
      bool depthwise = false;
      if (std::optional<gpu::ConvCall> c = matchConv(op, depthwise))
        convs.push_back({op, *c, depthwise});
    });
    for (auto &[op, c, depthwise] : convs)
      rewriteConv(module, op, c, depthwise);
    for (auto &[op, g] : found) {
      OpBuilder b(op);
      Location loc = op.getLoc();
      Value out = op.getDpsInits()[0];
      SmallVector<Operation *> erasable;
      g.accumulate = !holdsZerosAt(op, out, erasable);
      for (Operation *e : erasable)
        e->erase();
      Type in =
          cast<MemRefType>(op.getDpsInputs()[0].getType()).getElementType();
      // A rounding of the f32 result to bf16/f16 that follows: cuBLAS
      // writes the rounded values itself, where the rounding was. A bias
      // (+ ReLU) that follows: cuBLASLt's epilogue, where it was.
      linalg::GenericOp round;
      std::optional<Epilogue> epilogue;
      if (!g.accumulate)
        round = roundingConsumer(op, out, in);
      if (!round && g.batch == 1 && g.outType == gpu::DType::F32)
        epilogue = biasEpilogue(op, out, g.n, g.accumulate);
      Value gemmOut = out;
      linalg::GenericOp replaced;
      if (round) {
        replaced = round;
        gemmOut = round.getDpsInits()[0];
        g.outType = g.inType;
      } else if (epilogue) {
        replaced = epilogue->op;
        g.epilogue = epilogue->kind;
      }
      if (replaced)
        b.setInsertionPoint(replaced);
      if (epilogue)
        gemmOut = redirectEpilogue(b, *epilogue);
      Type ot = cast<MemRefType>(gemmOut.getType()).getElementType();
      func::FuncOp decl = gemmDeclaration(module, in, ot, epilogue.has_value());
      createLibraryCall(
          b, loc, decl, {op.getDpsInputs()[0], op.getDpsInputs()[1], gemmOut},
          epilogue, g.accumulate, kGpuGemmAttrName,
          {{"batch", g.batch}, {"m", g.m}, {"n", g.n}, {"k", g.k}},
          {b.getNamedAttr("trans_a", b.getBoolAttr(g.transA)),
           b.getNamedAttr("trans_b", b.getBoolAttr(g.transB))});
      op->erase();
      if (replaced)
        eraseFolded(replaced, out);
    }
  }
};

} // namespace
} // namespace tfmlir
