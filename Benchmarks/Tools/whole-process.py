#!/usr/bin/env python3
"""Times whole processes, alternating, for ratio goals measured side by side.

    Benchmarks/Tools/whole-process.py OUT.json RUNS NAME=COMMAND [NAME=COMMAND ...]

Runs each COMMAND (split like a shell line, no shell) RUNS times, in turn:
A B C A B C ..., so that slow drifts of a shared machine touch every command
alike. For each run it records the wall time, the CPU time (user + system,
from `wait4`) and the maximum resident set (KiB). Standard output and error
go to /dev/null. A command that exits with a status other than 0 stops the
script with status 1: a ratio of a failing run means nothing.

OUT.json holds {NAME: {"command": ..., "wall": [...], "cpu": [...],
"maxrss_kib": [...]}} (seconds; one entry per run, in run order).
"""

import json
import os
import shlex
import subprocess
import sys
import time


def run_once(argv):
    with open(os.devnull, "wb") as null:
        start = time.perf_counter()
        process = subprocess.Popen(argv, stdout=null, stderr=null)
        _, status, usage = os.wait4(process.pid, 0)
        wall = time.perf_counter() - start
    process.returncode = os.waitstatus_to_exitcode(status)
    return process.returncode, wall, usage.ru_utime + usage.ru_stime, usage.ru_maxrss


def main(arguments):
    if len(arguments) < 3 or not arguments[1].isdigit():
        sys.exit("usage: whole-process.py OUT.json RUNS NAME=COMMAND [NAME=COMMAND ...]")
    out, runs = arguments[0], int(arguments[1])
    commands = []
    for spec in arguments[2:]:
        name, separator, command = spec.partition("=")
        if not separator or not name or not command:
            sys.exit(f"whole-process.py: expected NAME=COMMAND, got {spec!r}")
        commands.append((name, command, shlex.split(command)))
    results = {name: {"command": command, "wall": [], "cpu": [], "maxrss_kib": []}
               for name, command, _ in commands}
    for _ in range(runs):
        for name, command, argv in commands:
            status, wall, cpu, maxrss = run_once(argv)
            if status != 0:
                sys.exit(f"whole-process.py: `{command}` exited with status {status}")
            entry = results[name]
            entry["wall"].append(wall)
            entry["cpu"].append(cpu)
            entry["maxrss_kib"].append(maxrss)
    with open(out, "w") as handle:
        json.dump(results, handle, indent=1)


if __name__ == "__main__":
    main(sys.argv[1:])
