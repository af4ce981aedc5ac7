"""Runs a command with its address space limited (RLIMIT_AS), so that a test
proves a tool never materializes a huge tensor: without the fix the tool
would run out of memory (and abort) instead of finishing or failing cleanly.

Usage: with_memory_limit.py GIB COMMAND [ARGS...]
The exit status is the command's (a signal N becomes 128 + N, as in a shell).
"""
import resource
import subprocess
import sys


def main():
    if len(sys.argv) < 3:
        sys.exit("usage: with_memory_limit.py GIB COMMAND [ARGS...]")
    limit = int(float(sys.argv[1]) * (1 << 30))

    def set_limit():
        resource.setrlimit(resource.RLIMIT_AS, (limit, limit))

    r = subprocess.run(sys.argv[2:], preexec_fn=set_limit)
    sys.exit(128 - r.returncode if r.returncode < 0 else r.returncode)


if __name__ == "__main__":
    main()
