//===- RNN.cpp - shape functions of the RNN family ------------------------===//
//
// The ops of dialects/tf/TFOpsRNN.td: LSTMBlockCell, BlockLSTM / BlockLSTMV2
// and GRUBlockCell. Semantics from tensorflow/core/ops/rnn_ops.cc: the
// results take batch_size from `x` and cell_size from `cs_prev` / `h_prev`;
// the other operands are checked for rank (and, here, for the sizes TF's
// kernels check at run time).
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

/// Checks the weights of an LSTM (`w` [input + cell, 4 * cell], `b` [4 *
/// cell], `wci`/`wcf`/`wco` [cell], operands from `first`) and merges the
/// cell size they imply into `cell`.
LogicalResult lstmWeights(InferenceContext &c, unsigned first, int64_t input,
                          int64_t &cell) {
  auto w = c.withRank(c.inputShape(first), 2, "w");
  if (failed(w))
    return failure();
  if (!isDyn(w->dims[1])) {
    if (w->dims[1] % 4 != 0)
      return c.error("w has " + Twine(w->dims[1]) +
                     " columns, not a multiple of 4 (the i, c, f, o gates)");
    auto m = c.merge(cell, w->dims[1] / 4, "w's columns / 4 and cell_size");
    if (failed(m))
      return failure();
    cell = *m;
  }
  if (!isDyn(input) && !isDyn(cell) && !isDyn(w->dims[0]) &&
      w->dims[0] != input + cell)
    return c.error(
        "w has " + Twine(w->dims[0]) +
        " rows, want input_size + cell_size = " + Twine(input + cell));
  static const char *kPeep[] = {"wci", "wcf", "wco"};
  for (unsigned k = 0; k < 3; ++k) {
    auto p = c.withRank(c.inputShape(first + 1 + k), 1, kPeep[k]);
    if (failed(p))
      return failure();
    auto m = c.merge(cell, p->dims[0],
                     (Twine(kPeep[k]) + "'s size and "
                                        "cell_size")
                         .str());
    if (failed(m))
      return failure();
    cell = *m;
  }
  auto b = c.withRank(c.inputShape(first + 4), 1, "b");
  if (failed(b))
    return failure();
  if (!isDyn(b->dims[0]) && !isDyn(cell) && b->dims[0] != 4 * cell)
    return c.error("b has " + Twine(b->dims[0]) + " elements, want 4 * " +
                   "cell_size = " + Twine(4 * cell));
  return success();
}

/// Merges the [batch, cell] states `cs_prev` (if `csIndex` >= 0) and
/// `h_prev` into `batch` and `cell`.
LogicalResult states(InferenceContext &c, int csIndex, unsigned hIndex,
                     int64_t &batch, int64_t &cell) {
  SmallVector<std::pair<unsigned, const char *>, 2> ops;
  if (csIndex >= 0)
    ops.push_back({unsigned(csIndex), "cs_prev"});
  ops.push_back({hIndex, "h_prev"});
  for (auto [i, name] : ops) {
    auto s = c.withRank(c.inputShape(i), 2, name);
    if (failed(s))
      return failure();
    auto b = c.merge(batch, s->dims[0], (Twine(name) + "'s batch size").str());
    if (failed(b))
      return failure();
    auto h = c.merge(cell, s->dims[1], (Twine(name) + "'s cell size").str());
    if (failed(h))
      return failure();
    batch = *b;
    cell = *h;
  }
  return success();
}

/// LSTMBlockCell: x [batch, input] -> seven [batch, cell] results.
LogicalResult lstmBlockCell(InferenceContext &c) {
  auto x = c.withRank(c.inputShape(0), 2, "x");
  if (failed(x))
    return failure();
  int64_t batch = x->dims[0], cell = kDyn;
  if (failed(states(c, 1, 2, batch, cell)) ||
      failed(lstmWeights(c, 3, x->dims[1], cell)))
    return failure();
  for (unsigned i = 0; i < 7; ++i)
    c.setOutput(i, Shape::of({batch, cell}));
  return success();
}

/// BlockLSTM / BlockLSTMV2: x [time, batch, input] -> seven [time, batch,
/// cell] results; seq_len_max is a scalar.
LogicalResult blockLSTM(InferenceContext &c) {
  if (failed(c.withRank(c.inputShape(0), 0, "seq_len_max")))
    return failure();
  auto x = c.withRank(c.inputShape(1), 3, "x");
  if (failed(x))
    return failure();
  int64_t batch = x->dims[1], cell = kDyn;
  if (failed(states(c, 2, 3, batch, cell)) ||
      failed(lstmWeights(c, 4, x->dims[2], cell)))
    return failure();
  for (unsigned i = 0; i < 7; ++i)
    c.setOutput(i, Shape::of({x->dims[0], batch, cell}));
  return success();
}

/// GRUBlockCell: x [batch, input], h_prev [batch, cell], w_ru [input +
/// cell, 2 * cell], w_c [input + cell, cell], b_ru [2 * cell], b_c [cell]
/// -> r, u, c, h [batch, cell].
LogicalResult gruBlockCell(InferenceContext &c) {
  auto x = c.withRank(c.inputShape(0), 2, "x");
  if (failed(x))
    return failure();
  int64_t batch = x->dims[0], cell = kDyn;
  if (failed(states(c, -1, 1, batch, cell)))
    return failure();
  auto wru = c.withRank(c.inputShape(2), 2, "w_ru");
  auto wc = c.withRank(c.inputShape(3), 2, "w_c");
  auto bru = c.withRank(c.inputShape(4), 1, "b_ru");
  auto bc = c.withRank(c.inputShape(5), 1, "b_c");
  if (failed(wru) || failed(wc) || failed(bru) || failed(bc))
    return failure();
  auto m = c.merge(cell, wc->dims[1], "w_c's columns and cell_size");
  if (failed(m))
    return failure();
  m = c.merge(*m, bc->dims[0], "b_c's size and cell_size");
  if (failed(m))
    return failure();
  cell = *m;
  if (!isDyn(cell)) {
    if (failed(c.merge(wru->dims[1], 2 * cell,
                       "w_ru's columns and 2 * "
                       "cell_size")) ||
        failed(c.merge(bru->dims[0], 2 * cell,
                       "b_ru's size and 2 * "
                       "cell_size")))
      return failure();
    if (!isDyn(x->dims[1]))
      for (auto [w, name] : {std::pair{*wru, "w_ru"}, std::pair{*wc, "w_c"}})
        if (failed(c.merge(w.dims[0], x->dims[1] + cell,
                           (Twine(name) + "'s rows and input_size + "
                                          "cell_size")
                               .str())))
          return failure();
  }
  for (unsigned i = 0; i < 4; ++i)
    c.setOutput(i, Shape::of({batch, cell}));
  return success();
}

} // namespace

void registerRNNShapeFns(ShapeFnRegistry &r) {
  r.add("LSTMBlockCell", lstmBlockCell);
  r.add({"BlockLSTM", "BlockLSTMV2"}, blockLSTM);
  r.add("GRUBlockCell", gruBlockCell);
}

} // namespace shape_inference
} // namespace tfmlir
