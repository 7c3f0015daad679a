#!/usr/bin/env python3
"""Renders BENCHMARKS.md from the results folder Scripts/benchmarks.sh wrote.

    Benchmarks/Tools/render-report.py OUT > BENCHMARKS.md

Every number in the page comes from a file in OUT: the package-benchmark run
(Current_run.*.histogram.samples.tsv), the whole-process peak memory (probe-load-100k.txt,
cli-validate-100k.txt), hyperfine (cli.json), the `transitions` peer
(transitions.json) and callgrind (callgrind-*.out). Nothing is typed in by
hand; the page says so at the top.
"""

import json
import os
import re
import statistics
import sys

GOAL_LOAD_OVER_LIMIT = 2.0
GOAL_YAMS_OVER_LOAD = 8.0
GOAL_VALIDATION_SHARE = 0.10
GOAL_VALIDATION_GROWTH = 12.0
GOAL_PEAK_MIB = 100.0
GOAL_NS_1K = 100.0
GOAL_NS_100K = 150.0
GOAL_TRANSITIONS_SPEEDUP = 100.0
GOAL_CLI_MS = 30.0
GOAL_COMPILED_LOAD_1K_MS = 1.0
GOAL_FGC_OVER_YAML_5K = 4.0
GOAL_VALIDATE_OVER_SCAN = 2.0
GOAL_YAMS_OVER_VALIDATE = 8.0

WALL = "Time (wall clock)"
CPU = "Time (total CPU)"
MALLOCS = "Malloc (total)"
RSS = "Memory (resident peak)"


def read(out, name, default=None):
    path = os.path.join(out, name)
    if not os.path.exists(path):
        return default
    with open(path) as handle:
        return handle.read()


def key_values(text):
    values = {}
    for line in (text or "").splitlines():
        if "=" in line:
            key, value = line.split("=", 1)
            values[key.strip()] = value.strip()
    return values


METRIC_FILES = {
    "wallClock": WALL,
    "cpuTotal": CPU,
    "mallocCountTotal": MALLOCS,
    "peakMemoryResident": RSS,
}
UNIT_FACTORS = {"ns": 0.001, "μs": 1, "us": 1, "ms": 1000, "s": 1e6, "#": 1, "K": 1e3, "M": 1e6, "G": 1e9}


class Result:
    """One package-benchmark benchmark: its samples per metric (times in
    microseconds, counts and bytes as counted)."""

    def __init__(self, target, name):
        self.target = target
        self.name = name
        self.samples = {}

    def median(self, metric):
        values = self.samples.get(metric)
        return statistics.median(values) if values else None

    def minimum(self, metric):
        values = self.samples.get(metric)
        return min(values) if values else None

    def count(self):
        values = self.samples.get(WALL) or []
        return len(values)


def load_results(out):
    """Reads the `--format histogramSamples` files:
    Current_run.TARGET.NAME.METRIC.histogram.samples.tsv, a header line with
    the unit in its last parentheses, then one sample a line."""
    pattern = re.compile(
        r"^Current_run\.(\w+)\.(.+)\.(" + "|".join(METRIC_FILES) + r")\.histogram\.samples\.tsv$"
    )
    results = {}
    for file in sorted(os.listdir(out)):
        match = pattern.match(file)
        if not match:
            continue
        target, name, metric = match.group(1), match.group(2).replace("_", " "), match.group(3)
        with open(os.path.join(out, file)) as handle:
            lines = [line.strip() for line in handle if line.strip()]
        units = re.findall(r"\(([^()]*)\)", lines[0])
        factor = UNIT_FACTORS.get(units[-1] if units else "#", 1)
        result = results.setdefault(name, Result(target, name))
        result.samples[METRIC_FILES[metric]] = [float(value) * factor for value in lines[1:]]
    return results


def ms(microseconds):
    return None if microseconds is None else microseconds / 1000.0


def fmt(value, digits=1, suffix=""):
    if value is None:
        return "n/a"
    if abs(value) >= 100 or digits == 0:
        return f"{value:,.0f}{suffix}"
    return f"{value:,.{digits}f}{suffix}"


def ratio(numerator, denominator):
    if numerator is None or denominator in (None, 0):
        return None
    return numerator / denominator


def verdict(met, text):
    return ("**met**" if met else "**not met**") + " — " + text


# --- callgrind ---------------------------------------------------------------


class Callgrind:
    """Totals, inclusive costs by name pattern, and malloc calls of one profile."""

    def __init__(self, out, stem):
        self.stem = stem
        self.total = None
        self.inclusive = []
        self.exclusive = []
        self.malloc_instructions = None
        summary = read(out, f"{stem}.inclusive.txt")
        if summary is None:
            return
        self.inclusive = self.parse_annotate(summary)
        totals = re.search(r"([\d,]+) \(100\.0%\)\s+PROGRAM TOTALS", summary)
        self.total = int(totals.group(1).replace(",", "")) if totals else None
        self.exclusive = self.parse_annotate(read(out, f"{stem}.txt") or "")
        self.malloc_instructions = self.cost("malloc.c:malloc ") or 0

    @staticmethod
    def parse_annotate(text):
        rows = []
        for line in text.splitlines():
            match = re.match(r"\s*([\d,]+) \(\s*[\d.]+%\)\s+(.*)$", line)
            if match and "PROGRAM TOTALS" not in line:
                rows.append((int(match.group(1).replace(",", "")), match.group(2)))
        return rows

    def cost(self, pattern):
        """The largest inclusive cost of a function whose name contains `pattern`."""
        costs = [cost for cost, name in self.inclusive if pattern in name]
        return max(costs) if costs else None


