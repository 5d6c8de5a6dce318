"""A Helm chart installed with its values written by the tool that installs it (issue 24): a
Terraform ``helm_release`` (``values = [yamlencode({…})]``, then each ``set {name, value}``, as
``helm install -f … --set …`` applies them: registry.terraform.io/providers/hashicorp/helm,
resource helm_release).  When toplint has a values reader for the chart
(``toplint.parse.structured.helm.CHARTS``, by the chart's name), the values
are read as that chart's ``values.yaml`` would be, each value at the place it is written.

A ``set`` value that is ``local.NAME`` or ``var.NAME`` takes the module's ``locals`` or the
variable's ``default`` from the ``.tf`` files of the same folder (a Terraform module is its
folder; read under the read policy); anything else stays unresolved text.  Helm reads a
``--set`` value as a number, a bool or null when it spells one (helm.sh/docs/intro/using_helm,
"The Format and Limitations of --set"), unless the entry says ``type = "string"``.
"""

from __future__ import annotations

from collections.abc import Callable, Iterator
from typing import Any

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Finding, Position
from toplint.parse.base import Source
from toplint.parse.generic.hclmodule import module_values, resolve

Path = tuple[str | int, ...]
_STEP = lazy(r"((?:[^.\[\\]|\\.)+)|\[([0-9]{1,6})\]")


class ValuesTree:
    """A chart's values assembled from a release, with where each value is written."""

    def __init__(self, data: dict[str, Any], positions: dict[Path, Position], at: Position):
        self.data = data
        self._positions = positions
        self._at = at

    def key_position(self, path: Path) -> Position:
        return self._positions.get(path, self._at)

    def value_position(self, path: Path) -> Position:
        return self._positions.get(path, self._at)


def hcl_releases(source: Source, doc: Any) -> tuple[list[Deployment], list[Finding], list[Path]]:
    """The deployments of the ``helm_release`` resources of an HCL document whose chart toplint
    reads, and where those resources are (read here, not again as options)."""
    releases = ((doc.data.get("resource") or {}) if isinstance(doc.data, dict) else {}).get(
        "helm_release"
    )
    if not isinstance(releases, dict):
        return [], [], []
    from toplint.parse.k8s.context import Ctx

    found: list[Deployment] = []
    findings: list[Finding] = []
    read: list[Path] = []
    module: dict[str, dict[str, Any]] | None = None
    for name, release in releases.items():
        reader = _reader(release)
        if reader is None:
            continue
        if module is None:
            module = module_values(source.path)
        at: Path = ("resource", "helm_release", name)
        tree = _values(doc, at, release, module)
        ctx = Ctx(source, tree, {})
        found.extend(reader(ctx))
        findings.extend(ctx.findings)
        read.append(at)
    return found, findings, read


def _reader(release: Any) -> Callable[[Any], list[Deployment]] | None:
    if not isinstance(release, dict) or not isinstance(release.get("chart"), str):
        return None
    from toplint.parse.structured.helm import CHARTS

    return CHARTS.get(release["chart"].rstrip("/").rsplit("/", 1)[-1])


def _values(doc: Any, at: Path, release: dict[str, Any], module: dict[str, dict[str, Any]]) -> Any:
    data: dict[str, Any] = {}
    positions: dict[Path, Position] = {}
    for i, item in enumerate(release.get("values") or []):
        if isinstance(item, dict):
            _merge(data, item, (), positions, doc, (*at, "values", i))
    for i, entry in enumerate(_set_entries(release.get("set"))):
        steps = set_steps(str(entry.get("name", "")))
        if not steps or "value" not in entry:
            continue
        value = resolve(entry["value"], module)
        if entry.get("type") != "string":
            value = typed(value)
        set_value(data, steps, value)
        where = (*at, "set", i, "value")
        positions[steps] = doc.value_position(where)
    return ValuesTree(data, positions, doc.key_position(at))


def _set_entries(value: Any) -> Iterator[dict[str, Any]]:
    items = value if isinstance(value, list) else [value] if isinstance(value, dict) else []
    yield from (item for item in items if isinstance(item, dict))


def _merge(
    into: dict[str, Any],
    new: dict[str, Any],
    at: Path,
    positions: dict[Path, Position],
    doc: Any,
    src: Path,
) -> None:
    for key, value in new.items():
        here: Path = (*at, key)
        positions[here] = doc.value_position((*src, key))
        if isinstance(value, dict) and isinstance(into.get(key), dict):
            _merge(into[key], value, here, positions, doc, (*src, key))
        else:
            into[key] = value


def set_steps(name: str) -> Path:
    """``a.b[0].c`` (``\\.`` a literal dot) as path steps."""
    out: list[str | int] = []
    for m in _STEP.finditer(name):
        out.append(int(m.group(2)) if m.group(2) is not None else m.group(1).replace("\\.", "."))
    return tuple(out)


def set_value(data: dict[str, Any], steps: Path, value: Any) -> None:
    node: Any = data
    for k, step in enumerate(steps):
        last = k == len(steps) - 1
        nxt: Any = value if last else ([] if isinstance(steps[k + 1], int) else {})
        if isinstance(step, int):
            if not isinstance(node, list):
                return
            while len(node) <= step:
                node.append(None)
            if last or not isinstance(node[step], (dict, list)):
                node[step] = nxt
            node = node[step]
        else:
            if not isinstance(node, dict):
                return
            if last or not isinstance(node.get(step), (dict, list)):
                node[step] = nxt
            node = node[step]


def typed(value: Any) -> Any:
    if not isinstance(value, str):
        return value
    low = value.lower()
    if low in ("true", "false"):
        return low == "true"
    if low == "null":
        return None
    return int(value) if value.isdigit() and len(value) < 19 else value
