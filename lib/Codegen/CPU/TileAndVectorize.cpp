//===- TileAndVectorize.cpp - CPU tiling and vectorization of linalg ------===//
//
// The CPU performance passes of hlo-to-llvm-pipeline (lib/Codegen/CPU/
// Pipeline.cpp), built from upstream MLIR transformations:
//  - hlo-cpu-tile (on tensors): tiles every static-shaped linalg op that
//    the upstream vectorizer accepts into register-sized tiles with
//    scf::tileUsingSCF (scf.for loops carrying the destination tensor) and
//    peels each loop (scf::peelForLoopAndSimplifyBounds), including the
//    loops inside a remainder, so that every tile has a static shape. With
//    cache-level=true, only contractions are tiled, into blocks of 512
//    (f32) along their innermost n dim and 512 along their innermost
//    reduction dim (the register tiling then runs on the blocks);
//  - hlo-cpu-vectorize (on tensors): decomposes tiled 2-D convolutions to
//    1-D ones (linalg's DecomposeConvolution patterns) and vectorizes every
//    static-shaped linalg op whose iteration space is at most one tile with
//    linalg::vectorize (mul-add contractions as linalg.contract, so they
//    become vector.contract);
//  - hlo-cpu-hoist-vector-transfers (on buffers): keeps a tile's
//    accumulator in registers across its reduction loop.
// The tile shapes are chosen for a 512-bit vector unit (AVX-512): a
// contraction gets an 8 x (2 vectors) register tile over its innermost m and
// n dims and step 1 over its reduction dims (vector.contract then lowers to
// 8 FMAs on 2 vectors per reduction step); other ops get 2 vectors along
// their innermost loop and 1 elsewhere; convolutions an 8-wide output row
// by 2 vectors of output features (depthwise: 1 vector of channels).
// Not tiled or vectorized: ops whose body calls a math function without a
// vector instruction (tanh, exp, ...: per-lane libm calls gain nothing and
// multiply the code), ops on i1 tensors (bytes in memory, packed bits in an
// LLVM vector load/store), and ops the vectorizer does not support
// (non-projected-permutation maps, tensor.extract bodies); they become
// scalar loops later.
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Passes.h"

#include "mlir/Dialect/Linalg/IR/LinalgInterfaces.h"
#include "mlir/Dialect/Linalg/Transforms/Hoisting.h"
#include "mlir/Dialect/Linalg/Transforms/Transforms.h"
#include "mlir/Dialect/Math/IR/Math.h"
#include "mlir/Dialect/MemRef/IR/MemRef.h"
#include "mlir/Dialect/SCF/IR/SCF.h"
#include "mlir/Dialect/SCF/Transforms/TileUsingInterface.h"
#include "mlir/Dialect/SCF/Transforms/Transforms.h"
#include "mlir/Dialect/Tensor/Transforms/Transforms.h"
#include "mlir/Dialect/Vector/IR/VectorOps.h"
#include "mlir/IR/PatternMatch.h"
#include "mlir/Interfaces/TilingInterface.h"
#include "mlir/Transforms/GreedyPatternRewriteDriver.h"

namespace tfmlir {
#define GEN_PASS_DEF_CPUTILE
#define GEN_PASS_DEF_CPUHOISTVECTORTRANSFERS
#define GEN_PASS_DEF_CPUVECTORIZE
#include "lib/Codegen/CPU/Passes.h.inc"
} // namespace tfmlir

using namespace mlir;

