"""GitHub Actions workflows: which jobs are CI tests, and the actions of the repository a job
uses (``uses: ./`` or ``uses: ./.github/actions/serve``: a composite action, docs.github.com/en/
actions, "Metadata syntax for GitHub Actions", ``runs.using: composite``).

The runner resolves a local action's path from the repository's root (the checkout), so it is
looked up from the folder above ``.github/workflows/`` (inside the linted tree only:
``infra.readpolicy``), as ``action.yml`` or ``action.yaml``.  The engine commands of the
action's ``runs.steps`` are what the job starts (``toplint.parse.structured.anywhere``).
"""

from __future__ import annotations

from collections.abc import Callable, Iterator, Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.readpolicy import ReadRefused, read_reference, shown_path
from toplint.infra.yamlsafe import load_documents
from toplint.model import Finding, Position, Severity
from toplint.parse.base import Source
from toplint.parse.invocation import Invocation
from toplint.record import replace

_NAMES = ("action.yml", "action.yaml")
_WORKFLOWS = "/.github/workflows/"
MAX_FILE_BYTES = 256 * 1024


# GitHub Actions: a workflow is a mapping with `jobs`, each job a mapping that runs on a runner
# (`runs-on`) or calls a reusable workflow (`uses`).  A job that names an `environment` is a
# deployment job ("Deployments and environments", docs.github.com/en/actions/reference/
# workflows-and-actions/deployments-and-environments); any other job that starts an engine
# is a test (a smoke test of the server it starts, then stops).
_JOB_KEYS = ("runs-on", "uses", "steps")


def workflow_jobs(data: Any) -> dict[Any, dict[str, Any]] | None:
    """The jobs of a GitHub Actions workflow, or None when ``data`` is none."""
    if not isinstance(data, dict) or not isinstance(data.get("jobs"), dict):
        return None
    if not any(k in data for k in ("on", "true", True)):  # YAML 1.1 reads the key `on` as true
        return None
    jobs: dict[Any, dict[str, Any]] = data["jobs"]
    if not jobs or not all(
        isinstance(j, dict) and any(k in j for k in _JOB_KEYS) for j in jobs.values()
    ):
        return None
    return jobs


def ci_only(source: Source, job: str, inv: Invocation) -> Finding:
    """TL008 (info): the engine runs only in CI jobs, which are tests, not deployments."""
    from toplint.parse.mentions import no_deployment

    pos = inv.start.position
    named = inv.start.value or inv.start.raw
    why = (
        f"starts `{named}` only in GitHub Actions CI jobs (first: `{job}`), which toplint reads "
        "as tests, not deployments; a job that deploys names its `environment:`"
    )
    return no_deployment(
        source.path, pos.line, pos.column, why, anchor=f"ci:{job}", severity=Severity.INFO
    )


def local_actions(source: Source, job: Mapping[str, Any]) -> Iterator[tuple[int, Source]]:
    """(index of the step, the action file) of each step of ``job`` that uses an action of the
    repository."""
    steps = job.get("steps")
    norm = "/" + source.path.replace("\\", "/").lstrip("/")
    if not isinstance(steps, list) or _WORKFLOWS not in norm:
        return
    depth = norm.rsplit(_WORKFLOWS, 1)[1].count("/")  # workflows/ may have sub-folders
    up = "../" * (depth + 2)
    for i, step in enumerate(steps):
        uses = step.get("uses") if isinstance(step, dict) else None
        if not isinstance(uses, str) or not uses.startswith("./"):
            continue
        folder = uses[2:].strip("/")
        for name in _NAMES:
            ref = f"{up}{folder}/{name}" if folder else f"{up}{name}"
            try:
                path, text = read_reference(source.path, ref, MAX_FILE_BYTES)
            except (ReadRefused, OSError):
                continue
            yield i, Source.from_text(shown_path(path), text)
            break


def action_steps(action: Source) -> Iterator[tuple[Any, Any, tuple[str | int, ...]]]:
    """(document, ``runs.steps``, its path) of a composite action file."""
    try:
        docs = load_documents(action.text, action.path)
    except SourceError:
        return
    for doc in docs:
        runs = doc.data.get("runs") if isinstance(doc.data, dict) else None
        if isinstance(runs, dict) and isinstance(runs.get("steps"), list):
            yield doc, runs["steps"], ("runs", "steps")


def step_position(doc: Any, job_at: tuple[str | int, ...], index: int) -> Position:
    """Where a job's step says ``uses:``."""
    return doc.value_position((*job_at, "steps", index, "uses"))  # type: ignore[no-any-return]


Starts = Callable[[Source, Any, Any, tuple[str | int, ...]], Iterator[Invocation]]


def first_start(
    source: Source, doc: Any, job: Mapping[str, Any], at: tuple[str | int, ...], starts: Starts
) -> Invocation | None:
    """The first engine ``job`` (at ``at`` of the workflow ``doc``) starts through an action of
    its repository, placed at the step that uses it; ``starts`` gives the engines a node of a
    document starts."""
    for i, action in local_actions(source, job):
        for a_doc, steps, s_at in action_steps(action):
            for inv in starts(action, a_doc, steps, s_at):
                return replace(inv, start=replace(inv.start, position=step_position(doc, at, i)))
    return None
