"""Runs dl4j corpus cases with seeded random ops through tf-run and compares
each reference output with TF's values (<node>.prediction.csv, printed by
the corpus generator with 8 decimals).

  random_corpus.py TF_RUN CORPUS_DIR CASE...

Prints 'MATCH <case> <node> max_rel=...' when every value agrees within
1e-5 relative (abs floor 1e-3: the csv's 8 decimals), else 'DIFFER ...'.
"""
import os
import subprocess
import sys

import numpy as np


def main():
    tfrun, root, cases = sys.argv[1], sys.argv[2], sys.argv[3:]
    base = os.path.join(root, 'dl4j_tf_graphs')
    index = {}
    with open(os.path.join(base, 'INDEX.tsv')) as f:
        head = f.readline().rstrip('\n').split('\t')
        for line in f:
            row = dict(zip(head, line.rstrip('\n').split('\t')))
            index[row['case_dir']] = row
    for case in cases:
        row = index[case]
        d = os.path.join(base, 'examples', case)
        outs = [o for o in row['reference_outputs(node[.k])'].split(';') if o]
        args = [tfrun, '--graph', os.path.join(d, 'frozen_model.pb')]
        for o in outs:
            args += ['--output', o]
        p = subprocess.run(args, capture_output=True, text=True)
        if p.returncode:
            print('ERROR %s: %s' % (case, p.stderr.strip()[-200:]))
            continue
        got, cur = {}, None
        for line in p.stdout.splitlines():
            if line.startswith('#'):
                cur = line.split()[2].split(':')[0]
                got[cur] = []
            elif line.strip():
                got[cur].append(float(line))
        for o in outs:
            want = np.loadtxt(os.path.join(d, o + '.prediction.csv'), ndmin=1)
            g = np.array(got.get(o, []))
            if g.shape != want.shape:
                print('DIFFER %s %s shape %s, want %s' % (case, o, g.shape,
                                                          want.shape))
                continue
            rel = float(np.max(np.abs(g - want) /
                               np.maximum(np.abs(want), 1e-3)))
            print('%s %s %s max_rel=%.1e' % ('MATCH' if rel < 1e-5 else
                                              'DIFFER', case, o, rel))


if __name__ == '__main__':
    main()
