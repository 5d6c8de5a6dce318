"""A Kubernetes resource with Kustomize's patches applied, each value keeping where it is
written (the resource's file, or the patch that wrote it).

Two kinds of patch (kubectl.docs.kubernetes.io/references/kustomize/kustomization/patches):

* a strategic merge patch (kubernetes.io/docs/tasks/manage-kubernetes-objects/update-api-object-
  kubectl-patch): mappings are merged key by key, ``null`` removes a key; a list of a built-in
  pod spec with a merge key (``containers``/``initContainers``/``env``/``volumes`` by ``name``,
  ``volumeMounts`` by ``mountPath``, ``ports`` by ``containerPort``: the ``patchMergeKey`` of
  k8s.io/api core/v1 types.go) is merged item by item; any other list (``args``, ``command``,
  and every list of a custom resource, which has no merge keys) is replaced whole;
* a JSON patch (RFC 6902): ``add``, ``replace`` and ``remove`` at a JSON pointer (``~1`` is
  ``/``, ``-`` appends); ``move``, ``copy`` and ``test`` change no serving option and are
  skipped.

``Patched`` is the result, read through the ``Tree`` protocol the Kubernetes readers share: a
path's position is asked of the tree that last wrote it (``origin``), so a finding on a value a
patch sets lands on the patch's line.
"""

from __future__ import annotations

import copy
from typing import Any

from toplint.infra.yamldoc import data_at
from toplint.infra.yamlsafe import Path
from toplint.model import Position
from toplint.parse.generic.layered import Tree

Origin = tuple[Tree, Path]
_MERGE_KEYS = {
    "containers": "name",
    "initContainers": "name",
    "ephemeralContainers": "name",
    "env": "name",
    "volumes": "name",
    "volumeMounts": "mountPath",
    "ports": "containerPort",
    "imagePullSecrets": "name",
}
# Kinds whose schema Kustomize knows (built-in workloads): their pod spec lists merge by key.
BUILT_IN = frozenset(
    ("Deployment", "StatefulSet", "DaemonSet", "ReplicaSet", "Job", "CronJob", "Pod")
)


