#!/usr/bin/env bash
# Runs flowgraph's benchmark suite (issue 6) and regenerates BENCHMARKS.md
# from what it measured. From the repository root:
#
#   Scripts/benchmarks.sh                 # everything (about 30 minutes on 2 cores)
#   Scripts/benchmarks.sh --no-callgrind  # without the instruction counts
#   Scripts/benchmarks.sh --report-only   # re-render BENCHMARKS.md from the last results
#
# Steps: build (release), generate the inputs (flowbench-gen), check that they
# validate clean, run the package-benchmark suite (load, limit, validation,
# runtime; Yams.compose), the whole-process peak memory of the 100k load,
# the launch path's ratios (issue 19: `.fgc` against YAML, validate against
# the scan and Yams, peaks, validation growth) as whole processes alternating,
# `flowgraph validate` on a small real flow (hyperfine), the Python
# `transitions` peer, callgrind instruction counts and a massif heap profile. Every command run is
# logged to $OUT/commands.txt; Benchmarks/Tools/render-report.py turns $OUT
# into BENCHMARKS.md.
#
# Environment: FLOWBENCH_DIR (generated inputs, default /tmp/flowgraph-bench),
# FLOWBENCH_OUT (results, default Benchmarks/.build/flowbench-results).
set -euo pipefail

ROOT="$(cd "$(dirname "$0")/.." && pwd)"
cd "$ROOT"
export FLOWBENCH_DIR="${FLOWBENCH_DIR:-/tmp/flowgraph-bench}"
OUT="${FLOWBENCH_OUT:-$ROOT/Benchmarks/.build/flowbench-results}"
CALLGRIND=1
REPORT_ONLY=0
for argument in "$@"; do
  case "$argument" in
    --no-callgrind) CALLGRIND=0 ;;
    --report-only) REPORT_ONLY=1 ;;
    *) echo "usage: Scripts/benchmarks.sh [--no-callgrind] [--report-only]" >&2; exit 2 ;;
  esac
done

render() {
  python3 Benchmarks/Tools/render-report.py "$OUT" > BENCHMARKS.md.new
  mv BENCHMARKS.md.new BENCHMARKS.md
  echo "BENCHMARKS.md regenerated from $OUT"
}
if [ "$REPORT_ONLY" = 1 ]; then render; exit 0; fi

rm -rf "$OUT"
mkdir -p "$OUT" "$FLOWBENCH_DIR"
COMMANDS="$OUT/commands.txt"
: > "$COMMANDS"
# Logs a command (as run, from the repository root) and runs it.
run() {
  local line="" argument
  for argument in "$@"; do
    # An argument with spaces (a command for whole-process.py) is logged quoted.
    [[ "$argument" == *" "* ]] && argument="\"$argument\""
    line="${line:+$line }$argument"
  done
  line="${line//$OUT/\$OUT}"
  printf '%s\n' "${line//$ROOT\//}" >> "$COMMANDS"
  "$@"
}
uptime > "$OUT/load-before.txt"
{
  echo "cpu=$(grep -m1 'model name' /proc/cpuinfo | cut -d: -f2 | sed 's/^ //')"
  echo "cores=$(nproc)"
  echo "memory_kib=$(awk '/MemTotal/ {print $2}' /proc/meminfo)"
  echo "kernel=$(uname -srm)"
  echo "os=$(. /etc/os-release && echo "$PRETTY_NAME")"
  echo "swift=$(swift --version 2>&1 | head -1)"
  echo "python=$(python3 --version 2>&1)"
  echo "libyaml=$(pkg-config --modversion yaml-0.1 2>/dev/null || echo unknown)"
} > "$OUT/machine.txt"
date -u +%Y-%m-%dT%H:%M:%SZ > "$OUT/started.txt"
git rev-parse --short HEAD > "$OUT/commit.txt"
git status --porcelain --untracked-files=no | grep -q . && echo "dirty" >> "$OUT/commit.txt" || true

