//===- Control.cpp - shape functions of the Control family ----------------===//
//
// The ops of dialects/tf/TFOpsControl.td (Assert) and NoOp, plus V1 control
// flow (Enter/Exit/NextIteration/LoopCond and their Ref forms),
// ControlTrigger, infeed dequeues and summaries, which have no ODS
// definition. Semantics from tensorflow/core/ops/control_flow_ops.cc,
// logging_ops.cc, summary_ops.cc and tpu_infeed_ops.cc.
//===----------------------------------------------------------------------===//
#include "lib/Transforms/ShapeFns/Common.h"

#include "dialects/tf/TFTypes.h"

using namespace mlir;

namespace tfmlir {
namespace shape_inference {
namespace {

LogicalResult infeedDequeue(InferenceContext &c) {
  if (auto s = c.shapeAttr("shape"))
    c.setOutput(0, *s);
  return success();
}

LogicalResult infeedDequeueTuple(InferenceContext &c) {
  auto shapes = dyn_cast_or_null<ArrayAttr>(c.attr("shapes"));
  if (!shapes)
    return success();
  for (auto [i, a] : llvm::enumerate(shapes)) {
    auto s = dyn_cast<tf_type::ShapeAttr>(a);
    if (!s || s.getUnranked())
      continue;
    Shape sh = Shape::ofRank(s.getDims().size());
    for (auto [k, d] : llvm::enumerate(s.getDims()))
      sh.dims[k] = d < 0 ? kDyn : d;
    c.setOutput(i, sh);
  }
  return success();
}

} // namespace

void registerControlShapeFns(ShapeFnRegistry &r) {
  // Unary, same shape (UnchangedShape).
  r.add({"Enter", "Exit", "NextIteration", "LoopCond", "RefEnter", "RefExit",
         "RefNextIteration"},
        unchangedShape);
  r.add({"Assert", "NoOp", "ControlTrigger"}, noOutputs);
  r.add("InfeedDequeue", infeedDequeue);
  r.add("InfeedDequeueTuple", infeedDequeueTuple);
  r.add({"ScalarSummary", "ImageSummary", "HistogramSummary", "AudioSummary",
         "AudioSummaryV2", "MergeSummary", "TensorSummary", "TensorSummaryV2"},
        [](InferenceContext &c) -> LogicalResult {
          c.setOutput(0, Shape::scalar());
          return success();
        });
}

} // namespace shape_inference
} // namespace tfmlir
