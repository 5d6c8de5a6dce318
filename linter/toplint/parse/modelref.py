"""Which model a deployment serves, when the engine is given a URI or a local path.

The served name (``--served-model-name``) is what clients ask for, not the checkpoint.  The
checkpoint is read from, in order:

1. a model URI: ``hf://ORG/NAME`` (the Hugging Face id), ``oci://…`` (a KServe *modelcar* image:
   the model is the image name without ``modelcar``, or the tag of a ``modelcar-catalog`` style
   image, ``quay.io/…/modelcar-catalog:granite-3.1-8b-instruct``), ``pvc://CLAIM/…/NAME``,
   ``s3://…/NAME``, ``gs://…/NAME`` (the last path component);
2. for a local path (``/mnt/models``) that a TensorRT-LLM engine build of the same script fills,
   the checkpoint it was converted from (the shell reader gave the deployment that checkpoint
   already, ``toplint.parse.builtengine``); then a download command
   in the same file that fills that path
   (``huggingface-cli download ORG/NAME --local-dir DIR``, ``hf download``, ``git clone
   https://huggingface.co/ORG/NAME DIR``, ``snapshot_download(repo_id="ORG/NAME", local_dir=…)``,
   ``modelscope download --model ORG/NAME --local_dir DIR``);
3. else a label or annotation in the same file whose key names a model (``model``, ``model-id``,
   ``…/model-name``).

The deployment keeps what the engine was given in ``options[MODEL_PATH]`` and says where the
id came from in ``options[MODEL_FROM]``; findings about the model quote it.  All of this is a
guess from the file: a ``models:`` entry of the configuration for the path the engine was given
overrides it (``toplint.pipeline.deployment``).
"""

from __future__ import annotations

import re
from collections.abc import Iterable

from toplint.infra.patterns import lazy
from toplint.model import Deployment, Position
from toplint.parse.textpos import point_of
from toplint.record import record, replace

MODEL_PATH = "model.path"  # the option keeping what the engine was given
MODEL_FROM = "model.from"  # the option saying where the id was read

_SCHEMES = ("hf://", "oci://", "pvc://", "s3://", "gs://")
_DOWNLOAD = lazy(
    r"(?:huggingface-cli|\bhf)\s+download\s+(?:--\S+\s+)*?(?P<a>[\w.-]+/[\w.-]+)(?P<rest>[^\n]*)"
    r"|git\s+clone\s+(?:--\S+\s+)*https://huggingface\.co/(?P<b>[\w.-]+/[\w.-]+?)(?:\.git)?"
    r"(?:\s+(?P<bdir>[^\s;&|]+))?"
    r"|snapshot_download\((?:\s*repo_id\s*=)?\s*[\"'](?P<c>[\w.-]+/[\w.-]+)[\"'](?P<crest>[^)]*)"
    r"|modelscope\s+download\s+--model\s+(?P<d>[\w.-]+/[\w.-]+)(?P<drest>[^\n]*)"
)
_LOCAL_DIR = lazy(r"--local[-_]dir[=\s]+[\"']?([^\s\"';&|]+)|local_dir\s*=\s*[\"']([^\"']+)")
_LABEL = lazy(
    r"^[ \t]*[\"']?(?:[\w.-]+/)?(?:model|model[-_]?id|model[-_]?name|modelId|modelName)[\"']?\s*:"
    r"\s*[\"']?(?P<v>[\w./-]+)[\"']?\s*$",
    re.M,
)


@record
class Found:
    model: str
    how: str  # "the storageUri `hf://…`", "the download command at line 12", ...
    position: Position | None = None
    local_dir: str = ""


def from_uri(ref: str) -> str | None:
    """The model id a model URI names, or None when ``ref`` is not a URI toplint reads."""
    scheme = next((s for s in _SCHEMES if ref.startswith(s)), None)
    if scheme is None:
        return None
    rest = ref[len(scheme) :].strip("/")
    if scheme == "hf://":
        return rest.split(":", 1)[0] or None
    if scheme == "oci://":
        return _from_image(rest)
    last = rest.rsplit("/", 1)[-1]
    return last if len(rest.split("/")) > 1 and last else None


