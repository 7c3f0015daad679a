#!/usr/bin/env bash
# Formats (default) or lints (--lint) every Swift file of the project with the
# toolchain's `swift format` and the checked-in .swift-format configuration.
#   Scripts/format.sh          rewrite files in place
#   Scripts/format.sh --lint   report what is not formatted; exit 1 if anything is
set -euo pipefail
cd "$(dirname "$0")/.."
paths=(Package.swift Sources Tests Benchmarks/Package.swift Benchmarks/Sources Benchmarks/Benchmarks)
existing=()
for p in "${paths[@]}"; do [[ -e $p ]] && existing+=("$p"); done
if [[ ${1:-} == --lint ]]; then
  swift format lint --strict --recursive --parallel "${existing[@]}"
else
  swift format format --in-place --recursive --parallel "${existing[@]}"
fi
