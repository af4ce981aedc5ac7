//===- Calibration.h - representative data, calibration, model runs -------===//
//
// Post-training calibration for tfl-prepare-quantize: the float model runs
// in our lite interpreter (runtime/lite) over a representative dataset and
// the per-tensor min/max of every float32 activation is recorded as
// `tfl.min_max` (the format QuantPasses.td describes). Also the data loader
// for tf-convert --representative-data and the model runner that
// tf-convert --report uses.
//===----------------------------------------------------------------------===//
#ifndef TFMLIR_LIB_PIPELINES_CALIBRATION_H
#define TFMLIR_LIB_PIPELINES_CALIBRATION_H

#include "runtime/lite/Interpreter.h"
#include "runtime/lite/Npy.h"

#include "mlir/Dialect/Func/IR/FuncOps.h"
#include "mlir/IR/BuiltinOps.h"

#include "absl/status/statusor.h"

#include <string>
#include <vector>

namespace tfmlir::quantutil {

/// One set of model inputs, in @main argument order.
struct Sample {
  std::vector<lite::NpyArray> inputs;
};

/// The names of @main's inputs: the NameLoc of each argument (tf-convert
/// names them after --input-arrays), else "input_<i>".
std::vector<std::string> inputNamesOf(mlir::func::FuncOp main);

/// Loads a representative dataset for `main`. `path` is either a directory
/// holding `<input>.npy` for each input, or an .npz archive (np.savez; not
/// savez_compressed) with one member `<input>.npy` per input, or, for a
/// one-input model, a single .npy file (recognised by its magic; with more
/// inputs it is InvalidArgument saying what to give). `<input>` is
/// the input's name with '/' and ':' also accepted as '_'. Each array is
/// either the input's shape (one sample) or [S, <input shape>] (S samples
/// stacked on a new leading axis); all inputs need the same S, and the
/// dtype must be the input's. Errors (InvalidArgument / NotFound) name the
/// file and the input, and give the expected and actual shapes or dtypes.
absl::StatusOr<std::vector<Sample>>
loadRepresentativeData(const std::string &path, mlir::func::FuncOp main);

/// Checks in-memory representative data against `main` and splits it into
/// samples: `perSample[k]` holds one array per @main input (in argument
/// order), each shaped like the input or [S, <input shape>] (S stacked
/// samples; all inputs of one entry need the same S). This is what TF's
/// representative_dataset generator yields, one list per step. `what`
/// names the data in errors ("representative_dataset"). Errors
/// (InvalidArgument): a wrong number of arrays in an entry, a dtype or
/// shape that does not match the input (naming the entry, the input, the
/// expected and the actual dtype or shape), an empty dataset.
absl::StatusOr<std::vector<Sample>>
samplesFromArrays(const std::vector<std::vector<lite::NpyArray>> &perSample,
                  mlir::func::FuncOp main, const std::string &what);

/// Runs the .tflite `bytes` in runtime/lite over `samples` (inputs resized
/// when their shape differs). Float samples fed to int8/uint8 inputs are
/// quantized with the input's parameters; quantized outputs are
/// dequantized. `observer`, when set, is called after every op of every
/// subgraph. Returns, per sample, each output as float values.
absl::StatusOr<std::vector<std::vector<std::vector<float>>>>
runTFLite(const std::string &bytes, const std::vector<Sample> &samples,
          const std::string &name,
          const lite::Interpreter::OpObserver &observer);
/// The same without an observer.
absl::StatusOr<std::vector<std::vector<std::vector<float>>>>
runTFLite(const std::string &bytes, const std::vector<Sample> &samples,
          const std::string &name);

/// Calibrates `module` (tfl dialect, float): exports a copy whose @main
/// also returns every float32 op result of its body, runs it over
/// `samples`, and sets `tfl.min_max` on each such op (and on @main's float
/// arguments, from the samples). The float op results and float arguments
/// of the other functions (WHILE / IF / CALL_ONCE bodies) are observed in
/// the interpreter while they run, over every execution, and get
/// `tfl.min_max` too. NaN values are ignored; a tensor whose
/// values were all NaN or infinite gets no statistics. Returns failure with
/// `error` set when the model cannot be exported or run.
mlir::LogicalResult calibrate(mlir::ModuleOp module,
                              const std::vector<Sample> &samples,
                              std::string &error);

} // namespace tfmlir::quantutil

#endif
