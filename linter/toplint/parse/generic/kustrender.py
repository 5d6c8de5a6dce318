"""The resources a ``kustomization.yaml`` renders, patched, read as the deployments they are
(issue 24: GitOps overlays).

An overlay changes a base it lists in ``resources`` (files, and folders holding their own
``kustomization.yaml``, rendered first; remote URLs are not read) with ``patches`` (each a
strategic merge or JSON patch, inline under ``patch`` or in the file ``path`` names, applied to
the resources its ``target`` selects: ``group``, ``version``, ``kind``, ``name`` and
``namespace``, the name a regular expression; without a target, to the resource the patch
names), ``patchesStrategicMerge`` (files or inline patches), ``patchesJson6902`` (a target and a
JSON patch), ``replicas`` (``spec.replicas`` by resource name), ``images`` (``newName``,
``newTag``, ``digest`` of every container whose image is ``name``) and
``namePrefix``/``nameSuffix`` (kubectl.docs.kubernetes.io/references/kustomize/kustomization).
Every file is read under the read policy (inside the repository, size-capped).

The resources a patch (or ``replicas``, ``images``) changed are read by the Kubernetes readers,
together with the rest of the rendered set (an InferenceService finds its patched
ServingRuntime there); each deployment is placed on the ``kustomization.yaml``, its values at
the place they are written: the base resource's file, or the patch that wrote them
(``toplint.parse.generic.kustpatch``).  A resource nothing changed is the base file's own
deployment, read there.
"""

from __future__ import annotations

import os
import posixpath
import re
from collections.abc import Iterator, Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused, read_reference
from toplint.infra.yamlsafe import Document, load_documents
from toplint.model import Deployment, Finding
from toplint.parse.base import Source
from toplint.parse.generic.kustomize import NAMES, load_reference
from toplint.parse.generic.kustpatch import Patched
from toplint.parse.generic.layered import Pinned, Tree, block_tree
from toplint.record import replace

MAX_DEPTH = 4  # bases of bases
MAX_RESOURCES = 128
MAX_BYTES = 512 * 1024


class Rendered:
    """One resource of the rendered set: its patched tree and the file it came from."""

    def __init__(self, tree: Patched, path: str, text: str) -> None:
        self.tree = tree
        self.path = path
        self.text = text
        meta = tree.data.get("metadata") if isinstance(tree.data, dict) else None
        self.name = str(meta.get("name", "")) if isinstance(meta, dict) else ""  # as written


Read = tuple[list[Deployment], list[Finding]]


def patched_deployments(doc: Document, path: str, text: str) -> Read:
    """The deployments of the resources this kustomization changes, placed on it."""
    if not isinstance(doc.data, dict) or not _changes(doc.data):
        return [], []
    texts = {path: text}
    rendered = _render(doc, path, text, 0, texts)
    return _read(rendered, doc, path, texts)


_CHANGES = ("patches", "patchesStrategicMerge", "patchesJson6902", "replicas", "images")


def _changes(data: Mapping[str, Any]) -> bool:
    return any(data.get(k) for k in _CHANGES)


def _render(
    doc: Document, path: str, text: str, depth: int, texts: dict[str, str]
) -> list[Rendered]:
    """The resources of one kustomization, rendered; ``texts`` collects every file read."""
    data = doc.data if isinstance(doc.data, dict) else {}
    out: list[Rendered] = []
    for ref in _strings(data.get("resources")) + _strings(data.get("bases")):
        out.extend(_resource(path, ref, depth, texts))
        if len(out) >= MAX_RESOURCES:
            break
    out.extend(_generated(doc, path, text))
    for item in out:
        _rename(item.tree, data)
    for patch, target in _patches(doc, path, text, texts):
        for item in out:
            if _selected(item, target, patch):
                _apply(item.tree, patch)
    _replicas(out, doc)
    _images(out, doc)
    return out


def _generated(doc: Document, path: str, text: str) -> list[Rendered]:
    """The ConfigMaps ``configMapGenerator`` makes from ``literals`` and ``envs`` files
    (``KEY=VALUE`` lines), each at its entry: a container's ``configMapKeyRef`` reads them."""
    from toplint.parse.infer.scopevars import dotenv

    out: list[Rendered] = []
    for i, entry in enumerate(doc.data.get("configMapGenerator") or []):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        values: dict[str, str] = {}
        for ref in _strings(entry.get("envs")) + _strings([entry.get("env")]):
            loaded = _read_text(path, ref)
            values.update(dotenv(loaded, interpolate=False) if loaded is not None else {})
        for literal in _strings(entry.get("literals")):
            key, eq, value = literal.partition("=")
            values.update({key: value} if eq else {})
        resource = {"kind": "ConfigMap", "metadata": {"name": entry["name"]}, "data": values}
        tree = Pinned(resource, doc.key_position(("configMapGenerator", i)))
        out.append(Rendered(Patched(tree, ()), path, text))
    return out


