#!/usr/bin/env python3
"""Check Schemas/flowgraph.schema.json with a real JSON Schema validator.

Usage: Scripts/check-schema.py [--verbose]

Checks, from the repository root (found from this script's path):
- the schema is a valid draft 2020-12 schema, and every property and
  definition in it has a `description` (editors show it on hover);
- the YAML loader reads YAML 1.2 core-schema scalars (`on:` is a string key);
- every `*.yaml`/`*.yml` file below `Flows/` starts with the
  yaml-language-server `$schema` line and is accepted;
- every file below `Tests/Fixtures/schema/accept/` is accepted;
- every file below `Tests/Fixtures/schema/reject/` is rejected, with an error at
  the JSON pointer its `# schema-error-at: /pointer` line names (so that a
  fixture cannot pass by failing for some other reason).

Prints one line per failure (every case with --verbose), then `N passed, M failed`.
Exit status: 0 when all cases pass, 1 when one fails, 2 when it cannot run.
Needs the Python packages `jsonschema` and `pyyaml`.
"""

from __future__ import annotations

import json
import pathlib
import re
import sys

try:
    import jsonschema
    import yaml
except ImportError as error:  # pragma: no cover - depends on the machine
    print(
        f"check-schema: the Python package '{error.name}' is missing; "
        "install it with: python3 -m pip install jsonschema pyyaml",
        file=sys.stderr,
    )
    sys.exit(2)

from yaml.constructor import ConstructorError, SafeConstructor
from yaml.nodes import MappingNode, ScalarNode
from yaml.resolver import BaseResolver
from yaml.scanner import Scanner, ScalarToken

ROOT = pathlib.Path(__file__).resolve().parent.parent
SCHEMA_PATH = ROOT / "Schemas" / "flowgraph.schema.json"
FLOWS_DIR = ROOT / "Flows"
ACCEPT_DIR = ROOT / "Tests" / "Fixtures" / "schema" / "accept"
REJECT_DIR = ROOT / "Tests" / "Fixtures" / "schema" / "reject"
SCHEMA_LINE = "# yaml-language-server: $schema=../Schemas/flowgraph.schema.json"
ERROR_AT = re.compile(r"^#\s*schema-error-at:\s*(\S+)\s*$", re.MULTILINE)


# MARK: - A YAML 1.2 core-schema loader on top of PyYAML (a YAML 1.1 library)


class CoreScanner(Scanner):
    """PyYAML's scanner, with YAML 1.2's plain scalars in flow collections.

    YAML 1.1 (and so PyYAML) ends a plain scalar inside `{ }` or `[ ]` at `?`,
    which makes `{ note: string? }` a syntax error. In YAML 1.2 only `,[]{}`
    (and `: `) end it, which is what libyaml, and so flowgraph, does. This is
    PyYAML 6's `scan_plain` with that one condition changed.
    """

    def scan_plain(self):
        chunks = []
        start_mark = self.get_mark()
        end_mark = start_mark
        indent = self.indent + 1
        spaces = []
        while True:
            length = 0
            if self.peek() == "#":
                break
            while True:
                ch = self.peek(length)
                if (
                    ch in "\0 \t\r\n\x85\u2028\u2029"
                    or (
                        ch == ":"
                        and self.peek(length + 1)
                        in "\0 \t\r\n\x85\u2028\u2029" + (",[]{}" if self.flow_level else "")
                    )
                    or (self.flow_level and ch in ",[]{}")
                ):
                    break
                length += 1
            if length == 0:
                break
            self.allow_simple_key = False
            chunks.extend(spaces)
            chunks.append(self.prefix(length))
            self.forward(length)
            end_mark = self.get_mark()
            spaces = self.scan_plain_spaces(indent, start_mark)
            if not spaces or self.peek() == "#" or (not self.flow_level and self.column < indent):
                break
        return ScalarToken("".join(chunks), True, start_mark, end_mark)


