#!/usr/bin/env bash
# A time-boxed libFuzzer campaign on one of flowgraph's fuzz targets.
#
#   Scripts/fuzz.sh TARGET SECONDS [LIBFUZZER-OPTION...]
#
# TARGET is `pipeline` (bytes → YAML → compile → validate → JSON round trip)
# or `runtime` (a flow file and an event sequence, SPEC §2.6 checked after
# every step). The build is the one measured in issue 7 (plus -DFUZZING, which
# drops the replayer's `main` so that libFuzzer's runs):
#
#   swift build -c release --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
#     -Xswiftc -DFUZZING --product NAME --scratch-path .build-fuzz
#
# Everything lives under .build-fuzz/ (git-ignored):
#   corpus/TARGET/     the growing corpus (kept between campaigns; first dir)
#   seeds/TARGET/      the seeds, rebuilt each time (second dir): the
#                      yaml-test-suite inputs, Flows/, Tests/Fixtures/**/*.yaml,
#                      Tests/Fixtures/fuzz-regressions/, and compiled JSON
#   artifacts/TARGET/  crash-*, timeout-*, oom-* inputs
#   logs/TARGET-*.log  libFuzzer's output
#
# Environment: FUZZ_CORPUS (another corpus folder), FUZZ_SCRATCH (another
# scratch folder than .build-fuzz), FUZZ_SKIP_BUILD=1 (use the binary as
# built), FUZZ_CONFIGURATION=debug (a debug build: both targets build in
# about 75 s against 245 s, run 4 to 7 times fewer inputs a second, and check
# Swift's `assert`s too; CI's smoke uses it). Extra options go to libFuzzer
# (`-fork=2`, `-runs=N`…).
# Exit status: 0 when nothing was found, else libFuzzer's (77 for a crash or
# an invariant violation, 70 for a timeout, others for memory), 2 for bad
# arguments.
# Run a long campaign with `nice -n 19` so that other builds are not starved.
set -euo pipefail
cd "$(dirname "$0")/.."

usage() {
  echo "usage: Scripts/fuzz.sh pipeline|runtime SECONDS [LIBFUZZER-OPTION...]" >&2
  exit 2
}
(($# >= 2)) || usage
case "$1" in
  pipeline | FuzzPipeline) target=pipeline product=FuzzPipeline ;;
  runtime | FuzzRuntime) target=runtime product=FuzzRuntime ;;
  *) usage ;;
esac
seconds=$2
[[ $seconds =~ ^[0-9]+$ ]] || usage
shift 2

scratch=${FUZZ_SCRATCH:-.build-fuzz}
configuration=${FUZZ_CONFIGURATION:-release}
[[ $configuration == release || $configuration == debug ]] \
  || { echo "fuzz.sh: FUZZ_CONFIGURATION is release or debug, not '$configuration'" >&2; exit 2; }
binary=$scratch/$configuration/$product
if [[ ${FUZZ_SKIP_BUILD:-0} != 1 || ! -x $binary ]]; then
  echo "== building $product ($configuration) with libFuzzer and AddressSanitizer" >&2
  swift build -c "$configuration" --sanitize=fuzzer -Xswiftc -sanitize=fuzzer,address \
    -Xswiftc -DFUZZING --product "$product" --scratch-path "$scratch" >&2
fi

corpus=${FUZZ_CORPUS:-$scratch/corpus/$target}
seeds=$scratch/seeds/$target
artifacts=$scratch/artifacts/$target
mkdir -p "$corpus" "$artifacts" "$scratch/logs"
rm -rf "$seeds"
mkdir -p "$seeds"

