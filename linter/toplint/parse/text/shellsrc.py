"""Shell scripts: every engine invocation in a script is a deployment.

Also: ``docker run … IMAGE CMD…`` lines (docker's own options skipped, ``-e`` becomes the
engine's environment, ``--gpus`` the visible GPUs), ``sh -c '…'`` strings (lexed again, with
positions mapped back into the file), and ``SourceMap``, which maps positions inside a string
back to the file that holds it (a quoted shell word, a YAML scalar).
"""

from __future__ import annotations

import bisect
import re
from collections.abc import Mapping, Sequence

import toplint.parse.multinode
from toplint.engines.registry import get_engine, get_spec
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import OUTSIDE, ReadRefused, read_reference
from toplint.model import Deployment, Finding, ParseResult, Position, Severity
from toplint.parse.argv import (
    Invocation,
    deployment_from_invocation,
    find_invocations,
    image_invocation,
)
from toplint.parse.base import Source
from toplint.parse.containershm import container_shm
from toplint.parse.enginecfg import disk_loader, one_host, outside_reference
from toplint.parse.options import FORWARDED, Arg
from toplint.parse.text.launchers import (
    Allocation,
    across_ray_cluster,
    apply_allocation,
    directive_allocation,
    launcher_allocation,
    starts_ray_cluster,
)
from toplint.parse.text.shell import Command, SourceLoader
from toplint.parse.text.wrapped import (
    as_wrapped,
    runtime_image,
    unnamed_image_invocation,
    wrapped_invocation,
)
from toplint.parse.textpos import starts_of
from toplint.record import record, replace

# Shell scripts, and the batch scripts of job schedulers (Slurm, PBS, LSF).
_SHELL_SUFFIXES = (".sh", ".bash", ".zsh", ".ksh", ".slurm", ".sbatch", ".pbs", ".lsf")
_SHELLS = ("sh", "bash", "dash", "zsh", "ksh")


def command_args(command: Command, path: str, smap: SourceMap | None = None) -> list[Arg]:
    """Words as args; with ``smap`` their positions are mapped into the enclosing file.  A word
    written in a sourced file keeps that file's path."""
    out = []
    for w in command.words:
        if w.path:
            pos = Position(w.path, w.line, w.column)
        elif smap:
            pos = smap.position(w.line, w.column)
        else:
            pos = Position(path, w.line, w.column)
        if w.value is not None and "{{" in w.value and "}}" in w.value:
            out.append(Arg(None, w.raw, pos, (*w.unresolved, w.value)))  # filled when rendered
            continue
        out.append(Arg(w.value, w.raw, pos, w.unresolved))
    return out


_TEMPLATE = lazy(r"\{\{[^\n{}]{0,200}\}\}|\{%[^\n]{0,300}?%\}")


def masked_templates(text: str) -> str:
    """A script written as a Jinja/Go template with its template text made inert, in place (the
    same length, so every position stays): ``{{ expr }}`` becomes one word ``{{____}}`` (a value
    filled when the template is rendered, unresolved), a ``{% tag %}`` becomes blanks."""
    if "{{" not in text and "{%" not in text:
        return text

    def inert(m: re.Match[str]) -> str:
        found = m.group(0)
        if found.startswith("{%"):
            return " " * len(found)
        return "{{" + "_" * (len(found) - 4) + "}}"

    return _TEMPLATE.sub(inert, text)


@record
class SourceMap:
    """Positions of a string's characters in the file the string was written in.

    Built by aligning the string's value with the file text from where it starts: quotes,
    backslashes and indentation in the file are skipped and a folded line break (a newline in
    the file that became a space) matches.  This maps exactly: plain and quoted one-line
    scalars, literal (``|``) and folded (``>``) block scalars, multi-line plain scalars and
    shell words in quotes.  It cannot map past an escape that changes characters (YAML ``"\\n"``,
    ``"\\u00e9"``): from there on every position is that of the last mapped character.
    """

    path: str
    points: tuple[tuple[int, int], ...]  # (line, column) in the file of each value character
    line_starts: tuple[int, ...]  # offsets in the value where its lines start

    def position(self, line: int, column: int) -> Position:
        """File position of the value's ``line``:``column`` (both 1-based)."""
        start = self.line_starts[min(line, len(self.line_starts)) - 1]
        offset = min(start + column - 1, len(self.points) - 1)
        at = self.points[max(offset, 0)]
        return Position(self.path, at[0], at[1])


