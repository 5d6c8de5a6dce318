"""Values that cross pipeline-stage boundaries.

Data flows one way: discover -> parse -> hardware -> placement -> cost -> rules -> report.
Every stage hands the next one frozen records (``toplint.record``: dataclasses' semantics at a
fraction of their start-up cost) from this module (or from the stage's own module for
stage-private types), never dicts of dicts.
"""

from __future__ import annotations

from collections.abc import Mapping
from enum import Enum
from typing import Any, Literal, get_args

from toplint.record import field, record


class Severity(str, Enum):
    """Finding severities, ordered info < warning < error."""

    INFO = "info"
    WARNING = "warning"
    ERROR = "error"

    @property
    def rank(self) -> int:
        return _RANK[self]

    def __str__(self) -> str:
        return self.value


_RANK = {Severity.INFO: 0, Severity.WARNING: 1, Severity.ERROR: 2}


@record(order=True)
class Position:
    """A place in a file: 1-based line and column (column counts characters, not bytes)."""

    path: str
    line: int
    column: int

    def __str__(self) -> str:
        return f"{self.path}:{self.line}:{self.column}"


@record
class Edit:
    """Replace the text between two positions of one file (end exclusive) with ``content``."""

    path: str
    start: tuple[int, int]  # (line, column), 1-based
    end: tuple[int, int]
    content: str


# Closed vocabularies are types (a typo is a mypy error, never a silently different branch);
# each tuple beside its type is the same set for code that checks a value read at run time.

# A parallel dimension: tensor, pipeline, data or expert parallel (an engine's
# ``Engine.dimensions``, a placed ``Group.kind``).
Dimension = Literal["tp", "pp", "dp", "ep"]
DIMENSIONS: tuple[Dimension, ...] = get_args(Dimension)

# Kinds of ``Intent`` (what a rule means a fix to do; ``toplint.fix.resolve`` turns each into
# text edits in the file's own format).
IntentKind = Literal["set-flag", "remove-flag", "rename-flag", "set-resource"]
INTENT_KINDS: tuple[IntentKind, ...] = get_args(IntentKind)

# How far a fix may be applied (ruff's applicability; ``Fix`` says what each means).
Applicability = Literal["safe", "unsafe", "display"]
APPLICABILITIES: tuple[Applicability, ...] = get_args(Applicability)


@record
class Intent:
    """One change a fix means, in the engine's and the format's own terms (never text offsets).

    - ``set-flag``: set canonical engine option ``name`` to ``value`` ("" for a bare boolean),
      where the deployment wrote it (a flag, a YAML key of a chart), else beside a related flag;
    - ``remove-flag``: remove the occurrence of ``name`` whose option token is at ``at`` (every
      occurrence when ``at`` is None);
    - ``rename-flag``: respell the option token at ``at`` as ``value`` (e.g. "--num-shard"),
      keeping its value;
    - ``set-resource``: set the container resource ``name`` ("nvidia.com/gpu", or a chart key
      such as ``requestGPU``) whose key is at ``at`` to ``value``, with its sibling
      ``limits``/``requests`` entry.
    """

    kind: IntentKind
    name: str
    value: str | None = None
    at: Position | None = None


@record
class Fix:
    """A change a user can paste (``message``), what it means (``intents``, set by the rule) and
    the text edits that carry it out (``edits``, derived from the intents by the check).

    ``applicability`` follows ruff: "safe" (cannot change behaviour beyond the finding),
    "unsafe" (changes resources or performance characteristics), "display" (advice only).
    The fixer applies ``edits`` only; it never reads ``message``.
    """

    message: str
    edits: tuple[Edit, ...] = ()
    applicability: Applicability = "display"
    intents: tuple[Intent, ...] = ()


@record
class Related:
    """A consequence folded into the finding that explains it (SARIF ``relatedLocations``)."""

    rule: str
    severity: Severity
    path: str
    line: int
    column: int
    message: str


@record
class Finding:
    rule: str  # "TL101"
    name: str  # "tensor-parallel-across-nodes"
    severity: Severity
    path: str
    line: int
    column: int
    message: str
    fix: Fix | None = None
    # Machine-readable numbers behind the message (bytes, GB/s, ms, shares...).
    data: Mapping[str, Any] = field(default_factory=dict, compare=False)
    # Semantic location (flag name or YAML path) used by baselines and SARIF fingerprints.
    anchor: str = field(default="", compare=False)
    # Findings this one explains at the same deployment, folded into it (one root cause, one
    # finding): their numbers are in ``message`` too.
    related: tuple[Related, ...] = field(default=(), compare=False)
    # The deployment ("file:line") a finding placed in another file than its own is about (a
    # base manifest a Kustomize overlay renders, a chart's template); ``toplint.pipeline.order``
    # names it in the message unless an equal finding of another deployment says the same.
    deployment: str = field(default="", compare=False)

    @property
    def sort_key(self) -> tuple[str, int, int, str, str]:
        return (self.path, self.line, self.column, self.rule, self.message)


