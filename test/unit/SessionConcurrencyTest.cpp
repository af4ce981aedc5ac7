//===- SessionConcurrencyTest.cpp - Runs overlap; Extend/Close during Runs
//-===//
//
// Proves that concurrent Session::Run calls execute at the same time (a
// lock around the whole of Run fails these tests), and that Extend and
// Close called while Runs execute behave as TF's DirectSession:
//  - Extend proceeds while Runs execute; the Runs in progress finish on the
//    graph they started with, a Run of an added node works at once;
//  - Close returns at once; later Run/Extend return Cancelled "Session has
//    been closed."; the Runs in progress return Cancelled "Run call was
//    cancelled" (DirectSession::RunInternal after its step was cancelled)
//    and store no variable values.
// The observation point is a host kernel, tf.TestGate, registered by this
// test and run by the Session's executor (global_jit_level kOff/kAuto):
// it counts arrivals and blocks until the test opens the gate or enough
// Runs have arrived, with a timeout that makes the test fail instead of
// hang. Run under TSan by scripts/sanitize.sh --tsan.
//===----------------------------------------------------------------------===//
#include "runtime/session/Session.h"
#include "runtime/session/kernels/HostKernel.h"

#include "lib/Translate/GraphDefImporter.h"

#include <gtest/gtest.h>

#include <chrono>
#include <climits>
#include <condition_variable>
#include <mutex>
#include <thread>

using namespace tfmlir::session;

namespace {

/// How long tf.TestGate waits before giving up (the test then fails on the
/// value it returns); long enough for a loaded CI machine under TSan.
constexpr std::chrono::seconds kGateTimeout{20};

/// The gate shared by every tf.TestGate invocation of the process.
struct Gate {
  std::mutex mu;
  std::condition_variable cv;
  int arrived = 0;      ///< invocations that reached compute()
  int openAt = INT_MAX; ///< compute() returns once this many arrived
  bool open = false;    ///< or once the test opens it

