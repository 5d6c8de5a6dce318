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
from toplint.parse.invocation import Invocation, find_invocations
from toplint.parse.options import CHOSEN_BY, Arg
from toplint.parse.text.runtimes import DOCKER
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
    if not hits:
        hits = _pulled(base)
    return (ref, hits[0]) if len(hits) == 1 else None


def _pulled(base: str) -> list[Engine]:
    """The engines one of whose images ``apptainer pull docker://REPOSITORY[:TAG]`` saves, when no
    output file is given, as this file: ``<REPOSITORY's last part>_<TAG>.sif``, the tag ``latest``
    when none is written (apptainer/apptainer@917d6657 internal/pkg/util/uri/uri.go ``GetName``;
    ``text-generation-inference_latest.sif`` for huggingface/text-generation-inference)."""
    if not base.lower().endswith(".sif"):
        return []
    stem = base[:-4]
    return [
        e
        for e in all_engines()
        if any(
            stem.startswith(image.repository.rsplit("/", 1)[-1] + "_")
            and len(stem) > len(image.repository.rsplit("/", 1)[-1]) + 1
            for image in e.images
        )
    ]


def names_an_engine(reference: str) -> bool:
    """An image reference that names a registered engine (``.../vllm-openai-ubi9``): another
    reader's (a rebuild of that engine), never an unnamed image's."""
    return bool(_engines_named(reference))


def named_engine(reference: str) -> Engine | None:
    """The one registered engine an image reference names (``names_an_engine``), or None."""
    named = _engines_named(reference)
    return next(iter(named.values())) if len(named) == 1 else None


def _engines_named(reference: str) -> dict[str, Engine]:
    """The engines whose name or title (four letters or more) the reference holds."""
    flat = _flat(reference)
    return {
        engine.name: engine
        for engine in all_engines()
        for word in (engine.name, engine.title)
        if len(_flat(word)) >= 4 and _flat(word) in flat
    }


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
        if _runs_a_command(args[:i]) or not any(_engine_option(a, engine) for a in rest):
            return None
        key = engine.launches[0].spec if engine.launches else engine.name
        return Invocation(key, rest, arg, image=ref, via=_wrapper(args[:i]))
    return None


# A runtime's subcommands that run the command written after the image, not the image's
# runscript: apptainer-exec(1) "Run a command within a container" (the runscript is not run);
# ``shell`` opens one, ``instance start`` names the instance there; ``run`` hands the words to
# the runscript (``runtime_image``).
_RUNTIME_COMMANDS = frozenset({"exec", "shell", "instance", "test", "inspect"})


def _runs_a_command(before: Sequence[Arg]) -> bool:
    """``apptainer|singularity exec [options] IMAGE COMMAND ...``: the words after the image
    are the command the container runs (``ray start --port=6379`` in vLLM's image starts Ray,
    whatever option of vLLM's it writes), not options its runscript hands the engine."""
    for k, arg in enumerate(before[:-1]):
        if (arg.value or "").rsplit("/", 1)[-1] in _RUNTIMES:
            return (before[k + 1].value or "") in _RUNTIME_COMMANDS
    return False


def _wrapper(before: Sequence[Arg]) -> str:
    """The program that runs the image: the container runtime, else the first script or path
    before it that is no runtime option's value (``--bind /gpfs/models:/data`` names a
    folder, not the program)."""
    for k, arg in enumerate(before):
        value = arg.value or ""
        if value.rsplit("/", 1)[-1] in _RUNTIMES:
            return value
        taken = k > 0 and (before[k - 1].value or "") in _RUNTIME_VALUE
        if not taken and _is_program(arg):
            return value
    return "a wrapper"


def _is_program(arg: Arg) -> bool:
    value = arg.value or ""
    return (not value.startswith("-") and "/" in value) or value.endswith((".py", ".sh"))


