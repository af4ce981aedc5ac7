"""Runs tf-functionalize-control-flow over every corpus GraphDef with TF1
control flow and checks that no Switch/Merge/Enter/Exit/NextIteration/LoopCond
is left. Graphs that cannot be functionalized must fail with the expected,
node-naming error (and never crash).

usage: functionalize_corpus.py TF_TRANSLATE TF_OPT CORPUS_DIR
"""
import os
import re
import subprocess
import sys

CF_OPS = re.compile(rb'op: "(Switch|RefSwitch|Merge|RefMerge|Enter|RefEnter|'
                    rb'NextIteration|RefNextIteration|_SwitchN)"')
LEFT = re.compile(r'tf_executor\.(Switch|SwitchN|Merge|Enter|Exit|'
                  r'NextIteration|LoopCond)\b')

# Graphs that cannot be functionalized, with the reason the error must give.
EXPECTED_ERRORS = {
    # A loop without LoopCond/Switch/Exit (an importer test of NextIteration).
    'graphdef2mlir/multiple-use-next-iteration.pbtxt':
        "it has no LoopCond node \\(Enter 'Enter'\\)",
    # tf.switch_case lowered to _SwitchN (not TF1 tf.cond / tf.while_loop).
    'roundtrip/switch_n.pbtxt': "_SwitchN node 'Case/branch_index/_3'",
    # A function returning a Switch output without any Merge.
    'roundtrip/test26.pbtxt':
        "node 'cond/switch_f' uses Switch 'cond/Switch' but no Merge",
    # A Merge of four placeholders (a converter test of unsupported V1 ops).
    'lite/python/testdata/control_flow_v1.pbtxt': "Merge 'Merge' has 4 inputs",
}


def graphs(corpus):
    dl4j = os.path.join(corpus, 'dl4j_tf_graphs')
    out = []
    for root, _, files in os.walk(os.path.join(dl4j, 'examples')):
        if 'frozen_graph.pbtxt' in files:
            out.append(os.path.join(root, 'frozen_graph.pbtxt'))
    for f in os.listdir(dl4j):
        if f.endswith('.pb.txt') or f.endswith('.pbtxt'):
            out.append(os.path.join(dl4j, f))
    for root, _, files in os.walk(os.path.join(corpus, 'tensorflow')):
        for f in files:
            if f.endswith('.pbtxt') or f.endswith('.pb.txt'):
                out.append(os.path.join(root, f))
    result = []
    for p in sorted(out):
        with open(p, 'rb') as fh:
            if CF_OPS.search(fh.read()):
                result.append(p)
    return result


def main():
    translate, opt, corpus = sys.argv[1:4]
    ok = expected = not_imported = 0
    bad = []
    for path in graphs(corpus):
        rel = os.path.relpath(path, corpus)
        imp = subprocess.run([translate, '-graphdef-to-mlir', path],
                             capture_output=True, timeout=120)
        if imp.returncode != 0:
            not_imported += 1  # invalid graphs the importer must reject
            continue
        res = subprocess.run([opt, '-tf-functionalize-control-flow',
                              '-mlir-print-debuginfo=false', '-'],
                             input=imp.stdout, capture_output=True,
                             timeout=120)
        err = res.stderr.decode(errors='replace')
        want = next((v for k, v in EXPECTED_ERRORS.items()
                     if rel.endswith(k)), None)
        if res.returncode < 0 or res.returncode > 1:
            bad.append(f'{rel}: crashed (exit {res.returncode})\n{err[-2000:]}')
        elif want is not None:
            if res.returncode == 1 and re.search(want, err):
                expected += 1
            else:
                bad.append(f'{rel}: expected an error matching {want!r}, '
                           f'got exit {res.returncode}: {err[:500]}')
        elif res.returncode != 0:
            bad.append(f'{rel}: {err[:800]}')
        elif LEFT.search(res.stdout.decode(errors='replace')):
            bad.append(f'{rel}: V1 control flow left after the pass')
        else:
            ok += 1
    print(f'functionalized: {ok}, expected errors: {expected}, '
          f'not imported: {not_imported}, failures: {len(bad)}')
    for b in bad:
        print('FAIL', b)
    return 1 if bad else 0


if __name__ == '__main__':
    sys.exit(main())