namespace tfmlir {
namespace {

constexpr int64_t kVectorBits = 512;
/// Rows of a contraction's register tile.
constexpr int64_t kRowTile = 8;
/// The largest iteration space (elements) hlo-cpu-vectorize turns into
/// vectors: bounds the vector sizes of ops that were never tiled.
constexpr int64_t kMaxVectorizedElements = 1 << 14;

/// The widest element type (bits) among the op's operands; i1 counts as 8.
int64_t widestElementBits(linalg::LinalgOp op) {
  int64_t bits = 8;
  for (Value v : op->getOperands()) {
    Type t = getElementTypeOrSelf(v.getType());
    if (t.isIntOrFloat())
      bits = std::max<int64_t>(bits, t.getIntOrFloatBitWidth());
  }
  return bits;
}

/// The tile size per loop of `op` (the loop's full range means untiled), or
/// an empty vector when `op` is not tiled (dynamic shapes, no loops).
SmallVector<int64_t> chooseTileSizes(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ranges.empty() || llvm::any_of(ranges, ShapedType::isDynamic))
    return {};
  int64_t vw = std::max<int64_t>(1, kVectorBits / widestElementBits(op));
  SmallVector<int64_t> t(ranges.size(), 1);
  Operation *o = op.getOperation();
  if (isa<linalg::Conv2DNhwcHwcfOp>(o)) {
    // (n, oh, ow, f, kh, kw, c): one output row segment of 8 x 2 vectors of
    // features; kw whole (the 1-D convolution vectorizer unrolls it).
    t[2] = kRowTile;
    t[3] = 2 * vw;
    t[5] = ranges[5];
  } else if (isa<linalg::DepthwiseConv2DNhwcHwcOp>(o)) {
    // (n, oh, ow, c, kh, kw).
    t[2] = kRowTile;
    t[3] = vw;
    t[5] = ranges[5];
  } else if (isa<linalg::Conv1DNwcWcfOp, linalg::DepthwiseConv1DNwcWcOp>(o)) {
    return SmallVector<int64_t>(ranges);
  } else if (linalg::isaContractionOpInterface(op)) {
    FailureOr<linalg::ContractionDimensions> dims =
        linalg::inferContractionDims(op);
    if (failed(dims) || dims->m.empty() || dims->n.empty())
      return {};
    t[dims->m.back()] = kRowTile;
    t[dims->n.back()] = 2 * vw;
  } else {
    t.back() = 2 * vw;
  }
  for (auto [size, range] : llvm::zip(t, ranges))
    size = std::min(size, range);
  return t;
}

/// Cache-level tile sizes of a contraction (0: untiled): its innermost n
/// dim in blocks of 512 f32 (2 KiB rows) and its innermost k dim in blocks
/// of 512, so that a 512 x 512 f32 block of B (1 MiB) stays in L2 while all
/// rows of A stream through it; empty when `op` is not a contraction or
/// fits one block. (Measured on the shared 2-core machine: no clear gain at
/// 1024^3, and a 256-deep k block made 512^3 slower.)
SmallVector<int64_t> chooseCacheTileSizes(linalg::LinalgOp op) {
  SmallVector<int64_t> ranges = op.getStaticLoopRanges();
  if (ranges.empty() || llvm::any_of(ranges, ShapedType::isDynamic) ||
      isa<linalg::ConvolutionOpInterface>(op.getOperation()) ||
      !linalg::isaContractionOpInterface(op))
    return {};
  FailureOr<linalg::ContractionDimensions> dims =
      linalg::inferContractionDims(op);
  if (failed(dims) || dims->n.empty() || dims->k.empty())
    return {};
  int64_t bits = widestElementBits(op);
  SmallVector<int64_t> t(ranges.size(), 0);
  unsigned n = dims->n.back(), k = dims->k.back();
  int64_t nc = 512 * 32 / bits, kc = 512;
  if (ranges[n] > nc)
    t[n] = nc;
  if (ranges[k] > kc)
    t[k] = kc;
  if (llvm::all_of(t, [](int64_t x) { return x == 0; }))
    return {};
  return t;
}

/// Whether the body of `op` calls a math function that has no vector
/// instruction (tanh, exp, log, sin, erf, ...): LLVM and convert-math-to-libm
/// would unroll a vector of it into one libm call per lane, which gains no
/// speed and multiplies the code (and compile time). Such ops stay scalar
/// loops.
bool callsScalarMathFunction(linalg::LinalgOp op) {
  bool found = false;
  op->walk([&](Operation *inner) {
    if (inner->getDialect() && inner->getDialect()->getNamespace() == "math" &&
        !isa<math::SqrtOp, math::RsqrtOp, math::AbsFOp, math::AbsIOp,
             math::FmaOp, math::FloorOp, math::CeilOp, math::RoundOp,
             math::RoundEvenOp, math::TruncOp, math::CopySignOp,
             math::CountLeadingZerosOp, math::CountTrailingZerosOp,
             math::CtPopOp, math::IsNaNOp, math::IsInfOp, math::IsFiniteOp>(
            inner))
      found = true;
  });
  return found;
}

/// Whether `op` reads or writes a tensor of i1. A memref of i1 holds one
/// byte per element, but LLVM loads and stores a vector of i1 as packed
/// bits, so such ops stay scalar.
bool touchesI1Tensor(linalg::LinalgOp op) {
  return llvm::any_of(op->getOperandTypes(), [](Type t) {
    auto st = dyn_cast<ShapedType>(t);
    return st && st.getElementType().isInteger(1);
  });
}

int64_t product(ArrayRef<int64_t> v) {
  int64_t p = 1;
  for (int64_t x : v)
    p *= x;
  return p;
}

struct CpuTilePass : impl::CpuTileBase<CpuTilePass> {
  using Base::Base;
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (op.hasPureTensorSemantics())
        ops.push_back(op);
    });
    IRRewriter rewriter(func.getContext());
    for (linalg::LinalgOp op : ops) {
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      SmallVector<int64_t> tiles;
      if (cacheLevel) {
        tiles = chooseCacheTileSizes(op);
        if (tiles.empty())
          continue;
        for (auto [size, range] : llvm::zip(tiles, ranges))
          if (size == 0)
            size = range;
      } else {
        tiles = chooseTileSizes(op);
        if (tiles.empty() || llvm::equal(tiles, ranges))
          continue;
      }
      // Only tile what the vectorizer will take (its precondition on the
      // whole op stands for the tiles') and is worth vectorizing.
      if (!isa<linalg::ConvolutionOpInterface>(op.getOperation()) &&
          (failed(linalg::vectorizeOpPrecondition(op)) ||
           callsScalarMathFunction(op) || touchesI1Tensor(op)))
        continue;
      SmallVector<OpFoldResult> sizes;
      for (auto [size, range] : llvm::zip(tiles, ranges))
        sizes.push_back(rewriter.getIndexAttr(size == range ? 0 : size));
      scf::SCFTilingOptions options;
      options.setTileSizes(sizes);
      options.setLoopType(scf::SCFTilingOptions::LoopType::ForOp);
      rewriter.setInsertionPoint(op);
      FailureOr<scf::SCFTilingResult> tiled = scf::tileUsingSCF(
          rewriter, cast<TilingInterface>(op.getOperation()), options);
      if (failed(tiled))
        continue;
      // Read before replaceOp erases `op` (reading it after was a
      // use-after-free, found by the TSan run of SessionThreadsTest).
      SmallVector<utils::IteratorType> iters = op.getIteratorTypesArray();
      rewriter.replaceOp(op, tiled->replacements);
      // Mark the loops over parallel dims for hlo-cpu-outline-parallel-loops
      // (loops come in the order of the tiled dims; peeling clones them
      // with the mark).
      {
        unsigned l = 0;
        for (auto [d, size] : llvm::enumerate(sizes)) {
          if (isZeroInteger(size))
            continue;
          if (l < tiled->loops.size() &&
              iters[d] == utils::IteratorType::parallel)
            tiled->loops[l]->setAttr(kParallelLoopAttr, rewriter.getUnitAttr());
          ++l;
        }
      }
      // Peel the tile loops, outermost first; a remainder iteration holds
      // copies of the inner loops, which are peeled in turn, so that every
      // tile has a static shape.
      SmallVector<scf::ForOp> worklist;
      for (LoopLikeOpInterface loop : tiled->loops)
        if (auto forOp = dyn_cast<scf::ForOp>(loop.getOperation()))
          worklist.push_back(forOp);
      for (size_t i = 0; i < worklist.size(); ++i) {
        scf::ForOp remainder;
        if (failed(scf::peelForLoopAndSimplifyBounds(rewriter, worklist[i],
                                                     remainder)))
          continue;
        remainder.getBody()->walk(
            [&](scf::ForOp inner) { worklist.push_back(inner); });
      }
    }
  }
};