  void reset(int at) {
    std::lock_guard<std::mutex> l(mu);
    arrived = 0;
    openAt = at;
    open = false;
  }
  void openNow() {
    {
      std::lock_guard<std::mutex> l(mu);
      open = true;
    }
    cv.notify_all();
  }
  /// Waits until `n` invocations are inside compute(); false on timeout.
  bool waitForArrivals(int n) {
    std::unique_lock<std::mutex> l(mu);
    return cv.wait_for(l, kGateTimeout, [&] { return arrived >= n; });
  }
  /// Arrives and waits; whether the gate opened before the timeout.
  bool pass() {
    std::unique_lock<std::mutex> l(mu);
    ++arrived;
    cv.notify_all();
    return cv.wait_for(l, kGateTimeout,
                       [&] { return open || arrived >= openAt; });
  }
};
Gate gate;

/// tf.TestGate(x: float) -> float: 2*x when the gate opened, -1 when it
/// timed out.
void registerGateKernel() {
  static std::once_flag once;
  std::call_once(once, [] {
    registerHostKernel("tf.TestGate", [](mlir::Operation *) {
      return absl::StatusOr<std::unique_ptr<HostKernel>>(
          std::make_unique<LambdaKernel>([](KernelContext &ctx) {
            bool opened = gate.pass();
            auto out = HostTensor::create(DType::kF32, ctx.inputs[0]->shape());
            if (!out.ok())
              return out.status();
            const float *x = ctx.inputs[0]->data<float>();
            for (int64_t i = 0; i < out->numElements(); ++i)
              out->data<float>()[i] = opened ? 2 * x[i] : -1;
            ctx.outputs.push_back(std::move(*out));
            return absl::OkStatus();
          }));
    });
  });
}

const char *kT = "attr { key: 'T' value { type: DT_FLOAT } } ";

std::string placeholder(const std::string &name) {
  return "node { name: '" + name +
         "' op: 'Placeholder' attr { key: 'dtype' value { type: DT_FLOAT } } "
         "attr { key: 'shape' value { shape { dim { size: 2 } } } } } ";
}

std::string node(const std::string &name, const std::string &op,
                 const std::string &input) {
  return "node { name: '" + name + "' op: '" + op + "' input: '" + input +
         "' " + kT + "} ";
}

tensorflow::GraphDef parse(const std::string &text) {
  tensorflow::GraphDef g;
  std::string err;
  EXPECT_TRUE(tfmlir::parseGraphDef(text, "concurrency.pbtxt", g, err)) << err;
  return g;
}

/// y = Identity(TestGate(Neg(Neg(Neg(Neg(x)))))) for x: float[2], on the
/// executor (with kAuto the four Negs form a compiled cluster that runs
/// before the gate).
std::unique_ptr<Session> makeSession(SessionOptions::GlobalJitLevel level =
                                         SessionOptions::GlobalJitLevel::kOff) {
  registerGateKernel();
  SessionOptions o;
  o.global_jit_level = level;
  // Each blocked Run holds one inter-op thread: room for all of them.
  o.inter_op_parallelism_threads = 8;
  auto s = Session::Create(
      parse(placeholder("x") + node("n1", "Neg", "x") +
            node("n2", "Neg", "n1") + node("n3", "Neg", "n2") +
            node("n4", "Neg", "n3") + node("g", "TestGate", "n4") +
            node("y", "Identity", "g")),
      o);
  EXPECT_TRUE(s.ok()) << s.status();
  return s.ok() ? std::move(*s) : nullptr;
}

Tensor floats(float a, float b) {
  Tensor t(DT_FLOAT, TensorShape({2}));
  t.flat<float>()[0] = a;
  t.flat<float>()[1] = b;
  return t;
}

/// One Run of `fetch` (and/or `target`) with x = [v, v+0.5] on its own
/// thread.
struct RunThread {
  absl::Status status;
  std::vector<Tensor> out;
  std::thread thread;
  RunThread(Session &s, float v, const std::string &fetch = "y",
            const std::string &target = "")
      : thread([this, &s, v, fetch, target] {
          std::vector<std::string> fetches, targets;
          if (!fetch.empty())
            fetches.push_back(fetch);
          if (!target.empty())
            targets.push_back(target);
          status = s.Run({{"x", floats(v, v + 0.5f)}}, fetches, targets, &out);
        }) {}
  /// A failed ASSERT leaves the Run blocked: open the gate and join.
  ~RunThread() {
    if (thread.joinable()) {
      gate.openNow();
      thread.join();
    }
  }
  void expectDoubled(float v) {
    ASSERT_TRUE(status.ok()) << status;
    ASSERT_EQ(out.size(), 1u);
    ASSERT_EQ(out[0].NumElements(), 2);
    EXPECT_EQ(out[0].flat<float>()[0], 2 * v) << "x=" << v;
    EXPECT_EQ(out[0].flat<float>()[1], 2 * v + 1) << "x=" << v;
  }
};

/// Warms the executable up (compiled once; the concurrent Runs then find
/// it) with the gate open.
void warmUp(Session &s) {
  gate.reset(1);
  std::vector<Tensor> o;
  absl::Status st = s.Run({{"x", floats(0, 0)}}, {"y"}, {}, &o);
  ASSERT_TRUE(st.ok()) << st;
}

void runsOverlap(SessionOptions::GlobalJitLevel level) {
  auto s = makeSession(level);
  ASSERT_TRUE(s);
  warmUp(*s);
  // Every Run's kernel waits until two Runs are inside it at once: with
  // Runs serialized the first one times out and returns -1.
  constexpr int kThreads = 4;
  gate.reset(2);
  std::vector<std::unique_ptr<RunThread>> runs;
  for (int t = 0; t < kThreads; ++t)
    runs.push_back(std::make_unique<RunThread>(*s, float(10 * t + 1)));
  for (auto &r : runs)
    r->thread.join();
  for (int t = 0; t < kThreads; ++t)
    runs[t]->expectDoubled(float(10 * t + 1));
}

TEST(SessionConcurrency, RunsOverlapInTheExecutor) {
  runsOverlap(SessionOptions::GlobalJitLevel::kOff);
}

TEST(SessionConcurrency, RunsOverlapWithAutoClustering) {
  runsOverlap(SessionOptions::GlobalJitLevel::kAuto);
}

TEST(SessionConcurrency, RunsOverlapBeforeTheFirstCompileFinishes) {
  // No warm-up: the Runs race to compile the same executable (one compiles,
  // the others wait for it), then all execute at once.
  auto s = makeSession();
  ASSERT_TRUE(s);
  gate.reset(3);
  std::vector<std::unique_ptr<RunThread>> runs;
  for (int t = 0; t < 3; ++t)
    runs.push_back(std::make_unique<RunThread>(*s, float(t + 1)));
  for (auto &r : runs)
    r->thread.join();
  for (int t = 0; t < 3; ++t)
    runs[t]->expectDoubled(float(t + 1));
  EXPECT_EQ(s->stats().compiles, 1);
}

TEST(SessionConcurrency, ExtendWhileRunsExecute) {
  auto s = makeSession();
  ASSERT_TRUE(s);
  warmUp(*s);
  gate.reset(INT_MAX);
  RunThread a(*s, 1), b(*s, 2);
  ASSERT_TRUE(gate.waitForArrivals(2)) << "the Runs never reached the gate";
  // Both Runs are inside the executor: Extend does not wait for them.
  absl::Status st = s->Extend(parse(node("z", "Neg", "x")));
  EXPECT_TRUE(st.ok()) << st;
  // A Run of the added node proceeds while the two others still execute.
  std::vector<Tensor> o;
  st = s->Run({{"x", floats(3, 4)}}, {"z"}, {}, &o);
  ASSERT_TRUE(st.ok()) << st;
  ASSERT_EQ(o.size(), 1u);
  EXPECT_EQ(o[0].flat<float>()[0], -3);
  EXPECT_EQ(o[0].flat<float>()[1], -4);
  gate.openNow();
  a.thread.join();
  b.thread.join();
  a.expectDoubled(1);
  b.expectDoubled(2);
  // After Extend the old fetch still runs (recompiled on the new graph).
  RunThread c(*s, 5);
  c.thread.join();
  c.expectDoubled(5);
  // A name that exists is still refused while Runs went on.
  st = s->Extend(parse(node("z", "Neg", "x")));
  EXPECT_EQ(st.code(), absl::StatusCode::kInvalidArgument) << st;
}

TEST(SessionConcurrency, CloseWhileRunsExecute) {
  auto s = makeSession();
  ASSERT_TRUE(s);
  warmUp(*s);
  gate.reset(INT_MAX);
  RunThread a(*s, 1), b(*s, 2);
  ASSERT_TRUE(gate.waitForArrivals(2)) << "the Runs never reached the gate";
  // Close returns while the Runs are blocked inside the executor.
  EXPECT_TRUE(s->Close().ok());
  std::vector<Tensor> o;
  absl::Status st = s->Run({{"x", floats(3, 4)}}, {"y"}, {}, &o);
  EXPECT_EQ(st.code(), absl::StatusCode::kCancelled) << st;
  EXPECT_EQ(st.message(), "Session has been closed.");
  st = s->Extend(parse(node("z", "Neg", "x")));
  EXPECT_EQ(st.code(), absl::StatusCode::kCancelled) << st;
  EXPECT_TRUE(s->Close().ok()); // idempotent
  gate.openNow();
  a.thread.join();
  b.thread.join();
  // The Runs in progress finished executing what they held and report the
  // cancellation, as DirectSession does.
  for (RunThread *r : {&a, &b}) {
    EXPECT_EQ(r->status.code(), absl::StatusCode::kCancelled) << r->status;
    EXPECT_EQ(r->status.message(), "Run call was cancelled");
    EXPECT_TRUE(r->out.empty());
  }
  EXPECT_GE(s->stats().runs, 3);
}

TEST(SessionConcurrency, CloseDropsTheVariableWritesOfRunsInProgress) {
  registerGateKernel();
  // v = VariableV2 [2]; assign = Assign(v, TestGate(x)).
  std::string g =
      placeholder("x") + node("g", "TestGate", "x") +
      "node { name: 'v' op: 'VariableV2' attr { key: 'dtype' value { type: "
      "DT_FLOAT } } attr { key: 'shape' value { shape { dim { size: 2 } } } "
      "} } node { name: 'assign' op: 'Assign' input: 'v' input: 'g' " +
      std::string(kT) + "} ";
  SessionOptions o;
  o.global_jit_level = SessionOptions::GlobalJitLevel::kOff;
  o.inter_op_parallelism_threads = 4;
  auto s = Session::Create(parse(g), o);
  ASSERT_TRUE(s.ok()) << s.status();
  gate.reset(1);
  std::vector<Tensor> out;
  absl::Status st = (*s)->Run({{"x", floats(1, 2)}}, {}, {"assign"}, &out);
  ASSERT_TRUE(st.ok()) << st;
  auto v = (*s)->variableValue("localhost/v");
  ASSERT_TRUE(v.ok()) << v.status();
  EXPECT_EQ(v->flat<float>()[0], 2);

  gate.reset(INT_MAX);
  RunThread run(**s, 7, /*fetch=*/"", /*target=*/"assign");
  ASSERT_TRUE(gate.waitForArrivals(1));
  EXPECT_TRUE((*s)->Close().ok());
  gate.openNow();
  run.thread.join();
  EXPECT_EQ(run.status.code(), absl::StatusCode::kCancelled) << run.status;
  EXPECT_FALSE((*s)->variableValue("localhost/v").ok())
      << "a Run cancelled by Close stored its assignment";
}

} // namespace