def short_name(name):
    """A readable function name from callgrind_annotate's `file:function [object]`."""
    name = re.sub(r"\s*\[[^\]]*\]$", "", name)
    file_part, _, function = name.rpartition(":")
    base = os.path.basename(file_part) if file_part else ""
    mangled = function.strip()
    readable = demangle(mangled)
    return f"{readable} ({base})" if base and base != "???" else readable


_DEMANGLED = {}
PROBE = {}


def demangle(symbol, simplified=True):
    if not symbol.startswith("$s"):
        return symbol
    key = (symbol, simplified)
    if key not in _DEMANGLED:
        try:
            import subprocess

            flags = ["--simplified"] if simplified else []
            output = subprocess.run(
                ["swift", "demangle", *flags, "--compact", symbol],
                capture_output=True,
                text=True,
                timeout=30,
            ).stdout.strip()
            _DEMANGLED[key] = output or symbol
        except Exception:
            _DEMANGLED[key] = symbol
    text = _DEMANGLED[key]
    if not simplified:
        return text
    return text if len(text) <= 110 else text[:107] + "..."


# --- massif -------------------------------------------------------------------


def massif_peak(out, name):
    """The peak snapshot of a massif profile: total heap bytes and, for each
    allocation site under `swift_allocObject` (and direct `malloc` callers),
    (bytes, what is allocated, the first flowgraph function below it)."""
    text = read(out, name)
    if not text:
        return None
    snapshots = text.split("snapshot=")
    peak = next((snap for snap in snapshots if "heap_tree=peak" in snap), None)
    if not peak:
        return None
    total = int(re.search(r"mem_heap_B=(\d+)", peak).group(1))
    nodes = []  # (depth, bytes, description)
    for line in peak.splitlines():
        match = re.match(r"^( *)n\d+: (\d+) (.*)$", line)
        if match:
            nodes.append((len(match.group(1)), int(match.group(2)), match.group(3)))
    rows = []
    for index, (depth, size, description) in enumerate(nodes):
        if "swift_allocObject" not in description:
            continue
        for child_index in range(index + 1, len(nodes)):
            child_depth, child_size, child_description = nodes[child_index]
            if child_depth <= depth:
                break
            if child_depth != depth + 1 or "below massif's threshold" in child_description:
                continue
            owner = ""
            for later in nodes[child_index + 1:]:
                if later[0] <= child_depth:
                    break
                symbol = massif_symbol(later[2])
                if "FlowGraph" in symbol and "ContiguousArrayBuffer" not in symbol:
                    owner = demangle(symbol)
                    break
            rows.append((child_size, describe_allocation(massif_symbol(child_description)), owner))
    rows.sort(key=lambda row: -row[0])
    return total, rows


def massif_symbol(description):
    match = re.search(r"0x[0-9A-F]+: (\S+)", description)
    return match.group(1) if match else description


def describe_allocation(symbol):
    readable = demangle(symbol, simplified=False)
    element = re.search(r"generic specialization <([^>]*)> of .*ContiguousArrayBuffer", readable)
    if element:
        return f"array storage of `{element.group(1).split('.')[-1]}`"
    if "allocateStringStorage" in symbol:
        return "string storage"
    if "DictionaryStorage" in symbol or "NativeDictionary" in readable:
        return "dictionary storage"
    if "SetStorage" in symbol:
        return "set storage"
    return f"`{demangle(symbol)}`"


# --- issue 19: the launch path ---------------------------------------------------


def whole_process(out, name):
    """The runs of Benchmarks/Tools/whole-process.py: {NAME: {wall, cpu, maxrss_kib}}."""
    return json.loads(read(out, name) or "null") or {}


def median_of(runs, name, key):
    values = (runs.get(name) or {}).get(key) or []
    return statistics.median(values) if values else None


