"""Runs `tf-translate -graphdef-to-mlir | tf-opt -tf-shape-inference` over
every dl4j corpus case and compares the inferred result types of the
reference nodes (INDEX.tsv column reference_outputs, `node[.k]`) with the
shapes TensorFlow produced (`<node>[.k].prediction.shape`).

usage: shape_corpus.py TF_TRANSLATE TF_OPT CORPUS_DIR [--pipeline] [-v]

Prints one summary line:
  cases: N, errors: E, refs: R, static-and-equal: S, not-static: U,
  mismatches: M
and, with -v, one line per reference that is not static-and-equal.
With --pipeline the reference nodes are fetched (-tf-output-arrays) and
`-tf-standard-pipeline` runs instead; @main's results are compared.
"""
import os
import re
import subprocess
import sys
from concurrent.futures import ThreadPoolExecutor


def split_top(s):
    parts, depth, cur = [], 0, ''
    for ch in s:
        if ch in '<([{':
            depth += 1
        elif ch in '>)]}':
            depth -= 1
        if ch == ',' and depth == 0:
            parts.append(cur.strip())
            cur = ''
        else:
            cur += ch
    if cur.strip():
        parts.append(cur.strip())
    return parts


OP_LINE = re.compile(
    r'^\s*%\S+\s*=\s*"(tf[._][^"]+)"\(.*\) -> (.*?) loc\((.*)\)\s*$')


def result_types_by_node(text):
    """node name -> result types, from generic-form ops with NameLocs."""
    res = {}
    for line in text.splitlines():
        m = OP_LINE.match(line)
        if not m:
            continue
        name = re.match(r'"((?:[^"\\]|\\.)*)"', m.group(3))
        if not name or name.group(1) in res:
            continue
        types = m.group(2).strip()
        res[name.group(1)] = (split_top(types[1:-1])
                              if types.startswith('(') else [types])
    return res


def main_result_types(text):
    m = re.search(r'func\.func @main\((.*?)\)\s*->\s*(.*?)\s*(attributes|\{)',
                  text)
    if not m:
        return []
    t = m.group(2).strip()
    return split_top(t[1:-1]) if t.startswith('(') else [t]


def type_dims(t):
    """[dims] (-1 = dynamic) of a ranked tensor type, None if unranked."""
    m = re.match(r'tensor<(.*)>$', t)
    if not m or m.group(1).startswith('*'):
        return None
    dims = []
    for d in m.group(1).split('x'):
        if d.isdigit():
            dims.append(int(d))
        elif d == '?':
            dims.append(-1)
        else:
            break
    return dims


def reference_shape(case_dir, node, k):
    names = [node, node.replace('/', '____')]
    for nm in names:
        cands = ([nm + '.prediction.shape'] if k is None else
                 ['%s.%d.prediction.shape' % (nm, k)] +
                 ([nm + '.prediction.shape'] if k == 0 else []))
        for c in cands:
            path = os.path.join(case_dir, c)
            if not os.path.exists(path):
                continue
            with open(path) as f:
                shape = [int(float(x)) for x in f.read().split()]
            # Scalars are sometimes written as "0": count the values.
            csv = path[:-len('.shape')] + '.csv'
            if shape == [0] and os.path.exists(csv):
                with open(csv) as f:
                    if len(f.read().split()) == 1:
                        shape = []
            return shape
    return None


def split_ref(ref):
    m = re.match(r'^(.*)\.(\d+)$', ref)
    return (m.group(1), int(m.group(2))) if m else (ref, None)


def run_case(args, row):
    translate, opt, root, pipeline = args
    case, refs = row
    d = os.path.join(root, 'examples', case) if case != '.' else \
        os.path.join(root, 'examples')
    src = os.path.join(d, 'frozen_graph.pbtxt')
    if not os.path.exists(src):
        src = os.path.join(d, 'frozen_model.pb')
    out = {'case': case, 'refs': []}
    cmd = [translate, '-graphdef-to-mlir', src]
    if pipeline:
        fetch = ['%s:%d' % (n, k) if k is not None else n
                 for n, k in map(split_ref, refs)]
        cmd.insert(2, '-tf-output-arrays=' + ','.join(fetch))
    imp = subprocess.run(cmd, capture_output=True)
    if imp.returncode != 0:
        out['error'] = 'import: ' + imp.stderr.decode(errors='replace')[:300]
        return out
    passes = ['-tf-standard-pipeline'] if pipeline else ['-tf-shape-inference']
    res = subprocess.run(
        [opt] + passes + ['-mlir-print-op-generic', '-mlir-print-local-scope',
                          '-mlir-print-debuginfo',
                          '-mlir-elide-elementsattrs-if-larger=8'],
        input=imp.stdout, capture_output=True)
    if res.returncode != 0:
        out['error'] = res.stderr.decode(errors='replace')[:600]
        return out
    text = res.stdout.decode(errors='replace')
    by_node = None if pipeline else result_types_by_node(text)
    main_types = main_result_types(text) if pipeline else None
    for i, ref in enumerate(refs):
        node, k = split_ref(ref)
        want = reference_shape(d, node, k)
        if pipeline:
            types = main_types[i:i + 1]
            idx = 0
        else:
            types = by_node.get(node, (None, []))
            types = types if isinstance(types, list) else []
            idx = k or 0
        if want is None:
            continue
        got = types[idx] if idx < len(types) else None
        dims = type_dims(got) if got else None
        if dims is None or -1 in dims:
            status = 'not-static'
        elif dims == want:
            status = 'ok'
        else:
            status = 'MISMATCH'
        out['refs'].append((ref, status, got, want))
    return out


def main():
    argv = [a for a in sys.argv[1:] if not a.startswith('-')]
    pipeline = '--pipeline' in sys.argv
    verbose = '-v' in sys.argv
    translate, opt, corpus = argv[:3]
    root = os.path.join(corpus, 'dl4j_tf_graphs')
    index = os.path.join(root, 'INDEX.tsv')
    if not os.path.exists(index):
        print('no dl4j corpus')
        return 0
    rows = []
    with open(index) as f:
        f.readline()
        for line in f:
            cols = line.rstrip('\n').split('\t')
            refs = [r.strip() for r in cols[8].split(';') if r.strip()]
            rows.append((cols[0], refs))
    with ThreadPoolExecutor(max(2, os.cpu_count() or 2)) as ex:
        results = list(ex.map(lambda r: run_case(
            (translate, opt, root, pipeline), r), rows))
    counts = {'ok': 0, 'not-static': 0, 'MISMATCH': 0}
    errors = 0
    for r in results:
        if 'error' in r:
            errors += 1
            if verbose:
                print('ERROR %s: %s' % (r['case'], r['error']))
            continue
        for ref, status, got, want in r['refs']:
            counts[status] += 1
            if verbose and status != 'ok':
                print('%s %s %s: got %s, TF %s' % (status, r['case'], ref,
                                                   got, want))
    print('cases: %d, errors: %d, refs: %d, static-and-equal: %d, '
          'not-static: %d, mismatches: %d' %
          (len(results), errors, sum(counts.values()), counts['ok'],
           counts['not-static'], counts['MISMATCH']))
    return 0


if __name__ == '__main__':
    sys.exit(main())
