#!/usr/bin/env python3
"""ctest install-example: tfmlir installed into a fresh prefix works outside
the tree.

Steps (each failure names the step and shows its output):
 1. `cmake --install BUILD --prefix WORK/prefix` (tools, static libraries,
    headers, CMake package, pkg-config files);
 2. configure and build examples/cpp (find_package(TFMLIR), TFMLIR::Session,
    TFMLIR::Lite) against that prefix with CMake;
 3. run examples/convnet/convnet.pbtxt on a fixed input with the installed
    tf-run (P/bin: checks its RUNPATH) and with the example run_graph, which
    must print the same numbers (both go through Session: identical within
    1e-6 abs is required, exact equality is expected);
 4. convert the graph with the installed tf-convert, run it with the example
    run_tflite, and compare with tf-run's probabilities (lite kernels vs the
    JIT: abs 1e-5);
 5. pkg-config: tfmlir-lite.pc and tfmlir.pc build run_tflite and
    run_graph with a plain compiler command (default linker), and they print
    the same numbers as above;
 6. examples/aot against the prefix: tfmlir_aot_library() runs the
    installed tf-compile, the program links TFMLIR::AotRuntime only (no
    MLIR), runs, and checks its own results (exit 0);
 7. where the prefix has runtime/gpu, examples/aot's GPU build
    (tf-compile --target=cuda, TFMLIR::GPURuntime): it links and runs
    (exit 0, or 77 without a GPU driver).

Usage: install_example.py --build BUILD --source SRC --work WORK --cxx CXX
                           [--cmake CMAKE] [--no-tfmlir-pc] [--cxxflags F]
--no-tfmlir-pc: the build links MLIR statically (TFMLIR_LINK_MLIR_DYLIB=OFF),
which writes no tfmlir.pc; --cxxflags: extra flags for every compile and
link of the examples (the sanitizer build's -fsanitize=...).
"""
import argparse
import os
import shutil
import subprocess
import sys
import time


def run(step, cmd, **kw):
    """Runs cmd; on failure prints the step, command and output and exits 1."""
    t0 = time.time()
    p = subprocess.run(cmd, stdout=subprocess.PIPE, stderr=subprocess.PIPE,
                       text=True, **kw)
    dt = time.time() - t0
    if p.returncode != 0:
        print("FAIL %s: %s (exit %d)\n--- stdout\n%s\n--- stderr\n%s" %
              (step, " ".join(cmd), p.returncode, p.stdout[-4000:],
               p.stderr[-4000:]))
        sys.exit(1)
    print("ok   %-44s %6.1f s" % (step, dt))
    return p


def parse_outputs(text):
    """tf-run's printed format -> {name: (shape string, [floats])}."""
    out, cur = {}, None
    for line in text.splitlines():
        if line.startswith("# output "):
            parts = line.split()
            cur = parts[2]
            out[cur] = (parts[4] if len(parts) > 4 else "", [])
        elif cur is not None and line.strip():
            out[cur][1].append(float(line))
    return out


def compare(step, ref, got, ref_name, got_name, tol):
    """Max |ref - got| over one output; fails the test above tol."""
    r, g = ref[ref_name], got[got_name]
    if r[0] != g[0] or len(r[1]) != len(g[1]) or not r[1]:
        print("FAIL %s: shapes differ: %s %s vs %s %s" %
              (step, ref_name, r[0], got_name, g[0]))
        sys.exit(1)
    diff = max(abs(a - b) for a, b in zip(r[1], g[1]))
    exact = all(a == b for a, b in zip(r[1], g[1]))
    print("     %s: %d values, max |diff| %.3g (tolerance %g)%s" %
          (step, len(r[1]), diff, tol, ", identical" if exact else ""))
    if diff > tol:
        print("FAIL %s: max |diff| %.3g > %g" % (step, diff, tol))
        sys.exit(1)


