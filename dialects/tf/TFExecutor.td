//===- TFExecutor.td - tf_executor dialect: TF graphs as dataflow --------===//
//
// A `tf_executor.graph` is a TensorFlow GraphDef's dataflow graph: each
// ordinary node sits in a `tf_executor.island` (a region that yields the
// node's outputs and produces a `!tf_executor.control` token), edges are SSA
// values, control edges (`^node`) are control tokens, and TF1 control-flow
// primitives (Switch, Merge, Enter, Exit, NextIteration, LoopCond,
// ControlTrigger) are first-class ops with TF's executor semantics (dead
// tensors propagate through untaken Switch branches). Semantics follow
// TensorFlow's executor and its MLIR `tf_executor` dialect.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_EXECUTOR_TD
#define TFMLIR_TF_EXECUTOR_TD

include "mlir/IR/OpBase.td"
include "mlir/IR/AttrTypeBase.td"
include "mlir/IR/RegionKindInterface.td"
include "mlir/Interfaces/SideEffectInterfaces.td"
include "mlir/Interfaces/ControlFlowInterfaces.td"

def TfExecutor_Dialect : Dialect {
  let name = "tf_executor";
  let cppNamespace = "::tfmlir::tf_executor";
  let summary = "TensorFlow executor graphs (dataflow with control tokens)";
  let useDefaultTypePrinterParser = 1;
}

class TfExecutor_Type<string name, string mnemo>
    : TypeDef<TfExecutor_Dialect, name> { let mnemonic = mnemo; }

def TfeControlType : TfExecutor_Type<"Control", "control"> {
  let summary = "a control token: a GraphDef control edge (`^node`)";
}
def TfeTokenType : TfExecutor_Type<"Token", "token"> {
  let summary = "pairs a NextIteration.Source with its NextIteration.Sink";
}

class TfExecutor_Op<string mnemonic, list<Trait> traits = []>
    : Op<TfExecutor_Dialect, mnemonic, traits>;

def TfExecutor_GraphOp : TfExecutor_Op<"graph",
    [SingleBlock, RegionKindInterface, RecursiveMemoryEffects]> {
  let summary = "a TensorFlow dataflow graph";
  let description = [{
    The body holds islands and control-flow ops in no particular order (it is
    a graph region: uses may precede definitions, and loops through
    NextIteration are allowed). It ends in `tf_executor.fetch`, whose
    non-control operands are the graph's results.

    ```mlir
    %r = tf_executor.graph {
      %a, %c = tf_executor.island { ... tf_executor.yield %x : tensor<f32> }
      tf_executor.fetch %a : tensor<f32>
    }
    ```
  }];
  let results = (outs Variadic<AnyType>:$results);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "$body attr-dict (`:` type($results)^)?";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    static ::mlir::RegionKind getRegionKind(unsigned) { return ::mlir::RegionKind::Graph; }
    ::mlir::Block &GetBody() { return getBody().front(); }
    FetchOp GetFetch();
  }];
}

def TfExecutor_FetchOp : TfExecutor_Op<"fetch",
    [Terminator, HasParent<"GraphOp">, Pure]> {
  let summary = "the graph's terminator: fetched values, then control tokens";
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
  let hasVerifier = 1;
}

def TfExecutor_IslandOp : TfExecutor_Op<"island",
    [HasParent<"GraphOp">, SingleBlock, RecursiveMemoryEffects]> {
  let summary = "a group of ordinary TF ops that runs as one unit";
  let description = [{
    Runs its body once every control input has fired and every value it uses
    is available. Results are the values yielded by its `tf_executor.yield`,
    plus a control token that fires when the body has run (it carries the
    control edges of the nodes inside). After import each island wraps one
    GraphDef node; `tf-executor-island-coarsening` merges them.
  }];
  let arguments = (ins Variadic<TfeControlType>:$controlInputs);
  let results = (outs Variadic<AnyType>:$outputs, TfeControlType:$control);
  let regions = (region SizedRegion<1>:$body);
  let assemblyFormat = "(`(` $controlInputs^ `)`)? $body attr-dict (`:` type($outputs)^)?";
  let hasVerifier = 1;
  let extraClassDeclaration = [{
    ::mlir::Block &GetBody() { return getBody().front(); }
    YieldOp GetYield();
    /// True if the island holds exactly one op plus the yield, and the yield
    /// returns exactly that op's results.
    bool WrapsSingleOp();
    ::mlir::Operation &GetWrappedOp() { return GetBody().front(); }
  }];
}

