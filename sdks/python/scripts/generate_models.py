"""Writes src/errand/models.py: a TypedDict for every JSON answer and request body in docs/openapi.json.

Run from anywhere with `python3 sdks/python/scripts/generate_models.py`; `--check` exits 1 when the
committed file differs from what the OpenAPI document gives (tests/test_generated.py runs it).
The API's schemas are inline, so identical shapes are written once and reused by name.
"""

from __future__ import annotations

import json
import keyword
import re
import sys
from pathlib import Path
from typing import Any

SDK = Path(__file__).resolve().parent.parent
OPENAPI = SDK.parent.parent / "docs" / "openapi.json"
OUTPUT = SDK / "src" / "errand" / "models.py"

# Friendlier names than "<OperationId>Response" for the answers people hold most. A key is an
# operationId (its answer), or an operationId with a dotted path into the answer ("[]" for items).
NAMES = {
    "getRun": "Run",
    "createRun": "CreatedRun",
    "listRunSteps.steps[]": "Step",
    "getTask": "Task",
    "listTasks": "TaskList",
    "listTaskRecordings": "RecordingList",
    "getTaskSchedule": "Schedule",
    "getBatch": "Batch",
    "listBatchRows": "BatchRowsPage",
    "getAuthContext": "AuthContext",
    "getCredential": "Credential",
    "getFile": "ErrandFile",
    "getAutomation": "Automation",
    "listAutomations.automations[]": "AutomationSummary",
    "getAutomationFacets": "AutomationFacets",
    "runAutomation": "AutomationRun",
    "getAccount": "Account",
    "getUsage": "Usage",
    "getWebhook": "Webhook",
    "createWebhook": "CreatedWebhook",
    "getScreenshot": "ScreenshotUrl",
    "setRunLimits": "RunLimits",
    "listWorkspaces.workspaces[]": "Workspace",
    "listWorkspaceMembers.members[]": "WorkspaceMember",
    "createWorkspaceInvitation": "WorkspaceInvitation",
    "listApiKeys.api_keys[]": "NamedApiKey",
    "createApiKey": "CreatedApiKey",
    "listAuditEvents": "AuditEventPage",
    "listAuditEvents.audit_events[]": "AuditEvent",
    "getEvaluation": "EvaluationDetail",
    "getEvaluation.suite": "EvaluationSuite",
    "getEvaluation.suite.cases[]": "EvaluationCase",
    "listEvaluations.evaluations[]": "Evaluation",
    "getEvaluationReport": "EvaluationReport",
    "getEvaluationShare": "EvaluationShare",
    "shareEvaluation": "EvaluationShareLink",
    "createRun.body": "CreateRunBody",
    # A run without its owner's details (a demo's, a shared link's): a Run extends it. Last, so that
    # what it shares with other answers keeps their names.
    "getDemoRun.run": "PublicRun",
}

HEADER = '''"""Typed answers and request bodies of the Errand API, generated from docs/openapi.json.

Do not edit: run `python3 sdks/python/scripts/generate_models.py` after the API changes.
Answers are plain dicts at run time; these TypedDicts let mypy and editors check their keys.
"""

# ruff: noqa
from __future__ import annotations

import sys
from typing import Any, Literal, Union

# typing's TypedDict knows NotRequired from 3.11 on; before, both come from typing_extensions.
if sys.version_info >= (3, 11):
    from typing import NotRequired, TypedDict
else:
    from typing_extensions import NotRequired, TypedDict

'''


# A class extends another only when it shares at least this many fields with it.
MIN_BASE_FIELDS = 6


def pascal(text: str) -> str:
    return "".join(part[:1].upper() + part[1:] for part in re.split(r"[^A-Za-z0-9]+", text) if part)


def literal(value: Any) -> str:
    return json.dumps(value) if isinstance(value, str) else repr(value)


def shape(schema: Any) -> str:
    """The schema without what does not change its type, as text: equal shapes share one class."""

    def strip(value: Any) -> Any:
        if isinstance(value, dict):
            return {k: strip(v) for k, v in value.items() if k not in ("description", "default", "example", "examples")}
        if isinstance(value, list):
            return [strip(v) for v in value]
        return value

    return json.dumps(strip(schema), sort_keys=True)