def render_launch_goals(out, results, emit):
    """The goals of issue 19 (a compact graph, loaded in microseconds): each
    ratio from whole processes run alternating (whole-process.py)."""
    emit("## Goals of the launch path (issue 19)")
    emit("")
    emit(
        "Ratios of whole processes (`Benchmarks/Tools/whole-process.py`: the commands run "
        "alternating, A B A B …; the medians of wall time and of CPU time, user + system, "
        "from `wait4`). `.fgc` files are the launch format, written by `flowgraph compile`."
    )
    emit("")
    goals = []

    # Compiled load 1k, in process.
    compiled = results.get("Compiled load 1k")
    compiled_ms = ms(compiled.median(WALL)) if compiled else None
    compiled_best = ms(compiled.minimum(WALL)) if compiled else None
    first = {}
    for name in ("first-fgc-1k.txt", "first-fgc-after-1k.txt"):
        seconds = [float(m.group(1)) for m in re.finditer(r"seconds=([\d.e-]+)", read(out, name) or "")]
        first[name] = (statistics.median(seconds) * 1000, len(seconds)) if seconds else (None, 0)
    alone, alone_runs = first["first-fgc-1k.txt"]
    after, after_runs = first["first-fgc-after-1k.txt"]
    goals.append((
        "Loading the compiled form of a 1,000-screen graph under 1 ms, in process",
        compiled_ms is not None and compiled_ms < GOAL_COMPILED_LOAD_1K_MS,
        f"{fmt(compiled_ms, 3)} ms median, {fmt(compiled_best, 3)} ms best "
        "(package-benchmark `Compiled load 1k`: `CompiledGraph.decode` of the bytes, "
        "repeated in one process). The first decode of a process (what an app does at "
        f"launch) takes longer: {fmt(alone, 2)} ms median of {alone_runs} fresh processes "
        "(`flowbench-probe fgc`: the Swift runtime's one-time work for the decode's types, "
        f"fresh pages, cold caches), {fmt(after, 2)} ms after a decode of a small graph in "
        f"the same process ({after_runs} processes, `flowbench-probe fgc-after`: the "
        "runtime's one-time work done, as in an app that has run Swift before loading)",
    ))

    # .fgc against its YAML at 5k.
    launch = whole_process(out, "launch-5k.json")
    yaml_cpu, fgc_cpu = median_of(launch, "yaml", "cpu"), median_of(launch, "fgc", "cpu")
    yaml_wall, fgc_wall = median_of(launch, "yaml", "wall"), median_of(launch, "fgc", "wall")
    cpu_speedup, wall_speedup = ratio(yaml_cpu, fgc_cpu), ratio(yaml_wall, fgc_wall)
    runs = len((launch.get("fgc") or {}).get("wall") or [])
    goals.append((
        "`flowgraph validate graph.fgc` ≥ 4× faster than `flowgraph validate` of its YAML, "
        "5,000 screens, whole process",
        cpu_speedup is not None and wall_speedup is not None
        and min(cpu_speedup, wall_speedup) >= GOAL_FGC_OVER_YAML_5K,
        f"{fmt(cpu_speedup, 2)}× CPU ({fmt(ms(fgc_cpu * 1e6) if fgc_cpu else None, 1)} ms against "
        f"{fmt(ms(yaml_cpu * 1e6) if yaml_cpu else None, 1)} ms), {fmt(wall_speedup, 2)}× wall "
        f"({fmt(ms(fgc_wall * 1e6) if fgc_wall else None, 1)} ms against "
        f"{fmt(ms(yaml_wall * 1e6) if yaml_wall else None, 1)} ms); {runs} runs of each",
    ))

    # The compiled file no larger than its YAML.
    listing = read(out, "inputs.txt") or ""
    sizes = []
    ok = True
    for n in (1000, 5000, 10000, 100000):
        found = {}
        for extension in ("yaml", "fgc"):
            match = re.search(rf"\s(\d+)\s+\w+\s+\d+\s+[\d:]+\s+\S*flows-{n}\.{extension}", listing)
            found[extension] = int(match.group(1)) if match else None
        if found["yaml"] is None or found["fgc"] is None:
            ok = False
            continue
        ok = ok and found["fgc"] <= found["yaml"]
        sizes.append(
            f"{n // 1000}k: {fmt(found['fgc'], 0)} bytes against {fmt(found['yaml'], 0)} "
            f"({found['fgc'] / found['yaml'] * 100:.0f}%)"
        )
    goals.append(("The compiled file no larger than its YAML", ok and bool(sizes), "; ".join(sizes) or "n/a"))

    # validate against the scan and Yams, 10k and 100k.
    scan_rows, yams_rows = [], []
    scan_ok = yams_ok = True
    for n, label in ((10000, "10k"), (100000, "100k")):
        runs = whole_process(out, f"scan-{label}.json")
        count = len((runs.get("validate") or {}).get("wall") or [])
        over_scan = {key: ratio(median_of(runs, "validate", key), median_of(runs, "scan", key))
                     for key in ("cpu", "wall")}
        over_yams = {key: ratio(median_of(runs, "yams", key), median_of(runs, "validate", key))
                     for key in ("cpu", "wall")}
        scan_ok = scan_ok and None not in over_scan.values() and max(over_scan.values()) <= GOAL_VALIDATE_OVER_SCAN
        yams_ok = yams_ok and None not in over_yams.values() and min(over_yams.values()) >= GOAL_YAMS_OVER_VALIDATE
        validate_ms = median_of(runs, "validate", "wall")
        scan_rows.append(
            f"{label}: {fmt(over_scan['cpu'], 2)}× CPU, {fmt(over_scan['wall'], 2)}× wall "
            f"({fmt(validate_ms * 1000 if validate_ms else None, 1)} ms against "
            f"{fmt((median_of(runs, 'scan', 'wall') or 0) * 1000 or None, 1)} ms; {count} runs)"
        )
        yams_rows.append(
            f"{label}: {fmt(over_yams['cpu'], 2)}× CPU, {fmt(over_yams['wall'], 2)}× wall "
            f"(Yams.compose {fmt((median_of(runs, 'yams', 'wall') or 0) * 1000 or None, 0)} ms)"
        )
    goals.append((
        "`flowgraph validate` of a clean 10k and 100k YAML flow ≤ 2.0× libyaml's bare event scan "
        "(`flowbench-probe limit`), whole process",
        scan_ok, "; ".join(scan_rows),
    ))
    goals.append((
        "`flowgraph validate` of the same files ≥ 8× faster than `Yams.compose` (`flowbench-yams`), "
        "whole process",
        yams_ok, "; ".join(yams_rows),
    ))

    # Peak of the 100k load.
    peak = whole_process(out, "peak-100k.json")
    peak_rows = []
    peak_ok = bool(peak)
    for name, label in (("fgc", "`flowgraph validate flows-100000.fgc`"),
                        ("yaml", "`flowgraph validate flows-100000.yaml`")):
        kib = (peak.get(name) or {}).get("maxrss_kib") or []
        if not kib:
            peak_ok = False
            continue
        worst = max(kib) / 1024
        peak_ok = peak_ok and worst <= GOAL_PEAK_MIB
        peak_rows.append(f"{label}: {fmt(worst, 1)} MiB (largest of {len(kib)})")
    goals.append(("Peak memory of the 100,000-screen load ≤ 100 MiB", peak_ok, "; ".join(peak_rows) or "n/a"))

    # Growth.
    ten, hundred = results.get("Validation 10k"), results.get("Validation 100k")
    growth = ratio(hundred.median(WALL), ten.median(WALL)) if ten and hundred else None
    best_growth = ratio(hundred.minimum(WALL), ten.minimum(WALL)) if ten and hundred else None
    repeat = {}
    for label in ("10k", "100k"):
        text = read(out, f"repeat-validate-{label}.txt") or ""
        repeat[label] = [float(m.group(1)) for m in re.finditer(r"median=([\d.e-]+)", text)]
    repeat_growth = ratio(
        statistics.median(repeat["100k"]) if repeat["100k"] else None,
        statistics.median(repeat["10k"]) if repeat["10k"] else None,
    )
    goals.append((
        "Validation growth 10k → 100k ≤ 12× in wall time",
        growth is not None and growth <= GOAL_VALIDATION_GROWTH,
        f"{fmt(growth, 2)}× (package-benchmark medians; best against best {fmt(best_growth, 2)}×); "
        f"{fmt(repeat_growth, 2)}× the median of `flowbench-probe repeat-validate` "
        f"(15 validations in one process, {len(repeat['10k'])} processes of each)",
    ))

    emit("| goal | verdict |")
    emit("| --- | --- |")
    for goal, met, text in goals:
        emit(f"| {goal} | {verdict(met, text)} |")
    emit("")
    emit(
        "The runtime goal (no regression of ns per transition and no allocation per push or "
        "pop) is the runtime row of the table above."
    )
    emit("")


