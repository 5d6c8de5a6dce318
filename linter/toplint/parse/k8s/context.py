"""What every Kubernetes reader shares: one resource being read (``Ctx``) and the helpers that
read counts, GPU requests, node selectors and annotations from it.

The readers of each kind (``toplint.parse.k8s.kinds``) and the pod walk (``toplint.parse.k8s.pods``)
import this module; it imports none of them, so the kind readers form no import circle.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from typing import Any, Protocol

from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Document, Path
from toplint.model import INVALID_PARALLEL_SIZE, Deployment, Finding, Position, unparsable
from toplint.parse.base import Source
from toplint.parse.textpos import offset_of
from toplint.record import field, record, replace

# Extended resources that are GPUs (k8s device plugins: NVIDIA, AMD, Intel, Habana) and
# Dynamo's own ``resources.limits.gpu``.  MIG slices are ``nvidia.com/mig-<profile>``.
_GPU_EXACT = ("nvidia.com/gpu", "amd.com/gpu", "gpu", "habana.ai/gaudi", "gpu.intel.com/i915")
_GPU_PREFIX = "nvidia.com/mig-"
# A value that is only a template's placeholder: ``${NAME}`` or ``{{ .Values.x }}``.
_WHOLE_PLACEHOLDER = lazy(r"\s*(?:\$\{[^{}]*\}|\{\{.*\}\})\s*", re.S)


class Tree(Protocol):
    """A document's data with the positions of its keys and values: a YAML ``Document``, or a
    Kubernetes resource written in another language (HCL: ``toplint.parse.generic.hcl``)."""

    @property
    def data(self) -> Any: ...

    def key_position(self, path: Path) -> Position: ...

    def value_position(self, path: Path) -> Position: ...


@record(frozen=False)
class Ctx:
    """One document being read, with the file around it."""

    source: Source
    doc: Tree
    configmaps: Mapping[str, tuple[Document, Path]]
    findings: list[Finding] = field(default_factory=list)
    # where this resource sits in ``doc`` (a resource embedded in another: an OpenShift
    # Template's ``objects``, a ``List``'s ``items``); every path below is relative to it
    root: Path = ()
    documents: Sequence[Document] = ()  # the file's documents (resources naming each other)
    # The text of other files a value may be written in (a Kustomize patch), by path.
    texts: Mapping[str, str] = field(default_factory=dict)
    # The scripts read so far, by path, with the environment each was read in
    # (``toplint.parse.k8s.container.script_commands``): a container's script is read for
    # its invocations and again for the Ray cluster it heads, and is lexed once.
    scripts: dict[Path, tuple[Mapping[str, str | None], list[Any]]] = field(default_factory=dict)

    @property
    def path(self) -> str:
        return self.source.path

    def get(self, at: Path, default: Any = None) -> Any:
        node: Any = self.doc.data
        for step in (*self.root, *at) if self.root else at:
            # YAML data first: plain dicts with str keys, plain lists with int indices
            if node.__class__ is dict:
                if (step.__class__ is str or isinstance(step, str)) and step in node:
                    node = node[step]
                    continue
            elif node.__class__ is list and step.__class__ is int and 0 <= step < len(node):
                node = node[step]
                continue
            elif isinstance(node, dict):
                if isinstance(step, str) and step in node:
                    node = node[step]
                    continue
            elif isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
                node = node[step]
                continue
            return default
        return node

    def mapping(self, at: Path) -> dict[Any, Any]:
        """The mapping at ``at``: {} when absent or null; when something else is written there
        (a list, a word), {} and a TL001 at it (kubectl rejects the resource), never a crash
        of the reader that expected a mapping."""
        value = self.get(at)
        if value is None or isinstance(value, dict):
            return value or {}
        self._wrong_type(at, "a mapping", value)
        return {}

    def sequence(self, at: Path) -> list[Any]:
        """The list at ``at``: [] when absent or null; a TL001 at it when it is not a list."""
        value = self.get(at)
        if value is None or isinstance(value, list):
            return value or []
        self._wrong_type(at, "a list", value)
        return []

    def _wrong_type(self, at: Path, wanted: str, value: Any) -> None:
        if isinstance(value, str) and _WHOLE_PLACEHOLDER.fullmatch(value):
            # ``env: ${ENGINE_ENV}``: a template a tool fills in before it is applied
            # (envsubst, a controller's text template), not a resource kubectl rejects; what
            # it stands for is not known here, so nothing is read from it.
            return
        key = next((str(step) for step in reversed(at) if isinstance(step, str)), "value")
        got = (
            "a mapping"
            if isinstance(value, dict)
            else "a list"
            if isinstance(value, list)
            else (f"the {type(value).__name__} {str(value)[:24]!r}")
        )
        pos = self.pos(at)
        found = unparsable(
            self.path,
            f"`{key}` must be {wanted}, not {got}",
            pos.line,
            pos.column,
        )
        if found not in self.findings:
            self.findings.append(found)

    def pos(self, at: Path) -> Position:
        return self.doc.value_position((*self.root, *at))

    def key(self, at: Path) -> Position:
        return self.doc.key_position((*self.root, *at))

    def text_at(self, position: Position) -> str:
        """The text of the file ``position`` is in (for finding words inside a string value)."""
        if position.path == self.path:
            return self.source.text
        return self.texts.get(position.path, "")

    def embedded(self, at: Path) -> Ctx:
        """The resource at ``at`` (a mapping with its own ``kind``), read on its own."""
        return Ctx(
            self.source,
            self.doc,
            self.configmaps,
            self.findings,
            (*self.root, *at),
            self.documents,
            self.texts,
        )

    def count(self, at: Path, default: Any = None) -> int | None:
        """The count at ``at`` (``to_int``); a number written there that is out of bounds
        (negative, fractional, beyond ``MAX_COUNT``) is also a TL010 finding, once, so an
        absurd replica or GPU count never becomes "unknown" in silence."""
        value = self.get(at, _ABSENT)
        if value is _ABSENT:
            return to_int(default)
        count = to_int(value)
        if count is None and _is_number(value):
            bad = _bad_count(self, at, value)
            if bad not in self.findings:
                self.findings.append(bad)
        return count

    def scalar_pos(self, at: Path) -> Position:
        """Position of a scalar's first character (after an opening quote)."""
        p = self.pos(at)
        if p.path != self.path:  # a value written in another file (a values layer, a patch)
            return p
        off = offset_of(self.source.text, p.line, p.column)
        if off < len(self.source.text) and self.source.text[off] in "'\"":
            return replace(p, column=p.column + 1)
        return p


