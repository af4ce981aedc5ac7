//===- FoldBatchNorm.cpp - inference BatchNorm into constant weights
//-------===//
//
// The first step of hlo-cpu-gemm-ukernel (Passes.td, option
// fold-batch-norm): TF's FusedBatchNorm{,V2,V3} with is_training=false, as
// xla-legalize-tf writes it (lib/Conversion/TFToHLO/NN/Normalization.cpp),
//   y = (x - bc(mean)) * rsqrt(bc(variance) + epsilon) * bc(scale)
//       + bc(offset)
// after a convolution or dot_general with a constant filter (and an
// optional BiasAdd, add(x, bc(bias))), is folded into that filter and one
// bias, as TF's graph transforms (fold_batch_norms) and the TFLite
// converter do for frozen graphs:
//   s[o] = scale[o] / sqrt(variance[o] + epsilon)
//   W'[..., o] = W[..., o] * s[o]
//   b'[o] = (bias[o] - mean[o]) * s[o] + offset[o]
// computed in double and rounded to f32 once; the op is then rewritten to
//   add(conv'(x, W'), bc(b'))
// which the GEMM / convolution matching of the pass fuses as a BiasAdd.
// Results differ from the unfolded graph by rounding only (one f32
// rounding of each scaled weight instead of two multiplications per
// output).
//===----------------------------------------------------------------------===//
#include "lib/Codegen/CPU/Passes.h"

#include "dialects/hlo/HLOOps.h"

#include "mlir/IR/BuiltinAttributes.h"
#include "mlir/IR/DialectResourceBlobManager.h"
#include "llvm/ADT/DenseSet.h"
#include "llvm/ADT/SetVector.h"

#include <algorithm>

#include <cmath>
#include <cstring>
#include <optional>
#include <vector>

using namespace mlir;