echo "== build (release)"
run swift build -c release --product flowgraph
# SwiftPM keeps the build plan of the path dependency (..) and misses source
# files added to it since; dropping the plan makes it scan the sources again.
rm -f Benchmarks/.build/release.yaml Benchmarks/.build/*/release/description.json
run swift build -c release --package-path Benchmarks
FLOWGRAPH="$ROOT/.build/release/flowgraph"
BIN="$ROOT/Benchmarks/.build/release"

echo "== inputs"
run "$BIN/flowbench-gen" "$FLOWBENCH_DIR" 1000 5000 10000 100000 --events 100000 > /dev/null
for n in 1000 5000 10000 100000; do
  # The launch format of each (issue 19), beside its YAML.
  run "$FLOWGRAPH" compile --max-file-size 1G "$FLOWBENCH_DIR/flows-$n.yaml" \
    -o "$FLOWBENCH_DIR/flows-$n.fgc"
done
ls -l "$FLOWBENCH_DIR" > "$OUT/inputs.txt"
for n in 1000 10000 100000; do
  # Each generated file must validate clean (exit 0, no findings at all).
  run "$FLOWGRAPH" validate --max-file-size 1G --format json "$FLOWBENCH_DIR/flows-$n.yaml" \
    > "$OUT/validate-$n.json"
done

echo "== package-benchmark suite"
printf '%s\n' "(cd Benchmarks && swift package --allow-writing-to-directory \$OUT benchmark --format histogramSamples --path \$OUT --no-progress)" >> "$COMMANDS"
(
  cd Benchmarks
  swift package --allow-writing-to-directory "$OUT" benchmark --format histogramSamples --path "$OUT" \
    --no-progress
) > "$OUT/benchmark.log" 2>&1 || { tail -30 "$OUT/benchmark.log"; exit 1; }

echo "== whole processes without the malloc interposer: time and peak memory"
# flowbench-probe runs one phase once in a process of its own (no benchmark
# framework, no malloc interposer), and flowbench-yams the peer's: 5 runs
# each, alternating limit, load and Yams on one file, for medians that slow
# drifts of a shared machine touch alike.
for i in 1 2 3 4 5; do
  for n in 10000 100000; do
    for phase in limit load; do
      run "$BIN/flowbench-probe" "$phase" "$FLOWBENCH_DIR/flows-$n.yaml" >> "$OUT/probe-$phase-$n.txt"
    done
    run "$BIN/flowbench-yams" "$FLOWBENCH_DIR/flows-$n.yaml" >> "$OUT/probe-yams-$n.txt"
  done
done
for i in 1 2 3; do
  run /usr/bin/time -f "maxrss_kib=%M seconds=%e" -a -o "$OUT/cli-validate-100k.txt" \
    "$FLOWGRAPH" validate --max-file-size 1G "$FLOWBENCH_DIR/flows-100000.yaml" > /dev/null
done

echo "== the launch path (issue 19): whole processes, alternating"
WHOLE="python3 Benchmarks/Tools/whole-process.py"
F="$FLOWBENCH_DIR/flows"
run $WHOLE "$OUT/launch-5k.json" 21 "fgc=$FLOWGRAPH validate $F-5000.fgc" \
  "yaml=$FLOWGRAPH validate $F-5000.yaml"
run $WHOLE "$OUT/scan-10k.json" 11 "validate=$FLOWGRAPH validate $F-10000.yaml" \
  "scan=$BIN/flowbench-probe limit $F-10000.yaml" "yams=$BIN/flowbench-yams $F-10000.yaml"
run $WHOLE "$OUT/scan-100k.json" 5 "validate=$FLOWGRAPH validate --max-file-size 1G $F-100000.yaml" \
  "scan=$BIN/flowbench-probe limit $F-100000.yaml" "yams=$BIN/flowbench-yams $F-100000.yaml"
run $WHOLE "$OUT/peak-100k.json" 3 "fgc=$FLOWGRAPH validate $F-100000.fgc" \
  "yaml=$FLOWGRAPH validate --max-file-size 1G $F-100000.yaml"
run "$FLOWGRAPH" compile Flows/onboarding.yaml -o "$FLOWBENCH_DIR/onboarding.fgc"
for i in $(seq 11); do
  # The compiled 1k graph's first decode in a fresh process, alone and after
  # a decode of a small graph (the runtime's one-time work then done).
  run "$BIN/flowbench-probe" fgc "$F-1000.fgc" >> "$OUT/first-fgc-1k.txt"
  run env FGC_WARM="$FLOWBENCH_DIR/onboarding.fgc" "$BIN/flowbench-probe" fgc-after "$F-1000.fgc" \
    >> "$OUT/first-fgc-after-1k.txt"
done
for i in 1 2 3; do
  # The validation alone, 15 times in one process (growth 10k -> 100k).
  for n in 10000 100000; do
    run "$BIN/flowbench-probe" repeat-validate "$F-$n.yaml" >> "$OUT/repeat-validate-$((n / 1000))k.txt"
  done
done

echo "== exact mallocs of the runtime walks"
run "$BIN/flowbench-allocs" 1000 100000 > "$OUT/allocs.txt"

echo "== CLI on a small real flow (hyperfine)"
if ! command -v hyperfine > /dev/null; then
  run apt-get install -y hyperfine > /dev/null
fi
run hyperfine --warmup 5 --runs 50 --export-json "$OUT/cli.json" \
  "$FLOWGRAPH validate Flows/login-app.yaml" > "$OUT/hyperfine.txt"

echo "== transitions (Python peer)"
run python3 Scripts/bench-transitions.py --dir "$FLOWBENCH_DIR" --screens 1000 100000 \
  --json "$OUT/transitions.json"

if [ "$CALLGRIND" = 1 ]; then
  echo "== callgrind instruction counts"
  for phase in limit parse compile load; do
    run valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind-$phase-10k.out" \
      "$BIN/flowbench-probe" "$phase" "$FLOWBENCH_DIR/flows-10000.yaml" \
      > /dev/null 2> "$OUT/callgrind-$phase-10k.log"
  done
  for phase in runtime-pushPop runtime-pushPop-ids runtime-mixed runtime-mixed-ids; do
    run valgrind --tool=callgrind --collect-atstart=no --toggle-collect='*runtimeReplay*' \
      --callgrind-out-file="$OUT/callgrind-$phase-1k.out" \
      "$BIN/flowbench-probe" "$phase" "$FLOWBENCH_DIR/flows-1000.yaml" \
      > /dev/null 2> "$OUT/callgrind-$phase-1k.log"
  done
  run valgrind --tool=callgrind --callgrind-out-file="$OUT/callgrind-cli.out" \
    "$FLOWGRAPH" validate Flows/login-app.yaml > /dev/null 2> "$OUT/callgrind-cli.log"
  run valgrind --tool=massif --massif-out-file="$OUT/massif-load-10k.out" \
    "$BIN/flowbench-probe" load "$FLOWBENCH_DIR/flows-10000.yaml" > /dev/null 2> "$OUT/massif-load-10k.log"
  ms_print "$OUT/massif-load-10k.out" > "$OUT/massif-load-10k.txt"
  for file in "$OUT"/callgrind-*.out; do
    callgrind_annotate "$file" > "${file%.out}.txt" 2> /dev/null
    callgrind_annotate --inclusive=yes "$file" > "${file%.out}.inclusive.txt" 2> /dev/null
  done
fi

uptime > "$OUT/load-after.txt"
render
