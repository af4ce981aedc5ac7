//===- Linalg.cpp - shape functions of the Linalg family ------------------===//
//
// The ops of dialects/tf/TFOpsLinalg.td (Cholesky, MatrixInverse,
// MatrixSolve, determinants, Svd, Qr, Lu, Cross) plus MatrixExponential,
// MatrixLogarithm, MatrixSquareRoot, SelfAdjointEigV2 and Einsum, which have
// no ODS definition. Semantics from tensorflow/core/ops/linalg_ops.cc and
// math_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "llvm/ADT/STLExtras.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

//===----------------------------------------------------------------------===//
// Linear algebra
//===----------------------------------------------------------------------===//

/// [..., M, N] of `s` (rank >= 2), or failure.
LogicalResult matrixSolveLike(InferenceContext &c) {
  // MatrixSolve / MatrixTriangularSolve(matrix [..., M, M], rhs [..., M, K]).
  Shape m = c.inputShape(0), r = c.inputShape(1);
  if (failed(c.withRankAtLeast(m, 2, "matrix")) ||
      failed(c.withRankAtLeast(r, 2, "rhs")))
    return failure();
  if (!m.ranked || !r.ranked) {
    c.setOutput(0, r.ranked ? Shape::ofRank(r.rank()) : Shape::unknown());
    return success();
  }
  int64_t mm = m.dims[m.rank() - 2], mn = m.dims.back();
  auto sq = c.merge(mm, mn, "matrix must be square");
  if (failed(sq))
    return failure();
  auto rows = c.merge(*sq, r.dims[r.rank() - 2], "rows of matrix and rhs");
  if (failed(rows))
    return failure();
  Shape bm = Shape::of(ArrayRef<int64_t>(m.dims).drop_back(2));
  Shape br = Shape::of(ArrayRef<int64_t>(r.dims).drop_back(2));
  Shape batch;
  if (c.opName() == "MatrixTriangularSolve") {
    if (!broadcastShape(bm, br, batch))
      return c.error("batch dims are not broadcast-compatible");
  } else {
    auto mb = c.merge(bm, br, "batch dims of matrix and rhs");
    if (failed(mb))
      return failure();
    batch = *mb;
  }
  Shape out = batch;
  out.dims.push_back(*rows);
  out.dims.push_back(r.dims.back());
  c.setOutput(0, out);
  return success();
}

LogicalResult batchScalar(InferenceContext &c) {
  // MatrixDeterminant / LogMatrixDeterminant: [..., M, M] -> [...].
  Shape m = c.inputShape(0);
  if (failed(c.withRankAtLeast(m, 2, "input")))
    return failure();
  if (!m.ranked)
    return success();
  if (failed(
          c.merge(m.dims[m.rank() - 2], m.dims.back(), "input must be square")))
    return failure();
  Shape out = Shape::of(ArrayRef<int64_t>(m.dims).drop_back(2));
  for (unsigned i = 0; i < c.numOutputs(); ++i)
    c.setOutput(i, out);
  return success();
}

LogicalResult svd(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  int64_t p = isDyn(m) || isDyn(n) ? kDyn : std::min(m, n);
  Shape batch = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(2));
  bool computeUV = c.boolAttr("compute_uv", true);
  bool full = c.boolAttr("full_matrices", false);
  Shape s = batch;
  s.dims.push_back(p);
  c.setOutput(0, s);
  if (!computeUV) {
    c.setOutput(1, Shape::vector(0));
    c.setOutput(2, Shape::vector(0));
    return success();
  }
  Shape u = batch, v = batch;
  u.dims.append({m, full ? m : p});
  v.dims.append({n, full ? n : p});
  c.setOutput(1, u);
  c.setOutput(2, v);
  return success();
}

LogicalResult qr(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  int64_t m = in.dims[in.rank() - 2], n = in.dims.back();
  int64_t p = isDyn(m) || isDyn(n) ? kDyn : std::min(m, n);
  bool full = c.boolAttr("full_matrices", false);
  Shape batch = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(2));
  Shape q = batch, r = batch;
  q.dims.append({m, full ? m : p});
  r.dims.append({full ? m : p, n});
  c.setOutput(0, q);
  c.setOutput(1, r);
  return success();
}

LogicalResult lu(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  auto n =
      c.merge(in.dims[in.rank() - 2], in.dims.back(), "input must be square");
  if (failed(n))
    return failure();
  Shape lu = in, p = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(1));
  lu.dims[lu.rank() - 2] = lu.dims.back() = *n;
  p.dims.back() = *n;
  c.setOutput(0, lu);
  c.setOutput(1, p);
  return success();
}

