//===- TFOpsLinalg.td - batched linear algebra ---------------------------===//
//
// Matrices are the last two dims of a tensor ([..., M, N]); leading dims
// are batch dims. Float or complex dtypes `T`.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_TF_OPS_LINALG_TD
#define TFMLIR_TF_OPS_LINALG_TD

include "dialects/tf/TFOpBase.td"

class TF_SquareMatrixOp<string mnemonic, string what, string notes>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": " # what # " of square matrices";
  let description = "`input` is [..., M, M]. " # notes # " Matches TF's " #
    mnemonic # ".";
  let hasVerifier = 1;
}

def TF_MatrixInverseOp : TF_SquareMatrixOp<"MatrixInverse", "the inverse",
    "`output` has the shape of `input`; with `adjoint` (default false) the "
    "inverse of the adjoint. Singular matrices are a run-time error."> {
  let arguments = (ins TF_Tensor:$input, TF_DefaultBool<"false">:$adjoint,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
}
def TF_MatrixDeterminantOp : TF_SquareMatrixOp<"MatrixDeterminant",
    "the determinant", "`output` is [...] (the batch dims)."> {
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
}
def TF_LogMatrixDeterminantOp : TF_SquareMatrixOp<"LogMatrixDeterminant",
    "sign and log |determinant|",
    "`sign` and `log_abs_determinant` are [...] (the batch dims); det = "
    "sign * exp(log_abs_determinant)."> {
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$sign, TF_Tensor:$log_abs_determinant);
}
def TF_CholeskyOp : TF_SquareMatrixOp<"Cholesky",
    "the Cholesky decomposition",
    "`output` (same shape) is the lower-triangular L with input = L L^H; "
    "only the lower triangle of `input` is read."> {
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$output);
}
def TF_LuOp : TF_SquareMatrixOp<"Lu", "the LU decomposition with pivoting",
    "`lu` (same shape) packs L (unit diagonal, below) and U; `p` is the "
    "[..., M] row permutation (dtype `output_idx_type`, default int32)."> {
  let arguments = (ins TF_Tensor:$input, TF_DerivedTypeAttr:$T,
                   TF_DerivedTypeAttr:$output_idx_type);
  let results = (outs TF_Tensor:$lu, TF_Tensor:$p);
}

class TF_SolveOp<string mnemonic, string what, string notes>
    : TF_Op<mnemonic, [Pure]> {
  let summary = "TF " # mnemonic # ": solves " # what;
  let description = "`matrix` is [..., M, M], `rhs` is [..., M, K] and "
    "`output` is [..., M, K] with matrix * output = rhs (adjoint(matrix) "
    "with `adjoint`, default false). " # notes # " Matches TF's " #
    mnemonic # ".";
  let results = (outs TF_Tensor:$output);
  let hasVerifier = 1;
}
def TF_MatrixSolveOp : TF_SolveOp<"MatrixSolve", "linear systems",
    "Batch dims must be equal."> {
  let arguments = (ins TF_Tensor:$matrix, TF_Tensor:$rhs,
                   TF_DefaultBool<"false">:$adjoint, TF_DerivedTypeAttr:$T);
}
def TF_MatrixTriangularSolveOp : TF_SolveOp<"MatrixTriangularSolve",
    "triangular linear systems",
    "Only the lower (`lower`, default true) or upper triangle of `matrix` "
    "is read; batch dims broadcast."> {
  let arguments = (ins TF_Tensor:$matrix, TF_Tensor:$rhs,
                   TF_DefaultBool<"true">:$lower,
                   TF_DefaultBool<"false">:$adjoint, TF_DerivedTypeAttr:$T);
}

def TF_SvdOp : TF_Op<"Svd", [Pure]> {
  let summary = "TF Svd: singular value decomposition";
  let description = [{ `input` is [..., M, N] and P = min(M, N). `s` is
    [..., P] (descending); with `compute_uv` (default true) `u` is [..., M,
    P] and `v` is [..., N, P] ([..., M, M] and [..., N, N] with
    `full_matrices`, default false), otherwise both are empty. Matches TF's
    Svd. }];
  let arguments = (ins TF_Tensor:$input, TF_DefaultBool<"true">:$compute_uv,
                   TF_DefaultBool<"false">:$full_matrices,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$s, TF_Tensor:$u, TF_Tensor:$v);
  let hasVerifier = 1;
}

def TF_QrOp : TF_Op<"Qr", [Pure]> {
  let summary = "TF Qr: QR decomposition";
  let description = [{ `input` is [..., M, N] and P = min(M, N); `q` is
    [..., M, P] and `r` is [..., P, N] ([..., M, M] and [..., M, N] with
    `full_matrices`, default false). Matches TF's Qr. }];
  let arguments = (ins TF_Tensor:$input,
                   TF_DefaultBool<"false">:$full_matrices,
                   TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$q, TF_Tensor:$r);
  let hasVerifier = 1;
}

def TF_CrossOp : TF_Op<"Cross", [Pure]> {
  let summary = "TF Cross: pairwise cross products of 3-element vectors";
  let description = [{ `a` and `b` have the same shape [..., 3] (dtype `T`,
    a real number type); `product` has that shape, a x b along the last
    dim. Matches TF's Cross. }];
  let arguments = (ins TF_Tensor:$a, TF_Tensor:$b, TF_DerivedTypeAttr:$T);
  let results = (outs TF_Tensor:$product);
}

#endif
