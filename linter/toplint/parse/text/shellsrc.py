"""Shell scripts: every engine invocation in a script is a deployment.

Also: ``docker run … IMAGE CMD…`` lines (``toplint.parse.text.dockerrun``), ``sh -c '…'`` and
``ssh HOST '…'`` strings (lexed again, with positions mapped back into the file by
``toplint.parse.text.sourcemap``).
"""

from __future__ import annotations

import itertools
from collections.abc import Mapping, Sequence
from typing import Any

import toplint.parse.multinode
from toplint.accelerators import RUNTIME_ENV
from toplint.engines.registry import get_engine, get_spec
from toplint.errors import SourceError
from toplint.infra.budgets import BudgetExceeded
from toplint.infra.readpolicy import OUTSIDE, ReadRefused, read_reference, shown_path
from toplint.model import Deployment, Finding, ParseResult, Position, Severity, unparsable
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import SHELL_SUFFIXES, Source
from toplint.parse.enginecfg import ConfigLoader, disk_loader, one_host
from toplint.parse.invocation import SHELLS, Invocation, find_invocations
from toplint.parse.options import FORWARDED, Arg
from toplint.parse.text.detached import detached_options
from toplint.parse.text.dockerrun import DOCKER, DOCKER_VALUE, docker_run, instance_run
from toplint.parse.text.entrypoint import entrypoint_first
from toplint.parse.text.launchers import (
    Allocation,
    across_ray_cluster,
    apply_allocation,
    directive_allocation,
    launcher_allocation,
    starts_ray_cluster,
)
from toplint.parse.text.scriptfiles import fed_scripts, script_loader, written_scripts
from toplint.parse.text.shell import Command, SourceLoader, Word
from toplint.parse.text.sourced import sourced_outside
from toplint.parse.text.sourcemap import (
    SourceMap,
    as_written,
    command_args,
    masked_templates,
    source_map,
)
from toplint.parse.text.wrapped import (
    as_wrapped,
    runtime_image,
    unnamed_image_invocation,
    wrapped_invocation,
)
from toplint.record import replace


def lex_embedded(
    value: str, env: Mapping[str, str], file_text: str, path: str, line: int, column: int
) -> list[list[Arg]]:
    """Lex a script held in a string (``sh -c``, a YAML block) with positions in the file."""
    # Imported here: a compose or Kubernetes file with no script to lex never loads the shell
    # interpreter (python -X importtime: 8-15 ms on this VM under load, shell and expand with it).
    import toplint.parse.text.shellrun

    smap = source_map(file_text, path, line, column, value)
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
            full, text = read_reference(script_path, ref, _MAX_SOURCED_BYTES)
        except ReadRefused as exc:
            if outside is not None and exc.reason == OUTSIDE:
                outside.append(ref)
            return None
        return shown_path(full), text  # ``dir/./start.sh`` is ``dir/start.sh``

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
        if program in SHELLS:  # options up to the one with ``c`` (``bash -l -c``, ``-lc``)
            j = k + 1
            while j + 1 < len(args) and (args[j].value or "").startswith("-"):
                flag = args[j].value or ""
                if not flag.startswith("--") and "c" in flag:
                    return args[j + 1]
                j += 1
            return None
        if program == "eval" and len(args) == k + 2:
            return args[k + 1]
        if program == "sbatch":  # ``sbatch [options] --wrap="CMD"``: the job's script (sbatch(1))
            return _wrapped_script(args[k + 1 :])
        if program in _STRING_RUNNERS and len(args) > k + 2:
            # the last word, past a redirection's file descriptor (``… "CMD" 2>&1``)
            last = next(a for a in reversed(args) if not (a.value or "x").isdigit())
            text = last.value if last.value is not None else last.raw
            return last if " " in text.strip() and last is not args[k] else None
    return None


def _holds(word: Arg, script: Arg) -> bool:
    """``word`` is the script word itself, or ``--wrap=…`` holding it."""
    return word is script or (
        word.position.line == script.position.line
        and word.position.column == script.position.column - len("--wrap=")
        and word.raw.startswith("--wrap=")
    )


def _wrapped_script(args: Sequence[Arg]) -> Arg | None:
    """The command string of sbatch's ``--wrap=CMD`` / ``--wrap CMD``, positioned at its word."""
    for k, a in enumerate(args):
        word = a.value if a.value is not None else a.raw
        if word == "--wrap" and k + 1 < len(args):
            return args[k + 1]
        if word.startswith("--wrap="):
            value = a.value[len("--wrap=") :] if a.value is not None else None
            at = a.position
            moved = Position(at.path, at.line, at.column + len("--wrap="))  # at the string
            return replace(a, value=value, position=moved)
    return None


