"""Instructions a command runs, counted by valgrind's callgrind (`make bench`).

One runner for every section that counts instructions on the MicroPython
unix port: the count is callgrind's "Collected" total for the whole run, so
a section takes two runs that differ only in the work it measures and
subtracts them (the start-up cancels out).
"""
import re
import shutil
import subprocess

_COLLECTED = re.compile(r"Collected\s*:\s*(\d+)")


def available():
    return shutil.which("valgrind") is not None


def instructions(argv, env=None, cwd=None, timeout=600):
    """The instructions `argv` runs under callgrind; RuntimeError when it
    fails or callgrind gives no count."""
    proc = subprocess.run(["valgrind", "--tool=callgrind", "--callgrind-out-file=/dev/null"] + list(argv),
                          env=env, cwd=cwd, capture_output=True, text=True, timeout=timeout)
    found = _COLLECTED.search(proc.stderr)
    if proc.returncode or not found:
        raise RuntimeError("callgrind run failed: %s" % proc.stderr[-1500:])
    return int(found.group(1))
