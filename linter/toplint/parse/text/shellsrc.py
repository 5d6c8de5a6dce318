"""Shell scripts: every engine invocation in a script is a deployment.

Also: ``docker run … IMAGE CMD…`` lines (``toplint.parse.text.dockerrun``), ``sh -c '…'`` and
``ssh HOST '…'`` strings (lexed again, ``toplint.parse.text.scriptstrings``, with positions
mapped back into the file by ``toplint.parse.text.sourcemap``); the files a script sources are
read through ``toplint.parse.text.sourced.sourced_loader``.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence

import toplint.parse.multinode
from toplint.accelerators import RUNTIME_ENV
from toplint.engines.registry import get_engine
from toplint.errors import SourceError
from toplint.model import Deployment, Finding, ParseResult, Position
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import SHELL_SUFFIXES, Source
from toplint.parse.builtengine import build_steps, builds_engines, built_engines
from toplint.parse.enginecfg import ConfigLoader, disk_loader, one_host
from toplint.parse.invocation import SHELLS, Invocation, find_invocations
from toplint.parse.options import Arg
from toplint.parse.text.detached import detached_options
from toplint.parse.text.dockerrun import docker_run, instance_run
from toplint.parse.text.entrynote import entrypoint_note
from toplint.parse.text.granted import (
    RayCluster,
    across_ray_cluster,
    apply_allocation,
    by_default,
    layout_gpus,
    on_ray,
    ray_cluster,
    spans_ray_job,
    starts_ray_cluster,
)
from toplint.parse.text.launchers import Allocation, directive_allocation, launcher_allocation
from toplint.parse.text.scriptfiles import script_loader, written_scripts
from toplint.parse.text.scriptstrings import exported_env, run_strings
from toplint.parse.text.shell import Command
from toplint.parse.text.sourced import sourced_by, sourced_loader, sourced_outside
from toplint.parse.text.sourcemap import (
    SourceMap,
    as_written,
    command_args,
    masked_templates,
    source_map,
)
from toplint.parse.text.together import Start, detached, runs_detached, start_of, stopped
from toplint.parse.text.unreadruns import Ran
from toplint.parse.text.wrapped import (
    as_wrapped,
    runtime_image,
    unnamed_image_invocation,
    wrapped_invocation,
)
from toplint.record import replace


def lex_embedded(
    value: str,
    env: Mapping[str, str],
    file_text: str,
    path: str,
    line: int,
    column: int,
    *,
    written: str | None = None,
) -> list[list[Arg]]:
    """Lex a script held in a string (``sh -c``, a YAML block) with positions in the file.
    ``written`` is the string as the file holds it when ``value`` is it masked in place (the
    same length, character for character: a launcher's placeholders made inert words), so the
    positions are found in the file from what is written there."""
    # Imported here: a compose or Kubernetes file with no script to lex never loads the shell
    # interpreter (python -X importtime: 8-15 ms on this VM under load, shell and expand with it).
    import toplint.parse.text.shellrun

    smap = source_map(file_text, path, line, column, value if written is None else written)
    return [
        [*_runtime_prefix(c, path, smap), *command_args(c, path, smap)]
        for c in toplint.parse.text.shellrun.lex(value, env)
    ]


def _runtime_prefix(command: Command, path: str, smap: SourceMap) -> list[Arg]:
    """An unpriced accelerator runtime's variables the script exported before the command
    (``export HCCL_BUFFSIZE=512`` in a ConfigMap's script, ``toplint.accelerators.RUNTIME_ENV``),
    as the ``NAME=value`` words before it that give them to its process: what its reader takes
    the engine's environment from, as it does for ``NAME=value vllm serve …``."""
    out: list[Arg] = []
    for name, word in command.exported:
        if name in RUNTIME_ENV and word.value and "=" in word.value:
            pos = Position(word.path, word.line, word.column) if word.path else None
            at = pos or smap.position(word.line, word.column)
            out.append(Arg(word.value, word.raw, at, word.unresolved))
    return out


def _launched(args: Sequence[Arg], inv: Invocation) -> Allocation:
    """What the launchers before the engine (``srun -N 2``, ``torchrun --nnodes``) grant."""
    end = next((k for k, a in enumerate(args) if a is inv.start), len(args))
    return launcher_allocation([(a.value, a.position) for a in args[:end]])


def _chained(dep: Deployment, via: Sequence[str]) -> Deployment:
    """A deployment whose engine command another script ran: the chain, in its notes and
    provenance, with where the engine command itself is written."""
    chain = " → ".join(via)
    start = dep.sources.get("tp") or dep.sources.get("model")
    at = f" ({start.path.rsplit('/', 1)[-1]}:{start.line})" if start is not None else ""
    note = f"engine command{at} run through {chain}"
    prov = {**dep.provenance, "engine": f"the command{at} run through {chain}"}
    return replace(dep, notes=(*dep.notes, note), provenance=prov)


chained_deployment = _chained  # for the Dockerfile reader (``parse.text.dockerchain``)


def script_commands(source: Source) -> list[tuple[list[Arg], tuple[int, int], str]]:
    """A script's simple commands as the interpreter sees them, each with where it is written
    (its call site for a function's) and its words as written, for readers that follow what a
    command starts (``toplint.parse.structured.composerun``)."""
    import toplint.parse.text.shellrun  # see lex_embedded

    text = masked_templates(source.text)
    sourced = sourced_loader(source.path)
    loader = written_scripts(source.path, text, sourced, sourced)
    out = []
    for command in toplint.parse.text.shellrun.lex(text, {}, loader=loader, origin=source.path):
        site = command.site or (command.line, command.column)
        shown = " ".join(w.raw for w in command.words)
        out.append((command_args(command, source.path), site, shown[:120]))
    return out


def allocated_commands(
    source: Source,
) -> list[tuple[list[Arg], tuple[int, int] | None, Allocation, dict[str, Arg], tuple[str, ...]]]:
    """A script's commands as the shell reader sees them, each with its call site, the
    allocation its launchers and the script's batch directives grant, the GPU-visibility
    variables it inherits and the chain it ran through, for readers that follow what a
    command runs (``toplint.parse.generic.pychain``)."""
    text = masked_templates(source.text)
    batch = directive_allocation(text, source.path)
    commands = ShellParser()._commands(text, source.path, batch.environment())
    return [(a, site, outer.over(batch), env, via) for a, site, outer, env, via in commands]


class ShellParser:
    """``entrypoints``: whether an engine command that takes its model and layout only from
    variables the text does not set is a script its caller gives them to (an entrypoint, a
    TL008 note instead of a deployment).  A service manager's command line is called by nobody:
    its variables come from its own configuration, so there it is a deployment with those
    values unknown (``toplint.parse.text.systemd``)."""

    name = "shell"

    def __init__(self, *, entrypoints: bool = True) -> None:
        self.entrypoints = entrypoints

    def accepts(self, source: Source) -> bool:
        if source.name.removesuffix(".j2").endswith(SHELL_SUFFIXES):
            return True  # a script, or a script's Jinja template
        first = source.text.split("\n", 1)[0].strip()
        return first.startswith("#!") and first.rsplit("/", 1)[-1].split()[-1] in SHELLS

    def parse(self, source: Source) -> ParseResult:
        try:
            return self._read(source)
        except SourceError as exc:  # a quote never closed: bash ran the commands before it
            from toplint.parse.text.truncated import before_error, runs_before  # rare: lazily

            head = runs_before(source.text, exc)
            if head is None:
                raise
            return before_error(self._read(replace(source, text=head)), exc, head)

    def _read(self, source: Source) -> ParseResult:
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        # a Jinja template of a script: what the playbook rendering it sets, the rest unresolved
        text, rendered = source.text, dict[str, str]()
        if "{{" in text:
            from toplint.parse.text.rendered import substituted

            text, rendered = substituted(text, source.path)
        written, text = text, masked_templates(text)
        batch = directive_allocation(text, source.path)
        outside: list[str] = []
        env = {**batch.environment(), **rendered}
        starts: list[Start] = []
        arms: list[tuple[int, int] | None] = []  # beside each deployment, Command.arm
        sourced: list[str] = []
        ran = Ran()  # what it ran beyond its own commands
        commands = self._commands(text, source.path, env, outside, findings, starts, sourced, ran)
        findings.extend(
            detached_options(source.path, [c[0] for c in commands if c[1] is None], text)
        )
        ray = starts_ray_cluster([a.value for a in c[0]] for c in commands)
        # a scheduler's job spans its nodes itself (across_ray_cluster); elsewhere the ray
        # start commands are the cluster
        cluster = ray_cluster([(c[0], c[3]) for c in commands]) if ray and batch.empty else None
        loader = script_loader(source.path, text, disk_loader(source.path))
        wrapped = False
        for (args, site, outer, exported, via), start in zip(commands, starts, strict=True):
            found_deps = self._deployments(
                args, source.path, outer, exported, ray, loader, job=batch, cluster=cluster
            )
            how = detached(args, start.background)
            for dep, found in found_deps:
                if dep is None:  # a note, not a deployment
                    findings.extend(found)
                    continue
                if via:
                    dep = _chained(dep, via)
                wrapper = entrypoint_note(dep) if self.entrypoints else None
                if wrapper is not None:  # not a deployment: its caller's arguments are
                    findings.extend((*found, wrapper))
                    wrapped = True
                    continue
                if site is not None:
                    dep = replace(dep, line=site[0], column=site[1])
                deployments.append(runs_detached(dep, how, start))
                arms.append(start.arm)
                findings.extend(found)
        found_all = toplint.parse.multinode.one_per_instance(stopped(deployments, starts, arms))
        findings[:0] = sourced_outside(source, outside, found_all, wrapped, ran)
        found_all = as_written(found_all, text, written, source.path)
        if builds_engines(found_all):  # an engine it serves may be built by what it runs
            sourced_ran = (command_args(c, source.path) for c in ran.sourced)
            steps = [*sourced_ran, *(c[0] for c in commands)]
            found_all = built_engines(found_all, build_steps(steps))  # the sourced files' first
        return ParseResult(source.path, found_all, tuple(findings), sourced_by(sourced, found_all))

    def _commands(
        self,
        text: str,
        path: str,
        env: Mapping[str, str],
        outside: list[str] | None = None,
        unread: list[Finding] | None = None,
        starts: list[Start] | None = None,
        sourced: list[str] | None = None,
        ran: Ran | None = None,
    ) -> list[
        tuple[list[Arg], tuple[int, int] | None, Allocation, dict[str, Arg], tuple[str, ...]]
    ]:
        """Simple commands with the call site they came from, for a script run by
        ``srun … bash -c SCRIPT`` what the launchers before the shell grant, and the exported
        GPU-visibility variables the command's process inherits; ``starts`` gets, beside each,
        how its command starts it (``toplint.parse.text.together``); ``sourced`` the names of
        the files the script sourced, ``ran`` what else it ran."""
        import toplint.parse.text.shellrun  # see lex_embedded

        out: list[
            tuple[list[Arg], tuple[int, int] | None, Allocation, dict[str, Arg], tuple[str, ...]]
        ] = []
        loader = written_scripts(path, text, sourced_loader(path, outside), sourced_loader(path))
        unread = [] if unread is None else unread
        commands = toplint.parse.text.shellrun.lex(
            text, env, loader=loader, origin=path, sourced=sourced, ran=ran
        )
        for command in commands:
            args = command_args(command, path)
            exported = exported_env(command, path)
            strings = run_strings(command, args, env, text, path, loader, unread)
            for inner, outer, via, more in strings:
                inherited = {**exported, **more}
                if command.submitted is not None:  # ``sbatch job.sh``: job.sh's own directives
                    job_path, job_text = command.submitted
                    outer = outer.over(directive_allocation(job_text, job_path))
                out.append((inner, command.site, outer, inherited, (*command.via, *via)))
                if starts is not None:
                    starts.append(start_of(command))
        return out

    def _deployments(
        self,
        args: list[Arg],
        path: str,
        outer: Allocation,
        exported: dict[str, Arg],
        ray: bool = False,
        loader: ConfigLoader | None = None,
        job: Allocation | None = None,
        cluster: RayCluster | None = None,
    ) -> list[tuple[Deployment | None, tuple[Finding, ...]]]:
        """``outer``: what the launchers around the command grant (``srun -N 1 -w $HEAD bash
        -c '…'``); ``job``: the script's batch directives.  ``ray``: the script starts a Ray
        cluster over the job's nodes (an engine started on its head in a one-node step spans
        the cluster: ``across_ray_cluster``, the step being the launchers before the engine
        and around it); ``loader`` reads the engine config files the commands name (the
        script's own here-documents first: ``toplint.parse.text.scriptfiles``)."""
        job = job or Allocation()
        granted = outer.over(job)
        notes: list[Finding] = []
        docker = docker_run(args, notes) or instance_run(args)
        if notes:
            return [(None, tuple(notes))]  # the image's options are several engines' alike
        loader = loader or disk_loader(path)
        if docker is None:
            out: list[tuple[Deployment | None, tuple[Finding, ...]]] = []
            invocations = find_invocations(args)
            wrapped = None if invocations else wrapped_invocation(args)
            if not invocations and wrapped is None:
                wrapped = self._unnamed_image(args, out)
            for inv in [wrapped] if wrapped else invocations:
                dep, found = deployment_from_invocation(
                    inv, path, source_kind="shell", env=exported, config_loader=loader
                )
                if inv.via:
                    dep, found = as_wrapped(dep, found, inv)
                step = _launched(args, inv)
                alloc = (
                    across_ray_cluster(step.over(outer), job, layout_gpus(dep))
                    if ray
                    else step.over(granted)
                )
                dep = apply_allocation(dep, alloc, get_engine(dep.engine).rank_per_gpu)
                if ray and spans_ray_job(step.over(outer), job, layout_gpus(dep)):
                    dep = replace(dep, options=by_default(dep, dict(dep.options)))
                if cluster is not None and on_ray(dep, cluster.head):
                    dep = cluster.holds(dep)
                out.append((one_host(dep), found))
            return out
        # docker run is one host: the container sees the GPUs docker gives it.
        start = args[0].position
        base = Deployment(path, start.line, start.column, engine="", model=None, nodes=1)
        dep, found = deployment_from_invocation(
            docker, path, source_kind="docker-run", base=base, config_loader=loader
        )
        if dep.gpus_per_node is not None:
            dep = replace(dep, gpus=dep.gpus_per_node)
        if docker.via:
            dep, found = as_wrapped(dep, found, docker)
        return [(dep, found)]

    @staticmethod
    def _unnamed_image(
        args: list[Arg], out: list[tuple[Deployment | None, tuple[Finding, ...]]]
    ) -> Invocation | None:
        """``apptainer run IMAGE --opt ...`` of an image that names no engine (a TL008 note in
        ``out`` when its options are several engines' alike)."""
        found = runtime_image(args)
        if found is None:
            return None
        runtime = next(
            a.value or ""
            for a in args
            if a.value and a.value.endswith(("apptainer", "singularity"))
        )
        inv, note = unnamed_image_invocation(found[0], found[1], runtime.rsplit("/", 1)[-1])
        if note is not None:
            out.append((None, (note,)))
        return inv