def source_map(file_text: str, path: str, line: int, column: int, value: str) -> SourceMap:
    """Map ``value``, whose text starts at ``line``:``column`` of ``file_text`` (at its opening
    quote or block indicator, as YAML start marks and shell words report it)."""

    # Once per file, not per string: rebuilding them for each `sh -c` was quadratic (160 KB of
    # `sh -c` lines took 104 s).
    starts = starts_of(file_text)
    p = starts[min(line, len(starts)) - 1] + column - 1
    if p < len(file_text) and file_text[p] in "|>":
        nl = file_text.find("\n", p)
        p = len(file_text) if nl < 0 else nl + 1  # content starts on the next line
    points: list[tuple[int, int]] = []
    last = (line, column)
    i, n = 0, len(value)
    verbatim = True  # at the start and after each newline
    while i < n:
        # A line of the value written as it is in the file: each character is the next one.
        nl = value.find("\n", i) if verbatim else -1
        end = n if nl < 0 else nl
        if verbatim and end > i and file_text.startswith(value[i:end], p):
            row, col = _line_col(starts, p)
            points.extend((row, col + k) for k in range(end - i))
            last = points[-1]
            p += end - i
            i = end
            if i >= n:
                break
        verbatim = value[i] == "\n"
        p = _align(file_text, p, value[i])
        if p < 0:
            break
        last = _line_col(starts, p)
        points.append(last)
        p += 1
        i += 1
    points.extend([last] * (len(value) + 1 - len(points)))
    value_starts = (0, *(i + 1 for i, ch in enumerate(value) if ch == "\n"))
    return SourceMap(path, tuple(points), value_starts)


def _align(text: str, p: int, ch: str) -> int:
    """Index of the file character that produced ``ch`` at or after ``p``, or -1."""
    while p < len(text):
        here = text[p]
        if here == ch or (ch in " \n\t" and here in " \n\t"):
            return p
        if here not in " \t\n\r\\'\"":
            return -1
        p += 1
    return -1


def _line_col(starts: Sequence[int], offset: int) -> tuple[int, int]:
    i = bisect.bisect_right(starts, offset) - 1
    return i + 1, offset - starts[i] + 1


def lex_embedded(
    value: str, env: Mapping[str, str], file_text: str, path: str, line: int, column: int
) -> list[list[Arg]]:
    """Lex a script held in a string (``sh -c``, a YAML block) with positions in the file."""
    # Imported here: a compose or Kubernetes file with no script to lex never loads the shell
    # interpreter (python -X importtime: 8-15 ms on this VM under load, shell and expand with it).
    import toplint.parse.text.shellrun

    smap = source_map(file_text, path, line, column, value)
    return [command_args(c, path, smap) for c in toplint.parse.text.shellrun.lex(value, env)]


# docker run options that take a value (docker CLI reference, `docker run --help`).
_DOCKER_VALUE_TEXT = (
    "-e --env --env-file -v --volume -p --publish --name --gpus --entrypoint -w --workdir "
    "--network --net --ipc --shm-size --runtime -u --user --device --cpus -m --memory "
    "--restart -l --label --mount --ulimit --add-host --cap-add --cap-drop --security-opt "
    "-h --hostname --log-opt --log-driver --pid --platform --pull --cidfile --dns --tmpfs "
    "--expose --health-cmd --health-interval --memory-swap --cpuset-cpus --group-add "
    "--stop-signal --stop-timeout --volumes-from --label-file --network-alias --ip --uts "
    "--userns --device-cgroup-rule --cgroupns --storage-opt --sysctl --attach -a"
)
_DOCKER_VALUE = frozenset(_DOCKER_VALUE_TEXT.split())
_DOCKER = ("docker", "podman", "nvidia-docker")


