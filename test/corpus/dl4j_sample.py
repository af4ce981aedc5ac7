"""The dl4j_tf_graphs sample that the GPU checks share.

test/corpus/gpu_ptxas_corpus.py (ptxas over every kernel, in ctest) and
test/gpu/gpu_check_prepare.py (the bundle run on a real GPU) compile the same
cases: of the INDEX.tsv rows with a frozen_model.pb, no placeholders and no
random ops, sorted by case_dir, every k-th (k = rows // SAMPLE, at most SAMPLE
of them), plus every such case with host control flow (LoopCond, While, If,
Switch: XLA While and Conditional, which the GPU path runs from the host), so
that those are always checked.
"""
import csv
import os

CONTROL_FLOW_OPS = {"LoopCond", "While", "StatelessWhile", "If", "StatelessIf",
                    "Switch"}


def sample_rows(corpus, sample):
    """(rows, step): the sampled INDEX.tsv rows (dicts) in case_dir order,
    the control-flow cases after the every-k-th ones, and k."""
    with open(os.path.join(corpus, "dl4j_tf_graphs", "INDEX.tsv")) as f:
        rows = [r for r in csv.DictReader(f, delimiter="\t")
                if r["has_pb"] == "yes" and not r["placeholder_inputs"].strip()
                and r["has_random_op"] == "no"]
    rows.sort(key=lambda r: r["case_dir"])
    step = max(1, len(rows) // sample) if sample > 0 else 1
    picked = rows[::step][:sample] if sample > 0 else rows
    names = {r["case_dir"] for r in picked}
    for r in rows:
        ops = set(r["ops(excl. Const/Identity)"].split())
        if ops & CONTROL_FLOW_OPS and r["case_dir"] not in names:
            picked.append(r)
            names.add(r["case_dir"])
    return picked, step