class Generator:
    def __init__(self) -> None:
        self.classes: list[str] = []
        self.by_shape: dict[str, str] = {}
        self.taken: set[str] = set()
        self.exports: list[tuple[str, str]] = []
        # The fields of each class written as a class statement: a later class with all of them
        # and more extends it instead of repeating them.
        self.fields_of: dict[str, list[tuple[str, str]]] = {}
        # Each such class's text, description and base, to write it again when it comes to extend a later one.
        self.written: dict[str, tuple[str, Any, str | None]] = {}

    def type_of(self, schema: Any, name: str, key: str) -> str:
        if not isinstance(schema, dict) or not schema:
            return "Any"
        if "const" in schema:
            return f"Literal[{literal(schema['const'])}]"
        if "enum" in schema:
            values = ", ".join(literal(v) for v in schema["enum"] if v is not None)
            allowed = f"Literal[{values}]"
            return f"{allowed} | None" if None in schema["enum"] else allowed
        for union in ("oneOf", "anyOf"):
            if union in schema:
                parts = [self.type_of(s, f"{name}{i + 1}", f"{key}|{i}") for i, s in enumerate(schema[union])]
                unique = list(dict.fromkeys(parts))
                return unique[0] if len(unique) == 1 else f"Union[{', '.join(unique)}]"
        kind = schema.get("type")
        if isinstance(kind, list):
            nullable = "null" in kind
            rest = [k for k in kind if k != "null"]
            if not rest:
                return "None"
            inner = " | ".join(self.type_of({**schema, "type": k}, name, key) for k in rest)
            return f"{inner} | None" if nullable else inner
        if kind == "string":
            return "str"
        if kind == "integer":
            return "int"
        if kind == "number":
            return "float"
        if kind == "boolean":
            return "bool"
        if kind == "null":
            return "None"
        if kind == "array":
            return f"list[{self.type_of(schema.get('items'), name, key + '[]')}]"
        if kind == "object" or "properties" in schema:
            return self.object_type(schema, name, key)
        return "Any"

    def object_type(self, schema: dict[str, Any], name: str, key: str) -> str:
        properties: dict[str, Any] = schema.get("properties") or {}
        if not properties:
            extra = schema.get("additionalProperties")
            value = self.type_of(extra, name + "Value", key + ".*") if isinstance(extra, dict) else "Any"
            return f"dict[str, {value}]"
        wanted = NAMES.get(key)
        seen = self.by_shape.get(shape(schema))
        if seen and not wanted:
            return seen
        class_name = self.unique(wanted or name)
        self.by_shape.setdefault(shape(schema), class_name)
        required = set(schema.get("required") or [])
        fields: list[tuple[str, str]] = []
        for prop, sub in properties.items():
            field_type = self.type_of(sub, class_name + pascal(prop), f"{key}.{prop}")
            if prop not in required:
                field_type = f"NotRequired[{field_type}]"
            fields.append((prop, field_type))
        self.write(class_name, schema.get("description"), fields, named=wanted is not None)
        return class_name

    def write(self, name: str, description: Any, fields: list[tuple[str, str]], named: bool) -> None:
        base = self.base_for(fields)
        own = [field for field in fields if base is None or field not in self.fields_of[base]]
        text = self.render(name, description, own, base)
        if not all(p.isidentifier() and not keyword.iskeyword(p) for p, _ in fields):
            self.classes.append(text)
            return
        self.fields_of[name] = fields
        self.written[name] = (text, description, base)
        # Only a class the API names (not one named after where it stands) comes to be extended so.
        derived = None if base or not named else self.derived_for(name, fields)
        if derived is None:
            self.classes.append(text)
            return
        # An earlier class holds all these fields and more: this one goes before it, and it extends this one.
        at = self.classes.index(self.written[derived][0])
        rest = [field for field in self.fields_of[derived] if field not in fields]
        rewritten = self.render(derived, self.written[derived][1], rest, name)
        self.classes[at : at + 1] = [text, rewritten]
        self.written[derived] = (rewritten, self.written[derived][1], name)

    def base_for(self, fields: list[tuple[str, str]]) -> str | None:
        """The class with the most fields that all stand, with their types, among these (and more),
        when it holds most of them: an answer that adds a few fields to another (a task in a list, with
        its latest runs) extends it."""
        found = [
            (len(held), name)
            for name, held in self.fields_of.items()
            if len(held) >= MIN_BASE_FIELDS and 2 * len(held) >= len(fields) and len(held) < len(fields) and set(held) <= set(fields)
        ]
        return max(found)[1] if found else None

    def derived_for(self, name: str, fields: list[tuple[str, str]]) -> str | None:
        """An earlier class, extending none, with all these fields and a few more (a list's item
        written after the detailed answer that adds to it)."""
        if len(fields) < MIN_BASE_FIELDS:
            return None
        for other, held in self.fields_of.items():
            if other != name and self.written[other][2] is None and len(fields) < len(held) <= 2 * len(fields) and set(fields) <= set(held):
                return other
        return None

    def unique(self, name: str) -> str:
        candidate, n = name, 2
        while candidate in self.taken:
            candidate, n = f"{name}{n}", n + 1
        self.taken.add(candidate)
        return candidate

    @staticmethod
    def render(name: str, description: Any, fields: list[tuple[str, str]], base: str | None = None) -> str:
        if any(not p.isidentifier() or keyword.iskeyword(p) for p, _ in fields):
            body = "".join(f"    {json.dumps(p)}: {t},\n" for p, t in fields)
            return f'{name} = TypedDict("{name}", {{\n{body}}})\n'
        doc = f'    """{" ".join(str(description).split())[:300]}"""\n\n' if description else ""
        body = "".join(f"    {p}: {t}\n" for p, t in fields)
        return f"class {name}({base or 'TypedDict'}):\n{doc}{body}"

    def operation(self, operation: dict[str, Any]) -> None:
        op = operation["operationId"]
        body = operation.get("requestBody", {}).get("content", {}).get("application/json", {}).get("schema")
        if body:
            self.export(f"{op}.body", self.type_of(body, NAMES.get(f"{op}.body", pascal(op) + "Body"), f"{op}.body"))
        for status, answer in operation.get("responses", {}).items():
            schema = answer.get("content", {}).get("application/json", {}).get("schema")
            if status.startswith("2") and schema:
                self.export(op, self.type_of(schema, NAMES.get(op, pascal(op) + "Response"), op))

    def export(self, key: str, type_text: str) -> None:
        self.exports.append((key, type_text))