class CoreResolver(BaseResolver):
    """The YAML 1.2 core schema's implicit types, and YAML 1.1 merge keys.

    Unlike PyYAML's SafeLoader (YAML 1.1), `yes`, `no`, `on`, `off`, `y`, `n`
    are strings, dates stay strings, `012` is decimal and `1_000` is a string.
    """


CoreResolver.add_implicit_resolver(
    "tag:yaml.org,2002:bool", re.compile(r"^(?:true|True|TRUE|false|False|FALSE)$"), list("tTfF")
)
CoreResolver.add_implicit_resolver(
    "tag:yaml.org,2002:int",
    re.compile(r"^(?:[-+]?[0-9]+|0o[0-7]+|0x[0-9a-fA-F]+)$"),
    list("-+0123456789"),
)
CoreResolver.add_implicit_resolver(
    "tag:yaml.org,2002:float",
    re.compile(
        r"^(?:[-+]?(?:\.[0-9]+|[0-9]+(?:\.[0-9]*)?)(?:[eE][-+]?[0-9]+)?"
        r"|[-+]?\.(?:inf|Inf|INF)|\.(?:nan|NaN|NAN))$"
    ),
    list("-+.0123456789"),
)
CoreResolver.add_implicit_resolver(
    "tag:yaml.org,2002:null", re.compile(r"^(?:~|null|Null|NULL|)$"), ["~", "n", "N", ""]
)
CoreResolver.add_implicit_resolver("tag:yaml.org,2002:merge", re.compile(r"^<<$"), ["<"])


class CoreConstructor(SafeConstructor):
    """Core-schema values; mapping keys are always strings, never duplicated."""

    def construct_yaml_bool(self, node):
        return self.construct_scalar(node).lower() == "true"

    def construct_yaml_int(self, node):
        text = self.construct_scalar(node)
        if text.startswith("0o"):
            return int(text[2:], 8)
        if text.startswith("0x"):
            return int(text[2:], 16)
        return int(text, 10)

    def construct_yaml_float(self, node):
        text = self.construct_scalar(node).lower()
        if text.endswith(".inf"):
            return float("-inf") if text.startswith("-") else float("inf")
        if text == ".nan":
            return float("nan")
        return float(text)

    def construct_mapping(self, node, deep=False):
        if not isinstance(node, MappingNode):
            raise ConstructorError(
                None, None, f"expected a mapping node, but found {node.id}", node.start_mark
            )
        seen = set()
        for key_node, _ in node.value:
            if not isinstance(key_node, ScalarNode):
                raise ConstructorError(
                    "while constructing a mapping",
                    node.start_mark,
                    "found a key that is not a scalar",
                    key_node.start_mark,
                )
            if key_node.tag == "tag:yaml.org,2002:merge":
                continue
            if key_node.value in seen:
                raise ConstructorError(
                    "while constructing a mapping",
                    node.start_mark,
                    f"found duplicate key '{key_node.value}'",
                    key_node.start_mark,
                )
            seen.add(key_node.value)
        # Merged keys come first, so explicit keys override them.
        self.flatten_mapping(node)
        mapping = {}
        for key_node, value_node in node.value:
            # Names are always strings: the key `123` is the name "123".
            mapping[key_node.value] = self.construct_object(value_node, deep=deep)
        return mapping


CoreConstructor.add_constructor("tag:yaml.org,2002:bool", CoreConstructor.construct_yaml_bool)
CoreConstructor.add_constructor("tag:yaml.org,2002:int", CoreConstructor.construct_yaml_int)
CoreConstructor.add_constructor("tag:yaml.org,2002:float", CoreConstructor.construct_yaml_float)
CoreConstructor.add_constructor("tag:yaml.org,2002:map", SafeConstructor.construct_yaml_map)


