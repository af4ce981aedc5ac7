#!/usr/bin/env python3
"""GPU codegen without a GPU: every kernel of a corpus sample through ptxas.

For a deterministic sample of dl4j_tf_graphs cases (dl4j_sample.py:
frozen_model.pb, no placeholders, no random ops; every k-th case of
INDEX.tsv sorted by case_dir, plus every case with While/If control flow)
and the hlo modules of the bench models (MobileNet-like convnet,
MLP, element-wise chain; `tfmlir-model-bench --dump-hlo`, when given),
runs
  tf-translate --graphdef-to-mlir (reference outputs as fetches)
  -> tf-opt -tf-standard-pipeline -xla-legalize-tf
  -> hlo-gpu-compile (hlo-to-gpu-pipeline: PTX of all kernels in one module,
     launch plan) -> ptxas -arch=sm_90 -O3 -v (inside hlo-gpu-compile)
and parses ptxas -v: registers, spill stores/loads and stack of every
kernel. Each case is one of
  compiled       every kernel assembled
  unsupported    hlo-gpu-compile refused an op (the reason is listed)
  not-legalized  import or xla-legalize-tf failed (not the GPU path's concern)
  ptxas-fail     our PTX did not assemble (a bug: fails the test)
Writes a markdown report (counts, unsupported reasons histogram, register
and spill table), prints the summary, and exits 1 on any ptxas failure,
on a kernel spilling more than MAX_SPILL bytes, or when fewer than MIN_OK
cases compile; 77 (skipped) without the corpus or without ptxas.

usage: gpu_ptxas_corpus.py CORPUS BINDIR REPORT.md SAMPLE MIN_OK MAX_SPILL
                           [BENCH_HLO_DIR]
"""
import collections
import concurrent.futures
import os
import re
import shutil
import subprocess
import sys
import tempfile

from dl4j_sample import sample_rows

PTXAS = ["/usr/local/cuda/bin/ptxas"]


def first_line(s):
    s = s.strip()
    for line in s.splitlines():
        if "error" in line:
            return line[:240]
    return s.splitlines()[0][:240] if s else "failed"


def fetches(row):
    out = []
    for ref in re.split(r"[;\s]+", row["reference_outputs(node[.k])"].strip()):
        if not ref:
            continue
        node, k = ref, 0
        m = re.match(r"^(.*)\.(\d+)$", ref)
        if m:
            node, k = m.group(1), int(m.group(2))
        name = f"{node}:{k}" if k else node
        if name not in out:
            out.append(name)
    return out


def run(cmd, inp=None):
    return subprocess.run(cmd, input=inp, capture_output=True, text=True,
                          timeout=300)


def parse_ptxas(log):
    """{kernel: (registers, spill_stores, spill_loads, stack)}"""
    kernels = {}
    cur = None
    for line in log.splitlines():
        m = re.search(r"Compiling entry function '([^']+)'", line)
        if m:
            cur = m.group(1)
            kernels[cur] = [0, 0, 0, 0]
            continue
        if cur is None:
            continue
        m = re.search(r"(\d+) bytes stack frame, (\d+) bytes spill stores, "
                      r"(\d+) bytes spill loads", line)
        if m:
            kernels[cur][3] = int(m.group(1))
            kernels[cur][1] = int(m.group(2))
            kernels[cur][2] = int(m.group(3))
        m = re.search(r"Used (\d+) registers", line)
        if m:
            kernels[cur][0] = int(m.group(1))
    return kernels


def compile_hlo(hlo_text, bindir, work):
    path = os.path.join(work, "in.hlo.mlir")
    with open(path, "w") as f:
        f.write(hlo_text)
    out = os.path.join(work, "gpu")
    r = run([os.path.join(bindir, "hlo-gpu-compile"), path, "-o", out])
    if r.returncode != 0:
        err = r.stderr.replace(path, "<hlo>")
        if "ptxas" in err and "failed" in err:
            return "ptxas-fail", first_line(err), {}, ""
        return "unsupported", first_line(err), {}, ""
    log = ""
    if os.path.exists(os.path.join(out, "ptxas.log")):
        with open(os.path.join(out, "ptxas.log")) as f:
            log = f.read()
    return "compiled", r.stdout.strip(), parse_ptxas(log), r.stdout.strip()