_MAX_STRING_DEPTH = 3  # ``ssh HOST "bash -lc 'sh -c …'"``: shells nested in strings


def _run_strings(
    command: Command,
    args: list[Arg],
    env: Mapping[str, str],
    text: str,
    path: str,
    loader: SourceLoader,
    unread: list[Finding],
    depth: int = 0,
) -> list[tuple[list[Arg], Allocation, tuple[str, ...], dict[str, Arg]]]:
    """The commands a command runs: itself, or the script its ``sh -c``/``eval``/``ssh HOST``
    string holds, lexed again (inside that string too, a few levels deep), each with what the
    launchers before the shell grant and the chain it ran through.  A string with a part known
    only at run time (``ssh $host "cd $DIR && ./run.sh $model"``) is lexed with what is known
    expanded and the rest unresolved (``Word.partial``); a script of the repository it runs is
    read as ``bash x.sh`` is (``shellrun``), with the variables it exports.

    A string that does not lex is the command's own word, not a script this file runs: a
    launcher may join its words again before a shell sees them (``mason.py … -- bash -c \\"cd
    /stage \\&\\& …\\"``, allenai/open-instruct@e6c3044 scripts/merge/direct_merge.sh).  The
    rest of the file is read as before; a TL001 at the string, in ``unread``, only when the
    string names an engine (what it starts was not checked)."""
    import toplint.parse.text.shellrun  # see lex_embedded

    args = entrypoint_first(args, DOCKER, DOCKER_VALUE, SHELLS)
    stdin = _stdin_script(args, text, path) if "<<" in text else None
    value: str | None
    if stdin is not None:  # ``bash <<'EOF'``: the document at its own lines is the script
        end, value = stdin
        smap = None
    else:
        script = _sh_c_script(args)
        end = next((k for k, a in enumerate(args) if script and _holds(a, script)), -1)
        value = script.value if script is not None else None
        if value is None and 0 <= end < len(command.words):
            value = command.words[end].partial
        if script is None or value is None or script.position.path != path:
            return [(args, Allocation(), (), {})]
        pos = script.position
        smap = source_map(text, path, pos.line, pos.column, value)
    outer = launcher_allocation([(a.value, a.position) for a in args[:end]])
    container = _container_words(args[:end])
    out: list[tuple[list[Arg], Allocation, tuple[str, ...], dict[str, Arg]]] = []
    # sh(1) -c: "the first argument after the string is assigned to $0 and the rest to the
    # positional parameters" (``bash -c 'exec vllm serve "$@"' -- --model M``)
    shell_c = stdin is None and any(_base(a.value) in SHELLS for a in args[:end])
    given = [_as_word(a) for a in args[end + 2 :]] if shell_c and end + 1 < len(args) else None
    try:
        inners = toplint.parse.text.shellrun.lex(value, env, loader=loader, positional=given)
    except BudgetExceeded:
        raise
    except SourceError as exc:
        from toplint.parse.mentions import pattern_for

        if pattern_for(value).search(value) is not None:
            at = (
                smap.position(exc.line, exc.column)
                if smap
                else Position(path, exc.line, exc.column)
            )
            unread.append(
                unparsable(
                    path,
                    f"{exc} (in the script string this command runs; the engine command "
                    "in it was not checked)",
                    at.line,
                    at.column,
                )
            )
        return [(args, Allocation(), (), {})]
    for inner in inners:
        inner_args = command_args(inner, path, smap)
        exported = _exported_env(inner, path)
        nested = (
            _run_strings(inner, inner_args, env, text, path, loader, unread, depth + 1)
            if depth + 1 < _MAX_STRING_DEPTH
            else [(inner_args, Allocation(), (), {})]
        )
        for found, granted, via, more in nested:
            if container and find_invocations(found):  # the container's GPUs, env and image
                found = [*container, *found]
            out.append((found, granted.over(outer), (*inner.via, *via), {**exported, **more}))
    return out


def _base(word: str | None) -> str:
    return (word or "").rsplit("/", 1)[-1]