def docker_run(args: Sequence[Arg], notes: list[Finding] | None = None) -> Invocation | None:
    """The engine a ``docker run`` command starts, with ``-e`` env and ``--gpus``; an image that
    names no engine, run with one engine's options only, starts that engine (a TL008 note in
    ``notes`` when the options are several engines' alike)."""
    i = next((k for k, a in enumerate(args) if (a.value or "").rsplit("/", 1)[-1] in _DOCKER), -1)
    if i < 0:
        return None
    j = i + 1
    if j < len(args) and args[j].value == "container":
        j += 1
    if j >= len(args) or args[j].value != "run":
        return None
    env: dict[str, Arg] = {}
    gpus: Arg | None = None
    entrypoint: Arg | None = None
    shm: dict[str, str | None] = {"--ipc": None, "--shm-size": None}
    unread = False  # an --ipc/--shm-size value toplint cannot read
    j += 1
    while j < len(args) and (args[j].value or args[j].raw).startswith("-"):
        token = args[j].value or args[j].raw
        name, eq, inline = token.partition("=")
        value: Arg | None = None
        if eq and name.startswith("--"):
            value = replace(args[j], value=inline)
        elif name in _DOCKER_VALUE and j + 1 < len(args):
            value = args[j + 1]
            j += 1
        j += 1
        if value is None:
            continue
        if name in ("-e", "--env"):
            key, has, val = (value.value or value.raw).partition("=")
            env[key] = replace(value, value=val if has and value.value is not None else None)
        elif name == "--gpus":
            gpus = value
        elif name == "--entrypoint":
            entrypoint = value
        elif name in shm:
            shm[name] = value.value
            unread = unread or value.value is None
    if j >= len(args):
        return None
    dev_shm = {"dev_shm": "volume"} if unread else container_shm(shm["--ipc"], shm["--shm-size"])
    command = ([entrypoint] if entrypoint else []) + list(args[j + 1 :])
    found = find_invocations(command)
    if found:
        inv = found[0]
        image = args[j].value or ""
        return replace(inv, env={**env, **inv.env}, gpus=gpus, image=image, dev_shm=dev_shm)

    inv2 = None if entrypoint else image_invocation(args[j], args[j + 1 :], env)
    if inv2 is None and not entrypoint and (args[j + 1].value or "").startswith("--"):
        inv2, note = unnamed_image_invocation(args[j], args[j + 1 :], args[i].value or "docker")
        inv2 = replace(inv2, env={**env, **inv2.env}) if inv2 else None
        if note is not None and notes is not None:
            notes.append(note)
    return replace(inv2, gpus=gpus, dev_shm=dev_shm) if inv2 else None


def _layout(dep: Deployment) -> int | None:
    """GPUs one instance's TP × PP spans (None when either is unresolved)."""
    return dep.tp * dep.pp if dep.tp is not None and dep.pp is not None else None


def _launched(args: Sequence[Arg], inv: Invocation) -> Allocation:
    """What the launchers before the engine (``srun -N 2``, ``torchrun --nnodes``) grant."""
    end = next((k for k, a in enumerate(args) if a is inv.start), len(args))
    return launcher_allocation([(a.value, a.position) for a in args[:end]])


_MAX_SOURCED_BYTES = 1024 * 1024  # a sourced helper script is small; larger is not one


def sourced_loader(script_path: str, outside: list[str] | None = None) -> SourceLoader:
    """Reads a file the script sources, relative to the script's folder, only inside the
    repository the script belongs to (``toplint.infra.readpolicy``: never outside the linted
    tree, regular files only, size-capped); anything else is not read (the script is still
    read; the functions it would get from there stay unknown).  References that resolve
    outside the repository are added to ``outside`` (TL009)."""

    def load(ref: str) -> tuple[str, str] | None:
        if script_path == "-" or not ref or ref.startswith("~"):
            return None
        try:
            return read_reference(script_path, ref, _MAX_SOURCED_BYTES)
        except ReadRefused as exc:
            if outside is not None and exc.reason == OUTSIDE:
                outside.append(ref)
            return None

    return load


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