# Seeds: each file under a name made from its path, so that none collide.
add_seed() { cp "$1" "$seeds/$(printf '%s' "$1" | tr '/' '_')"; }
for file in Flows/*.yaml; do add_seed "$file"; done
while IFS= read -r -d '' file; do add_seed "$file"; done \
  < <(find Tests/Fixtures -name '*.yaml' -print0)
if [[ -d Tests/Fixtures/fuzz-regressions ]]; then
  while IFS= read -r -d '' file; do add_seed "$file"; done \
    < <(find Tests/Fixtures/fuzz-regressions -type f -path "*/$target/*" -print0)
fi
if [[ $target == pipeline ]]; then
  while IFS= read -r -d '' file; do add_seed "$file"; done \
    < <(find Tests/FlowGraphYAMLTests/Resources/yaml-test-suite -name in.yaml -print0)
  while IFS= read -r -d '' file; do add_seed "$file"; done \
    < <(find Tests/Fixtures/fuzz-regressions/json -type f -print0 2>/dev/null)
  # The compiled JSON and launch format of the example flows, for the two
  # compiled-graph readers.
  if [[ -x .build/debug/flowgraph ]]; then
    for file in Flows/*.yaml; do
      .build/debug/flowgraph compile "$file" --format json \
        > "$seeds/$(basename "$file" .yaml).json" 2>/dev/null \
        || rm -f "$seeds/$(basename "$file" .yaml).json"
      .build/debug/flowgraph compile "$file" -o "$seeds/$(basename "$file" .yaml).fgc" 2>/dev/null \
        || rm -f "$seeds/$(basename "$file" .yaml).fgc"
    done
  fi
else
  # The example flows again, each with an event part.
  for file in Flows/*.yaml; do
    { cat "$file"; printf '#~events\n'; printf '%s' "$file" | cksum | head -c 64; } \
      > "$seeds/events_$(basename "$file")"
  done
fi

# The dictionary: DSL keys and keywords, YAML syntax, the runtime's marker.
dictionary=$scratch/flowgraph.dict
cat > "$dictionary" <<'EOF'
"flowgraph: 1\x0a"
"flowgraph"
"entry"
"imports"
"types"
"tasks"
"flows"
"suppress"
"description"
"input"
"results"
"start"
"screens"
"title"
"params"
"actions"
"back"
"dismissible"
"deeplink"
"outcomes"
"enum"
"push"
"present"
"replace"
"root"
"pop"
"popToRoot"
"dismiss"
"stay"
"finish"
"run"
"mode"
"on"
"with"
"dismissed"
"string"
"int"
"double"
"bool"
"url"
"date"
"list<"
"?"
"$"
"/{id}"
"true"
"false"
"null"
"~"
": "
"- "
"{ "
" }"
"[ "
" ]"
"&a "
"*a"
"<<: "
"!!str "
"!!map"
"? "
"---"
"..."
"|\x0a"
">-\x0a"
"\x22"
"'"
"#"
"\x0a  "
"\x0d\x0a"
"\xef\xbb\xbf"
"checkout.yaml"
"library.yaml"
"ping.yaml"
"broken.yaml"
"unreachable-screen"
"unbounded-stack"
"no-exit"
"\x0a#~events\x0a"
"{\x22format\x22: \x22flowgraph-graph\x22, \x22version\x22: 1"
EOF

log=$scratch/logs/$target-$(date +%Y%m%d-%H%M%S).log
echo "== fuzzing $product for ${seconds}s: corpus $corpus, seeds $seeds, log $log" >&2
status=0
SWIFT_BACKTRACE=enable=no "$binary" "$corpus" "$seeds" \
  -dict="$dictionary" \
  -max_total_time="$seconds" \
  -max_len=16384 \
  -timeout=10 \
  -rss_limit_mb=2048 \
  -artifact_prefix="$artifacts/" \
  -print_final_stats=1 \
  "$@" > "$log" 2>&1 || status=$?

# A summary: executions, coverage, corpus, findings.
grep -E 'stat::number_of_executed_units|stat::peak_rss_mb' "$log" | sed 's/^/   /' >&2 || true
grep -E '^#[0-9]+' "$log" | tail -1 | sed 's/^/   last: /' >&2 || true
if ((status != 0)); then
  echo "== $product found something (exit $status); see $log and $artifacts/" >&2
  grep -aE 'invariant violated|ERROR: (AddressSanitizer|libFuzzer)|Test unit written' "$log" \
    | head -5 >&2 || true
fi
exit "$status"