def generate(document: dict[str, Any]) -> str:
    gen = Generator()
    operations = [op for path in document["paths"].values() for op in path.values() if isinstance(op, dict) and "operationId" in op]
    # The named answers first, so that the shapes they share with others take their names.
    named = list(dict.fromkeys(key.split(".")[0] for key in NAMES))
    first = {op: n for n, op in enumerate(named)}
    operations.sort(key=lambda op: first.get(op["operationId"], len(first)))
    for operation in operations:
        gen.operation(operation)
    # Answers that are not objects of their own (lists, dicts) get a name too.
    aliases = []
    for key, type_text in gen.exports:
        name = pascal(key.replace(".body", "Body")) if key.endswith(".body") else pascal(key) + "Response"
        if type_text != name and name not in gen.taken:
            gen.taken.add(name)
            aliases.append(f"{name} = {type_text}\n")
    return HEADER + "\n\n".join(gen.classes) + "\n\n" + "".join(aliases)


def main() -> int:
    text = generate(json.loads(OPENAPI.read_text(encoding="utf-8")))
    if "--check" in sys.argv:
        if OUTPUT.read_text(encoding="utf-8") != text:
            print(f"{OUTPUT} differs from {OPENAPI}: run python3 {Path(__file__).relative_to(SDK.parent.parent)}", file=sys.stderr)
            return 1
        return 0
    OUTPUT.write_text(text, encoding="utf-8")
    return 0


if __name__ == "__main__":
    sys.exit(main())
