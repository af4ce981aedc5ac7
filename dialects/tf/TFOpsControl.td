//===- TFOpsControl.td - functional control flow, calls, Assert ----------===//
//
// TF2 functional control flow and function calls. Functions are func.func
// symbols in the module, referenced by the `then_branch`/`else_branch`,
// `cond`/`body`, `branches` and `f` attrs, either as #tf_type.func<@f, {...}>
// (TF's NameAttrList, as the importer produces) or as a FlatSymbolRefAttr.
// Each op checks, as a SymbolUserOpInterface, that the functions exist and
// have matching argument/result counts and element types.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_CONTROL_TD
#define TFMLIR_TF_OPS_CONTROL_TD

include "dialects/tf/TFOpBase.td"

//===----------------------------------------------------------------------===//
// If / Case
//===----------------------------------------------------------------------===//

class TF_IfBase<string mnemonic, string notes, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat(
          [DeclareOpInterfaceMethods<SymbolUserOpInterface>], traits)> {
  let summary = "TF " # mnemonic # ": calls `then_branch` or `else_branch`";
  let description = "`cond` is a tensor (dtype `Tcond`) converted to bool "
    "as TF does: a non-scalar is true iff it has at least one element; a "
    "number is true iff non-zero; a string iff non-empty. The chosen "
    "function is called with `input` (dtypes `Tin`) and its results are "
    "`output` (dtypes `Tout`); both branches take and return the same "
    "number of values. `output_shapes` (default []) optionally lists the "
    "result shapes. " # notes # " Matches TF's " # mnemonic # ".";
  let arguments = (ins TF_Tensor:$cond, Variadic<TF_Tensor>:$input,
                   TF_DerivedTypeAttr:$Tcond, TF_DerivedTypeListAttr:$Tin,
                   TF_DerivedTypeListAttr:$Tout,
                   TF_FuncRefAttr:$then_branch, TF_FuncRefAttr:$else_branch,
                   OptionalAttr<TF_ShapeListAttr>:$output_shapes);
  let results = (outs Variadic<TF_Tensor>:$output);
}

def TF_IfOp : TF_IfBase<"If",
    "The branches may be stateful, so the op is not Pure.">;
def TF_StatelessIfOp : TF_IfBase<"StatelessIf",
    "The branches are stateless, so the op is Pure.", [Pure]>;

class TF_CaseBase<string mnemonic, string notes, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat(
          [DeclareOpInterfaceMethods<SymbolUserOpInterface>], traits)> {
  let summary = "TF " # mnemonic # ": calls one of N `branches` by index";
  let description = "`branch_index` is an int32 scalar; branches[i] is "
    "called with `input` (dtypes `Tin`), and an out-of-range index calls the "
    "LAST branch (TF's default branch). `output` (dtypes `Tout`) are its "
    "results; every branch has the same arity. `output_shapes` (default "
    "[]) optionally lists the result shapes. " # notes # " Matches TF's " #
    mnemonic # ".";
  let arguments = (ins TF_Tensor:$branch_index, Variadic<TF_Tensor>:$input,
                   TF_DerivedTypeListAttr:$Tin, TF_DerivedTypeListAttr:$Tout,
                   TF_FuncRefListAttr:$branches,
                   OptionalAttr<TF_ShapeListAttr>:$output_shapes);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasVerifier = 1;
}

def TF_CaseOp : TF_CaseBase<"Case",
    "The branches may be stateful, so the op is not Pure.">;
def TF_StatelessCaseOp : TF_CaseBase<"StatelessCase",
    "The branches are stateless, so the op is Pure.", [Pure]>;

//===----------------------------------------------------------------------===//
// While
//===----------------------------------------------------------------------===//