@record
class GpuRequest:
    count: int | None
    resource: str
    position: Position


# Counts in manifests (replicas, GPUs, group sizes) beyond this are not believed: no later stage
# does arithmetic on them (a 4,000-digit replica count overflows every float).
MAX_COUNT = 1 << 20


def to_int(value: Any) -> int | None:
    """A non-negative count of at most ``MAX_COUNT``, else None."""
    if isinstance(value, bool):
        return None
    if isinstance(value, str):
        text = value.strip()
        value = int(text) if text.isascii() and text.isdigit() and len(text) <= 7 else None
    if isinstance(value, int) and 0 <= value <= MAX_COUNT:
        return value
    return None


_ABSENT = object()
_NUMBER = lazy(r"\s*[+-]?(?:\d[\d_]*\.?\d*|\.\d+)(?:[eE][+-]?\d+)?\s*")


def _is_number(value: Any) -> bool:
    """A number (or a string of one), as opposed to a word, a template or a variable."""
    if isinstance(value, bool):
        return False
    return isinstance(value, (int, float)) or (
        isinstance(value, str) and len(value) <= 10_000 and _NUMBER.fullmatch(value) is not None
    )


def _bad_count(ctx: Ctx, at: Path, value: Any) -> Finding:
    written = str(value).strip()
    shown = written if len(written) <= 24 else f"{written[:12]}…({len(written):,} characters)"
    key = next((str(step) for step in reversed(at) if isinstance(step, str)), "count")
    pos = ctx.scalar_pos(at)
    return INVALID_PARALLEL_SIZE.finding(
        ctx.path,
        pos.line,
        pos.column,
        f"`{key}: {shown}` is not a whole number from 0 to {MAX_COUNT:,}; toplint "
        "cannot count this deployment's GPUs or nodes, so they are not checked",
        anchor=f"count:{'.'.join(map(str, at))}",
    )


def is_gpu_resource(name: str) -> bool:
    return name in _GPU_EXACT or name.startswith(_GPU_PREFIX)