def as_wrapped(
    dep: Deployment, findings: Sequence[Finding], inv: Invocation
) -> tuple[Deployment, tuple[Finding, ...]]:
    """A deployment read through a wrapper: its unknown flags are the wrapper's, and a layout
    it writes no part of is the wrapper's to choose (unresolved)."""
    kept = tuple(f for f in findings if f.rule != UNKNOWN_ENGINE_FLAG.code)
    runner = inv.via.rsplit("/", 1)[-1]
    why = f"image `{inv.image}` run by `{runner}`"
    if _flat(dep.engine) not in _flat(inv.image):  # an image that names no engine
        why = f"{dep.engine}'s options after the image `{inv.image}` (run by `{runner}`)"
    provenance = {**dep.provenance, "engine": why}
    dep = replace(dep, provenance=provenance)
    if any(k in dep.sources for k in _LAYOUT):
        return dep, kept
    pos = inv.start.position
    unresolved = tuple(Unresolved(k, layout_chooser(runner, inv.image), pos) for k in _LAYOUT)
    dep = replace(dep, tp=None, pp=None, dp=None, unresolved=(*dep.unresolved, *unresolved))
    return dep, kept


# Who runs an image but decides no layout itself: a container runtime (``runtimes.DOCKER``,
# Apptainer/Singularity), a compose service, a pod's container ("entrypoint").  What such an
# image's entrypoint adds to the arguments is the unread part, so the layout is its.
_RUNS_AN_IMAGE = frozenset({*DOCKER, "compose", "entrypoint", "apptainer", "singularity"})


def layout_chooser(runner: str, image: str) -> str:
    """The ``Unresolved.variable`` of a layout left to what runs the engine (``CHOSEN_BY``…):
    a wrapper program chooses it (``start.py --auto``); a container runtime does not, the
    entrypoint of the image it runs may (``docker run vllm-cpu-env:latest --model m``)."""
    if runner in _RUNS_AN_IMAGE and image:
        by = "" if runner == "entrypoint" else f" (run by {runner})"
        return f"{CHOSEN_BY}the entrypoint of image {image}{by}"
    return f"{CHOSEN_BY}{runner}"


# Apptainer/Singularity options that take a value (apptainer run --help, 1.3); a value-less
# option (--nv, --rocm, --cleanenv, ...) is any other word starting with "-".
_RUNTIMES = ("apptainer", "singularity")
_RUNTIME_VALUE_TEXT = (
    "-B --bind --env --env-file -H --home --mount -W --workdir -o --overlay --pwd --network "
    "--network-args --app --security --hostname -S --scratch --dns --apply-cgroups --cpus "
    "--memory --add-caps --drop-caps --fusemount"
)
_RUNTIME_VALUE = frozenset(_RUNTIME_VALUE_TEXT.split())


def runtime_image(args: Sequence[Arg]) -> tuple[Arg, list[Arg]] | None:
    """(the image, the arguments after it) of ``apptainer|singularity run [options] IMAGE ARGS``
    when ARGS start with an option (what the image's runscript hands its program)."""
    i = next((k for k, a in enumerate(args) if (a.value or "").rsplit("/", 1)[-1] in _RUNTIMES), -1)
    if i < 0 or i + 1 >= len(args) or args[i + 1].value != "run":
        return None
    j = i + 2
    while j < len(args) and ((args[j].value or "").startswith("-") or _whole_template(args[j])):
        name = (args[j].value or "").split("=", 1)[0]
        j += 2 if name in _RUNTIME_VALUE and "=" not in (args[j].value or "") else 1
    if j + 1 >= len(args) or not (args[j + 1].value or "").startswith("--"):
        return None
    return args[j], list(args[j + 1 :])


_WHOLE_TEMPLATE = lazy(r"^\{\{_*\}\}$")
_WHOLE_TEMPLATE_ANYWHERE = lazy(r"\{\{_*\}\}")


def _whole_template(arg: Arg) -> bool:
    """A word that is one template expression (``{{ '--nv' if gpu else '' }}``): it may render
    to an option or to nothing, never to the image (``toplint.parse.text.shellsrc``)."""
    return arg.value is None and bool(_WHOLE_TEMPLATE.match(arg.raw))


