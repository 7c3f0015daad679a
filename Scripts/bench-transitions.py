#!/usr/bin/env python3
"""The peer of the runtime benchmark: the Python state machine library
`transitions` on the same generated graph and the same event stream.

    Scripts/bench-transitions.py --dir DIR [--screens 1000 100000] [--json OUT]

DIR holds what `flowbench-gen` wrote (Scripts/benchmarks.sh runs it): for each
screen count N, `model-N.json` (the graph as a flat state machine: one state
per screen, one transition per move the walk can make) and
`events-N-mixed-COUNT.txt` (the walk: pushes, presents, child flows started,
back, dismiss; it ends where it began). `transitions` is installed with pip
into a virtual environment (`.build/venv-transitions` under Benchmarks/, or
--venv), the first time, and this script re-runs itself there.

Each size: build the machine (timed apart), replay the walk REPEAT times,
report the median events per second. A machine-level `after_state_change`
callback counts the changes, as the Swift runner tells a navigator.
"""

import argparse
import json
import os
import statistics
import subprocess
import sys
import time

TRANSITIONS_VERSION = "0.9.3"
HERE = os.path.dirname(os.path.abspath(__file__))
DEFAULT_VENV = os.path.join(HERE, "..", "Benchmarks", ".build", "venv-transitions")


def ensure_transitions(venv):
    """Re-runs this script inside a venv that has `transitions`."""
    try:
        import transitions  # noqa: F401

        return
    except ImportError:
        pass
    if os.environ.get("FLOWBENCH_IN_VENV"):
        sys.exit("bench-transitions: 'transitions' is missing even in the venv")
    python = os.path.join(venv, "bin", "python3")
    if not os.path.exists(python):
        subprocess.run([sys.executable, "-m", "venv", venv], check=True)
    subprocess.run(
        [python, "-m", "pip", "install", "--quiet", f"transitions=={TRANSITIONS_VERSION}"],
        check=True,
    )
    env = dict(os.environ, FLOWBENCH_IN_VENV="1")
    os.execve(python, [python, os.path.abspath(__file__)] + sys.argv[1:], env)


class Screen:
    """The model object `transitions` drives (it gets `trigger`, `state`)."""

    def __init__(self):
        self.changes = 0

    def count(self):
        self.changes += 1


def event_file(directory, screens):
    prefix = f"events-{screens}-mixed-"
    names = sorted(n for n in os.listdir(directory) if n.startswith(prefix) and n.endswith(".txt"))
    if not names:
        sys.exit(f"bench-transitions: no {prefix}*.txt in {directory} (run flowbench-gen)")
    return os.path.join(directory, names[-1])


def measure(directory, screens, repeat):
    from transitions import Machine

    with open(os.path.join(directory, f"model-{screens}.json")) as handle:
        model_json = json.load(handle)
    with open(event_file(directory, screens)) as handle:
        events = [line.strip() for line in handle if line.strip()]

    started = time.perf_counter()
    screen = Screen()
    machine = Machine(
        model=screen,
        states=model_json["states"],
        transitions=[
            {"trigger": t, "source": s, "dest": d} for t, s, d in model_json["transitions"]
        ],
        initial=model_json["initial"],
        auto_transitions=False,
        ignore_invalid_triggers=False,
        after_state_change="count",
    )
    build_seconds = time.perf_counter() - started
    del machine  # the model keeps what it needs

    trigger = screen.trigger
    times = []
    for _ in range(repeat):
        started = time.perf_counter()
        for event in events:
            trigger(event)
        times.append(time.perf_counter() - started)
        if screen.state != model_json["initial"]:
            sys.exit(f"bench-transitions: the walk ended on {screen.state}, not where it began")
    median = statistics.median(times)
    return {
        "screens": screens,
        "states": len(model_json["states"]),
        "transitions": len(model_json["transitions"]),
        "events": len(events),
        "repeat": repeat,
        "build_seconds": round(build_seconds, 3),
        "seconds": [round(t, 4) for t in times],
        "median_seconds": round(median, 4),
        "events_per_second": round(len(events) / median),
        "ns_per_event": round(median / len(events) * 1e9, 1),
        "changes_counted": screen.changes,
    }


def main():
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--dir", required=True, help="the folder flowbench-gen wrote")
    parser.add_argument("--screens", type=int, nargs="+", default=[1000, 100000])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--json", help="write the results here (else stdout)")
    parser.add_argument("--venv", default=DEFAULT_VENV)
    arguments = parser.parse_args()
    ensure_transitions(os.path.abspath(arguments.venv))
    import transitions

    results = {
        "library": "transitions",
        "version": transitions.__version__,
        "python": sys.version.split()[0],
        "sizes": [measure(arguments.dir, n, arguments.repeat) for n in arguments.screens],
    }
    text = json.dumps(results, indent=2)
    if arguments.json:
        with open(arguments.json, "w") as handle:
            handle.write(text + "\n")
    for size in results["sizes"]:
        print(
            f"transitions {results['version']}: {size['screens']} screens, "
            f"{size['events']} events: {size['events_per_second']} events/s "
            f"({size['ns_per_event']} ns/event; machine built in {size['build_seconds']} s)",
            file=sys.stderr,
        )
    if not arguments.json:
        print(text)


if __name__ == "__main__":
    main()
