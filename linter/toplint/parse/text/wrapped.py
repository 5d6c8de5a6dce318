"""An engine's options handed to it by a wrapper program that runs its container image.

A repository's own launcher often takes the engine's image file and the engine's options and
starts the engine itself (``srun ./start-cluster.py singularity vllm_latest.sif --slurm
--tensor-parallel-size 4 ...``): no launch command of the engine is written, yet the command
names the engine (an Apptainer/Singularity or enroot image file whose name is the engine's,
read from the engine records like any image) and writes the engine's own options after it.

Such a command is read as an invocation of that engine with the arguments after the image,
when at least one of them is one of the engine's options.  What the wrapper may decide itself
is not guessed: the wrapper's own flags are not the engine's (no TL005 on them), and when no
parallel option is written the layout is unresolved (a wrapper's ``--auto`` sizes it at run
time), never the engine's defaults.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from toplint.engines.registry import all_engines
from toplint.engines.types import Engine
from toplint.infra.patterns import lazy
from toplint.model import UNKNOWN_ENGINE_FLAG, Deployment, Finding, Unresolved
from toplint.parse.argv import Invocation
from toplint.parse.options import Arg
from toplint.record import replace

# Container image files (Apptainer/Singularity SIF and its older image, enroot squashfs).
_IMAGE_FILE = lazy(r"\.(?:sif|simg|sqsh)$", re.IGNORECASE)
_LAYOUT = ("tp", "pp", "dp")


def _image_engine(arg: Arg) -> tuple[str, Engine] | None:
    """(image reference, engine) when the token is an image file named after one engine."""
    value = arg.value or ""
    ref = value.split("=", 1)[1] if value.startswith("-") and "=" in value else value
    base = ref.rsplit("/", 1)[-1]
    if not _IMAGE_FILE.search(base):
        return None
    flat = re.sub(r"[^a-z0-9]", "", _IMAGE_FILE.sub("", base).lower())
    hits = [e for e in all_engines() if len(e.name) >= 4 and _flat(e.name) in flat]
    return (ref, hits[0]) if len(hits) == 1 else None


def _flat(name: str) -> str:
    return re.sub(r"[^a-z0-9]", "", name.lower())


def _engine_option(arg: Arg, engine: Engine) -> bool:
    """``--tensor-parallel-size`` / ``--tensor_parallel_size=4``: one of the engine's options."""
    name = (arg.value or "").split("=", 1)[0]
    longs = engine.cli.long_options()
    return (
        name.startswith("--")
        and len(name) > 4
        and (name[2:] in longs or name[2:].replace("_", "-") in longs)
    )


def wrapped_invocation(args: Sequence[Arg]) -> Invocation | None:
    """The engine a wrapper runs from its image file, with the engine options after it."""
    for i, arg in enumerate(args):
        found = _image_engine(arg)
        if found is None:
            continue
        ref, engine = found
        rest = tuple(args[i + 1 :])
        if not any(_engine_option(a, engine) for a in rest):
            return None
        key = engine.launches[0].spec if engine.launches else engine.name
        wrapper = next((a.value for a in args[:i] if _is_program(a)), None) or "a wrapper"
        return Invocation(key, rest, arg, image=ref, via=wrapper)
    return None


def _is_program(arg: Arg) -> bool:
    value = arg.value or ""
    return (not value.startswith("-") and "/" in value) or value.endswith((".py", ".sh"))


def as_wrapped(
    dep: Deployment, findings: Sequence[Finding], inv: Invocation
) -> tuple[Deployment, tuple[Finding, ...]]:
    """A deployment read through a wrapper: its unknown flags are the wrapper's, and a layout
    it writes no part of is the wrapper's to choose (unresolved)."""
    kept = tuple(f for f in findings if f.rule != UNKNOWN_ENGINE_FLAG.code)
    why = f"image `{inv.image}` run by `{inv.via.rsplit('/', 1)[-1]}`"
    provenance = {**dep.provenance, "engine": why}
    dep = replace(dep, provenance=provenance)
    if any(k in dep.sources for k in _LAYOUT):
        return dep, kept
    pos = inv.start.position
    chooser = f"layout chosen by {inv.via.rsplit('/', 1)[-1]}"
    unresolved = tuple(Unresolved(k, chooser, pos) for k in _LAYOUT)
    dep = replace(dep, tp=None, pp=None, dp=None, unresolved=(*dep.unresolved, *unresolved))
    return dep, kept
