#!/usr/bin/env bash
# CI's fuzz smoke: builds both fuzz targets with libFuzzer and AddressSanitizer,
# runs each for a short time from a fresh corpus, and fails when a target
# finds something, or when its binary is not a working, instrumented fuzzer
# (a build without -sanitize=fuzzer in swiftc's flags links libFuzzer but
# has no coverage; a build without --sanitize=fuzzer, or with the
# replayer's `main`, does not fuzz at all and exits 0).
#
#   Scripts/fuzz-smoke.sh            # FUZZ_SMOKE_SECONDS per target, default 45
#
# It builds in FUZZ_SCRATCH (default .build-fuzz, shared with Scripts/fuzz.sh),
# in FUZZ_CONFIGURATION (default debug: a smoke checks that the targets are
# working fuzzers that find nothing quickly, and both debug builds take about
# 75 s against 245 s in release, and check Swift's `assert`s too; the
# campaigns of Scripts/fuzz.sh are release builds).
#
# It checks, for each target:
#   - `-runs=200` on an empty corpus executes ("Done 200 runs");
#   - libFuzzer reports one instrumented module with a non-zero number of
#     inline 8-bit counters and PCs;
#   - the campaign's coverage (`cov:`) grows from the first line to the last,
#     and it ends without a finding.
set -euo pipefail
cd "$(dirname "$0")/.."

seconds=${FUZZ_SMOKE_SECONDS:-45}
scratch=${FUZZ_SCRATCH:-.build-fuzz}
export FUZZ_CONFIGURATION=${FUZZ_CONFIGURATION:-debug}
started=$SECONDS

fail() {
  echo "fuzz smoke: $*" >&2
  exit 1
}

for product in FuzzPipeline FuzzRuntime; do
  echo "== building $product" >&2
  swift build -c "$FUZZ_CONFIGURATION" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -DFUZZING --product "$product" --scratch-path "$scratch" >&2
done

for target in pipeline runtime; do
  product=Fuzz${target^}
  binary=$scratch/$FUZZ_CONFIGURATION/$product
  work=$(mktemp -d)
  trap 'rm -rf "$work"' EXIT

  # 1. It runs inputs: a fixed number of runs on an empty corpus.
  mkdir -p "$work/empty"
  SWIFT_BACKTRACE=enable=no "$binary" "$work/empty" -runs=200 -seed=1 > "$work/runs.log" 2>&1 \
    || fail "$product -runs=200 failed: $(tail -5 "$work/runs.log")"
  grep -q '^Done 200 runs' "$work/runs.log" \
    || fail "$product did not execute -runs=200 (is it libFuzzer's main?): $(tail -5 "$work/runs.log")"

  # 2. It is instrumented: one module with counters and PCs.
  counters=$(sed -nE 's/^INFO: Loaded 1 modules +\(([0-9]+) inline 8-bit counters\).*/\1/p' "$work/runs.log")
  pcs=$(sed -nE 's/^INFO: Loaded 1 PC tables \(([0-9]+) PCs\).*/\1/p' "$work/runs.log")
  [[ ${counters:-0} -gt 0 && ${pcs:-0} -gt 0 ]] \
    || fail "$product is not instrumented for coverage: $(grep -E '^INFO: (Loaded|-)' "$work/runs.log")"

  # 3. A short campaign from a fresh corpus: coverage grows, nothing is found.
  FUZZ_SKIP_BUILD=1 FUZZ_CORPUS="$work/corpus" Scripts/fuzz.sh "$target" "$seconds" \
    || fail "$product found something (above)"
  log=$(ls -t "$scratch"/logs/"$target"-*.log | head -1)
  first=$(grep -m1 -oE 'cov: [0-9]+' "$log" | grep -oE '[0-9]+' || echo 0)
  last=$(grep -E '^#[0-9]+' "$log" | tail -1 | grep -oE 'cov: [0-9]+' | grep -oE '[0-9]+' || echo 0)
  executions=$(sed -nE 's/^stat::number_of_executed_units: ([0-9]+)/\1/p' "$log")
  ((last > first && last > 0)) \
    || fail "$product's coverage did not grow (cov $first → $last): is it instrumented?"
  echo "== $product: $counters counters, cov $first → $last, ${executions:-?} executions in ${seconds}s" >&2
  rm -rf "$work"
  trap - EXIT
done
echo "== fuzz smoke passed in $((SECONDS - started))s" >&2
