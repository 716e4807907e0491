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
        raise RunFailed(proc)
    return int(found.group(1))


class RunFailed(RuntimeError):
    """A run under callgrind that failed; error: the program's own last
    line of error output (callgrind's lines, "==PID==", left out)."""

    def __init__(self, proc):
        own = [line for line in (proc.stdout + proc.stderr).splitlines()
               if line.strip() and not line.startswith("==")]
        self.error = own[-1] if own else "no output"
        super().__init__("callgrind run failed: %s" % proc.stderr[-1500:])