def _sh_c_script(args: Sequence[Arg]) -> Arg | None:
    """The script word of ``sh -c 'SCRIPT'`` (also ``bash -lc``, ``bash -ec``), of ``eval
    'SCRIPT'``, and the shell command ``tmux new-session ... 'SCRIPT'`` / ``ssh HOST 'SCRIPT'``
    end with (tmux(1): "shell-command"; ssh(1): "command" is run on the remote host)."""
    for k, a in enumerate(args):
        program = (a.value or "").rsplit("/", 1)[-1]
        if program in _SHELLS:
            flag = args[k + 1].value or "" if k + 2 < len(args) else ""
            if flag.startswith("-") and not flag.startswith("--") and "c" in flag:
                return args[k + 2]
            return None
        if program == "eval" and len(args) == k + 2:
            return args[k + 1]
        if program in _STRING_RUNNERS and len(args) > k + 2:
            last = args[-1]
            return last if last.value is not None and " " in last.value.strip() else None
    return None


# Commands whose last argument is a shell command they run (tmux(1) new-session, new-window,
# split-window, respawn-pane: "shell-command"; ssh(1): "command").
_STRING_RUNNERS = ("tmux", "ssh")


def _sourced_outside(source: Source, refs: Sequence[str]) -> list[Finding]:
    """TL009 for each file the script sources from outside its repository, at the first place
    the name is written (the interpreter keeps no position for it)."""

    out = []
    text = source.text
    starts = starts_of(text)
    # Searched on from the previous name's place (scripts source in the order they are
    # written), from the start only while that costs no more than 8 reads of the file: a
    # search from the start and a line count per name were quadratic (10,000 names).
    cursor, budget = 0, 8 * len(text)
    for ref in dict.fromkeys(refs):
        offset = text.find(ref, cursor)
        if offset < 0 and budget > 0:
            budget -= len(text)
            offset = text.find(ref)
        offset = max(offset, 0)
        cursor = max(cursor, offset)
        line = bisect.bisect_right(starts, offset)
        at = Position(source.path, line, offset - starts[line - 1] + 1)
        effect = "its functions and variables are not known (keep it inside the repository)"
        out.append(outside_reference(at, f"source {ref}", effect, f"source:{ref}"))
    return out


def _exported_env(command: Command, path: str) -> dict[str, Arg]:
    """The exported GPU-visibility variables a command's process inherits, as environment
    entries positioned where they were set (``export CUDA_VISIBLE_DEVICES=0,1``)."""
    out: dict[str, Arg] = {}
    for name, word in command.exported:
        value = word.value.split("=", 1)[1] if word.value and "=" in word.value else None
        pos = Position(word.path or path, word.line, word.column)
        out[name] = Arg(value, word.raw, pos, word.unresolved)
    return out