@record
class Flag:
    """One engine option as it was written, after variable resolution.

    ``name`` is canonical (the engine's long option without dashes normalised: vLLM
    "tensor-parallel-size"); ``value`` is None for a bare boolean flag; ``unresolved`` names the
    variables that could not be resolved inside the value (then ``value`` is None too).
    """

    name: str
    value: str | None
    raw: str  # the option token as written, e.g. "--tensor_parallel_size=8" or "-tp"
    position: Position  # of the option token (or of the YAML key)
    value_position: Position | None = None
    unresolved: tuple[str, ...] = ()
    anchor: str = ""  # YAML path or "args[3]" where the flag lives, for baselines and fixes


@record
class Unresolved:
    """A value a check needs but toplint could not resolve (never guessed)."""

    field: str  # deployment field it feeds, e.g. "tp"
    variable: str  # "$3", "${ARR[$i]}", "TP_SIZE"
    position: Position
    # Set when the value is written but the engine does not read it (a wrapper's key, a
    # plugin's option that sizes a parallel dimension: ``toplint.parse.sizing``): who reads it
    # instead, in a phrase ("not an option vllm reads").
    why: str = ""
    # The rule that already reports why the value never reaches the engine (TL012: an option
    # glued to an escaped space); TL003 adds no second finding for one root cause.
    reported_by: str = ""


@record
class Deployment:
    """One model server instance (or one role of a disaggregated deployment), normalised.

    Parallel degrees are totals across nodes for one serving instance.  ``None`` means the value
    was written but could not be resolved (see ``unresolved``); defaults (1) are filled in when
    the setting is absent.  ``sources`` maps a field name ("tp", "pp", "dp", "ep", "model",
    "gpus", "nodes", ...) to the position of the value that set it.
    """

    path: str
    line: int
    column: int
    engine: str  # a registered engine (toplint.engines.registry.get_engine)
    model: str | None
    tp: int | None = 1
    pp: int | None = 1
    dp: int | None = 1
    dp_local: int | None = None
    ep: int | None = 1
    ep_enabled: bool = False
    nodes: int | None = None  # nodes (or pods) one instance spans, when the config says
    gpus_per_node: int | None = None  # GPUs visible/requested per node or pod
    gpus: int | None = None  # GPUs requested for one instance in total
    replicas: int = 1  # independent identical instances (k8s replicas, LWS groups)
    name: str = ""  # modelSpec name, Dynamo service, role...
    source_kind: str = ""  # "shell", "dockerfile", "compose", "k8s", "helm-production-stack"...
    flags: tuple[Flag, ...] = ()
    # other engine settings, by canonical key
    options: Mapping[str, str] = field(default_factory=dict)
    sources: Mapping[str, Position] = field(default_factory=dict)
    unresolved: tuple[Unresolved, ...] = ()
    labels: Mapping[str, str] = field(default_factory=dict)  # k8s nodeSelector / affinity labels
    notes: tuple[str, ...] = ()  # e.g. "pods are not nodes: ..."
    pods_are_nodes: bool | None = None  # True when the orchestrator guarantees one pod per node
    # Facts a generic reader inferred, each with where it came from in the file's own words:
    # field ("engine", "tp", "gpus", ...) -> "`flags.tp-size`" / "`type: vllm`" (``sources``
    # holds the position).  Empty for a command line read as written.
    provenance: Mapping[str, str] = field(default_factory=dict)
    # The flags of the commands that start this instance's other nodes, in line order (a
    # multi-node script: ``toplint.parse.multinode``): a fix edits an option every node must
    # agree on in each of them, so the nodes keep one layout.
    node_flags: tuple[tuple[Flag, ...], ...] = ()

    def position_of(self, name: str) -> Position:
        """Position of a field's value, falling back to where the deployment starts."""
        pos = self.sources.get(name)
        return pos if pos is not None else Position(self.path, self.line, self.column)

    def flag(self, name: str) -> Flag | None:
        """The effective (last) occurrence of a canonical flag."""
        for f in reversed(self.flags):
            if f.name == name:
                return f
        return None

    @property
    def world_size(self) -> int | None:
        """GPUs one instance uses: TP x PP x DP (EP adds no GPUs)."""
        if self.tp is None or self.pp is None or self.dp is None:
            return None
        return self.tp * self.pp * self.dp


