#!/usr/bin/env python3
"""Checks that every generated header an object file includes is ordered
before that object's compile in build.ninja.

A missing `DEPENDS` on a tablegen or protobuf target builds fine on a warm
tree and fails on a clean one only when Ninja happens to schedule the
compile first (a CI failure we had: lib/Codegen/GPU included
HLOToLinalg/Passes.h.inc without depending on its tablegen target). This
check reads the header dependencies Ninja recorded in the last build
(`ninja -t deps`) and, for every included file that the build generates,
requires that its inputs are among the object's transitive inputs
(`ninja -t inputs`). Run it in a fully built Ninja build directory:

    python3 scripts/check-build-deps.py [BUILD_DIR]

Exits 1 and names each object target and the headers it is not ordered
after; exits 0 when every generated header is ordered.
"""
import collections
import functools
import os
import subprocess
import sys


def ninja(build, *args):
    r = subprocess.run(['ninja', '-C', build] + list(args),
                       capture_output=True, text=True)
    if r.returncode != 0:
        sys.exit(f'check-build-deps: ninja {" ".join(args)} failed in '
                 f'{build}: {r.stderr.strip()}')
    return r.stdout


def main():
    build = os.path.abspath(sys.argv[1] if len(sys.argv) > 1 else 'build')
    if not os.path.exists(os.path.join(build, 'build.ninja')):
        sys.exit(f'check-build-deps: {build} is not a Ninja build directory')
    deps = collections.defaultdict(list)
    cur = None
    for line in ninja(build, '-t', 'deps').splitlines():
        if line and not line.startswith(' '):
            cur = line.split(':')[0]
            continue
        path = line.strip()
        if not path or cur is None:
            continue
        if path.startswith(build + '/'):
            path = path[len(build) + 1:]
        elif path.startswith('/') or path.startswith('..'):
            continue  # a source or system header: always present
        deps[cur].append(path)

    @functools.lru_cache(maxsize=None)
    def built_by_ninja(path):
        # Files CMake writes at configure time are not Ninja targets.
        r = subprocess.run(['ninja', '-C', build, '-t', 'query', path],
                           capture_output=True, text=True)
        return r.returncode == 0 and '  input:' in r.stdout

    @functools.lru_cache(maxsize=None)
    def inputs(target):
        return frozenset(ninja(build, '-t', 'inputs', target).split())

    bad = collections.defaultdict(set)
    for obj, generated in deps.items():
        if not generated:
            continue
        have = inputs(obj)
        for header in generated:
            if not built_by_ninja(header):
                continue
            if header in have or inputs(header) <= have:
                continue
            bad[obj.split('.dir/')[0]].add(header)
    for target, headers in sorted(bad.items()):
        print(f'{target}: not ordered after {", ".join(sorted(headers))} '
              '(add the generating target to DEPENDS)')
    if bad:
        return 1
    print(f'check-build-deps: {len(deps)} objects, every generated header ordered')
    return 0


if __name__ == '__main__':
    sys.exit(main())