def run_case(row, corpus, bindir):
    case_dir = os.path.join(corpus, "dl4j_tf_graphs", "examples", row["case_dir"])
    outs = fetches(row)
    if not outs:
        return "not-legalized", "no reference outputs", {}, ""
    imp = run([os.path.join(bindir, "tf-translate"), "--graphdef-to-mlir",
               os.path.join(case_dir, "frozen_model.pb"),
               "--tf-output-arrays=" + ",".join(outs)])
    if imp.returncode != 0:
        return "not-legalized", "import: " + first_line(imp.stderr), {}, ""
    leg = run([os.path.join(bindir, "tf-opt"), "-tf-standard-pipeline",
               "-xla-legalize-tf", "-mlir-print-debuginfo=false"], imp.stdout)
    if leg.returncode != 0:
        return "not-legalized", "legalize: " + first_line(leg.stderr), {}, ""
    work = tempfile.mkdtemp(prefix="gpu-ptxas-")
    try:
        return compile_hlo(leg.stdout, bindir, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def run_bench(path, bindir):
    work = tempfile.mkdtemp(prefix="gpu-ptxas-")
    try:
        with open(path) as f:
            return compile_hlo(f.read(), bindir, work)
    finally:
        shutil.rmtree(work, ignore_errors=True)


def main():
    if len(sys.argv) not in (7, 8):
        print(__doc__)
        return 2
    corpus, bindir, report = sys.argv[1], sys.argv[2], sys.argv[3]
    sample, min_ok, max_spill = int(sys.argv[4]), int(sys.argv[5]), int(sys.argv[6])
    bench_dir = sys.argv[7] if len(sys.argv) == 8 else ""
    index = os.path.join(corpus, "dl4j_tf_graphs", "INDEX.tsv")
    if not os.path.exists(index):
        print(f"skipped: {index} not found")
        return 77
    if not any(os.access(p, os.X_OK) for p in PTXAS) and not shutil.which("ptxas"):
        print("skipped: no CUDA toolkit (searched /usr/local/cuda/bin/ptxas and PATH)")
        return 77
    rows, step = sample_rows(corpus, sample)
    items = [("corpus", r["case_dir"], r) for r in rows]
    if bench_dir and os.path.isdir(bench_dir):
        for name in sorted(os.listdir(bench_dir)):
            if name.endswith(".hlo.mlir"):
                items.append(("bench", name, os.path.join(bench_dir, name)))
    results = []
    # Two workers: the machine has two cores (the subprocesses do the work).
    with concurrent.futures.ThreadPoolExecutor(max_workers=2) as pool:
        futs = []
        for kind, name, arg in items:
            if kind == "corpus":
                futs.append(pool.submit(run_case, arg, corpus, bindir))
            else:
                futs.append(pool.submit(run_bench, arg, bindir))
        for (kind, name, _), fut in zip(items, futs):
            try:
                st, detail, kernels, summary = fut.result()
            except subprocess.TimeoutExpired:
                st, detail, kernels, summary = "unsupported", "timeout", {}, ""
            results.append((kind, name, st, detail, kernels, summary))
    status = collections.Counter(st for k, _, st, _, _, _ in results if k == "corpus")
    reasons = collections.Counter()
    for k, n, st, d, _, _ in results:
        if st == "unsupported":
            m = re.search(r"error: (.*)", d)
            reasons[(m.group(1) if m else d)[:160]] += 1
    allk = [(n, kn, v) for _, n, st, _, ks, _ in results for kn, v in ks.items()]
    # Launches of one thread (a computation not parallelized, e.g. sort or
    # a scalar fill), from hlo-gpu-compile's summary line.
    serial = [(n, int(m.group(1))) for _, n, st, _, _, summ in results
              for m in [re.search(r"serial (\d+)", summ or "")] if m and int(m.group(1))]
    launches = sum(int(m.group(1)) for _, _, _, _, _, summ in results
                   for m in [re.search(r"launches (\d+)", summ or "")] if m)
    gemms = sum(int(m.group(1)) for _, _, _, _, _, summ in results
                for m in [re.search(r"gemms (\d+)", summ or "")] if m)
    convs = sum(int(m.group(1)) for _, _, _, _, _, summ in results
                for m in [re.search(r"convs (\d+)", summ or "")] if m)
    loops = sum(1 for _, _, _, _, _, summ in results
                if re.search(r"branches [1-9]", summ or ""))
    regs = sorted(v[0] for _, _, v in allk)
    spills = [(n, kn, v) for n, kn, v in allk if v[1] or v[2]]
    worst_spill = max((max(v[1], v[2]) for _, _, v in allk), default=0)
    with open(report, "w") as f:
        f.write(f"# GPU codegen: ptxas -arch=sm_90 over {len(rows)} sampled "
                f"dl4j cases (every {step}th, and every case with control "
                f"flow) and the bench models\n\n")
        for st in ("compiled", "unsupported", "not-legalized", "ptxas-fail"):
            f.write(f"- {st}: {status[st]}\n")
        f.write(f"- kernels assembled: {len(allk)}; registers per thread: "
                + (f"min {regs[0]}, median {regs[len(regs)//2]}, max {regs[-1]}"
                   if regs else "none")
                + f"; kernels with spills: {len(spills)} (max {worst_spill} bytes)\n")
        f.write(f"- launches: {launches}, of which cuBLAS GEMMs: {gemms}, "
                f"cuDNN convolutions: {convs} and "
                f"one-thread (serial): "
                f"{sum(c for _, c in serial)} in {len(serial)} cases\n")
        f.write(f"- cases with host-driven control flow (while/if/case "
                f"branches in the plan): {loops}\n")
        f.write("\n## bench models\n\n")
        for k, n, st, d, ks, _ in results:
            if k == "bench":
                rs = [v[0] for v in ks.values()]
                f.write(f"- `{n}`: {st}; {d}"
                        + (f"; registers max {max(rs)}" if rs else "") + "\n")
        f.write("\n## unsupported on the GPU path (reason: cases)\n\n")
        for r, c in reasons.most_common():
            f.write(f"- {c}: {r}\n")
        f.write("\n## cases with one-thread launches\n\n")
        for n, c in serial:
            f.write(f"- `{n}`: {c}\n")
        f.write("\n## kernels with spills\n\n")
        for n, kn, v in spills:
            f.write(f"- `{n}` {kn}: {v[0]} registers, {v[1]} B spill stores, "
                    f"{v[2]} B spill loads\n")
        for st in ("ptxas-fail", "unsupported", "not-legalized", "compiled"):
            f.write(f"\n## {st}\n\n")
            for k, n, s, d, ks, _ in results:
                if s == st:
                    rs = [v[0] for v in ks.values()]
                    f.write(f"- `{n}` {d}"
                            + (f" (registers max {max(rs)})" if rs else "") + "\n")
    print(f"{len(rows)} corpus cases: " + ", ".join(
        f"{st} {status[st]}" for st in ("compiled", "unsupported", "not-legalized", "ptxas-fail")))
    for k, n, st, d, ks, _ in results:
        if k == "bench":
            rs = [v[0] for v in ks.values()]
            print(f"  bench {n}: {st} {d}" + (f" registers max {max(rs)}" if rs else ""))
    print(f"  {len(allk)} kernels assembled; registers "
          + (f"min {regs[0]} median {regs[len(regs)//2]} max {regs[-1]}" if regs else "-")
          + f"; {len(spills)} kernels spill (max {worst_spill} B); "
          f"{launches} launches, {sum(c for _, c in serial)} of one thread "
          f"(in {len(serial)} cases)")
    for r, c in reasons.most_common(8):
        print(f"  unsupported x{c}: {r}")
    bad = [(n, d) for _, n, st, d, _, _ in results if st == "ptxas-fail"]
    for n, d in bad:
        print(f"  PTXAS FAIL {n}: {d}")
    if bad or worst_spill > max_spill or status["compiled"] < min_ok:
        return 1
    return 0


if __name__ == "__main__":
    sys.exit(main())
