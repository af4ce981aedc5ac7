//===- CpuTarget.cpp - the CPU that generated code is tuned for ----------===//
#include "lib/Pipelines/CpuTarget.h"

#include "llvm/IR/Module.h"
#include "llvm/TargetParser/Host.h"

namespace tfmlir {

CpuTarget hostCpuTarget() {
  CpuTarget t;
  t.cpu = llvm::sys::getHostCPUName().str();
  for (const auto &[name, on] : llvm::sys::getHostCPUFeatures())
    t.features += (t.features.empty() ? "" : ",") +
                  std::string(on ? "+" : "-") + name.str();
  return t;
}

void tuneFunctionsForCpu(llvm::Module &m, const CpuTarget &target) {
  bool avx512 = false;
  llvm::StringRef rest = target.features;
  while (!rest.empty()) {
    auto [item, tail] = rest.split(',');
    avx512 |= item.trim() == "+avx512f";
    rest = tail;
  }
  for (llvm::Function &f : m) {
    if (f.isDeclaration())
      continue;
    if (!target.cpu.empty())
      f.addFnAttr("target-cpu", target.cpu);
    if (!target.features.empty())
      f.addFnAttr("target-features", target.features);
    if (avx512)
      f.addFnAttr("prefer-vector-width", "512");
  }
}

} // namespace tfmlir
