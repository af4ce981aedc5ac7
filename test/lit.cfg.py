# lit configuration for tfmlir's FileCheck tests.
import os
import lit.formats
from lit.llvm import llvm_config

config.name = "tfmlir"
config.test_format = lit.formats.ShTest(not llvm_config.use_lit_shell)
config.suffixes = [".mlir", ".pbtxt", ".test"]
config.excludes = ["Inputs", "CMakeLists.txt", "lit.cfg.py", "lit.site.cfg.py", "unit", "corpus"]
config.test_source_root = os.path.dirname(__file__)
config.test_exec_root = os.path.join(config.tfmlir_obj_root, "test")

llvm_config.use_default_substitutions()
tool_dirs = [os.path.join(config.tfmlir_obj_root, "bin"), config.llvm_tools_dir]
llvm_config.add_tool_substitutions(["tf-opt", "tf-translate", "tflite-run", "tf-convert", "tf-run", "tf-compile", "hlo-gpu-compile", "op-coverage", "hlo-jit-run"], tool_dirs)
# FileCheck, not, count and split-file come from LLVM's tools folder.
llvm_config.with_environment("PATH", config.llvm_tools_dir, append_path=True)
config.substitutions.append(("%python", config.python_executable))
config.substitutions.append(("%srcroot", config.tfmlir_src_root))
# GPU codegen tests that assemble PTX need the CUDA toolkit's ptxas.
if os.access("/usr/local/cuda/bin/ptxas", os.X_OK) or os.access(
        os.path.join(os.environ.get("CUDA_HOME", "/nonexistent"), "bin", "ptxas"), os.X_OK):
    config.available_features.add("ptxas")
# The host-memory stand-ins for libcuda.so.1 and libcublas.so.13
# (test/unit/FakeCuda.cpp, FakeCublas.cpp), built with the CUDA headers.
fakecuda = os.path.join(config.tfmlir_obj_root, "test", "unit", "fakecuda")
if os.path.exists(os.path.join(fakecuda, "libcuda.so.1")):
    config.available_features.add("fakecuda")
    config.substitutions.append(("%fakecuda", fakecuda))
# The ASan+UBSan build (scripts/sanitize.sh --all): ASan reserves terabytes
# of address space for its shadow (no `ulimit -v` test can run under it)
# and has its own allocator, which glibc's mallinfo2 (the compile-memory
# budget's measure) does not see. Such tests say `UNSUPPORTED: asan`.
if getattr(config, "tfmlir_sanitizers", "") in ("ON", "1", "TRUE", "YES"):
    config.available_features.add("asan")
if config.tfmlir_corpus_dir:
    config.available_features.add("corpus")
    config.substitutions.append(("%corpus", config.tfmlir_corpus_dir))
