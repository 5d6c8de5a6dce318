"""ConfigMaps a manifest's pods name but the manifest does not hold, found in the YAML files
beside it.

A folder of manifests is applied together (``kubectl apply -f manifests/``), and a pod's
``configMapKeyRef`` / ``configMapRef`` is resolved by name in its namespace when it starts: the
ConfigMap of that name in a file beside the pod's is the one it reads
(kcns008/llm-on-k8s@dcaf96f5 openshift-kimi-k2-0905-vllm/manifests/: the Deployment in
05-deployment.yaml takes --model and --tensor-parallel-size from the ConfigMap in
03-configmap.yaml).  Only the manifest's own folder is looked in, a missing name only, and a
name that two files beside it define stays unresolved (which one runs is not known).  Files are
read through ``infra.readpolicy`` (inside the repository, size-limited) and only those whose
text declares a ConfigMap of that name are parsed.
"""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused, read_reference, shown_path
from toplint.infra.yamlsafe import Document, Path, load_documents

__all__ = ["WithSiblings", "configmap_beside"]

MAX_SIBLINGS = 200  # files of a folder looked at for one manifest
MAX_BYTES = 256 * 1024  # a ConfigMap's file read at most
_STDIN = ("-", "<stdin>")


class WithSiblings(dict[str, tuple[Document, Path]]):
    """The manifest's own ConfigMaps; a name it lacks is looked up once in the YAML files
    beside ``path`` (None where no file, or more than one, defines it)."""

    def __init__(self, own: Mapping[str, tuple[Document, Path]], path: str) -> None:
        super().__init__(own)
        self._path = path
        self._looked: set[str] = set()
        # the files beside it whose ConfigMaps a pod of the manifest read, as shown: their
        # values are checked with its deployments (``toplint.pipeline.readthrough``)
        self.files: list[str] = []

    def get(self, key: str, default: Any = None) -> Any:
        if key not in self and key and key not in self._looked and self._path not in _STDIN:
            self._looked.add(key)
            found = configmap_beside(self._path, key)
            if found is not None:
                self[key] = (found[0], ("data",))
                self.files.append(found[1])
        return super().get(key, default)


def configmap_beside(path: str, name: str) -> tuple[Document, str, str] | None:
    """(the ConfigMap, its file as shown, that file's text) of the one YAML file beside
    ``path`` that defines a ConfigMap ``name``; None when none does, or more than one."""
    folder = os.path.dirname(path) or "."
    try:
        entries = sorted(os.listdir(folder))
    except OSError:
        return None
    own = os.path.basename(path)
    files = [e for e in entries if e.endswith((".yaml", ".yml")) and e != own][:MAX_SIBLINGS]
    found: list[tuple[Document, str, str]] = []
    for entry in files:
        try:
            full, text = read_reference(path, entry, MAX_BYTES)
        except (ReadRefused, OSError, ValueError):
            continue
        if "ConfigMap" not in text or name not in text:
            continue
        try:
            docs = load_documents(text, full, remember=False)
        except (SourceError, RecursionError, ValueError):
            continue
        found += [(d, shown_path(full), text) for d in docs if _named(d, name)]
    return found[0] if len(found) == 1 else None


def _named(doc: Document, name: str) -> bool:
    data = doc.data
    meta = data.get("metadata") if isinstance(data, dict) else None
    return (
        isinstance(data, dict)
        and data.get("kind") == "ConfigMap"
        and isinstance(meta, dict)
        and str(meta.get("name", "")) == name
    )
