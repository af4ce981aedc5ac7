//===- ControlFlow.cpp - WHILE, IF, CALL, CALL_ONCE, composites -----------===//
//
// Subgraph calls as TFLite's control-flow kernels: operands are copied into
// the callee's input tensors (resizing them and re-allocating the callee
// when shapes change), the callee is invoked, and its outputs are copied
// back. Output shapes are only known after running, so the outputs of these
// ops are dynamic (heap) tensors.
//
//===----------------------------------------------------------------------===//
#include "runtime/lite/BuiltinOps.h"
#include "runtime/lite/kernels/KernelUtil.h"

namespace tfmlir::lite::kernels {
namespace {

constexpr int kMaxCallDepth = 32;

/// A value carried between subgraph calls.
struct Value {
  TensorType type;
  std::vector<int32_t> shape;
  std::vector<uint8_t> bytes;
};

Value valueOf(const Tensor &t) {
  Value v{t.type, t.shape, {}};
  v.bytes.assign(t.data, t.data + t.requiredBytes());
  return v;
}

/// Runs subgraph `index` on `args`, returning its outputs.
absl::Status callSubgraph(OpContext &ctx, int index,
                          const std::vector<Value> &args,
                          std::vector<Value> &results) {
  Interpreter &interp = ctx.subgraph().interpreter();
  if (index < 0 || index >= static_cast<int>(interp.numSubgraphs()))
    return invalid("subgraph index ", index, " out of range");
  Subgraph &sg = interp.subgraph(index);
  if (sg.inputs().size() != args.size())
    return invalid("subgraph ", index, " takes ", sg.inputs().size(),
                   " inputs, given ", args.size());
  if (interp.callDepth() >= kMaxCallDepth)
    return invalid("subgraph calls nested deeper than ", kMaxCallDepth,
                   " (cycle between subgraphs?)");
  for (size_t i = 0; i < args.size(); ++i) {
    const Tensor *t = sg.tensor(sg.inputs()[i]);
    if (t->type != args[i].type)
      return invalid("subgraph ", index, " input ", i, " has type ",
                     typeName(t->type), ", given ", typeName(args[i].type));
    TFMLIR_RETURN_IF_ERROR(
        sg.resizeInputTensor(static_cast<int>(i), args[i].shape));
  }
  if (!sg.allocated())
    TFMLIR_RETURN_IF_ERROR(sg.allocateTensors());
  for (size_t i = 0; i < args.size(); ++i) {
    Tensor *t = sg.tensor(sg.inputs()[i]);
    if (t->requiredBytes() != args[i].bytes.size())
      return absl::InternalError("input size mismatch after resize");
    if (!args[i].bytes.empty())
      std::memcpy(t->data, args[i].bytes.data(), args[i].bytes.size());
  }
  ++interp.callDepth();
  absl::Status s = sg.invoke();
  --interp.callDepth();
  TFMLIR_RETURN_IF_ERROR(s);
  results.clear();
  for (int32_t o : sg.outputs())
    results.push_back(valueOf(*sg.tensor(o)));
  return absl::OkStatus();
}

absl::Status storeResults(OpContext &ctx, const std::vector<Value> &vals) {
  if (static_cast<int>(vals.size()) != ctx.numOutputs())
    return invalid("callee returned ", vals.size(), " values for ",
                   ctx.numOutputs(), " outputs");
  for (int i = 0; i < ctx.numOutputs(); ++i) {
    Tensor *o = ctx.output(i);
    if (!o)
      continue;
    if (o->type != vals[i].type)
      return invalid("output ", i, " has type ", typeName(o->type),
                     ", callee gave ", typeName(vals[i].type));
    TFMLIR_RETURN_IF_ERROR(ctx.resizeDynamicOutput(i, vals[i].shape));
    if (!vals[i].bytes.empty())
      std::memcpy(o->data, vals[i].bytes.data(), vals[i].bytes.size());
  }
  return absl::OkStatus();
}

absl::Status dynamicPrepare(OpContext &ctx) {
  for (int i = 0; i < ctx.numInputs(); ++i)
    if (ctx.input(i) && elementSize(ctx.input(i)->type) == 0)
      return unimplemented("input ", i, " has unsupported type ",
                           typeName(ctx.input(i)->type));
  ctx.setOutputsDynamic();
  return absl::OkStatus();
}

/// IF: input 0 is the bool condition (TFLite's if.cc Prepare checks its
/// type; ifEval checks that it has one element, once its shape is final);
/// the branch operands as dynamicPrepare.
absl::Status ifPrepare(OpContext &ctx) {
  const Tensor *c = ctx.input(0);
  if (!c)
    return invalid("IF needs a condition (input 0)");
  if (c->type != TensorType::kBool)
    return unimplemented("IF condition has type ", typeName(c->type),
                         "; bool expected");
  return dynamicPrepare(ctx);
}

absl::Status whileEval(OpContext &ctx) {
  const OpOptions &o = ctx.options();
  if (ctx.numInputs() != ctx.numOutputs())
    return invalid("WHILE needs as many outputs as inputs");
  std::vector<Value> vars, cond, next;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    if (!ctx.input(i))
      return invalid("input ", i, " is missing");
    vars.push_back(valueOf(*ctx.input(i)));
  }
  for (;;) {
    TFMLIR_RETURN_IF_ERROR(callSubgraph(ctx, o.condSubgraph, vars, cond));
    if (cond.size() != 1 || cond[0].type != TensorType::kBool ||
        cond[0].bytes.size() != 1)
      return invalid("WHILE condition must return one bool scalar");
    if (!cond[0].bytes[0])
      break;
    TFMLIR_RETURN_IF_ERROR(callSubgraph(ctx, o.bodySubgraph, vars, next));
    if (next.size() != vars.size())
      return invalid("WHILE body returns ", next.size(), " values for ",
                     vars.size(), " loop variables");
    vars.swap(next);
  }
  return storeResults(ctx, vars);
}

absl::Status ifEval(OpContext &ctx) {
  const Tensor *c = ctx.input(0);
  if (!c || c->type != TensorType::kBool || c->numElements() != 1)
    return invalid("IF condition must be one bool");
  std::vector<Value> args, res;
  for (int i = 1; i < ctx.numInputs(); ++i) {
    if (!ctx.input(i))
      return invalid("input ", i, " is missing");
    args.push_back(valueOf(*ctx.input(i)));
  }
  int branch = c->as<bool>()[0] ? ctx.options().thenSubgraph
                                : ctx.options().elseSubgraph;
  TFMLIR_RETURN_IF_ERROR(callSubgraph(ctx, branch, args, res));
  return storeResults(ctx, res);
}

struct CallOnceState : NodeState {
  bool done = false;
};

absl::Status callOncePrepare(OpContext &ctx) {
  if (!ctx.state())
    ctx.state() = std::make_unique<CallOnceState>();
  return absl::OkStatus();
}
absl::Status callOnceEval(OpContext &ctx) {
  auto *st = static_cast<CallOnceState *>(ctx.state().get());
  if (st->done)
    return absl::OkStatus();
  std::vector<Value> res;
  TFMLIR_RETURN_IF_ERROR(
      callSubgraph(ctx, ctx.options().initSubgraph, {}, res));
  st->done = true;
  return absl::OkStatus();
}

absl::Status callEval(OpContext &ctx) {
  std::vector<Value> args, res;
  for (int i = 0; i < ctx.numInputs(); ++i) {
    if (!ctx.input(i))
      return invalid("input ", i, " is missing");
    args.push_back(valueOf(*ctx.input(i)));
  }
  TFMLIR_RETURN_IF_ERROR(
      callSubgraph(ctx, ctx.options().callSubgraph, args, res));
  return storeResults(ctx, res);
}

} // namespace

void registerControlFlow(MutableOpResolver &r) {
  // Input types: the operands are copied into the callee as bytes, so
  // every fixed-size type (dynamicPrepare); IF's input 0 is its bool
  // condition. CALL_ONCE takes no inputs and declares none.
  const TypeSet any = kFixedSizeTypes;
  r.addBuiltin(kOp_WHILE, {dynamicPrepare, whileEval, any}, 1, 1);
  r.addBuiltin(kOp_IF, {ifPrepare, ifEval, typeSet(TensorType::kBool)}, 1, 1);
  r.addBuiltin(kOp_CALL, {dynamicPrepare, callEval, any}, 1, 1);
  // A StableHLO composite runs its decomposition subgraph, as TFLite does
  // when no delegate claims the composite.
  r.addBuiltin(kOp_STABLEHLO_COMPOSITE, {dynamicPrepare, callEval, any}, 1, 1);
  r.addBuiltin(kOp_CALL_ONCE, {callOncePrepare, callOnceEval}, 1, 1);
}

} // namespace tfmlir::lite::kernels