def main():
    ap = argparse.ArgumentParser()
    ap.add_argument("--build", required=True)
    ap.add_argument("--source", required=True)
    ap.add_argument("--work", required=True)
    ap.add_argument("--cxx", required=True)
    ap.add_argument("--cmake", default="cmake")
    ap.add_argument("--no-tfmlir-pc", action="store_true")
    ap.add_argument("--cxxflags", default="")
    a = ap.parse_args()
    work = os.path.abspath(a.work)
    prefix = os.path.join(work, "prefix")
    shutil.rmtree(prefix, ignore_errors=True)
    os.makedirs(work, exist_ok=True)
    t_start = time.time()

    # 1. Install.
    run("install", [a.cmake, "--install", a.build, "--prefix", prefix])
    for f in ["bin/tf-compile", "include/tfmlir/runtime/aot/CompiledFunction.h",
              "lib/cmake/TFMLIR/TFMLIRAot.cmake",
              "bin/tf-run", "bin/tf-convert", "bin/tflite-run", "bin/tf-opt",
              "bin/tf-translate", "include/tfmlir/runtime/session/Session.h",
              "include/tfmlir/lib/Translate/proto/graph.pb.h",
              "include/tfmlir/lib/Translate/ModelLoader.h",
              "include/tfmlir/runtime/lite/Interpreter.h",
              "lib/cmake/TFMLIR/TFMLIRConfig.cmake",
              "lib/pkgconfig/tfmlir-lite.pc"] + (
                  [] if a.no_tfmlir_pc else ["lib/pkgconfig/tfmlir.pc"]):
        if not os.path.exists(os.path.join(prefix, f)):
            print("FAIL install: %s is missing" % f)
            sys.exit(1)

    # 2. Build the example against the prefix (ccache when present, so that
    # repeated runs only link).
    exbuild = os.path.join(work, "example-build")
    shutil.rmtree(exbuild, ignore_errors=True)
    cfg = [a.cmake, "-G", "Ninja", "-S",
           os.path.join(a.source, "examples", "cpp"), "-B", exbuild,
           "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix,
           "-DCMAKE_CXX_COMPILER=" + a.cxx]
    extra = a.cxxflags.split()
    ldflags = list(extra)
    if "clang" in os.path.basename(a.cxx) and shutil.which("ld.lld-22"):
        ldflags.append("-fuse-ld=lld")
    cfg += ["-DCMAKE_CXX_FLAGS=" + " ".join(extra),
            "-DCMAKE_EXE_LINKER_FLAGS=" + " ".join(ldflags)]
    if shutil.which("ccache"):
        cfg.append("-DCMAKE_CXX_COMPILER_LAUNCHER=ccache")
    run("configure examples/cpp (find_package)", cfg)
    run("build examples/cpp", [a.cmake, "--build", exbuild, "-j2"])

    # 3. The installed tf-run and run_graph on the same input.
    graph = os.path.join(a.source, "examples", "convnet", "convnet.pbtxt")
    values = os.path.join(work, "input.csv")
    # A fixed 28x28 image: a bright diagonal bar on a soft gradient.
    with open(values, "w") as f:
        px = []
        for i in range(28):
            for j in range(28):
                v = 0.05 * ((i + j) % 7) + (0.9 if abs(i - j) <= 2 else 0.0)
                px.append("%.4f" % v)
        f.write(",".join(px) + "\n")
    ref = run("installed tf-run", [os.path.join(prefix, "bin", "tf-run"),
                                   "--graph", graph, "--input",
                                   "input=%s:1,28,28,1" % values,
                                   "--output", "probs"]).stdout
    got = run("example run_graph", [os.path.join(exbuild, "run_graph"), graph,
                                    "input", "1,28,28,1", values,
                                    "probs"]).stdout
    ref, got = parse_outputs(ref), parse_outputs(got)
    compare("run_graph vs tf-run", ref, got, "probs:0", "probs:0", 1e-6)

    # 4. .tflite through the example run_tflite.
    tfl = os.path.join(work, "convnet.tflite")
    run("installed tf-convert", [os.path.join(prefix, "bin", "tf-convert"),
                                 "--graph-def-file", graph, "--output", tfl,
                                 "--input-arrays", "input", "--input-shapes",
                                 "1,28,28,1", "--output-arrays", "probs",
                                 "--quiet"])
    lite = parse_outputs(run("example run_tflite",
                             [os.path.join(exbuild, "run_tflite"), tfl,
                              values]).stdout)
    if len(lite) != 1:
        print("FAIL run_tflite: expected one output, got %s" % list(lite))
        sys.exit(1)
    compare("run_tflite vs tf-run", ref, lite, "probs:0", next(iter(lite)),
            1e-5)

    # 5. pkg-config.
    def build_pc(src, exe, flags, pc):
        """Compiles examples/cpp/<src> (through ccache when present) and
        links it, with the flags pkg-config gave for <pc>."""
        cflags = [f for f in flags if f.startswith(("-I", "-D"))]
        obj = exe + ".o"
        launcher = ["ccache"] if shutil.which("ccache") else []
        run("c++ -c %s $(pkg-config --cflags %s)" % (src, pc),
            launcher + [a.cxx, "-std=c++17", "-O1", "-c"] + extra + cflags +
            [os.path.join(a.source, "examples", "cpp", src), "-o", obj])
        run("c++ -o ... $(pkg-config --libs %s)" % pc,
            [a.cxx] + extra + [obj, "-o", exe] + flags)

    if shutil.which("pkg-config"):
        env = dict(os.environ, PKG_CONFIG_PATH=os.path.join(prefix, "lib",
                                                            "pkgconfig"))
        flags = run("pkg-config tfmlir-lite", ["pkg-config", "--cflags",
                                               "--libs", "tfmlir-lite"],
                    env=env).stdout.split()
        exe = os.path.join(work, "run_tflite_pc")
        build_pc("run_tflite.cpp", exe, flags, "tfmlir-lite")
        lite_pc = parse_outputs(run("pkg-config run_tflite", [exe, tfl,
                                                              values]).stdout)
        compare("pkg-config run_tflite vs run_tflite", lite, lite_pc,
                next(iter(lite)), next(iter(lite_pc)), 0.0)
        if a.no_tfmlir_pc:
            print("PASS install-example (no tfmlir.pc with static MLIR) in "
                  "%.1f s" % (time.time() - t_start))
            return
        # tfmlir.pc with the compiler's default linker (GNU ld resolves
        # static archives in order: the .pc's --start-group must cover it).
        flags = run("pkg-config tfmlir", ["pkg-config", "--cflags", "--libs",
                                          "tfmlir"], env=env).stdout.split()
        exe = os.path.join(work, "run_graph_pc")
        build_pc("run_graph.cpp", exe, flags, "tfmlir")
        got_pc = parse_outputs(run("pkg-config run_graph", [
            exe, graph, "input", "1,28,28,1", values, "probs"]).stdout)
        compare("pkg-config run_graph vs tf-run", ref, got_pc, "probs:0",
                "probs:0", 1e-6)
    else:
        print("skip pkg-config checks (pkg-config not installed)")

    # 6. examples/aot: tf-compile through the installed CMake helper.
    aotbuild = os.path.join(work, "aot-build")
    shutil.rmtree(aotbuild, ignore_errors=True)
    aotcfg = [a.cmake, "-G", "Ninja", "-S",
              os.path.join(a.source, "examples", "aot"), "-B", aotbuild,
              "-DCMAKE_BUILD_TYPE=Release", "-DCMAKE_PREFIX_PATH=" + prefix,
              "-DCMAKE_CXX_COMPILER=" + a.cxx,
              "-DCMAKE_CXX_FLAGS=" + " ".join(extra),
              "-DCMAKE_EXE_LINKER_FLAGS=" + " ".join(ldflags)]
    run("configure examples/aot (find_package)", aotcfg)
    run("build examples/aot (installed tf-compile)",
        [a.cmake, "--build", aotbuild, "-j2"])
    run("run examples/aot", [os.path.join(aotbuild, "aot_example")])
    # 7. Its GPU build, where the prefix has runtime/gpu (TFMLIR::GPURuntime):
    # linked against the installed runtime, and run (77: no GPU here).
    gpuexe = os.path.join(aotbuild, "aot_example_gpu")
    import glob
    if glob.glob(os.path.join(prefix, "lib*", "cmake", "TFMLIR",
                              "TFMLIRGpuTargets.cmake")) or \
            os.path.exists(gpuexe):
        if not os.path.exists(gpuexe):
            sys.exit("FAIL examples/aot: the prefix has TFMLIR::GPURuntime "
                     "but aot_example_gpu was not built")
        r = subprocess.run([gpuexe], capture_output=True, text=True)
        if r.returncode not in (0, 77):
            sys.exit("FAIL run examples/aot (GPU): exit %d\n%s%s" % (
                r.returncode, r.stdout, r.stderr))
        print("ok   run examples/aot (GPU): %s" % (
            "matches" if r.returncode == 0 else
            "no GPU here: " + r.stderr.strip().splitlines()[-1]))
    else:
        print("skip examples/aot (GPU): the prefix has no TFMLIR::GPURuntime")
    print("PASS install-example in %.1f s" % (time.time() - t_start))


if __name__ == "__main__":
    main()