class ShellParser:
    name = "shell"

    def accepts(self, source: Source) -> bool:
        if source.name.removesuffix(".j2").endswith(_SHELL_SUFFIXES):
            return True  # a script, or a script's Jinja template
        first = source.text.split("\n", 1)[0].strip()
        return first.startswith("#!") and first.rsplit("/", 1)[-1].split()[-1] in _SHELLS

    def parse(self, source: Source) -> ParseResult:

        deployments: list[Deployment] = []
        findings: list[Finding] = []
        # a Jinja template of a script: what the playbook rendering it sets, the rest unresolved
        text, rendered = source.text, dict[str, str]()
        if "{{" in text:
            from toplint.parse.text.rendered import substituted

            text, rendered = substituted(text, source.path)
        text = masked_templates(text)
        batch = directive_allocation(text, source.path)
        outside: list[str] = []
        env = {**batch.environment(), **rendered}
        commands = self._commands(text, source.path, env, outside)
        findings.extend(_sourced_outside(source, outside))
        ray = starts_ray_cluster([a.value for a in c[0]] for c in commands)
        for args, site, outer, exported, via in commands:
            granted = outer.over(batch)
            for dep, found in self._deployments(args, source.path, granted, exported, ray):
                if dep is None:  # a note, not a deployment
                    findings.extend(found)
                    continue
                if via:
                    dep = _chained(dep, via)
                wrapper = _entrypoint(dep)
                if wrapper is not None:  # not a deployment: its caller's arguments are
                    findings.extend((*found, wrapper))
                    continue
                if site is not None:
                    dep = replace(dep, line=site[0], column=site[1])
                deployments.append(dep)
                findings.extend(found)

        found_all = toplint.parse.multinode.one_per_instance(deployments)
        return ParseResult(source.path, found_all, tuple(findings))

    def _commands(
        self, text: str, path: str, env: Mapping[str, str], outside: list[str] | None = None
    ) -> list[
        tuple[list[Arg], tuple[int, int] | None, Allocation, dict[str, Arg], tuple[str, ...]]
    ]:
        """Simple commands with the call site they came from, for a script run by
        ``srun … bash -c SCRIPT`` what the launchers before the shell grant, and the exported
        GPU-visibility variables the command's process inherits."""
        import toplint.parse.text.shellrun  # see lex_embedded

        out: list[
            tuple[list[Arg], tuple[int, int] | None, Allocation, dict[str, Arg], tuple[str, ...]]
        ] = []
        loader = sourced_loader(path, outside)
        for command in toplint.parse.text.shellrun.lex(text, env, loader=loader):
            args = command_args(command, path)
            exported = _exported_env(command, path)
            script = _sh_c_script(args)
            if script is not None and script.value is not None and script.position.path == path:
                pos = script.position
                end = next(k for k, a in enumerate(args) if a is script)
                outer = launcher_allocation([(a.value, a.position) for a in args[:end]])
                embedded = lex_embedded(script.value, env, text, path, pos.line, pos.column)
                out.extend((a, command.site, outer, exported, command.via) for a in embedded)
            else:
                out.append((args, command.site, Allocation(), exported, command.via))
        return out

    def _deployments(
        self,
        args: list[Arg],
        path: str,
        granted: Allocation,
        exported: dict[str, Arg],
        ray: bool = False,
    ) -> list[tuple[Deployment | None, tuple[Finding, ...]]]:
        """``ray``: the script starts a Ray cluster over the job's nodes (an engine started on
        its head in a one-node step spans the cluster: ``across_ray_cluster``)."""
        notes: list[Finding] = []
        docker = docker_run(args, notes)
        if notes:
            return [(None, tuple(notes))]  # the image's options are several engines' alike
        loader = disk_loader(path)
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
                    across_ray_cluster(step, granted, _layout(dep)) if ray else step.over(granted)
                )
                dep = apply_allocation(dep, alloc, get_engine(dep.engine).rank_per_gpu)
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


_LAYOUT_FIELDS = frozenset({"model", "tp", "pp", "dp", "dp_local", "ep", "ep_enabled", "nodes"})


def _entrypoint(dep: Deployment) -> Finding | None:
    """A script whose engine command takes its model and layout only from the script's own
    arguments (``exec text-generation-launcher $@``, a container's entrypoint) is not a
    deployment: the deployment is where it is called with them, and is checked there.  One
    TL008 note (info) says so, instead of layout findings about options nobody wrote here."""

    forwarded = next((u for u in dep.unresolved if u.field == FORWARDED), None)
    if forwarded is None or dep.model is not None:
        return None

    spec = get_spec(dep.engine)
    written = {spec.fields.get(f.name, f.name.replace("-", "_")) for f in dep.flags if f.value}
    if written & _LAYOUT_FIELDS:
        return None

    pos = forwarded.position
    why = (
        f"`{forwarded.variable}` gives the engine its model and layout from the script's own "
        "arguments (an entrypoint): the deployment is where the script is called with them (a "
        "container's args, a CMD), and is checked there"
    )
    from toplint.parse.mentions import no_deployment  # rare path: not imported by most runs

    found = no_deployment(pos.path, pos.line, pos.column, why, anchor=f"entrypoint:{dep.engine}")
    return replace(found, severity=Severity.INFO)