def _from_image(image: str) -> str | None:
    name, _, tag = image.rsplit("/", 1)[-1].partition(":")
    if "modelcar" in name and name.replace("modelcar", "").strip("-_") in ("", "catalog"):
        return tag or None  # quay.io/…/modelcar-catalog:granite-3.1-8b-instruct
    cleaned = re.sub(r"[-_]?modelcar[-_]?", "", name)
    return cleaned or None


def downloads(text: str, path: str) -> list[Found]:
    """The download commands of a file: which model each fetches and where to."""
    out: list[Found] = []
    for m in _DOWNLOAD.finditer(text):
        model = m.group("a") or m.group("b") or m.group("c") or m.group("d")
        rest = m.group("rest") or m.group("crest") or m.group("drest") or ""
        local = _LOCAL_DIR.search(rest)
        folder = (local.group(1) or local.group(2)) if local else (m.group("bdir") or "")
        line, column = point_of(text, m.start())
        at = Position(path, line, column)
        out.append(Found(model, f"the download command at line {line}", at, folder))
    return out


def labels(text: str, path: str) -> list[Found]:
    out = []
    # The key's line counted on from the previous match (counting from the top at each match
    # was matches x size), and ``^[ \t]*``, not ``^\s*``: from every line start of a run of
    # blank lines ``\s*`` scanned the whole run again (quadratic in blank lines).
    line, counted = 1, 0
    for m in _LABEL.finditer(text):
        line += text.count("\n", counted, m.start())
        counted = m.start()
        at = Position(path, line, m.start("v") - (text.rfind("\n", 0, m.start("v")) + 1) + 1)
        key = m.group(0).split(":", 1)[0].strip().strip("\"'")
        out.append(Found(m.group("v"), f"the `{key}` label at line {line}", at))
    return out


def _is_local(model: str) -> bool:
    return model.startswith(("/", "./", "../", "~"))


def _same_folder(a: str, b: str) -> bool:
    a, b = a.rstrip("/"), b.rstrip("/")
    return bool(a and b) and (a == b or a.startswith(b + "/") or b.startswith(a + "/"))


def identify(deployments: Iterable[Deployment], text: str, path: str) -> tuple[Deployment, ...]:
    """Deployments whose model is a URI or a local path, with the checkpoint it names."""
    deployments = tuple(deployments)
    out = []
    fetched: list[Found] | None = None
    for dep in deployments:
        ref = dep.model
        found: Found | None = None
        if ref and (uri := from_uri(ref)) is not None:
            found = Found(uri, f"the model URI `{ref}`", dep.sources.get("model"))
        elif ref and _is_local(ref):
            if fetched is None:
                fetched = downloads(text, path) + labels(text, path)
            found = _for_local(ref, fetched)
        if found is None:
            out.append(dep)
            continue
        options = {**dep.options, MODEL_PATH: ref or "", MODEL_FROM: found.how}
        sources = dict(dep.sources)
        if found.position is not None and not ref.startswith(_SCHEMES):  # type: ignore[union-attr]
            sources[MODEL_FROM] = found.position
        out.append(replace(dep, model=found.model, options=options, sources=sources))
    return tuple(out)


def _for_local(ref: str, fetched: list[Found]) -> Found | None:
    """The download that fills ``ref``; else the file's only download; else its only label."""
    into = [f for f in fetched if f.local_dir and _same_folder(f.local_dir, ref)]
    if len({f.model for f in into}) == 1:
        return into[0]
    downloads_ = [f for f in fetched if f.how.startswith("the download")]
    if len({f.model for f in downloads_}) == 1:
        return replace(downloads_[0], how=downloads_[0].how + " (the file's only download)")
    named = [f for f in fetched if not f.how.startswith("the download")]
    if not downloads_ and len({f.model for f in named}) == 1:
        return named[0]
    return None
