#!/usr/bin/env python3
"""Runs a command with stderr on a pseudo-terminal; prints what it wrote there.

usage: progress_on_tty.py CMD ARGS...

stdout and stdin stay as given; the pseudo-terminal's bytes (a live progress
line redraws with "\\r" and erases with "\\033[K") are printed with those two
shown as "<CR>" and "<EL>", so FileCheck can check the redrawing. Exits with
the command's status. Test-only (lit: compile-progress.test).
"""
import os
import pty
import subprocess
import sys


def main(argv):
    master, slave = pty.openpty()
    p = subprocess.Popen(argv[1:], stderr=slave)
    os.close(slave)
    data = bytearray()
    while True:
        try:
            chunk = os.read(master, 65536)
        except OSError:  # EIO: the command closed the terminal
            break
        if not chunk:
            break
        data += chunk
    rc = p.wait()
    os.close(master)
    text = data.decode("utf-8", "replace").replace("\r\n", "\n")
    text = text.replace("\r", "<CR>").replace("\033[K", "<EL>")
    sys.stdout.write(text)
    return rc


if __name__ == "__main__":
    sys.exit(main(sys.argv))
