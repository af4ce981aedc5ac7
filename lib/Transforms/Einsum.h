//===- Einsum.h - tf-einsum: the equation parser and checks ---------------===//
//
// The parts of `tf-einsum` (Passes.td) that do not build IR: parsing an
// Einsum `equation` and checking operand shapes against it, with the
// rules of TF's CPU kernel (einsum_op_impl.h).
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_TRANSFORMS_EINSUM_H
#define TFMLIR_LIB_TRANSFORMS_EINSUM_H

#include "llvm/ADT/ArrayRef.h"
#include "llvm/ADT/SmallVector.h"
#include "llvm/ADT/StringRef.h"

#include <string>

namespace tfmlir {

/// A parsed Einsum equation: per input and for the output, the labels in
/// order, each a letter's character code or -1 for "...".
struct EinsumEquation {
  llvm::SmallVector<llvm::SmallVector<int>, 2> inputs;
  llvm::SmallVector<int> output;
};

/// Parses `equation` (spaces ignored) of an Einsum with `numOperands`
/// inputs into `eq`. Labels are ASCII letters; each subscript holds at
/// most one "..."; without "->" the output is numpy's implicit one ("..."
/// if any input has it, then the labels that occur exactly once, in
/// character order; TF's graphs always carry "->"). Returns "" on success,
/// else why not: a subscript count other than `numOperands`, more than 2
/// inputs (TF's kernel takes 1 or 2), a bad character, an output label no
/// input has, or a repeated output label (TF inflates a diagonal there; not
/// implemented).
std::string parseEinsumEquation(llvm::StringRef equation, unsigned numOperands,
                                EinsumEquation &eq);

/// Checks static input `shapes` against `eq` as TF's kernel does: each
/// input's rank equals its label count (at least that with "..."), a label
/// has one size wherever it occurs (no broadcasting of named labels), the
/// "..." dims broadcast right-aligned, and an output without "..." is only
/// allowed when the "..." dims are empty. Returns "" or why not.
std::string checkEinsumShapes(const EinsumEquation &eq,
                              llvm::ArrayRef<llvm::ArrayRef<int64_t>> shapes);

} // namespace tfmlir

#endif