def _read_text(referrer: str, ref: str) -> str | None:
    try:
        return read_reference(referrer, ref, MAX_BYTES)[1]
    except (ReadRefused, OSError):
        return None


def _strings(value: Any) -> list[str]:
    return [v for v in value if isinstance(v, str)] if isinstance(value, list) else []


def _resource(kustomization: str, ref: str, depth: int, texts: dict[str, str]) -> list[Rendered]:
    if "://" in ref or ref.startswith(("git@", "github.com/")) or depth >= MAX_DEPTH:
        return []  # a remote base: not in the repository
    for name in ("", *(posixpath.join(ref, n) for n in NAMES)):
        loaded = load_reference(kustomization, name or ref, MAX_BYTES)
        if loaded is None:
            continue
        full, text, docs = loaded
        texts[full] = text
        if name:  # a folder: its own kustomization, rendered
            return _render(docs[0], full, text, depth + 1, texts) if len(docs) == 1 else []
        return [Rendered(Patched(d, ()), full, text) for d in docs if isinstance(d.data, dict)]
    return []


def _rename(tree: Patched, data: Mapping[str, Any]) -> None:
    meta = tree.data.get("metadata") if isinstance(tree.data, dict) else None
    prefix, suffix = data.get("namePrefix") or "", data.get("nameSuffix") or ""
    if isinstance(meta, dict) and isinstance(meta.get("name"), str) and (prefix or suffix):
        meta["name"] = f"{prefix}{meta['name']}{suffix}"


def _patches(
    doc: Document, path: str, text: str, texts: dict[str, str]
) -> Iterator[tuple[Tree, Mapping[str, Any]]]:
    """Each patch as a tree whose data is the patch, and its target (empty: the patch's own)."""
    data = doc.data
    for key in ("patches", "patchesJson6902"):
        for i, entry in enumerate(data.get(key) or []):
            if not isinstance(entry, dict):
                continue
            target: Mapping[str, Any] = entry.get("target") or {}
            if not isinstance(target, dict):
                continue
            tree = _patch_tree(doc, (key, i, "patch"), entry.get("patch"), path, text)
            if tree is None and isinstance(entry.get("path"), str):
                tree = _patch_file(path, entry["path"], texts)
            if tree is not None:
                yield tree, target
    for i, entry in enumerate(data.get("patchesStrategicMerge") or []):
        if not isinstance(entry, str):
            continue
        tree = _patch_tree(doc, ("patchesStrategicMerge", i), entry, path, text)
        if tree is None or not isinstance(tree.data, dict):
            tree = _patch_file(path, entry, texts) if "\n" not in entry else None
        if tree is not None:
            yield tree, {}


def _patch_tree(
    doc: Document, at: tuple[Any, ...], value: Any, path: str, text: str
) -> Tree | None:
    """An inline patch (a YAML string in the kustomization), at its own lines when a block."""
    if not isinstance(value, str) or ("\n" not in value.strip() and ":" not in value):
        return None
    where = doc.value_position(at)
    tree = block_tree(text, path, value, where)
    if tree is not None:
        return tree
    try:  # a JSON patch is a list, which block_tree does not take
        docs = load_documents(_padded(text, where.line, value), path)
    except (SourceError, RecursionError):
        return None
    if len(docs) != 1 or not isinstance(docs[0].data, list):
        return None
    return docs[0] if _is_block(text, where.line) else Pinned(docs[0].data, where)


def _padded(text: str, line: int, value: str) -> str:
    from toplint.parse.k8s.configmap import block_lines

    return block_lines(text, line, value)


def _is_block(text: str, line: int) -> bool:
    lines = text.split("\n", line)
    return len(lines) >= line and lines[line - 1].rstrip().endswith(("|", "|-", "|+"))