/// A linalg.contract with the maps of `op` when `op` is a generic whose
/// body is exactly out + in0 * in1 (arith.mulf/addf or muli/addi) on one
/// element type other than i1, so that the vectorizer emits vector.contract
/// (which lowers to FMAs) for it; null otherwise.
linalg::ContractOp asNamedContraction(RewriterBase &rewriter,
                                      linalg::GenericOp op) {
  if (op.getNumDpsInputs() != 2 || op.getNumDpsInits() != 1 ||
      op->getNumResults() != 1)
    return {};
  Block &body = op.getRegion().front();
  if (body.getOperations().size() != 3)
    return {};
  Type et = body.getArgument(2).getType();
  if (body.getArgument(0).getType() != et ||
      body.getArgument(1).getType() != et || et.isInteger(1) ||
      !et.isIntOrFloat())
    return {};
  Operation *mul = &body.front();
  Operation *add = mul->getNextNode();
  bool isFloat = isa<FloatType>(et);
  if (isFloat ? !(isa<arith::MulFOp>(mul) && isa<arith::AddFOp>(add))
              : !(isa<arith::MulIOp>(mul) && isa<arith::AddIOp>(add)))
    return {};
  auto isArg = [&](Value v, unsigned i) { return v == body.getArgument(i); };
  bool mulOk = (isArg(mul->getOperand(0), 0) && isArg(mul->getOperand(1), 1)) ||
               (isArg(mul->getOperand(0), 1) && isArg(mul->getOperand(1), 0));
  bool addOk =
      (isArg(add->getOperand(0), 2) &&
       add->getOperand(1) == mul->getResult(0)) ||
      (isArg(add->getOperand(1), 2) && add->getOperand(0) == mul->getResult(0));
  auto yield = cast<linalg::YieldOp>(body.getTerminator());
  if (!mulOk || !addOk || yield->getOperand(0) != add->getResult(0))
    return {};
  rewriter.setInsertionPoint(op);
  auto c = linalg::ContractOp::create(rewriter, op.getLoc(),
                                      op->getResultTypes(), op.getInputs(),
                                      op.getOutputs(), op.getIndexingMaps());
  rewriter.replaceOp(op, c->getResults());
  return c;
}