def _long(rest: Sequence[Arg]) -> list[Arg]:
    return [a for a in rest if (a.value or "").startswith("--") and len(a.value or "") > 4]


def _canonical(arg: Arg, engine: Engine) -> str | None:
    name = (arg.value or "").split("=", 1)[0][2:]
    longs = engine.cli.long_options()
    return longs.get(name) or longs.get(name.replace("_", "-"))


_SAYS_WHAT_RUNS = frozenset({"model", "tp", "pp", "dp", "ep", "ep_enabled"})


def options_engine(rest: Sequence[Arg]) -> tuple[str | None, tuple[str, ...], list[str]]:
    """The engine whose long options ``rest`` writes, by vocabulary: (it, the engines tied when
    none leads, the option names read).  An engine qualifies with at least three of its options
    written, one of them its model or a parallel size (``--host --port --log-level`` of any web
    server say nothing); it leads with more than any other has and one no other engine has
    (``--gpu-memory-utilization`` is vLLM's alone); qualified engines tied are returned as such."""
    written = _long(rest)
    names = [(a.value or "").split("=", 1)[0] for a in written]
    own: dict[str, set[str]] = {}
    for engine in all_engines():
        if not engine.guessed_from_options:
            continue
        found = {c for a in written if (c := _canonical(a, engine)) is not None}
        fields = {engine.cli.fields.get(c) for c in found}
        if len(found) >= 3 and fields & _SAYS_WHAT_RUNS:
            own[engine.name] = {
                n for n, a in zip(names, written, strict=True) if _canonical(a, engine)
            }
    if not own:
        return None, (), names
    best = max(len(v) for v in own.values())
    leaders = tuple(sorted(e for e, v in own.items() if len(v) == best))
    if len(leaders) == 1:
        mine = own[leaders[0]]
        others = set().union(*(v for e, v in own.items() if e != leaders[0]))
        if mine - others or len(own) == 1:
            return leaders[0], (), names
    return None, tuple(sorted(own)) if len(leaders) == 1 else leaders, names


def named_image_invocation(image: Arg, rest: Sequence[Arg], runtime: str) -> Invocation | None:
    """A container image toplint does not know whose name names one engine (a repository's own
    build, ``vllm-spark:latest``: jessedc/vllm-docker-gb10@18e91b50 run.sh runs it as
    ``docker run … "$IMAGE" "$MODEL" --gpu-memory-utilization …``), given that engine's
    arguments: its serving launch with them, read as through a wrapper (``as_wrapped``: the
    image's entrypoint is not read, so a layout it writes no part of is unresolved).  The
    arguments must write the engine's model or a parallel size, or an option no other engine
    has (``--gpu-memory-utilization``): a router or proxy image named after the engine, given
    ``--host``/``--port``, is not read as the engine."""
    ref = image.value or ""
    engine = named_engine(ref) if ref else None
    if engine is None or not engine.guessed_from_options:
        return None
    written = [(a, c) for a in _long(rest) if (c := _canonical(a, engine)) is not None]
    fields = {engine.cli.fields.get(c) for _, c in written}
    others = [e for e in all_engines() if e.name != engine.name and e.guessed_from_options]
    alone = [a for a, _ in written if not any(_canonical(a, e) for e in others)]
    if not (fields & _SAYS_WHAT_RUNS or alone):
        return None
    inv = engine_image_invocation(engine, image, rest)
    return replace(inv, via=runtime) if inv is not None else None