LogicalResult selfAdjointEig(InferenceContext &c) {
  Shape in = c.inputShape(0);
  if (failed(c.withRankAtLeast(in, 2, "input")))
    return failure();
  if (!in.ranked)
    return success();
  auto n =
      c.merge(in.dims[in.rank() - 2], in.dims.back(), "input must be square");
  if (failed(n))
    return failure();
  Shape e = Shape::of(ArrayRef<int64_t>(in.dims).drop_back(1));
  e.dims.back() = *n;
  c.setOutput(0, e);
  if (c.boolAttr("compute_v", true)) {
    Shape v = in;
    v.dims[v.rank() - 2] = v.dims.back() = *n;
    c.setOutput(1, v);
  } else {
    c.setOutput(1, Shape::vector(0));
  }
  return success();
}

/// Einsum: labels per operand, optional "..." broadcast dims.
LogicalResult einsum(InferenceContext &c) {
  StringRef eq = c.strAttr("equation");
  if (eq.empty())
    return success();
  std::string e;
  for (char ch : eq)
    if (ch != ' ')
      e.push_back(ch);
  StringRef eqs(e);
  auto [lhs, rhs] = eqs.split("->");
  bool explicitOut = eqs.contains("->");
  SmallVector<StringRef> ins;
  lhs.split(ins, ',');
  if (ins.size() != c.numInputs())
    return success();
  int64_t labelDim[128];
  std::fill(std::begin(labelDim), std::end(labelDim), kDyn);
  int labelCount[128] = {0};
  Shape ellipsis = Shape::ofRank(0);
  bool anyEllipsis = false;
  for (unsigned i = 0; i < ins.size(); ++i) {
    Shape s = c.inputShape(i);
    StringRef spec = ins[i];
    size_t ell = spec.find("...");
    std::string labels = spec.str();
    if (ell != StringRef::npos)
      labels = (spec.substr(0, ell) + spec.substr(ell + 3)).str();
    for (char ch : labels)
      if ((unsigned char)ch >= 128 || !isalpha(ch))
        return success();
    if (!s.ranked) {
      if (ell != StringRef::npos)
        return success(); // unknown ellipsis rank
      for (char ch : labels)
        ++labelCount[(int)ch];
      continue;
    }
    int64_t nl = labels.size();
    if (ell == StringRef::npos && s.rank() != nl)
      return c.error("operand " + Twine(i) + " has rank " + Twine(s.rank()) +
                     " but the equation names " + Twine(nl) + " dims");
    if (s.rank() < nl)
      return c.error("operand " + Twine(i) + " has too few dims");
    int64_t ellRank = s.rank() - nl;
    int64_t pos = 0;
    for (size_t k = 0; k < spec.size();) {
      if (spec.substr(k).starts_with("...")) {
        anyEllipsis = true;
        Shape part = Shape::of(ArrayRef<int64_t>(s.dims).slice(pos, ellRank));
        Shape b;
        if (!broadcastShape(ellipsis, part, b))
          return c.error("broadcast dims are incompatible");
        ellipsis = b;
        pos += ellRank;
        k += 3;
        continue;
      }
      char ch = spec[k];
      int64_t d = s.dims[pos];
      int64_t &ld = labelDim[(int)ch];
      ++labelCount[(int)ch];
      // A label of size 1 may broadcast against another.
      if (!isDyn(ld) && !isDyn(d) && ld != d && ld != 1 && d != 1)
        return c.error(Twine("dimension of label '") + Twine(ch) +
                       "' differs: " + Twine(ld) + " vs " + Twine(d));
      if (isDyn(ld) || ld == 1)
        ld = d;
      ++pos;
      ++k;
    }
  }
  std::string outSpec;
  if (explicitOut) {
    outSpec = rhs.str();
  } else {
    if (anyEllipsis)
      outSpec = "...";
    for (int ch = 0; ch < 128; ++ch)
      if (labelCount[ch] == 1)
        outSpec.push_back((char)ch);
  }
  Shape out = Shape::ofRank(0);
  StringRef os(outSpec);
  for (size_t k = 0; k < os.size();) {
    if (os.substr(k).starts_with("...")) {
      out.dims.append(ellipsis.dims.begin(), ellipsis.dims.end());
      k += 3;
      continue;
    }
    char ch = os[k];
    if ((unsigned char)ch >= 128 || !isalpha(ch))
      return success();
    out.dims.push_back(labelDim[(int)ch]);
    ++k;
  }
  c.setOutput(0, out);
  return success();
}

} // namespace

void registerLinalgShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"Cholesky", "MatrixInverse", "MatrixExponential", "MatrixLogarithm",
         "MatrixSquareRoot"},
        unchangedShape);
  r.add({"MatrixSolve", "MatrixTriangularSolve"}, matrixSolveLike);
  r.add({"MatrixDeterminant", "LogMatrixDeterminant"}, batchScalar);
  r.add("Svd", svd);
  r.add("Qr", qr);
  r.add("Lu", lu);
  r.add("SelfAdjointEigV2", selfAdjointEig);
  r.add({"Einsum", "XlaEinsum"}, einsum);
  r.add("Cross", firstInput);
}

} // namespace shape_inference
} // namespace tfmlir