struct CpuVectorizePass : impl::CpuVectorizeBase<CpuVectorizePass> {
  void runOnOperation() override {
    func::FuncOp func = getOperation();
    MLIRContext *ctx = func.getContext();
    {
      RewritePatternSet patterns(ctx);
      linalg::populateDecomposeConvolutionPatterns(patterns);
      if (failed(applyPatternsGreedily(func, std::move(patterns))))
        return signalPassFailure();
    }
    SmallVector<linalg::LinalgOp> ops;
    func.walk([&](linalg::LinalgOp op) {
      if (!op.hasPureTensorSemantics())
        return;
      SmallVector<int64_t> ranges = op.getStaticLoopRanges();
      if (ranges.empty() || llvm::any_of(ranges, ShapedType::isDynamic) ||
          product(ranges) > kMaxVectorizedElements)
        return;
      SmallVector<int64_t> tiles = chooseTileSizes(op);
      if (!llvm::equal(tiles, ranges) || callsScalarMathFunction(op) ||
          touchesI1Tensor(op))
        return;
      ops.push_back(op);
    });
    IRRewriter rewriter(ctx);
    for (linalg::LinalgOp op : ops) {
      if (auto generic = dyn_cast<linalg::GenericOp>(op.getOperation());
          generic && linalg::isaContractionOpInterface(op))
        if (linalg::ContractOp c = asNamedContraction(rewriter, generic))
          op = c;
      if (failed(linalg::vectorizeOpPrecondition(op)))
        continue;
      rewriter.setInsertionPoint(op);
      FailureOr<linalg::VectorizationResult> r = linalg::vectorize(
          rewriter, op, /*inputVectorSizes=*/{}, /*inputScalableVecDims=*/{},
          /*vectorizeNDExtract=*/false, /*flatten1DDepthwiseConv=*/false,
          /*assumeDynamicDimsMatchVecSizes=*/false,
          /*createNamedContraction=*/true);
      if (failed(r))
        continue;
      if (r->replacements.empty())
        rewriter.eraseOp(op);
      else
        rewriter.replaceOp(op, r->replacements);
    }
  }
};

struct CpuHoistVectorTransfersPass
    : impl::CpuHoistVectorTransfersBase<CpuHoistVectorTransfersPass> {
  void runOnOperation() override {
    // Bufferizing a tile written in place leaves copies of a view onto
    // itself; each would be a memrefCopy call.
    getOperation().walk([](memref::CopyOp copy) {
      if (copy.getSource() == copy.getTarget())
        copy.erase();
    });
    linalg::hoistRedundantVectorTransfers(getOperation(),
                                          /*verifyNonZeroTrip=*/true);
  }
};

} // namespace
} // namespace tfmlir