def engine_image_invocation(engine: Engine, image: Arg, rest: Sequence[Arg]) -> Invocation | None:
    """``rest`` run by the entrypoint the engine's own images run (``Engine.images``: ``vllm
    serve``, whose first argument is the model), the launch placed at ``image``.  Arguments that
    start with that entrypoint's subcommand (``IMAGE serve MODEL …``) are the engine program's
    own: the build's entrypoint is the program alone (``ENTRYPOINT ["vllm"]``,
    albond/DGX_Spark_Qwen3.5-122B-A10B-AR-INT4@1db76a62 docker/Dockerfile.v2:48, run as
    ``vllm-qwen35-v019 serve Intel/Qwen3.5-122B-A10B-int4-AutoRound …`` by
    configs/launch-baseline.sh), since ``vllm serve serve MODEL`` would name a model "serve" and
    leave MODEL an extra argument (vllm-project/vllm@00a5fdd2 vllm/entrypoints/cli/main.py: the
    first word not starting with ``-`` selects the subcommand, ``vllm serve [model_tag]``)."""
    entry = next((i.entrypoint for i in engine.images if i.entrypoint), ())
    if not entry:
        return None
    if len(entry) > 1 and rest and rest[0].value == entry[-1]:
        entry = entry[:-1]
    head = [Arg(word, word, image.position, (), image.anchor) for word in entry]
    found = find_invocations([*head, *rest])
    return replace(found[0], start=image, image=image.value or "") if found else None


def unnamed_image_invocation(
    image: Arg, rest: Sequence[Arg], runtime: str
) -> tuple[Invocation | None, Finding | None]:
    """A container image that names no engine, run with a serving engine's options only: that
    engine when its options say so alone (read as through a wrapper: the image's entrypoint may
    add to them, so a layout it writes no part of is unresolved), else one TL008 note (info)
    naming the engines whose options these are, never silence."""
    engine, tied, names = options_engine(rest)
    ref = image.value or image.raw
    if engine is not None:
        record = next(e for e in all_engines() if e.name == engine)
        key = record.launches[0].spec if record.launches else record.name
        return Invocation(key, tuple(rest), image, image=ref, via=runtime), None
    if not tied:
        return None, None
    from toplint.model import Severity
    from toplint.parse.mentions import no_deployment  # rare path

    first = next(e for e in all_engines() if e.name == tied[0])
    own = [n for n, a in zip(names, _long(rest), strict=True) if _engine_option(a, first)]
    shown = ", ".join(f"`{n}`" for n in list(dict.fromkeys(own))[:4])
    every = "both" if len(tied) == 2 else "all"
    image_text = _WHOLE_TEMPLATE_ANYWHERE.sub("{{…}}", ref)  # a template's masked text
    why = (
        f"runs the image `{image_text}` with options {' and '.join(tied)} {every} have "
        f"({shown}): which engine it starts is not known, so no deployment was read"
    )
    pos = image.position
    return None, no_deployment(
        pos.path, pos.line, pos.column, why, anchor=f"image-options:{ref}", severity=Severity.INFO
    )


def image_options_invocation(
    image: Arg, rest: Sequence[Arg], runtime: str, note_named: bool = True
) -> tuple[Invocation | None, Finding | None]:
    """A container image toplint does not know, run with ``rest`` (``docker run``, a compose
    service's ``command``): named after one engine, that engine's launch with them
    (``named_image_invocation``) or, with ``note_named``, a TL008 note; naming none and given
    options only, the engine whose options they are or a TL008 note
    (``unnamed_image_invocation``)."""
    if names_an_engine(image.value or ""):
        inv = named_image_invocation(image, rest, runtime)
        return inv, None if inv is not None or not note_named else named_image_note(image)
    if rest and (rest[0].value or "").startswith("--"):
        return unnamed_image_invocation(image, rest, runtime)
    return None, None


def named_image_note(image: Arg) -> Finding:
    """TL008 (info) for an image named after an engine that toplint does not know, run with no
    argument that says it serves that engine (a router's ``--host``/``--port``, or none)."""
    from toplint.model import Severity
    from toplint.parse.mentions import no_deployment  # rare path

    ref = image.value or image.raw
    why = (
        f"runs the image `{ref}`, named after an engine but not one toplint knows, with no "
        "model, parallel size or option only that engine has: what it starts is not known"
    )
    pos = image.position
    return no_deployment(
        pos.path, pos.line, pos.column, why, anchor=f"named-image:{ref}", severity=Severity.INFO
    )