def _as_word(arg: Arg) -> Word:
    """An argument as a shell word written where it is (a positional parameter's)."""
    at = arg.position
    return Word(arg.raw, arg.value, at.line, at.column, arg.unresolved, False, at.path)


def _stdin_script(args: Sequence[Arg], text: str, path: str) -> tuple[int, str] | None:
    """For a command whose shell reads its script from a here-document written on the
    command's lines (``bash <<'EOF'``, ``sudo -u ubuntu bash -s <<EOF``, ``ssh "$HEAD" bash -s
    <<EOF``, ``ssh "$HEAD" <<EOF``: the remote login shell reads it; bash(1): with no operand
    or with ``-s`` the commands are read from the standard input), the index of the shell's
    word and the document as a script at its own lines of the file
    (``toplint.parse.text.scriptfiles.fed_scripts``)."""
    lines = {a.position.line for a in args if a.position.path == path}
    docs = fed_scripts(text, path, sourced_loader(path))
    at = next((n for n in sorted(lines) if n in docs), None)
    if at is None:
        return None
    words = [a.value or "" for a in args]
    for k, word in enumerate(words):
        program = _base(word)
        if program in SHELLS:
            options = list(itertools.takewhile(lambda w: w.startswith("-"), words[k + 1 :]))
            short = "".join(o[1:] for o in options if not o.startswith("--"))
            operands = words[k + 1 + len(options) :]
            if "c" in short or (operands and "s" not in short):
                return None  # ``bash -c STRING``, ``bash x.sh``: not the document
            return k, docs[at]
        if program == "ssh" and _ssh_operands(words[k + 1 :]) == 1:
            return k, docs[at]  # ``ssh HOST <<EOF``: no command, the remote shell reads it
    return None


_SSH_VALUED = frozenset("BbcDEeFIiJLlmOopQRSWw")  # ssh(1): the options that take an argument


def _ssh_operands(words: Sequence[str]) -> int:
    """How many words after ``ssh`` are not its options: the host, then the command's."""
    count, k = 0, 0
    while k < len(words):
        word = words[k]
        if word.startswith("-") and len(word) > 1 and count == 0:
            k += 2 if word[-1] in _SSH_VALUED and len(word) == 2 else 1
            continue
        count += 1
        k += 1
    return count


def _container_words(words: Sequence[Arg]) -> list[Arg]:
    """``docker run [OPTIONS] IMAGE`` before the shell of ``… IMAGE bash -c 'SCRIPT'``: the
    engine command the script starts runs in that container (its ``--gpus``, ``-e`` and image:
    ``docker_run`` reads them with the command put after the image), else []."""
    shell = max(
        (k for k, a in enumerate(words) if (a.value or "").rsplit("/", 1)[-1] in SHELLS),
        default=-1,
    )
    if shell < 2 or (words[0].value or "").rsplit("/", 1)[-1] not in DOCKER:
        return []
    return list(words[:shell]) if words[1].value == "run" else []


# Commands whose last argument is a shell command they run (tmux(1) new-session, new-window,
# split-window, respawn-pane: "shell-command"; ssh(1): "command").
_STRING_RUNNERS = ("tmux", "ssh")