def gpu_request(ctx: Ctx, resources_path: Path) -> GpuRequest | None:
    """GPUs a ``resources`` block asks for (limits first: for extended resources k8s requires
    requests == limits, and either alone implies the other)."""
    for part in ("limits", "requests"):
        block = ctx.get((*resources_path, part))
        if not isinstance(block, dict):
            continue
        for name in block:
            if is_gpu_resource(str(name)):
                at = (*resources_path, part, name)
                return GpuRequest(ctx.count(at), str(name), ctx.key(at))
    return None


def with_gpu(dep: Deployment, gpu: GpuRequest) -> Deployment:
    notes = dep.notes
    options = {**dep.options, "gpu.resource": gpu.resource}
    if gpu.resource.startswith(_GPU_PREFIX):
        options["gpu.mig"] = "true"
        notes = (*notes, f"GPUs are MIG slices ({gpu.resource}): no NVLink/P2P between them")
    return replace(
        dep,
        gpus_per_node=gpu.count,
        options=options,
        notes=notes,
        sources={
            **dep.sources,
            "gpus_per_node": gpu.position,
            "gpus": gpu.position,
            "gpu.resource": gpu.position,
        },
    )


def labelled(ctx: Ctx, dep: Deployment, *specs: Path) -> Deployment:
    """``dep`` with the node labels of the PodSpecs at ``specs`` (a later one's win) over its
    own, and where each is written (``Deployment.sources`` keys ``label:<key>``: a finding
    about the GPU a label asks for sits on its value)."""
    labels, sources = dict(dep.labels), dict(dep.sources)
    for spec in specs:
        for key, (value, at) in _pod_labels(ctx, spec).items():  # read once: positions cost
            labels[key] = value
            sources[f"label:{key}"] = at
    return replace(dep, labels=labels, sources=sources)


def _pod_labels(ctx: Ctx, spec: Path) -> dict[str, tuple[str, Position]]:
    """nodeSelector and required node-affinity ``In`` terms (values joined by ``,``), each with
    where it is written."""
    selector = (*spec, "nodeSelector")
    labels = {
        str(k): (str(v), ctx.scalar_pos((*selector, k))) for k, v in ctx.mapping(selector).items()
    }
    required = (*spec, "affinity", "nodeAffinity", "requiredDuringSchedulingIgnoredDuringExecution")
    for t, term in enumerate(ctx.sequence((*required, "nodeSelectorTerms"))):
        exprs = term.get("matchExpressions") if isinstance(term, dict) else None
        for e, expr in enumerate(exprs if isinstance(exprs, list) else []):
            if isinstance(expr, dict) and expr.get("operator") == "In":
                values = expr.get("values")
                values = values if isinstance(values, list) else [] if values is None else [values]
                at = (*required, "nodeSelectorTerms", t, "matchExpressions", e, "values")
                labels[str(expr.get("key"))] = (",".join(map(str, values)), ctx.pos(at))
    if ctx.get((*spec, "nodeName")):
        at = (*spec, "nodeName")
        labels["kubernetes.io/hostname"] = (str(ctx.get(at)), ctx.scalar_pos(at))
    return labels


def anti_affinity(ctx: Ctx, spec: Path) -> bool:
    """A required pod anti-affinity on the hostname: no two such pods share a node."""
    terms = ctx.sequence(
        (*spec, "affinity", "podAntiAffinity", "requiredDuringSchedulingIgnoredDuringExecution")
    )
    return any(
        isinstance(t, dict) and t.get("topologyKey") == "kubernetes.io/hostname" for t in terms
    )


def meta_annotations(ctx: Ctx, meta: Path) -> dict[str, str]:
    found = ctx.get((*meta, "annotations")) or {}
    return {f"annotation.{k}": str(v) for k, v in found.items()} if isinstance(found, dict) else {}


def base_deployment(ctx: Ctx, source_kind: str, name: str = "") -> Deployment:
    meta_name = str(ctx.get(("metadata", "name"), ""))
    start = ctx.key(("kind",))
    return Deployment(
        path=ctx.path,
        line=start.line,
        column=start.column,
        engine="",
        model=None,
        name=name or meta_name,
        source_kind=source_kind,
        options=meta_annotations(ctx, ("metadata",)),
    )


Handler = Callable[[Ctx], list[Deployment]]
