//===- ConcurrentInterpretersTest.cpp - interpreters on threads overlap ---===//
//
// As TFLite, an Interpreter is used by one thread at a time, and several
// interpreters built over one model (and one op resolver) may run on
// different threads at once. This test proves that their Invoke calls do
// overlap (a lock around Invoke fails it: the first interpreter waits for
// a second one that never arrives) and that each gets the float64
// reference result. The observation point is the cancellation function
// (called before every op, TFLite's SetCancellationFunction), which blocks
// until two interpreters are inside Invoke, with a timeout that fails the
// test instead of hanging. Run under TSan by scripts/sanitize.sh --tsan.
//===----------------------------------------------------------------------===//
#include "test/unit/LiteTestUtil.h"

#include <chrono>
#include <condition_variable>
#include <mutex>
#include <thread>

namespace tfmlir::lite::testing {
namespace {

TEST(LiteConcurrentInterpreters, InvokesOverlapAndMatchFloat64) {
  // y[8,32] = Relu(x[8,64] . w[32,64]^T + bias[32]) (FULLY_CONNECTED).
  constexpr int kRows = 8, kK = 64, kN = 32, kThreads = 4, kInvokes = 3;
  ModelBuilder b;
  int x = b.f32({kRows, kK});
  std::vector<float> wv = randomVec(size_t(kN) * kK, 1), bv = randomVec(kN, 2);
  int w = b.cf32({kN, kK}, wv);
  int bias = b.cf32({kN}, bv);
  int y = b.f32({kRows, kN});
  OpOptions o;
  o.activation = Activation::kRelu;
  b.op(kOp_FULLY_CONNECTED, {x, w, bias}, {y}, o);
  b.io({x}, {y});
  const BuiltinOpResolver resolver;

  std::mutex mu;
  std::condition_variable cv;
  int arrived = 0;
  const auto timeout = std::chrono::seconds(20);

  std::vector<int> met(kThreads, 0);
  std::vector<std::string> errors(kThreads);
  std::vector<std::vector<float>> inputs, outputs(kThreads);
  for (int t = 0; t < kThreads; ++t)
    inputs.push_back(randomVec(size_t(kRows) * kK, 100 + t));
  std::vector<std::thread> threads;
  for (int t = 0; t < kThreads; ++t)
    threads.emplace_back([&, t] {
      auto in = Interpreter::create(b.def, resolver, "concurrent");
      if (!in.ok()) {
        errors[t] = in.status().ToString();
        return;
      }
      Interpreter &interp = **in;
      interp.setNumThreads(2);
      bool first = true;
      // Before the first op of the first Invoke: wait until a second
      // interpreter is inside its Invoke too.
      interp.setCancellationFunction([&, t]() mutable {
        if (!first)
          return false;
        first = false;
        std::unique_lock<std::mutex> l(mu);
        ++arrived;
        cv.notify_all();
        met[t] = cv.wait_for(l, timeout, [&] { return arrived >= 2; });
        return false;
      });
      if (absl::Status s = interp.allocateTensors(); !s.ok()) {
        errors[t] = s.ToString();
        return;
      }
      Tensor *xt = interp.inputTensor(0);
      std::memcpy(xt->data, inputs[t].data(), inputs[t].size() * 4);
      for (int r = 0; r < kInvokes; ++r)
        if (absl::Status s = interp.invoke(); !s.ok()) {
          errors[t] = s.ToString();
          return;
        }
      const Tensor *yt = interp.outputTensor(0);
      outputs[t].assign(yt->as<float>(), yt->as<float>() + kRows * kN);
    });
  for (std::thread &th : threads)
    th.join();

  for (int t = 0; t < kThreads; ++t) {
    ASSERT_TRUE(errors[t].empty()) << "thread " << t << ": " << errors[t];
    EXPECT_TRUE(met[t]) << "thread " << t
                        << ": no other interpreter was inside Invoke";
    // float64 reference, tolerance 1e-5 relative to the sum of magnitudes.
    std::vector<double> want(kRows * kN);
    std::vector<double> tol(kRows * kN);
    for (int i = 0; i < kRows; ++i)
      for (int j = 0; j < kN; ++j) {
        double acc = bv[j], mag = std::fabs(bv[j]);
        for (int k = 0; k < kK; ++k) {
          double p = double(inputs[t][i * kK + k]) * wv[j * kK + k];
          acc += p;
          mag += std::fabs(p);
        }
        want[i * kN + j] = std::max(0.0, acc);
        tol[i * kN + j] = 1e-5 * (1 + mag);
      }
    ASSERT_EQ(outputs[t].size(), want.size());
    for (size_t e = 0; e < want.size(); ++e)
      ASSERT_NEAR(outputs[t][e], want[e], tol[e])
          << "thread " << t << " element " << e;
  }
}

} // namespace
} // namespace tfmlir::lite::testing
