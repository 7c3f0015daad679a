#!/usr/bin/env bash
# Builds Examples/PluginExample, whose flow file FlowGraphPlugin turns into typed
# Swift at build time, and runs it; then breaks the flow file (a misspelled
# result) and checks that `swift build` fails with the finding at its line and
# column; then checks that fragments get no API of their own (one with only
# types, imported by the flow file; one with flows and no entry, imported by
# another flow file: alone it would be missing-entry) and that two flow files
# with one name stop the build with a message naming both. The files are
# restored whatever happens.
set -euo pipefail
cd "$(dirname "$0")/../Examples/PluginExample"
flow=Sources/OnboardingApp/onboarding.yaml
backup=$(mktemp)
cp "$flow" "$backup"
parts=Sources/OnboardingApp/parts
trap 'cp "$backup" "$flow"; rm -f "$backup"; rm -rf "$parts"' EXIT

if ! swift build >/tmp/plugin-example-build.log 2>&1; then
  cat /tmp/plugin-example-build.log >&2
  echo "check-plugin-example: the example must build" >&2
  exit 1
fi
if grep -E 'warning:|error:' /tmp/plugin-example-build.log; then
  echo "check-plugin-example: the example must build without warnings" >&2
  exit 1
fi
output=$(.build/debug/OnboardingApp)
expected=$'show Welcome\nshow Features\ndismiss 1\nfinished: tutorial(OnboardingApp.Onboarding.TutorialResult.skipped(atPage: 2))'
if [[ "$output" != "$expected" ]]; then
  printf 'check-plugin-example: unexpected output:\n%s\n' "$output" >&2
  exit 1
fi

sed -i.orig 's/finish: skipped, with/finish: skiped, with/' "$flow" && rm -f "$flow.orig"
if swift build >/tmp/plugin-example-broken.log 2>&1; then
  echo "check-plugin-example: a broken flow file must fail the build" >&2
  exit 1
fi
want="$PWD/$flow:62:40: error: flow 'tutorial' has no result 'skiped'; did you mean 'skipped'? [undefined-reference]"
if ! grep -qF "$want" /tmp/plugin-example-broken.log; then
  printf 'check-plugin-example: expected\n  %s\nin:\n' "$want" >&2
  cat /tmp/plugin-example-broken.log >&2
  exit 1
fi
cp "$backup" "$flow"

# Fragments, one build: one with types only that the flow file imports, and
# one with two flows and no entry that another flow file (its own root, with
# an entry) imports. Neither gets an API of its own.
mkdir -p "$parts"
printf 'flowgraph: 1\ntypes:\n  Mood: { enum: [happy, sad] }\n' > "$parts/common.yaml"
sed -i.orig 's/^entry: tutorial$/entry: tutorial\nimports: [parts\/common.yaml]/' "$flow" && rm -f "$flow.orig"
printf 'flowgraph: 1\nflows:\n  help:\n    start: helpPage\n    screens:\n      helpPage: {}\n  about:\n    start: aboutPage\n    screens:\n      aboutPage: {}\n' > "$parts/screens.yaml"
printf 'flowgraph: 1\nentry: more\nimports:\n  - screens.yaml\nflows:\n  more:\n    start: menu\n    screens:\n      menu:\n        actions:\n          helpButtonPressed: { start: help }\n          aboutButtonPressed: { start: about }\n' > "$parts/extra.yaml"
if ! swift build >/tmp/plugin-example-fragment.log 2>&1; then
  cat /tmp/plugin-example-fragment.log >&2
  echo "check-plugin-example: flow files that import fragments (types only; flows without an entry) must build" >&2
  exit 1
fi
generated=$(find .build -path '*FlowGraphPlugin*' \( -name '*.yaml.swift' -o -name '*.yaml.fgc' \) -newer "$parts/extra.yaml" | sed 's|.*/||' | sort | tr '\n' ' ')
if [[ "$generated" != "extra.yaml.fgc extra.yaml.swift onboarding.yaml.fgc onboarding.yaml.swift " ]]; then
  echo "check-plugin-example: expected an API for onboarding.yaml and extra.yaml only, not for the fragments; generated: $generated" >&2
  exit 1
fi
rm -f "$parts/screens.yaml" "$parts/extra.yaml"

# Two flow files with one name in different folders.
cp "$backup" "$parts/onboarding.yaml"
if swift build >/tmp/plugin-example-twins.log 2>&1; then
  echo "check-plugin-example: two flow files named onboarding.yaml must stop the build" >&2
  exit 1
fi
if ! grep -qF "error: two flow files of the target are named 'onboarding.yaml'" /tmp/plugin-example-twins.log; then
  cat /tmp/plugin-example-twins.log >&2
  echo "check-plugin-example: expected the message that names both flow files" >&2
  exit 1
fi
echo "check-plugin-example: the example builds and runs; a broken flow fails the build at $flow:62:40; fragments build without an API of their own; twins are refused"