class CoreLoader(
    yaml.reader.Reader,
    CoreScanner,
    yaml.parser.Parser,
    yaml.composer.Composer,
    CoreConstructor,
    CoreResolver,
):
    """Loads one YAML document the way flowgraph reads it (YAML 1.2 core schema)."""

    def __init__(self, stream):
        yaml.reader.Reader.__init__(self, stream)
        CoreScanner.__init__(self)
        yaml.parser.Parser.__init__(self)
        yaml.composer.Composer.__init__(self)
        CoreConstructor.__init__(self)
        CoreResolver.__init__(self)


def load_yaml(text: str):
    """Parses one YAML document with the core-schema loader."""
    return yaml.load(text, Loader=CoreLoader)  # noqa: S506 - CoreLoader is a safe loader


# MARK: - Cases


class Report:
    """Counts cases and prints failures (and passes with --verbose)."""

    def __init__(self, verbose: bool):
        self.verbose = verbose
        self.passed = 0
        self.failed = 0

    def check(self, name: str, problem: str | None) -> None:
        if problem is None:
            self.passed += 1
            if self.verbose:
                print(f"ok    {name}")
        else:
            self.failed += 1
            print(f"FAIL  {name}: {problem}")


def pointer(path) -> str:
    """A JSON pointer for a jsonschema error path (`/` for the document)."""
    parts = [str(part).replace("~", "~0").replace("/", "~1") for part in path]
    return "/" + "/".join(parts) if parts else "/"


def all_errors(errors):
    """The errors and, recursively, the errors of their failed subschemas."""
    for error in errors:
        yield error
        yield from all_errors(error.context or [])


def describe(error) -> str:
    return f"{pointer(error.absolute_path)}: {error.message}"


def yaml_files(directory: pathlib.Path):
    if not directory.is_dir():
        return []
    return sorted(p for p in directory.rglob("*") if p.suffix in (".yaml", ".yml") and p.is_file())


def relative(path: pathlib.Path) -> str:
    return str(path.relative_to(ROOT))


def check_descriptions(schema, where="#"):
    """Yields the places (properties and definitions) that lack a `description`."""
    if isinstance(schema, dict):
        for group in ("properties", "$defs"):
            for key, sub in schema.get(group, {}).items():
                if isinstance(sub, dict) and "description" not in sub:
                    yield f"{where}/{group}/{key}"
        for key, sub in schema.items():
            yield from check_descriptions(sub, f"{where}/{key}")
    elif isinstance(schema, list):
        for index, sub in enumerate(schema):
            yield from check_descriptions(sub, f"{where}/{index}")


def check_loader(report: Report) -> None:
    """The loader reads scalars as YAML 1.2's core schema does, as flowgraph does."""
    cases = [
        ("`on:` is a string key", "on: { done: stay }", {"on": {"done": "stay"}}),
        ("yes/no/off are strings", "a: [yes, no, off, y, n]", {"a": ["yes", "no", "off", "y", "n"]}),
        ("`{ note: string? }` is a flow mapping", "p: { note: string?, n: list<int>? }",
         {"p": {"note": "string?", "n": "list<int>?"}}),
        ("core-schema numbers and booleans", "a: [1, 012, 0x1F, 3.5, true, False, null, 1_000, 2024-05-01]",
         {"a": [1, 12, 31, 3.5, True, False, None, "1_000", "2024-05-01"]}),
        ("names are strings", "123: x\ntrue: y\nnull: z", {"123": "x", "true": "y", "null": "z"}),
        ("merge keys, explicit keys win", "b: &b { x: 1, y: 2 }\nc: { <<: *b, y: 3 }",
         {"b": {"x": 1, "y": 2}, "c": {"x": 1, "y": 3}}),
    ]
    for name, text, expected in cases:
        try:
            got = load_yaml(text)
            problem = None if got == expected and type_tree(got) == type_tree(expected) else f"got {got!r}"
        except yaml.YAMLError as error:
            problem = f"cannot load: {error}"
        report.check(f"loader: {name}", problem)
    try:
        load_yaml("a: 1\na: 2")
        report.check("loader: duplicate keys are refused", "accepted")
    except yaml.YAMLError:
        report.check("loader: duplicate keys are refused", None)