def _exported_env(command: Command, path: str) -> dict[str, Arg]:
    """The exported variables a command's process inherits, as environment entries
    positioned where they were set (``export CUDA_VISIBLE_DEVICES=0,1``,
    ``export VLLM_ALLOW_LONG_MAX_MODEL_LEN=1``)."""
    out: dict[str, Arg] = {}
    for name, word in command.exported:
        value = word.value.split("=", 1)[1] if word.value and "=" in word.value else None
        pos = Position(word.path or path, word.line, word.column)
        out[name] = Arg(value, word.raw, pos, word.unresolved)
    return out


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
    name = "shell"

    def accepts(self, source: Source) -> bool:
        if source.name.removesuffix(".j2").endswith(SHELL_SUFFIXES):
            return True  # a script, or a script's Jinja template
        first = source.text.split("\n", 1)[0].strip()
        return first.startswith("#!") and first.rsplit("/", 1)[-1].split()[-1] in SHELLS

    def parse(self, source: Source) -> ParseResult:

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
        commands = self._commands(text, source.path, env, outside, findings)
        findings.extend(detached_options(source.path, [c[0] for c in commands if c[1] is None]))
        ray = starts_ray_cluster([a.value for a in c[0]] for c in commands)
        loader = script_loader(source.path, text, disk_loader(source.path))
        wrapped = False
        for args, site, outer, exported, via in commands:
            found_deps = self._deployments(
                args, source.path, outer, exported, ray, loader, job=batch
            )
            for dep, found in found_deps:
                if dep is None:  # a note, not a deployment
                    findings.extend(found)
                    continue
                if via:
                    dep = _chained(dep, via)
                wrapper = entrypoint_note(dep)
                if wrapper is not None:  # not a deployment: its caller's arguments are
                    findings.extend((*found, wrapper))
                    wrapped = True
                    continue
                if site is not None:
                    dep = replace(dep, line=site[0], column=site[1])
                deployments.append(dep)
                findings.extend(found)

        found_all = toplint.parse.multinode.one_per_instance(deployments)
        findings[:0] = sourced_outside(source, outside, found_all, wrapped)
        found_all = as_written(found_all, text, written, source.path)
        return ParseResult(source.path, found_all, tuple(findings))

    def _commands(
        self,
        text: str,
        path: str,
        env: Mapping[str, str],
        outside: list[str] | None = None,
        unread: list[Finding] | None = None,
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
        loader = written_scripts(path, text, sourced_loader(path, outside), sourced_loader(path))
        unread = [] if unread is None else unread
        for command in toplint.parse.text.shellrun.lex(text, env, loader=loader, origin=path):
            args = command_args(command, path)
            exported = _exported_env(command, path)
            strings = _run_strings(command, args, env, text, path, loader, unread)
            for inner, outer, via, more in strings:
                inherited = {**exported, **more}
                if command.submitted is not None:  # ``sbatch job.sh``: job.sh's own directives
                    job_path, job_text = command.submitted
                    outer = outer.over(directive_allocation(job_text, job_path))
                out.append((inner, command.site, outer, inherited, (*command.via, *via)))
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
                    across_ray_cluster(step.over(outer), job, _layout(dep))
                    if ray
                    else step.over(granted)
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


def takes_its_layout(dep: Deployment) -> bool:
    """The engine command writes no model and no layout option with a value: both come with
    the arguments it is given where it runs (an entrypoint's)."""
    if dep.model is not None:
        return False
    spec = get_spec(dep.engine)
    written = {spec.fields.get(f.name, f.name.replace("-", "_")) for f in dep.flags if f.value}
    return not written & _LAYOUT_FIELDS


def _sizes_layout(spec: Any, name: str) -> bool:
    return spec.fields.get(name, name.replace("-", "_")) in _LAYOUT_FIELDS


def _listed(names: Sequence[str]) -> str:
    """```--model```, ```--model`` and ``--tp```, ```a``, ``b`` and ``c```."""
    quoted = [f"`{n}`" for n in names]
    return quoted[0] if len(quoted) == 1 else f"{', '.join(quoted[:-1])} and {quoted[-1]}"


def entrypoint_note(dep: Deployment) -> Finding | None:
    """A script whose engine command takes its model and layout only from the script's own
    arguments (``exec text-generation-launcher $@``, a container's entrypoint) is not a
    deployment: the deployment is where it is called with them, and is checked there.  One
    TL008 note (info) says so, instead of layout findings about options nobody wrote here."""

    forwarded = next((u for u in dep.unresolved if u.field == FORWARDED), None)
    if forwarded is None or not takes_its_layout(dep):
        return None
    spec = get_spec(dep.engine)
    pos = forwarded.position
    unset = sorted(  # options written here whose values come from elsewhere
        {
            f.raw
            for f in dep.flags
            if not f.value and f.raw.startswith("-") and _sizes_layout(spec, f.name)
        }
    )
    given = (
        f"`{forwarded.variable}` hands the engine the script's own arguments, and its "
        f"{_listed(unset)} {'is a value' if len(unset) == 1 else 'are values'} "
        "this script does not set"
        if unset  # ``--model "${MODEL}" ... "$@"``: the caller sets both (gsbdarc/vllm_helper)
        else f"`{forwarded.variable}` gives the engine its model and layout from the script's "
        "own arguments"
    )
    why = (
        f"{given} (an entrypoint): the deployment is where the script is called with them (a "
        "container's args, a CMD), and is checked there"
    )
    from toplint.parse.mentions import no_deployment  # rare path: not imported by most runs

    found = no_deployment(pos.path, pos.line, pos.column, why, anchor=f"entrypoint:{dep.engine}")
    return replace(found, severity=Severity.INFO)
