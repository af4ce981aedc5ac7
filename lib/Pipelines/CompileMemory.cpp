//===- CompileMemory.cpp - a memory limit for one compile -----------------===//
#include "lib/Pipelines/CompileMemory.h"

#include "mlir/IR/MLIRContext.h"
#include "mlir/Pass/Pass.h"

#include "absl/strings/str_cat.h"

#include <algorithm>

#if defined(__GLIBC__)
#include <malloc.h>
#endif

namespace tfmlir {
namespace {
thread_local CompileMemoryBudget *tlsBudget = nullptr;
} // namespace

uint64_t heapBytesInUse() {
#if defined(__GLIBC__) &&                                                      \
    (__GLIBC__ > 2 || (__GLIBC__ == 2 && __GLIBC_MINOR__ >= 33))
  struct mallinfo2 mi = mallinfo2();
  return static_cast<uint64_t>(mi.uordblks) + static_cast<uint64_t>(mi.hblkhd);
#else
  return 0;
#endif
}

CompileMemoryBudget::CompileMemoryBudget(int64_t maxBytes, std::string what)
    : maxBytes_(maxBytes > 0 ? maxBytes : 0), what_(std::move(what)),
      baseline_(maxBytes > 0 ? heapBytesInUse() : 0), previous_(tlsBudget) {
  tlsBudget = this;
}

CompileMemoryBudget::~CompileMemoryBudget() {
  std::vector<mlir::MLIRContext *> watched;
  {
    std::lock_guard<std::mutex> lock(mu_);
    watched.swap(watched_);
  }
  for (mlir::MLIRContext *ctx : watched)
    ctx->registerActionHandler(nullptr);
  tlsBudget = previous_;
}

CompileMemoryBudget *CompileMemoryBudget::current() { return tlsBudget; }

absl::Status CompileMemoryBudget::check(llvm::StringRef stage) {
  if (maxBytes_ <= 0)
    return absl::OkStatus();
  if (exceeded_.load())
    return status();
  uint64_t now = heapBytesInUse();
  int64_t growth = now > baseline_ ? static_cast<int64_t>(now - baseline_) : 0;
  int64_t peak = peak_.load();
  while (growth > peak && !peak_.compare_exchange_weak(peak, growth)) {
  }
  if (growth <= maxBytes_)
    return absl::OkStatus();
  std::lock_guard<std::mutex> lock(mu_);
  if (error_.empty())
    error_ = absl::StrCat("compiling ", what_, " needed more than ", maxBytes_,
                          " bytes (max_compile_memory_bytes; ", growth,
                          " bytes more heap than when it began) after ",
                          stage.str());
  exceeded_.store(true);
  return absl::ResourceExhaustedError(error_);
}

absl::Status CompileMemoryBudget::status() const {
  if (!exceeded_.load())
    return absl::OkStatus();
  std::lock_guard<std::mutex> lock(mu_);
  return absl::ResourceExhaustedError(error_);
}

bool CompileMemoryBudget::watch(mlir::MLIRContext &ctx) {
  if (maxBytes_ <= 0)
    return false;
  {
    std::lock_guard<std::mutex> lock(mu_);
    if (std::find(watched_.begin(), watched_.end(), &ctx) != watched_.end())
      return false;
    if (ctx.hasActionHandler())
      return false; // someone else's (a debugger): leave it alone
    watched_.push_back(&ctx);
  }
  ctx.registerActionHandler([this](llvm::function_ref<void()> transform,
                                   const mlir::tracing::Action &action) {
    auto *pass = llvm::dyn_cast<mlir::PassExecutionAction>(&action);
    if (!pass) {
      transform();
      return;
    }
    // Over the limit: the passes left are skipped; the caller's
    // checkCompileMemory() ends the compile.
    if (exceeded_.load())
      return;
    transform();
    llvm::StringRef arg = pass->getPass().getArgument();
    (void)check(absl::StrCat(
        "pass ", arg.empty() ? pass->getPass().getName().str() : arg.str()));
  });
  return true;
}

void CompileMemoryBudget::unwatch(mlir::MLIRContext &ctx) {
  {
    std::lock_guard<std::mutex> lock(mu_);
    auto it = std::find(watched_.begin(), watched_.end(), &ctx);
    if (it == watched_.end())
      return;
    watched_.erase(it);
  }
  ctx.registerActionHandler(nullptr);
}

absl::Status checkCompileMemory(llvm::StringRef stage) {
  if (CompileMemoryBudget *b = tlsBudget)
    return b->check(stage);
  return absl::OkStatus();
}

} // namespace tfmlir