def _selected(item: Rendered, target: Mapping[str, Any], patch: Tree) -> bool:
    """Whether a patch applies to a resource (by its name as the base writes it: a prefix the
    overlay adds is not in its patches' targets)."""
    resource, name = item.tree.data, item.name
    if not isinstance(resource, dict):
        return False
    meta = resource.get("metadata")
    meta = meta if isinstance(meta, dict) else {}
    group, _, version = str(resource.get("apiVersion", "")).rpartition("/")
    if not target:  # a strategic merge patch names what it patches
        own = patch.data if isinstance(patch.data, dict) else {}
        own_meta = own.get("metadata")
        own_name = own_meta.get("name") if isinstance(own_meta, dict) else None
        return own.get("kind") == resource.get("kind") and own_name == name
    wanted = {
        "kind": resource.get("kind"),
        "group": group,
        "version": version,
        "namespace": meta.get("namespace"),
    }
    for key, have in wanted.items():
        if key in target and str(target[key]) != str(have or ""):
            return False
    return "name" not in target or _matches(str(target["name"]), name)


def _matches(pattern: str, name: str) -> bool:
    try:
        return re.fullmatch(pattern, name) is not None
    except re.error:
        return pattern == name


def _apply(tree: Patched, patch: Tree) -> None:
    if isinstance(patch.data, list):
        tree.json_patch(patch, ())
    elif isinstance(patch.data, dict):
        tree.merge(patch, ())


def _replicas(out: list[Rendered], doc: Document) -> None:
    for i, entry in enumerate(doc.data.get("replicas") or []):
        if not isinstance(entry, dict) or "count" not in entry:
            continue
        for item in out:
            if item.name == entry.get("name"):
                spec = item.tree.data.setdefault("spec", {})
                if isinstance(spec, dict):
                    spec["replicas"] = entry["count"]
                    item.tree._written(("spec", "replicas"), (doc, ("replicas", i, "count")))


def _images(out: list[Rendered], doc: Document) -> None:
    for i, entry in enumerate(doc.data.get("images") or []):
        if not isinstance(entry, dict) or not isinstance(entry.get("name"), str):
            continue
        for item in out:
            for at, image in _container_images(item.tree.data, ()):
                base = re.split(r"[@]|:(?=[^/]*$)", image, maxsplit=1)[0]
                if base != entry["name"]:
                    continue
                name = str(entry.get("newName") or base)
                tag = (
                    f"@{entry['digest']}"
                    if entry.get("digest")
                    else (f":{entry['newTag']}" if entry.get("newTag") else image[len(base) :])
                )
                _set(item.tree.data, at, name + tag)
                key = "newTag" if "newTag" in entry else "newName" if "newName" in entry else "name"
                item.tree._written(at, (doc, ("images", i, key)))


def _container_images(data: Any, at: tuple[Any, ...]) -> Iterator[tuple[tuple[Any, ...], str]]:
    if isinstance(data, dict):
        for key, value in data.items():
            if key == "image" and isinstance(value, str) and len(at) > 1:
                yield (*at, key), value
            elif isinstance(value, (dict, list)) and len(at) < 16:
                yield from _container_images(value, (*at, key))
    elif isinstance(data, list):
        for i, value in enumerate(data):
            yield from _container_images(value, (*at, i))


def _set(data: Any, at: tuple[Any, ...], value: Any) -> None:
    for step in at[:-1]:
        data = data[step]
    data[at[-1]] = value


def _patch_file(kustomization: str, ref: str, texts: dict[str, str]) -> Tree | None:
    loaded = load_reference(kustomization, ref, MAX_BYTES)
    if loaded is None or len(loaded[2]) != 1:
        return None
    texts[loaded[0]] = loaded[1]
    return loaded[2][0]


def _read(rendered: list[Rendered], doc: Document, path: str, texts: dict[str, str]) -> Read:
    from toplint.parse.k8s.context import Ctx
    from toplint.parse.k8s.generic import resource_deployments
    from toplint.parse.multinode import one_per_instance

    documents: list[Any] = [r.tree for r in rendered]
    configmaps: dict[str, tuple[Any, tuple[str, ...]]] = {}
    for r in rendered:  # by the name the resources refer to it by (before a prefix or suffix)
        if isinstance(r.tree.data, dict) and r.tree.data.get("kind") == "ConfigMap":
            configmaps[r.name] = (r.tree, ("data",))
    deployments: list[Deployment] = []
    findings: list[Finding] = []
    first = next((k for k in doc.data if k in _CHANGES), "")
    at = doc.key_position((first,))
    for r in rendered:
        if not r.tree.changed:
            continue
        source = Source.from_text(r.path, r.text)
        ctx = Ctx(source, r.tree, configmaps, documents=documents, texts=texts)
        for dep in resource_deployments(ctx):
            note = f"as {os.path.basename(path)} renders {os.path.basename(r.path)}"
            deployments.append(
                replace(dep, path=path, line=at.line, column=at.column, notes=(*dep.notes, note))
            )
        findings.extend(ctx.findings)
    return list(one_per_instance(deployments)), findings