namespace tfmlir {
namespace {

/// The f32 values of a constant (dense, splat or resource) of static
/// shape, or nullopt.
std::optional<std::vector<float>> constantValues(Value v) {
  auto c = v.getDefiningOp<hlo::ConstantOp>();
  if (!c)
    return std::nullopt;
  Attribute value = c.getValue();
  auto type = dyn_cast<RankedTensorType>(cast<TypedAttr>(value).getType());
  if (!type || !type.hasStaticShape() || !type.getElementType().isF32())
    return std::nullopt;
  std::vector<float> out(type.getNumElements());
  if (auto dense = dyn_cast<DenseElementsAttr>(value)) {
    if (dense.isSplat()) {
      std::fill(out.begin(), out.end(), dense.getSplatValue<float>());
      return out;
    }
    ArrayRef<char> raw = dense.getRawData();
    if (raw.size() != out.size() * 4)
      return std::nullopt;
    std::memcpy(out.data(), raw.data(), raw.size());
    return out;
  }
  if (auto res = dyn_cast<DenseResourceElementsAttr>(value)) {
    AsmResourceBlob *blob = res.getRawHandle().getBlob();
    if (!blob || blob->getData().size() != out.size() * 4)
      return std::nullopt;
    std::memcpy(out.data(), blob->getData().data(), out.size() * 4);
    return out;
  }
  return std::nullopt;
}

/// The values of v = broadcast_in_dim(c[n], dims = [rank - 1]) with c an
/// f32 constant, or nullopt.
std::optional<std::vector<float>> channelVector(Value v, int64_t rank,
                                                int64_t n) {
  auto bc = v ? v.getDefiningOp<hlo::BroadcastInDimOp>() : nullptr;
  if (!bc || bc.getBroadcastDimensions() != ArrayRef<int64_t>{rank - 1})
    return std::nullopt;
  auto t = dyn_cast<RankedTensorType>(bc.getOperand().getType());
  if (!t || t.getRank() != 1 || t.getDimSize(0) != n)
    return std::nullopt;
  return constantValues(bc.getOperand());
}

/// The single user of `v`, or null.
Operation *onlyUser(Value v) {
  return v.hasOneUse() ? *v.getUsers().begin() : nullptr;
}

/// The operand of binary `op` that is not `v` (null if both are).
Value otherOperand(Operation *op, Value v) {
  if (!op || op->getNumOperands() != 2)
    return {};
  if (op->getOperand(0) == v && op->getOperand(1) != v)
    return op->getOperand(1);
  if (op->getOperand(1) == v && op->getOperand(0) != v)
    return op->getOperand(0);
  return {};
}

/// A producer whose output channel is the last result dim and the given
/// dim of its constant filter (operand 1).
struct Producer {
  Operation *op;
  int64_t channels;
  /// Filter element i belongs to output channel
  /// (i / inner) % channels.
  int64_t inner;
};

std::optional<Producer> matchProducer(Operation *op) {
  auto resultType = dyn_cast<RankedTensorType>(op->getResult(0).getType());
  auto filterType = dyn_cast<RankedTensorType>(op->getOperand(1).getType());
  if (!resultType || !filterType || !resultType.hasStaticShape() ||
      !filterType.hasStaticShape() || !resultType.getElementType().isF32() ||
      !filterType.getElementType().isF32())
    return std::nullopt;
  int64_t rank = resultType.getRank();
  if (auto conv = dyn_cast<hlo::ConvolutionOp>(op)) {
    auto dn = conv.getDimensionNumbers();
    int64_t kRank = filterType.getRank();
    if (dn.getOutputFeatureDimension() != rank - 1 ||
        dn.getKernelOutputFeatureDimension() != kRank - 1 ||
        conv.getBatchGroupCount() != 1)
      return std::nullopt;
    return Producer{op, filterType.getDimSize(kRank - 1), 1};
  }
  if (auto dot = dyn_cast<hlo::DotGeneralOp>(op)) {
    auto dn = dot.getDotDimensionNumbers();
    if (rank != 2 || filterType.getRank() != 2 ||
        !dn.getLhsBatchingDimensions().empty() ||
        !dn.getRhsBatchingDimensions().empty() ||
        dn.getRhsContractingDimensions().size() != 1)
      return std::nullopt;
    bool transposed = dn.getRhsContractingDimensions()[0] == 1;
    int64_t n = resultType.getDimSize(1);
    return Producer{op, n, transposed ? filterType.getDimSize(1) : 1};
  }
  return std::nullopt;
}

/// Folds the inference BatchNorm after `p` (see the file comment); returns
/// true if it rewrote.
bool foldOne(const Producer &p) {
  Operation *op = p.op;
  Value cur = op->getResult(0);
  int64_t rank = cast<RankedTensorType>(cur.getType()).getRank();
  int64_t n = p.channels;
  SmallVector<Operation *> chain;
  std::vector<double> bias(n, 0.0);
  // Optional BiasAdd.
  if (auto add = dyn_cast_or_null<hlo::AddOp>(onlyUser(cur))) {
    if (auto b = channelVector(otherOperand(add, cur), rank, n)) {
      for (int64_t i = 0; i < n; ++i)
        bias[i] = (*b)[i];
      chain.push_back(add);
      cur = add.getResult();
    }
  }
  // x - bc(mean).
  auto sub = dyn_cast_or_null<hlo::SubtractOp>(onlyUser(cur));
  if (!sub || sub.getLhs() != cur)
    return false;
  auto mean = channelVector(sub.getRhs(), rank, n);
  if (!mean)
    return false;
  chain.push_back(sub);
  cur = sub.getResult();
  // * rsqrt(bc(variance) + splat(epsilon)).
  auto mulInv = dyn_cast_or_null<hlo::MultiplyOp>(onlyUser(cur));
  Value invV = otherOperand(mulInv, cur);
  auto rsqrt = invV ? invV.getDefiningOp<hlo::RsqrtOp>() : nullptr;
  auto addEps =
      rsqrt ? rsqrt.getOperand().getDefiningOp<hlo::AddOp>() : nullptr;
  if (!addEps)
    return false;
  std::optional<std::vector<float>> var, eps;
  for (int swap = 0; swap < 2 && !(var && eps); ++swap) {
    var = channelVector(addEps->getOperand(swap), rank, n);
    eps = constantValues(addEps->getOperand(1 - swap));
  }
  if (!var || !eps || eps->empty() ||
      !std::all_of(eps->begin(), eps->end(),
                   [&](float e) { return e == (*eps)[0]; }))
    return false;
  chain.push_back(mulInv);
  cur = mulInv.getResult();
  // * bc(scale).
  auto mulScale = dyn_cast_or_null<hlo::MultiplyOp>(onlyUser(cur));
  auto scale = channelVector(otherOperand(mulScale, cur), rank, n);
  if (!scale)
    return false;
  chain.push_back(mulScale);
  cur = mulScale.getResult();
  // + bc(offset).
  auto addOff = dyn_cast_or_null<hlo::AddOp>(onlyUser(cur));
  auto offset = channelVector(otherOperand(addOff, cur), rank, n);
  if (!offset)
    return false;
  chain.push_back(addOff);

  std::optional<std::vector<float>> w = constantValues(op->getOperand(1));
  if (!w)
    return false;
  std::vector<double> s(n);
  std::vector<float> newBias(n);
  for (int64_t i = 0; i < n; ++i) {
    s[i] = double((*scale)[i]) / std::sqrt(double((*var)[i]) + (*eps)[0]);
    newBias[i] =
        static_cast<float>((bias[i] - (*mean)[i]) * s[i] + (*offset)[i]);
  }
  for (size_t i = 0; i < w->size(); ++i)
    (*w)[i] = static_cast<float>((*w)[i] * s[(i / p.inner) % n]);

  OpBuilder b(addOff);
  Location loc = op->getLoc();
  auto wType = cast<RankedTensorType>(op->getOperand(1).getType());
  Value newW = hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(wType, ArrayRef<float>(*w)));
  Operation *newOp = b.clone(*op);
  newOp->setOperand(1, newW);
  auto biasType = RankedTensorType::get({n}, b.getF32Type());
  Value biasC = hlo::ConstantOp::create(
      b, loc, DenseElementsAttr::get(biasType, ArrayRef<float>(newBias)));
  auto outType = cast<RankedTensorType>(cur.getType());
  Value bc = hlo::BroadcastInDimOp::create(b, loc, outType, biasC,
                                           b.getDenseI64ArrayAttr({rank - 1}));
  Value result = hlo::AddOp::create(b, loc, newOp->getResult(0), bc);
  addOff.getResult().replaceAllUsesWith(result);
  // Erase the chain and what only it used (broadcasts, constants, the
  // rsqrt of the variance, the old filter).
  chain.insert(chain.begin(), op);
  // A chain op is also an operand's producer of the next one: the erased
  // ops are remembered so that the sweep below never touches them.
  llvm::SetVector<Operation *> maybeDead;
  llvm::DenseSet<Operation *> erased;
  for (Operation *d : llvm::reverse(chain)) {
    for (Value v : d->getOperands())
      if (Operation *def = v.getDefiningOp())
        maybeDead.insert(def);
    erased.insert(d);
    d->erase();
  }
  for (size_t i = 0; i < maybeDead.size(); ++i) {
    Operation *d = maybeDead[i];
    if (erased.contains(d) || !d->use_empty() ||
        !isa<hlo::ConstantOp, hlo::BroadcastInDimOp, hlo::ReshapeOp,
             hlo::RsqrtOp, hlo::AddOp>(d))
      continue;
    for (Value v : d->getOperands())
      if (Operation *def = v.getDefiningOp())
        maybeDead.insert(def);
    erased.insert(d);
    d->erase();
  }
  return true;
}

} // namespace

int foldBatchNormsIntoWeights(func::FuncOp func) {
  SmallVector<Producer> producers;
  func.walk([&](Operation *op) {
    if (isa<hlo::ConvolutionOp, hlo::DotGeneralOp>(op))
      if (std::optional<Producer> p = matchProducer(op))
        producers.push_back(*p);
  });
  int folded = 0;
  for (const Producer &p : producers)
    folded += foldOne(p);
  return folded;
}

} // namespace tfmlir