def TfExecutor_YieldOp : TfExecutor_Op<"yield",
    [Terminator, HasParent<"IslandOp">, Pure]> {
  let summary = "an island's terminator: the values the island returns";
  let arguments = (ins Variadic<AnyType>:$fetches);
  let assemblyFormat = "($fetches^ `:` type($fetches))? attr-dict";
}

// Ops that mirror GraphDef nodes: the last operands may be control tokens.
class TfExecutor_NodeOp<string mnemonic, list<Trait> traits = []>
    : TfExecutor_Op<mnemonic, !listconcat(traits, [HasParent<"GraphOp">])> {
  let assemblyFormat = "operands attr-dict `:` functional-type(operands, results)";
  let extraClassDeclaration = [{
    /// Data operands: those that are not !tf_executor.control.
    ::llvm::SmallVector<::mlir::Value> getDataOperands() {
      ::llvm::SmallVector<::mlir::Value> r;
      for (::mlir::Value v : (*this)->getOperands())
        if (!::llvm::isa<ControlType>(v.getType())) r.push_back(v);
      return r;
    }
    ::llvm::SmallVector<::mlir::Value> getControlOperands() {
      ::llvm::SmallVector<::mlir::Value> r;
      for (::mlir::Value v : (*this)->getOperands())
        if (::llvm::isa<ControlType>(v.getType())) r.push_back(v);
      return r;
    }
  }];
  let hasVerifier = 1;
}

def TfExecutor_SwitchOp : TfExecutor_NodeOp<"Switch"> {
  let summary = "TF Switch: forwards `data` to output 1 if `pred`, else to 0";
  let description = [{ The untaken output is dead. Operands: data, a scalar
    boolean predicate, then control tokens. }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$falseOutput, AnyType:$trueOutput,
                      TfeControlType:$control);
}

def TfExecutor_SwitchNOp : TfExecutor_NodeOp<"SwitchN"> {
  let summary = "TF _SwitchN: forwards `data` to output `index` (others dead)";
  let description = [{ Operands: data, a scalar int32 index, then control
    tokens. Out-of-range indices select the last output, as in TF. }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs Variadic<AnyType>:$outputs, TfeControlType:$control);
}

def TfExecutor_MergeOp : TfExecutor_NodeOp<"Merge"> {
  let summary = "TF Merge: forwards the first live input and its index";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$output, TensorOf<[I32]>:$value_index,
                      TfeControlType:$control);
}

def TfExecutor_EnterOp : TfExecutor_NodeOp<"Enter"> {
  let summary = "TF Enter: makes `data` available in child frame `frame_name`";
  let arguments = (ins Variadic<AnyType>:$inputs, StrAttr:$frame_name,
                   DefaultValuedAttr<BoolAttr, "false">:$is_constant,
                   DefaultValuedAttr<I64Attr, "10">:$parallel_iterations);
  let results = (outs AnyType:$output, TfeControlType:$control);
}

def TfExecutor_ExitOp : TfExecutor_NodeOp<"Exit"> {
  let summary = "TF Exit: returns `data` from a loop frame to its parent";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$output, TfeControlType:$control);
}

def TfExecutor_NextIterationSourceOp : TfExecutor_NodeOp<"NextIteration.Source"> {
  let summary = "the output half of a TF NextIteration node";
  let description = [{ A GraphDef NextIteration node is split into a Source
    (which feeds the loop's Merge) and a Sink (which takes the value for the
    next iteration), paired by `token`, so that the graph has no SSA cycle. }];
  let arguments = (ins Variadic<TfeControlType>:$controlInputs);
  let results = (outs AnyType:$output, TfeTokenType:$token,
                      TfeControlType:$control);
}

def TfExecutor_NextIterationSinkOp : TfExecutor_NodeOp<"NextIteration.Sink"> {
  let summary = "the input half of a TF NextIteration node";
  let description = [{ Operands: the token of its Source, the value for the
    next iteration, then control tokens. }];
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs TfeControlType:$control);
}

def TfExecutor_LoopCondOp : TfExecutor_NodeOp<"LoopCond"> {
  let summary = "TF LoopCond: forwards the loop's boolean condition";
  let arguments = (ins Variadic<AnyType>:$inputs);
  let results = (outs AnyType:$output, TfeControlType:$control);
}

def TfExecutor_ControlTriggerOp : TfExecutor_NodeOp<"ControlTrigger"> {
  let summary = "TF ControlTrigger: fires its control output even when inputs are dead";
  let arguments = (ins Variadic<TfeControlType>:$controlInputs);
  let results = (outs TfeControlType:$control);
}

#endif
