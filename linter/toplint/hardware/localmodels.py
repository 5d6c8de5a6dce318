"""A model's config.json where it already is: beside a path in the linted tree, or in the
local Hugging Face cache.  Read-only, through ``toplint.infra.readpolicy``; nothing is
downloaded or executed.
"""

from __future__ import annotations

import os
from collections.abc import Iterable, Mapping
from typing import TYPE_CHECKING, Any

from toplint.catalog_types import ModelSpec
from toplint.hardware.hfconfig import spec_from_hf_config
from toplint.record import replace

if TYPE_CHECKING:
    from pathlib import Path

__all__ = [
    "from_hf_cache",
    "from_repository",
    "hf_hub_dirs",
    "read_config_json",
    "unreadable_beside",
]

MAX_CONFIG_BYTES = 4 * 1024 * 1024  # a config.json is a few KB; refuse anything absurd


def read_config_json(path: Path, root: str | None = None) -> Mapping[str, Any]:
    """The JSON object of ``path`` (a config.json, or a folder holding one).  ``root``: the
    folder the file itself, links resolved, must lie in, checked before it is read (checking
    a model folder does not cover a config.json in it that links out)."""
    import json

    from toplint.infra.readpolicy import read_text

    if path.is_dir():
        path = path / "config.json"
    data = json.loads(read_text(str(path), MAX_CONFIG_BYTES, root))
    if not isinstance(data, Mapping):
        raise ValueError(f"{path} does not hold a JSON object")
    return data


def looks_like_path(model_id: str) -> bool:
    text = model_id.strip()
    return text.startswith(("/", "./", "../", "~")) or text.count("/") > 1


def _beside(model_id: str, referrer: str) -> tuple[Path, str] | None:
    """The ``config.json`` beside a model path that lies in the linted tree, and the root it
    must lie in, when there is one.

    ``referrer`` is the deployment file naming the model: a relative path resolves from its
    folder, an absolute one is taken as written; either must resolve inside the referrer's
    repository (``readpolicy.reference_root``), else it is not read.
    """
    from pathlib import Path

    from toplint.infra.readpolicy import inside_root, reference_root

    text = model_id.strip()
    if text.startswith("~") or "://" in text or not referrer:
        return None
    root = reference_root(referrer)
    folder = text if os.path.isabs(text) else os.path.join(os.path.dirname(referrer), text)
    config = Path(folder) / "config.json"
    if not inside_root(str(config), root) or not config.is_file():
        return None
    return config, root


def from_repository(model_id: str, referrer: str) -> ModelSpec | None:
    """The spec of ``config.json`` beside a model path in the linted tree (``_beside``)."""
    found = _beside(model_id, referrer)
    if found is None:
        return None
    config, root = found
    try:
        fields = read_config_json(config, root)
        spec = spec_from_hf_config(
            fields, model_id=model_id.strip(), source=f"{config} (beside the model path)"
        )
    except (OSError, ValueError):
        return None
    return replace(spec, origin="repository")


def unreadable_beside(model_id: str, referrer: str) -> str:
    """Why the ``config.json`` beside a model path in the linted tree gives no spec (``"{path}:
    {reason}"``), or "" when there is none or it reads."""
    found = _beside(model_id, referrer)
    if found is None:
        return ""
    config, root = found
    try:
        spec_from_hf_config(read_config_json(config, root), model_id=model_id.strip())
    except (OSError, ValueError) as error:
        return f"{config}: {error}"
    return ""


def hf_hub_dirs() -> list[Path]:
    """Hugging Face cache roots, as huggingface_hub resolves them: HF_HUB_CACHE, else
    HF_HOME/hub, else $XDG_CACHE_HOME (default ~/.cache)/huggingface/hub."""
    from pathlib import Path

    dirs = []
    if os.environ.get("HF_HUB_CACHE"):
        dirs.append(Path(os.environ["HF_HUB_CACHE"]))
    if os.environ.get("HF_HOME"):
        dirs.append(Path(os.environ["HF_HOME"]) / "hub")
    xdg = os.environ.get("XDG_CACHE_HOME") or os.path.expanduser("~/.cache")
    dirs.append(Path(xdg) / "huggingface" / "hub")
    return [d for d in dict.fromkeys(dirs) if d.is_dir()]


def _snapshots(repo: Path) -> list[Path]:
    """config.json files of a cached repo: the revision ``refs/main`` names first, then the
    other snapshots newest first."""
    found = sorted(repo.glob("snapshots/*/config.json"), key=os.path.getmtime, reverse=True)
    main = repo / "refs" / "main"
    try:
        from toplint.infra.readpolicy import read_text

        revision = read_text(str(main), 256).strip() if main.is_file() else ""
    except OSError:
        revision = ""
    first = [p for p in found if revision and p.parent.name == revision]
    return first + [p for p in found if p not in first]


def from_hf_cache(wanted: Iterable[str], fold: Any) -> ModelSpec | None:
    """The spec of the first cached repo whose id (``models--ORG--NAME``) is one of ``wanted``
    (folded names, with or without the org)."""
    names = set(wanted)
    for hub in hf_hub_dirs():
        for repo in sorted(hub.iterdir()):
            if not repo.name.startswith("models--"):
                continue
            full = fold(repo.name[len("models--") :].replace("--", "/", 1))
            if full not in names and full.rsplit("/", 1)[-1] not in names:
                continue
            for config_path in _snapshots(repo):
                try:
                    config = read_config_json(config_path)
                    spec = spec_from_hf_config(
                        config, model_id=full, source=f"Hugging Face cache: {config_path}"
                    )
                except (OSError, ValueError):
                    continue
                return replace(spec, origin="Hugging Face cache")
    return None
