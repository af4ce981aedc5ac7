//===- FuzzTFLite.cpp - libFuzzer target: .tflite loader + one Invoke -----===//
//
// Input: the bytes of a .tflite file. Loads them with
// FlatBufferModel::buildFromBuffer (FlatBuffers verifier and our loader's
// checks), builds an Interpreter with every builtin kernel, allocates with a
// per-tensor and arena cap of kMaxTensorBytes (the loader's own limit,
// Interpreter::setMaxTensorBytes, lowered so that a run stays small), fills
// the inputs with bytes 0x01 (a valid bool, a tiny float) and invokes once. Any
// status is fine; a crash, a sanitizer report, a leak or a hang is a bug. Built
// only by `ninja tfmlir-fuzzers` (see test/fuzz/CMakeLists.txt and
// scripts/fuzz.sh).
//===----------------------------------------------------------------------===//
#include "runtime/lite/Interpreter.h"
#include "runtime/lite/Kernel.h"
#include "runtime/lite/Model.h"

#include <chrono>
#include <cstdint>
#include <cstring>

namespace {
// 1 MiB: small enough that one op of an instrumented build stays well under
// a second (a 512x256x1280 int16 BATCH_MATMUL of the corpus took > 20 s);
// larger models are still loaded, verified and planned.
constexpr size_t kMaxTensorBytes = size_t(1) << 20;
} // namespace

extern "C" int LLVMFuzzerTestOneInput(const uint8_t *data, size_t size) {
  using namespace tfmlir::lite;
  auto model = FlatBufferModel::buildFromBuffer(data, size, "fuzz.tflite");
  if (!model.ok())
    return 0;
  static BuiltinOpResolver resolver;
  auto interp = Interpreter::create(**model, resolver);
  if (!interp.ok())
    return 0;
  (*interp)->setMaxTensorBytes(kMaxTensorBytes);
  if (!(*interp)->allocateTensors().ok())
    return 0;
  for (size_t i = 0; i < (*interp)->inputs().size(); ++i) {
    Tensor *t = (*interp)->inputTensor(static_cast<int>(i));
    if (t && t->data && t->bytes)
      std::memset(t->data, 0x01, t->bytes); // valid for bools too
  }
  // A WHILE that never ends is not a bug of ours (TFLite loops too): stop
  // each run after 1 s, as a caller of untrusted models would.
  auto deadline = std::chrono::steady_clock::now() + std::chrono::seconds(1);
  (*interp)->setCancellationFunction(
      [deadline] { return std::chrono::steady_clock::now() > deadline; });
  (void)(*interp)->invoke();
  return 0;
}
