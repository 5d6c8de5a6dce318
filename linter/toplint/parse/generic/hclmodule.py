"""What a Terraform module's ``local.NAME`` and ``var.NAME`` stand for, read once for the
readers that fill them: ``parse.generic.helmrelease`` (a ``set`` value) and
``parse.generic.hclread`` (any value of a file's blocks).

A Terraform module is its folder: its ``locals`` blocks and its variables' ``default`` are read
from the ``.tf`` files beside the file, under the read policy (a text with no folder, stdin,
has only its own).  A local or default that is itself an expression stays as written.
"""

from __future__ import annotations

import os
import re
from typing import Any

from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused, read_reference

__all__ = ["filled_locals", "module_values", "resolve"]

REFERENCE = lazy(r"\$\{(local|var)\.([A-Za-z_][A-Za-z0-9_-]*)\}")
MAX_MODULE_FILES = 32
MAX_FILE_BYTES = 512 * 1024


def resolve(value: Any, module: dict[str, dict[str, Any]]) -> Any:
    """A value that is one ``${local.NAME}`` / ``${var.NAME}`` reference, as the module gives
    it; any other value as it is."""
    if not isinstance(value, str):
        return value
    m = REFERENCE.fullmatch(value.strip())
    if m is None:
        return value
    table = module.get(m.group(1), {})
    return table.get(m.group(2), value)


def module_values(path: str, data: Any = None) -> dict[str, dict[str, Any]]:
    """``local.*`` and ``var.*`` defaults of the module (the ``.tf`` files beside ``path``);
    for a text with no folder, those of ``data`` (its own parsed blocks)."""
    from toplint.parse.generic.hcl import parse

    out: dict[str, dict[str, Any]] = {"local": {}, "var": {}}
    if path in ("-", "<stdin>") or not os.path.isfile(path):
        _add(out, data)  # a text with no folder (stdin) has no module around it
        return out
    folder = os.path.dirname(path) or "."
    try:
        names = sorted(n for n in os.listdir(folder) if n.endswith(".tf"))[:MAX_MODULE_FILES]
    except OSError:
        return out
    for name in names:
        try:
            _, text = read_reference(path, name, MAX_FILE_BYTES)
        except (ReadRefused, OSError):
            continue
        doc = parse(text, name)
        _add(out, doc.data if doc is not None else None)
    return out


def _add(out: dict[str, dict[str, Any]], data: Any) -> None:
    if not isinstance(data, dict):
        return
    blocks = data.get("locals")
    for block in blocks if isinstance(blocks, list) else [blocks]:
        if isinstance(block, dict):
            out["local"].update(block)
    variables = data.get("variable")
    if isinstance(variables, dict):
        for var, spec in variables.items():
            if isinstance(spec, dict) and "default" in spec:
                out["var"][str(var)] = spec["default"]


def filled_locals(data: Any, path: str) -> Any:
    """``data`` with each ``${local.NAME}`` whose local is a literal string or number replaced
    by it, inside longer strings too (Terraform, "Local Values": a local value assigns a name
    to an expression, used as ``local.NAME``): ``image = local.container_image`` is
    ``vllm/vllm-openai:v0.10.2`` (aws-ia/ecs-blueprints@9c87b668 terraform/ec2-examples/
    vllm-inferentia/main.tf:8,157).  The module's other files are read only when the file
    uses a local it does not define (a ``locals.tf`` beside it)."""
    own = module_values("-", data)["local"]
    used = {m.group(2) for m in REFERENCE.finditer(str(data)) if m.group(1) == "local"}
    if not used:
        return data
    locals_ = own if used <= own.keys() else {**module_values(path)["local"], **own}
    known = {
        name: str(value)
        for name, value in locals_.items()
        if isinstance(value, (str, int, float)) and not isinstance(value, bool)
        and "${" not in str(value)
    }  # fmt: skip
    if not known.keys() & used:
        return data

    def literal(m: re.Match[str]) -> str:
        return known.get(m.group(2), m.group(0)) if m.group(1) == "local" else m.group(0)

    def fill(node: Any) -> Any:
        if isinstance(node, str) and "${local." in node:
            return REFERENCE.sub(literal, node)
        if isinstance(node, dict):
            return {k: fill(v) for k, v in node.items()}
        if isinstance(node, list):
            return [fill(v) for v in node]
        return node

    return fill(data)