class TF_WhileBase<string mnemonic, string notes, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat(
          [DeclareOpInterfaceMethods<SymbolUserOpInterface>], traits)> {
  let summary = "TF " # mnemonic # ": loops `body` while `cond` holds";
  let description = "The loop variables start as `input` (dtypes `T`); "
    "each iteration calls `cond` (which returns one tensor, converted to "
    "bool as in If) and, while it is true, `body`, whose results are the "
    "next loop variables. `output` are the final loop variables, so "
    "`input`, `output`, the arguments of both functions and the results of "
    "`body` correspond one-to-one. `parallel_iterations` (default 10) and "
    "`output_shapes` (default []) do not change the value. " # notes #
    " Matches TF's " # mnemonic # ".";
  let arguments = (ins Variadic<TF_Tensor>:$input, TF_DerivedTypeListAttr:$T,
                   TF_FuncRefAttr:$cond, TF_FuncRefAttr:$body,
                   OptionalAttr<TF_ShapeListAttr>:$output_shapes,
                   TF_DefaultI64<"10">:$parallel_iterations);
  let results = (outs Variadic<TF_Tensor>:$output);
  let hasVerifier = 1;
}

def TF_WhileOp : TF_WhileBase<"While",
    "The functions may be stateful, so the op is not Pure.">;
def TF_StatelessWhileOp : TF_WhileBase<"StatelessWhile",
    "The functions are stateless, so the op has no memory effects; it is "
    "not speculatable (the loop need not terminate).", [NoMemoryEffect]>;

//===----------------------------------------------------------------------===//
// Calls
//===----------------------------------------------------------------------===//

class TF_CallBase<string mnemonic, string notes, list<Trait> traits = []>
    : TF_Op<mnemonic, !listconcat(
          [DeclareOpInterfaceMethods<CallOpInterface>,
           DeclareOpInterfaceMethods<SymbolUserOpInterface>], traits)> {
  let summary = "TF " # mnemonic # ": calls the function `f`";
  let description = "Calls `f` with `args` (dtypes `Tin`) and returns its "
    "results as `output` (dtypes `Tout`). `config`, `config_proto` and "
    "`executor_type` (default \"\") select the runtime and do not change "
    "the value. " # notes # " Implements CallOpInterface. Matches TF's " #
    mnemonic # ".";
  let arguments = (ins Variadic<TF_Tensor>:$args,
                   TF_DerivedTypeListAttr:$Tin, TF_DerivedTypeListAttr:$Tout,
                   TF_FuncRefAttr:$f, TF_DefaultStr<"">:$config,
                   TF_DefaultStr<"">:$config_proto,
                   TF_DefaultStr<"">:$executor_type,
                   OptionalAttr<DictArrayAttr>:$arg_attrs,
                   OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<TF_Tensor>:$output);
}

def TF_PartitionedCallOp : TF_CallBase<"PartitionedCall",
    "`f` is stateless, so the op is Pure.", [Pure]>;
def TF_StatefulPartitionedCallOp : TF_CallBase<"StatefulPartitionedCall",
    "`f` may be stateful, so the op is not Pure.">;

def TF_LegacyCallOp : TF_Op<"LegacyCall",
    [DeclareOpInterfaceMethods<CallOpInterface>,
     DeclareOpInterfaceMethods<SymbolUserOpInterface>]> {
  let summary = "TF function call node (a NodeDef whose op is a function)";
  let description = [{ A GraphDef node whose `op` names a function of the
    library imports as tf.LegacyCall with `f` = that function; `args` are
    its inputs and `output` its results. The function may be stateful, so
    the op is not Pure. Other node attrs (`_disable_call_shape_inference`)
    are kept. Implements CallOpInterface. }];
  let arguments = (ins Variadic<TF_Tensor>:$args, TF_FuncRefAttr:$f,
                   OptionalAttr<DictArrayAttr>:$arg_attrs,
                   OptionalAttr<DictArrayAttr>:$res_attrs);
  let results = (outs Variadic<TF_Tensor>:$output);
}

//===----------------------------------------------------------------------===//
// Assert
//===----------------------------------------------------------------------===//

def TF_AssertOp : TF_Op<"Assert"> {
  let summary = "TF Assert: fails when `condition` is false";
  let description = [{ `condition` is a bool scalar; when it is false at
    run time the step fails with InvalidArgument, printing up to
    `summarize` (default 3) entries of each of the `data` tensors (dtypes
    `T`). Has side effects, so it is not Pure and is not removed. Matches
    TF's Assert. }];
  let arguments = (ins TF_Tensor:$condition, Variadic<TF_Tensor>:$data,
                   TF_DerivedTypeListAttr:$T, TF_DefaultI64<"3">:$summarize);
  let hasVerifier = 1;
}

#endif