def type_tree(value):
    """The value with its types spelled out, so that `True` differs from `1`."""
    if isinstance(value, dict):
        return {key: type_tree(item) for key, item in value.items()}
    if isinstance(value, list):
        return [type_tree(item) for item in value]
    return (type(value).__name__, value)


def load_file(path: pathlib.Path):
    """The file's text and document, or an error message."""
    try:
        text = path.read_text(encoding="utf-8-sig")
    except (OSError, UnicodeDecodeError) as error:
        return None, None, f"cannot read: {error}"
    try:
        return text, load_yaml(text), None
    except yaml.YAMLError as error:
        return text, None, f"not loadable YAML: {error}"


def check_accepted(report: Report, validator, path: pathlib.Path, needs_schema_line: bool) -> None:
    text, document, problem = load_file(path)
    if problem is None and needs_schema_line and not text.startswith(SCHEMA_LINE + "\n"):
        problem = f"does not start with `{SCHEMA_LINE}`"
    if problem is None:
        errors = sorted(validator.iter_errors(document), key=lambda e: list(e.absolute_path))
        if errors:
            best = jsonschema.exceptions.best_match(errors)
            problem = f"rejected ({len(errors)} errors), e.g. {describe(best)}"
    report.check(f"accept {relative(path)}", problem)


def check_rejected(report: Report, validator, path: pathlib.Path) -> None:
    text, document, problem = load_file(path)
    if problem is None:
        expected = ERROR_AT.findall(text)
        if len(expected) != 1:
            problem = "needs exactly one `# schema-error-at: /json/pointer` line"
        else:
            errors = list(validator.iter_errors(document))
            at = {pointer(error.absolute_path) for error in all_errors(errors)}
            if not errors:
                problem = "accepted, but should be rejected"
            elif expected[0] not in at:
                best = jsonschema.exceptions.best_match(errors)
                problem = f"rejected, but not at {expected[0]} (e.g. {describe(best)})"
    report.check(f"reject {relative(path)}", problem)


def main(argv: list[str]) -> int:
    unknown = [arg for arg in argv if arg not in ("--verbose", "-v")]
    if unknown:
        print(f"usage: {sys.argv[0]} [--verbose]", file=sys.stderr)
        return 2
    report = Report(verbose=bool(argv))

    try:
        schema = json.loads(SCHEMA_PATH.read_text(encoding="utf-8"))
    except (OSError, ValueError) as error:
        print(f"check-schema: cannot read {relative(SCHEMA_PATH)}: {error}", file=sys.stderr)
        return 2
    validator_class = jsonschema.Draft202012Validator
    try:
        validator_class.check_schema(schema)
        report.check("schema is valid draft 2020-12", None)
    except jsonschema.exceptions.SchemaError as error:
        report.check("schema is valid draft 2020-12", str(error.message))
    missing = list(check_descriptions(schema))
    report.check(
        "schema: every property and definition has a description",
        f"missing at {', '.join(missing)}" if missing else None,
    )
    validator = validator_class(schema)

    check_loader(report)

    flows = yaml_files(FLOWS_DIR)
    report.check("Flows/ has example flows", None if flows else "no *.yaml files found")
    for path in flows:
        check_accepted(report, validator, path, needs_schema_line=True)
    accepted = yaml_files(ACCEPT_DIR)
    report.check("accept fixtures exist", None if accepted else f"none in {relative(ACCEPT_DIR)}")
    for path in accepted:
        check_accepted(report, validator, path, needs_schema_line=False)
    rejected = yaml_files(REJECT_DIR)
    report.check("reject fixtures exist", None if rejected else f"none in {relative(REJECT_DIR)}")
    for path in rejected:
        check_rejected(report, validator, path)

    print(f"{report.passed} passed, {report.failed} failed")
    return 0 if report.failed == 0 else 1


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