# --- the page -----------------------------------------------------------------


def render(out):
    results = load_results(out)
    machine = key_values(read(out, "machine.txt"))
    lines = []
    emit = lines.append

    def get(name):
        return results.get(name)

    commit = (read(out, "commit.txt") or "unknown").split()
    started = (read(out, "started.txt") or "unknown").strip()
    emit("# Benchmarks")
    emit("")
    emit(
        "<!-- Generated by Scripts/benchmarks.sh (Benchmarks/Tools/render-report.py) from the "
        "suite's output. Do not edit by hand: run the script again. -->"
    )
    emit("")
    emit(
        f"Generated by `Scripts/benchmarks.sh` from the run of {started} at commit "
        f"`{' '.join(commit)}`. Every number below comes from that run's output; "
        "regenerate the page with the script, never by hand."
    )
    emit("")

    # Machine
    emit("## Machine")
    emit("")
    memory = machine.get("memory_kib")
    emit(f"- CPU: {machine.get('cpu', 'unknown')}, {machine.get('cores', '?')} cores")
    if memory:
        emit(f"- Memory: {int(memory) / 1024 / 1024:.1f} GiB")
    emit(f"- OS: {machine.get('os', 'unknown')}, {machine.get('kernel', '')}")
    emit(f"- Toolchain: {machine.get('swift', 'unknown')}; {machine.get('python', '')}")
    emit(f"- libyaml {machine.get('libyaml', 'unknown')} (the system library)")
    before = (read(out, "load-before.txt") or "").strip()
    after = (read(out, "load-after.txt") or "").strip()
    emit(f"- Load average before the run: `{before}`; after: `{after}`")
    emit("")
    emit(
        "The machine is shared (2 cores, several builds running at once), so wall "
        "times are noisy. Each benchmark runs many iterations in its own process and "
        "the table gives the **median** (and the best); ratios are of medians measured "
        "side by side in the same run. CPU time and callgrind instruction counts "
        "(exactly repeatable) are given beside them."
    )
    emit("")

    # Commands
    emit("## How to reproduce")
    emit("")
    emit("```sh")
    emit("Scripts/benchmarks.sh            # the whole suite, then this page")
    emit("```")
    emit("")
    emit("The commands it ran, in order (from the repository root):")
    emit("")
    emit("```sh")
    for line in (read(out, "commands.txt") or "").splitlines():
        emit(line)
    emit("```")
    emit("")
    emit(
        "`$OUT` is `Benchmarks/.build/flowbench-results` and the inputs are in "
        "`$FLOWBENCH_DIR` (default `/tmp/flowgraph-bench`); nothing generated is committed."
    )
    emit("")

    # Inputs
    emit("## Inputs")
    emit("")
    emit(
        "`flowbench-gen` (Benchmarks/Sources/FlowBenchKit) writes deterministic flow "
        "files: flows of 100 screens (a tree of 87 screens joined by pushes, 10 help "
        "sheets, an error alert, a search sheet and its result), about 5 actions per "
        "screen: pushes with and without params, presents, `pop`, `popToRoot`, "
        "`pop: S`, `stay`, child flows started with `mode: push` and `present` "
        "(results handled), tasks with outcomes (some flows start with one), deep "
        "links and an enum type. Each must validate clean:"
    )
    emit("")
    emit("| screens | flows | bytes | `flowgraph validate` |")
    emit("| ---: | ---: | ---: | --- |")
    sizes_text = read(out, "inputs.txt") or ""
    for n in (1000, 10000, 100000):
        size = None
        match = re.search(rf"\s(\d+)\s+\w+\s+\d+\s+[\d:]+\s+\S*flows-{n}\.yaml", sizes_text)
        if match:
            size = int(match.group(1))
        report = read(out, f"validate-{n}.json")
        status = "n/a"
        if report:
            summary = json.loads(report).get("summary", {})
            findings = len(json.loads(report).get("diagnostics", []))
            status = (
                "clean (0 findings)"
                if findings == 0
                else f"**{findings} findings** ({summary.get('errors')} errors)"
            )
        emit(f"| {n:,} | {n // 100:,} | {fmt(size, 0)} | {status} |")
    emit("")

    # Results
    emit("## Results")
    emit("")
    emit(
        "package-benchmark (ordo-one/benchmark, malloc counts from its interposer), "
        "release build. Times in ms per iteration; one iteration processes a whole "
        "file, or replays a whole event walk (runtime)."
    )
    emit("")
    emit(
        "| benchmark | wall median | wall best | CPU median | peak RSS median | "
        "mallocs median | iterations |"
    )
    emit("| --- | ---: | ---: | ---: | ---: | ---: | ---: |")
    order = [
        "Limit 10k", "Load 10k", "Yams.compose 10k", "Validation 10k",
        "Limit 100k", "Load 100k", "Yams.compose 100k", "Validation 100k",
    ]
    names = order + sorted(n for n in results if n not in order)
    for name in names:
        result = get(name)
        if not result:
            continue
        rss = result.median(RSS)
        emit(
            f"| {name} | {fmt(ms(result.median(WALL)), 2)} | {fmt(ms(result.minimum(WALL)), 2)} | "
            f"{fmt(ms(result.median(CPU)), 0)} | {fmt(rss / 2**20 if rss else None, 0)} MiB | "
            f"{fmt(result.median(MALLOCS), 0)} | {result.count()} |"
        )
    emit("")
    probe_rows = []
    for n, label in ((10000, "10k"), (100000, "100k")):
        for phase in ("limit", "load", "yams"):
            text = read(out, f"probe-{phase}-{n}.txt") or ""
            seconds = [float(m.group(1)) for m in re.finditer(r"seconds=([\d.]+)", text)]
            rss = [int(m.group(1)) for m in re.finditer(r"maxrss_kib=(\d+)", text)]
            if seconds:
                probe_rows.append((phase, label, seconds, rss))
    PROBE.clear()
    for phase, label, seconds, rss in probe_rows:
        PROBE[(phase, label)] = statistics.median(seconds) * 1000
    emit(
        "CPU time is sampled by the OS in 10 ms ticks: use it for the loads, not the "
        "short benchmarks. Peak RSS is the benchmark process's (setup included: the "
        "validation and runtime benchmarks load their graph first)."
    )
    emit("")

    if probe_rows:
        emit(
            "The same loads, scans and composes as whole processes without the benchmark "
            "framework and its malloc interposer (`flowbench-probe PHASE FILE` and "
            "`flowbench-yams FILE`, 5 runs each, alternating on one file; maximum resident "
            "set of the process). A goal on a ratio is met only when it holds here too: the "
            "suite measures each benchmark in its own time window, and on a shared machine "
            "a slow window for one side of a ratio can make it look better than it is."
        )
        emit("")
        emit("| phase | wall median | wall best | peak RSS median |")
        emit("| --- | ---: | ---: | ---: |")
        for phase, label, seconds, rss in probe_rows:
            emit(
                f"| {'Yams.compose' if phase == 'yams' else phase.capitalize()} {label} | {fmt(statistics.median(seconds) * 1000, 2)} ms | "
                f"{fmt(min(seconds) * 1000, 2)} ms | {fmt(statistics.median(rss) / 1024 if rss else None, 0)} MiB |"
            )
        emit("")

    # Goals
    goals = []
    emit("## Goals")
    emit("")

    def median_ms(name, metric=WALL):
        result = get(name)
        return ms(result.median(metric)) if result else None

    cg = {stem: Callgrind(out, stem) for stem in (
        "callgrind-limit-10k", "callgrind-parse-10k", "callgrind-compile-10k",
        "callgrind-load-10k", "callgrind-runtime-pushPop-1k", "callgrind-runtime-mixed-1k",
        "callgrind-runtime-pushPop-ids-1k", "callgrind-runtime-mixed-ids-1k",
    )}
    limit_cg, load_cg = cg["callgrind-limit-10k"], cg["callgrind-load-10k"]

    # 1. Load vs limit
    rows = []
    ok = True
    for label in ("10k", "100k"):
        wall = ratio(median_ms(f"Load {label}"), median_ms(f"Limit {label}"))
        cpu = ratio(median_ms(f"Load {label}", CPU), median_ms(f"Limit {label}", CPU))
        probe = ratio(PROBE.get(("load", label)), PROBE.get(("limit", label)))
        ok = (
            ok and wall is not None and wall <= GOAL_LOAD_OVER_LIMIT
            and probe is not None and probe <= GOAL_LOAD_OVER_LIMIT
        )
        rows.append(
            f"{label}: {fmt(wall, 2)}× wall, {fmt(cpu, 2)}× CPU (whole processes without the "
            f"interposer: {fmt(probe, 2)}×)"
        )
    instructions = ratio(load_cg.total, limit_cg.total)
    text = "; ".join(rows)
    if instructions:
        text += f"; {fmt(instructions, 2)}× instructions at 10k (callgrind)"
    goals.append(("Load ≤ 2.0× the libyaml event scan (10k and 100k)", ok, text))

    # 2. Yams
    rows = []
    ok = True
    for label in ("10k", "100k"):
        speedup = ratio(median_ms(f"Yams.compose {label}"), median_ms(f"Load {label}"))
        probe = ratio(PROBE.get(("yams", label)), PROBE.get(("load", label)))
        ok = (
            ok and speedup is not None and speedup >= GOAL_YAMS_OVER_LOAD
            and probe is not None and probe >= GOAL_YAMS_OVER_LOAD
        )
        rows.append(
            f"{label}: load is {fmt(speedup, 2)}× faster than Yams.compose (whole processes, "
            f"alternating: {fmt(probe, 2)}×)"
        )
    goals.append(("Load ≥ 8× faster than `Yams.compose`", ok, "; ".join(rows)))

    # 3. Validation
    share = ratio(median_ms("Validation 100k"), median_ms("Load 100k"))
    growth = ratio(median_ms("Validation 100k"), median_ms("Validation 10k"))
    ok = (
        share is not None and share <= GOAL_VALIDATION_SHARE
        and growth is not None and growth <= GOAL_VALIDATION_GROWTH
    )
    goals.append((
        "Validation ≤ 10% of load at 100k, and 100k ≤ 12× 10k",
        ok,
        f"{fmt(share * 100 if share else None, 1)}% of load at 100k; "
        f"100k / 10k = {fmt(growth, 2)}×",
    ))

    # 4. Peak memory
    probe = [
        int(m.group(1)) for m in re.finditer(r"maxrss_kib=(\d+)", read(out, "probe-load-100000.txt") or "")
    ]
    cli = [
        int(m.group(1)) for m in re.finditer(r"maxrss_kib=(\d+)", read(out, "cli-validate-100k.txt") or "")
    ]
    bench = get("Load 100k")
    bench_rss = bench.median(RSS) / 2**20 if bench and bench.median(RSS) else None
    probe_mib = statistics.median(probe) / 1024 if probe else None
    cli_mib = statistics.median(cli) / 1024 if cli else None
    worst = max(v for v in (bench_rss, probe_mib, cli_mib) if v is not None) if any(
        v is not None for v in (bench_rss, probe_mib, cli_mib)) else None
    goals.append((
        "Peak memory ≤ 100 MiB for the 100k load",
        worst is not None and worst <= GOAL_PEAK_MIB,
        f"benchmark process {fmt(bench_rss, 0)} MiB; a process that only loads "
        f"(flowbench-probe) {fmt(probe_mib, 0)} MiB; `flowgraph validate` "
        f"{fmt(cli_mib, 0)} MiB (maximum resident set, median of 3)",
    ))

    # 5. Runtime
    def runtime(scope, label):
        for name, result in results.items():
            match = re.match(rf"Runtime {scope} {label} x(\d+)$", name)
            if match:
                events = int(match.group(1))
                wall_us = result.median(WALL)
                return {
                    "events": events,
                    "ns": wall_us * 1000 / events,
                    "best_ns": result.minimum(WALL) * 1000 / events,
                    "mallocs": result.median(MALLOCS) / events,
                    "eps": events / (wall_us / 1e6),
                }
        return None

    rows = []
    ok = True
    for label, goal in (("1k", GOAL_NS_1K), ("100k", GOAL_NS_100K)):
        for scope in ("pushPop", "pushPop ids", "mixed", "mixed ids"):
            r = runtime(scope, label)
            if not r:
                ok = False
                continue
            ok = ok and r["ns"] <= goal
            rows.append(
                f"{label} {scope}: {fmt(r['ns'], 0)} ns/transition (best {fmt(r['best_ns'], 0)}; "
                f"goal {goal:.0f})"
            )
    allocs = {}
    for match in re.finditer(
        r"allocs screens=(\d+) scope=(\w+) naming=(\w+) events=(\d+) mallocs=(\d+)",
        read(out, "allocs.txt") or "",
    ):
        key = (int(match.group(1)), match.group(2), match.group(3))
        allocs[key] = (int(match.group(4)), int(match.group(5)))
    allocation_ok = bool(allocs)
    parts = []
    for (screens, scope, naming), (events, mallocs) in sorted(allocs.items()):
        if scope == "pushPop":
            allocation_ok = allocation_ok and mallocs == 0
        parts.append(f"{screens // 1000}k {scope} by {naming}: {mallocs:,}")
    allocation_text = (
        "; mallocs in one replay of 100,000 events, counted exactly (`flowbench-allocs`): "
        + ", ".join(parts)
        if parts else "; mallocs: n/a"
    )
    goals.append((
        "Runtime ≤ 100 ns/transition on 1k, ≤ 150 ns on 100k; no allocation per push/pop",
        ok and allocation_ok,
        "; ".join(rows) + allocation_text,
    ))

    # 6. transitions
    peer = json.loads(read(out, "transitions.json") or "null")
    rows = []
    ok = peer is not None
    if peer:
        for size in peer["sizes"]:
            label = f"{size['screens'] // 1000}k"
            for variant in ("mixed", "mixed ids"):
                ours = runtime(variant, label)
                speedup = ratio(ours["eps"], size["events_per_second"]) if ours else None
                ok = ok and speedup is not None and speedup >= GOAL_TRANSITIONS_SPEEDUP
                rows.append(
                    f"{label} {variant}: flowgraph {fmt(ours['eps'] if ours else None, 0)} events/s "
                    f"vs transitions {peer['version']} {fmt(size['events_per_second'], 0)} "
                    f"events/s = {fmt(speedup, 1)}×"
                )
    goals.append(("Runtime ≥ 100× the throughput of `transitions`", ok, "; ".join(rows) or "n/a"))

    # 7. CLI
    cli_json = json.loads(read(out, "cli.json") or "null")
    cli_ms = None
    cli_cpu = None
    if cli_json:
        times = cli_json["results"][0]["times"]
        cli_ms = statistics.median(times) * 1000
        cli_min = min(times) * 1000
        cli_cpu = (cli_json["results"][0]["user"] + cli_json["results"][0]["system"]) * 1000
    goals.append((
        "`flowgraph validate` on a small flow < 30 ms, whole process",
        cli_ms is not None and cli_ms < GOAL_CLI_MS,
        f"{fmt(cli_ms, 1)} ms median, {fmt(cli_min if cli_json else None, 1)} ms best, "
        f"{fmt(cli_cpu, 1)} ms CPU (user + system, mean) "
        "(hyperfine, 50 runs, `Flows/login-app.yaml`)",
    ))

    emit("| goal | verdict |")
    emit("| --- | --- |")
    for goal, met, text in goals:
        emit(f"| {goal} | {verdict(met, text)} |")
    emit("")
    if not all(met for _, met, _ in goals):
        emit(
            "Why each goal that is not met is not, by how much, and the profile that shows it: "
            "[docs/performance.md](docs/performance.md#the-goals-that-are-not-met-and-why)."
        )
        emit("")

    render_launch_goals(out, results, emit)

    # Where the time goes
    emit("## Where the time goes (callgrind)")
    emit("")
    if load_cg.total and limit_cg.total:
        emit(
            "Instruction counts are exact and repeatable (valgrind 3.19, "
            "`flowbench-probe PHASE FILE`, one phase in a process of its own; "
            "process start-up, about the same in every phase, is included)."
        )
        emit("")
        emit("| 10k screens | instructions | × limit |")
        emit("| --- | ---: | ---: |")
        for stem, label in (
            ("callgrind-limit-10k", "limit: read + libyaml event scan"),
            ("callgrind-parse-10k", "read + YAMLParser (the node arena)"),
            ("callgrind-compile-10k", "load without the validator"),
            ("callgrind-load-10k", "load: read + parse + compile + validate"),
        ):
            total = cg[stem].total
            emit(f"| {label} | {fmt(total, 0)} | {fmt(ratio(total, limit_cg.total), 2)} |")
        emit("")
        emit("Inside the load (inclusive instructions, share of the load):")
        emit("")
        emit("| stage | instructions | share |")
        emit("| --- | ---: | ---: |")
        stages = [
            ("libyaml's parser (yaml_parser_parse)", "yaml_parser_parse"),
            ("YAMLParser.parseFile (libyaml + arena + source text)", "10YAMLParserV9parseFile"),
            ("SyntaxDecoder.decode (YAML nodes → DSL syntax)", "13SyntaxDecoderV6decode"),
            ("GraphCompiler.compile (syntax → FlowGraph)", "0B8CompilerV7compile"),
            ("Validator.validate (usage rules + graph analysis)", "9ValidatorV8validate"),
            ("swift_retain + swift_release (everywhere)", None),
            ("malloc + free (everywhere)", None),
        ]
        exclusive = dict((name, cost) for cost, name in load_cg.exclusive)
        for label, pattern in stages:
            if pattern:
                cost = load_cg.cost(pattern)
            elif "retain" in label:
                cost = sum(c for n, c in exclusive.items() if re.search(r":swift_(retain|release)(\s|$|\[)", n)) or None
            else:
                cost = sum(c for n, c in exclusive.items() if re.search(r":(malloc|free|_int_free|_int_malloc|malloc_consolidate)\s", n)) or None
            emit(f"| {label} | {fmt(cost, 0)} | {fmt(ratio(cost, load_cg.total) * 100 if cost else None, 1)}% |")
        emit("")
        emit("Top functions by own instructions, load at 10k:")
        emit("")
        emit("| instructions | share | function |")
        emit("| ---: | ---: | --- |")
        for cost, name in load_cg.exclusive[:20]:
            emit(f"| {fmt(cost, 0)} | {cost / load_cg.total * 100:.1f}% | `{short_name(name)}` |")
        emit("")
    for stem, label, variant in (
        ("callgrind-runtime-pushPop-1k", "push/pop walk, actions by name", "pushPop"),
        ("callgrind-runtime-pushPop-ids-1k", "push/pop walk, actions by id", "pushPop ids"),
        ("callgrind-runtime-mixed-1k", "mixed walk, actions by name", "mixed"),
        ("callgrind-runtime-mixed-ids-1k", "mixed walk, actions by id", "mixed ids"),
    ):
        profile = cg[stem]
        r = runtime(variant, "1k")
        events = r["events"] if r else 100000
        if not profile.total:
            continue
        emit(
            f"Runtime, {label} on the 1k graph: {fmt(profile.total, 0)} instructions for "
            f"{events:,} events = **{profile.total / events:,.0f} instructions per transition**, "
            f"{profile.malloc_instructions / events:,.1f} of them inside `malloc`. Top functions "
            "by own instructions:"
        )
        emit("")
        emit("| instructions per event | share | function |")
        emit("| ---: | ---: | --- |")
        for cost, name in profile.exclusive[:15]:
            emit(f"| {cost / events:,.0f} | {cost / profile.total * 100:.1f}% | `{short_name(name)}` |")
        emit("")

    cli_cg = Callgrind(out, "callgrind-cli")
    if cli_cg.total:
        loader = cli_cg.cost("_dl_start") or 0
        parsing = cli_cg.cost("ParsableCommandPAAE11parseAsRoot") or 0
        conformance = cli_cg.cost("swift_conformsToProtocolMaybeInstantiateSuperclasses") or 0
        validate = cli_cg.cost("0aB6LoaderV8validate") or 0
        emit(
            f"`flowgraph validate Flows/login-app.yaml`, whole process: {fmt(cli_cg.total, 0)} "
            f"instructions: dynamic loading and relocation {fmt(loader * 100 / cli_cg.total, 0)}%, "
            f"argument parsing {fmt(parsing * 100 / cli_cg.total, 0)}% (of which protocol "
            f"conformance lookups {fmt(conformance * 100 / cli_cg.total, 0)}%), loading and "
            f"validating the flow {fmt(validate * 100 / cli_cg.total, 0)}%."
        )
        emit("")

    peak = massif_peak(out, "massif-load-10k.out")
    if peak:
        total, rows = peak
        emit(
            f"Heap at the peak of the 10k load (valgrind massif, `flowbench-probe load`): "
            f"{total / 2**20:,.1f} MiB in all. Largest allocation sites:"
        )
        emit("")
        emit("| MiB | share | what | allocated in |")
        emit("| ---: | ---: | --- | --- |")
        for size, what, owner in rows[:12]:
            emit(f"| {size / 2**20:,.1f} | {size * 100 / total:.0f}% | {what} | {owner} |")
        emit("")

    # Peer
    if peer:
        emit("## The `transitions` peer")
        emit("")
        emit(
            f"`Scripts/bench-transitions.py` runs `transitions` {peer['version']} "
            f"(Python {peer['python']}, pip-installed into a venv) on the same graph and "
            "event stream: one state per screen, one transition per move the walk can "
            "make (a machine-level `after_state_change` callback counts changes as the "
            "navigator does). `transitions` has no navigation stack, so back and dismiss "
            "are fixed transitions per state — exact for this walk, where every screen "
            "has one way in — and work flowgraph's runner does (the stack, flow "
            "instances, hooks, result handlers) is not done at all on the Python side."
        )
        emit("")
        emit("| screens | states | transitions | events | machine built in | median replay | events/s |")
        emit("| ---: | ---: | ---: | ---: | ---: | ---: | ---: |")
        for size in peer["sizes"]:
            emit(
                f"| {size['screens']:,} | {size['states']:,} | {size['transitions']:,} | "
                f"{size['events']:,} | {size['build_seconds']} s | {size['median_seconds']} s | "
                f"{size['events_per_second']:,} |"
            )
        emit("")

    emit("## Method")
    emit("")
    emit(
        "- **Load** is `FlowGraphLoader(limits:).validate(path:)`: read the file, parse "
        "it with libyaml into the node arena, decode the DSL, compile, validate "
        "(usage rules and the exact graph analysis); the file must come out clean.\n"
        "- **Limit** reads the same file the same way and runs libyaml's "
        "`yaml_parser_parse` over it, deleting each event (C, "
        "Benchmarks/Sources/CLibYAMLScan): what any libyaml-based loader must at least do.\n"
        "- **Yams.compose** reads the file into a `String` and composes Yams' node tree "
        "(Yams 6, its own copy of libyaml; a separate executable so that its libyaml "
        "symbols cannot replace the system library's).\n"
        "- **Validation** is `Validator().validate(graph)` on the compiled graph.\n"
        "- **Runtime**: a `FlowRunner` with a counting `Navigator`, screen enter/exit "
        "hooks on every screen of the first seven flows and flow start/finish hooks; "
        "one iteration replays a deterministic walk of 100,000 events "
        "(`sendSynchronously`) that ends where it began, its actions sent by name "
        "(`.action(name)`) or, in the *ids* variants, by id (`.resolved(ActionID)`, "
        "the typed fast path). "
        "*pushPop*: pushes without params and pops (`back` or a `pop` button) in the "
        "entry flow. *mixed*: also help sheets (present, dismiss gesture or button) "
        "and child flows started with `mode: push` or `present` and ended with back "
        "or the gesture.\n"
        "- **CLI**: hyperfine, whole process, `flowgraph validate Flows/login-app.yaml`."
    )
    emit("")
    return "\n".join(lines) + "\n"


def main():
    if len(sys.argv) != 2:
        sys.exit("usage: render-report.py OUT")
    sys.stdout.write(render(sys.argv[1]))


if __name__ == "__main__":
    main()