class Patched:
    """A resource as Kustomize renders it: data, and the tree each part came from."""

    def __init__(self, base: Tree, at: Path) -> None:
        self.data: Any = copy.deepcopy(data_at(base.data, at))
        self.origin: dict[Path, Origin] = {(): (base, at)}
        self.changed = False

    def _source(self, path: Path) -> Origin:
        for n in range(len(path), -1, -1):
            found = self.origin.get(path[:n])
            if found is not None:
                return found[0], (*found[1], *path[n:])
        raise AssertionError("the root always has an origin")

    def key_position(self, path: Path) -> Position:
        tree, at = self._source(path)
        return tree.key_position(at)

    def value_position(self, path: Path) -> Position:
        tree, at = self._source(path)
        return tree.value_position(at)

    def _written(self, path: Path, origin: Origin) -> None:
        """``path`` now holds what ``origin`` holds."""
        for key in [k for k in self.origin if len(k) > len(path) and k[: len(path)] == path]:
            del self.origin[key]
        self.origin[path] = origin
        self.changed = True

    def _shift(self, path: Path, size: int, moved: dict[int, int | None]) -> None:
        """The items of the list at ``path`` (``size`` of them) move: ``moved[old]`` is the new
        index (None: removed); what each came from moves with it, deeper writes included."""
        for i in range(size):  # where each item came from, made explicit before indices move
            self.origin.setdefault((*path, i), self._source((*path, i)))
        n = len(path)
        entries = {k: v for k, v in self.origin.items() if len(k) > n and k[:n] == path}
        for key in entries:
            del self.origin[key]
        for key, value in entries.items():
            old = key[n]
            new = moved.get(old, old) if isinstance(old, int) else old
            if new is not None:
                self.origin[(*path, new, *key[n + 1 :])] = value
        self.changed = True

    # -- strategic merge ---------------------------------------------------------------

    def merge(self, patch: Tree, at: Path) -> None:
        """A strategic merge patch (the mapping at ``at`` of ``patch``) applied here."""
        value = data_at(patch.data, at)
        if isinstance(value, dict) and isinstance(self.data, dict):
            built_in = self.data.get("kind") in BUILT_IN
            self.data = self._merge_map(self.data, value, (), (patch, at), built_in)

    def _merge_map(
        self, into: dict[Any, Any], new: dict[Any, Any], path: Path, src: Origin, keys: bool
    ) -> dict[Any, Any]:
        out = dict(into)
        for key, value in new.items():
            if isinstance(key, str) and key.startswith("$"):
                continue  # ``$patch``/``$setElementOrder`` directives: not values
            here, there = (*path, key), (src[0], (*src[1], key))
            if value is None:
                out.pop(key, None)
                self._written(here, there)
            elif isinstance(value, dict) and isinstance(out.get(key), dict):
                out[key] = self._merge_map(out[key], value, here, there, keys)
            elif keys and isinstance(value, list) and isinstance(out.get(key), list):
                out[key] = self._merge_list(out[key], value, here, there, _MERGE_KEYS.get(key))
            else:
                out[key] = copy.deepcopy(value)
                self._written(here, there)
        return out

    def _merge_list(
        self, into: list[Any], new: list[Any], path: Path, src: Origin, key: str | None
    ) -> list[Any]:
        keyed = key is not None and all(isinstance(i, dict) and key in i for i in into + new)
        if not keyed:
            self._written(path, src)
            return copy.deepcopy(new)
        out = list(into)
        for j, item in enumerate(new):
            where = (src[0], (*src[1], j))
            k = next((i for i, old in enumerate(out) if old.get(key) == item.get(key)), None)
            if k is None:
                self._shift(path, len(out), {})
                out.append(copy.deepcopy(item))
                self._written((*path, len(out) - 1), where)
            else:
                out[k] = self._merge_map(out[k], item, (*path, k), where, True)
        return out

    # -- JSON patch --------------------------------------------------------------------

    def json_patch(self, patch: Tree, at: Path) -> None:
        """The operations of a JSON patch (the list at ``at`` of ``patch``) applied here."""
        ops = data_at(patch.data, at)
        for i, op in enumerate(ops if isinstance(ops, list) else []):
            if isinstance(op, dict) and isinstance(op.get("path"), str):
                self._op(str(op.get("op", "")), _pointer(op["path"]), op, (patch, (*at, i)))

    def _op(self, kind: str, steps: list[str], op: dict[str, Any], src: Origin) -> None:
        if kind not in ("add", "replace", "remove") or not steps:
            return
        parent_path, node = self._resolve(steps[:-1])
        if parent_path is None:
            return
        last = steps[-1]
        value_src: Origin = (src[0], (*src[1], "value"))
        if isinstance(node, dict):
            if kind == "remove":
                node.pop(last, None)
            elif "value" in op:
                node[last] = copy.deepcopy(op["value"])
            self._written((*parent_path, last), value_src)
        elif isinstance(node, list):
            index = len(node) if last == "-" else _index(last)
            if index is None or index > len(node) or (kind != "add" and index >= len(node)):
                return
            here = (*parent_path, index)
            if kind == "remove":
                del node[index]
                moved = {i: (None if i == index else i - 1) for i in range(index, len(node) + 1)}
                self._shift(parent_path, len(node) + 1, moved)
            elif kind == "replace":
                node[index] = copy.deepcopy(op.get("value"))
                self._written(here, value_src)
            else:
                self._shift(parent_path, len(node), {i: i + 1 for i in range(index, len(node))})
                node.insert(index, copy.deepcopy(op.get("value")))
                self._written(here, value_src)

    def _resolve(self, steps: list[str]) -> tuple[Path | None, Any]:
        node: Any = self.data
        path: Path = ()
        for step in steps:
            if isinstance(node, dict) and step in node:
                node, path = node[step], (*path, step)
            elif isinstance(node, list) and (i := _index(step)) is not None and i < len(node):
                node, path = node[i], (*path, i)
            else:
                return None, None
        return path, node


def _pointer(text: str) -> list[str]:
    return [p.replace("~1", "/").replace("~0", "~") for p in text.split("/")[1:]]


def _index(step: str) -> int | None:
    return int(step) if step.isdigit() and len(step) < 7 else None