@record
class Sourced:
    """A file of the repository a script's reading sourced (``toplint.parse.text.sourced``),
    with the engine of a deployment read from the script and where it starts (one per engine)."""

    path: str
    engine: str
    deployment: Position


@record
class ParseResult:
    """What parsing one file produced: deployments and file-level findings (TL001/TL003/TL005),
    and the files its deployments were read with (``toplint.pipeline.readthrough``)."""

    path: str
    deployments: tuple[Deployment, ...] = ()
    findings: tuple[Finding, ...] = ()
    sourced: tuple[Sourced, ...] = ()


# Not a rule: the code of "a parser or rule raised on this file".  It travels with the file's
# findings (also out of worker processes) and is taken out before suppression and reporting:
# `toplint check` prints it once on stderr, naming the file and the parser or rule, and exits 3
# after every other finding is printed (toplint.pipeline.lint, toplint.commands.check).
INTERNAL_ERROR = "TL000"


def internal_error(path: str, line: int, column: int, what: str, exc: BaseException) -> Finding:
    """The record of ``what`` (``the kubernetes parser``, ``rule TL203 (kv-heads-replicated)``)
    raising ``exc`` while checking ``path``."""
    detail = str(exc)
    if len(detail) > 200:  # an exception may quote a huge input value
        detail = detail[:200] + "…"
    return Finding(
        rule=INTERNAL_ERROR,
        name="internal-error",
        severity=Severity.ERROR,
        path=path,
        line=line,
        column=column,
        message=f"{what} raised {type(exc).__name__}: {detail}",
        anchor=what,
    )


@record
class StageRule:
    """A rule whose findings a stage raises before any rule runs (parse, coverage): its code,
    name and default severity are written once, here, and ``finding`` is the one way to raise
    it.  Its page and options are its module under ``rules/`` (``tl001_unparsable_file.py``),
    which takes the code, name and severity from here."""

    code: str
    name: str
    severity: Severity

    def finding(
        self,
        path: str,
        line: int,
        column: int,
        message: str,
        *,
        anchor: str,
        severity: Severity | None = None,
        fix: Fix | None = None,
        data: Mapping[str, Any] | None = None,
    ) -> Finding:
        return Finding(
            rule=self.code,
            name=self.name,
            severity=severity or self.severity,
            path=path,
            line=line,
            column=column,
            message=message,
            fix=fix,
            data=dict(data or {}),
            anchor=anchor,
        )


UNPARSABLE_FILE = StageRule("TL001", "unparsable-file", Severity.ERROR)
UNKNOWN_ENGINE_FLAG = StageRule("TL005", "unknown-engine-flag", Severity.WARNING)
NO_DEPLOYMENT_FOUND = StageRule("TL008", "no-deployment-found", Severity.WARNING)
REFERENCE_OUTSIDE_REPOSITORY = StageRule("TL009", "reference-outside-repository", Severity.ERROR)
INVALID_PARALLEL_SIZE = StageRule("TL010", "invalid-parallel-size", Severity.ERROR)
# Raised by the shell reader: lines of options after an engine command whose line does not end
# with a backslash run as commands of their own (``toplint.parse.text.detached``).
DETACHED_OPTIONS = StageRule("TL012", "detached-options", Severity.ERROR)
# Raised by the analysis for a deployment on an accelerator the cost model does not describe, and
# by parsing for a file that names such an accelerator's build of an engine but yields no
# deployment (``toplint.parse.generic.mention.image_mention``).
ACCELERATOR_NOT_MODELLED = StageRule("TL011", "accelerator-not-modelled", Severity.INFO)
# Every rule a stage raises (a test checks each is a registered rule with the same identity).
STAGE_RULES = (
    UNPARSABLE_FILE,
    UNKNOWN_ENGINE_FLAG,
    NO_DEPLOYMENT_FOUND,
    REFERENCE_OUTSIDE_REPOSITORY,
    INVALID_PARALLEL_SIZE,
    ACCELERATOR_NOT_MODELLED,
)


def unparsable(path: str, reason: str, line: int = 1, column: int = 1) -> Finding:
    """TL001 unparsable-file: ``path`` cannot be read or parsed (``reason`` says why).  Raised by
    the stage that finds it (discover for a file it cannot read, the parsers for bad input);
    documented by ``rules/tl001_unparsable_file.py``."""
    return UNPARSABLE_FILE.finding(
        path, line, column, f"cannot parse file: {reason}", anchor="file"
    )
