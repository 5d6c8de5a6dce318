"""Budgets on what one input may cost (docs/threat-model.md, "Budgets").

A lint target is untrusted: 323 bytes of ``A=$A$A`` lines double a value forty times.  Every
expansion (shell variables and defaults, Kubernetes ``$(VAR)``, compose interpolation) counts
against these budgets; exceeding one raises ``BudgetExceeded``, a ``SourceError``, so the file
becomes one TL001 naming the budget and the place, and the run goes on.
"""

from __future__ import annotations

from toplint.errors import SourceError

__all__ = [
    "EXPANDED_CHARS_PER_FILE",
    "EXPANSION_CHARS",
    "EXPANSION_DEPTH",
    "INTERPRETER_BUDGETS",
    "PLACED_RANKS",
    "SHARED_GPU_SERVERS",
    "SUGGESTIONS_PER_FILE",
    "SUGGESTION_NAME_CHARS",
    "BudgetExceeded",
    "Meter",
    "meter",
    "new_file",
]

# One expanded value (a word, a variable, an env value).  The longest real command lines and
# env values in the corpus are a few KB; 64 Ki characters is far beyond any of them.
EXPANSION_CHARS = 64 * 1024
# All expanded text of one file: four times the 4 MiB read limit, so expansion stays linear in
# the file's size (time and memory) whatever it holds.
EXPANDED_CHARS_PER_FILE = 16 * 1024 * 1024
# Nested defaults (``${a:-${b:-...}}``) and variables that refer to variables.
EXPANSION_DEPTH = 32
# "Did you mean" for unknown flags: names longer than this are not compared (the longest
# engine option is under 50 characters), and one file gets this many comparisons at most.
SUGGESTION_NAME_CHARS = 80
SUGGESTIONS_PER_FILE = 1000
# What one file's shell interpreter may make (counted over the file and everything it sources
# or calls), by budget name: a few hundred bytes of `A=("${A[@]}" "${A[@]}")` lines made a
# billion array elements; 3 MB of one-letter words held 550 MB of tokens; 30 lines of
# `. ./self.sh` sourced the file 30^8 times.  The largest real scripts in the corpus have a
# few thousand tokens and source a handful of files.  `sourced-files` counts distinct files
# (vast-ai/base-image's build-prod-backup.sh runs one `./retag.sh` 142 times): a file run or
# sourced again replays its tokens, bounded as function calls are
# (`toplint.parse.text.shellcalls.MAX_REPLAYED`); its bytes are charged at every read.
INTERPRETER_BUDGETS: dict[str, tuple[int, str]] = {
    "shell-tokens": (250_000, "shell tokens read in one file and the files it sources"),
    "array-elements": (100_000, "array elements made in one file"),
    "sourced-files": (64, "files sourced from one file"),
    "sourced-bytes": (4 * 1024 * 1024, "bytes of files sourced from one file"),
    "function-calls": (10_000, "shell function calls in one file"),
    # A Helm chart's templates rendered for one values file (toplint.parse.helmtpl): the
    # largest real charts render a few hundred actions and tens of KB; a `range` over a list
    # of a million items or templates that include each other must stop, not hang.
    "template-steps": (500_000, "template actions and function calls for one chart"),
    "template-bytes": (4 * 1024 * 1024, "characters one chart's templates render to"),
}
# Ranks one deployment is placed on (placement-ranks): placement makes a record per rank and
# lists its groups, so a layout an in-tree manifest admits (a million nodes of 8 GPUs) must not
# decide the memory.  The largest published serving deployments span a few thousand GPUs;
# the parallel-size limit of one flag (toplint.parse.flagfields.MAX_PARALLEL_SIZE) is this figure.
PLACED_RANKS = 1 << 16
# Servers of one file that run beside others (shared-gpu-servers): every start order of those on
# one GPU is weighed (``toplint.outcome.colocation``), so a file of thousands started in the
# background is not; the most any real file showed is a handful.
SHARED_GPU_SERVERS = 64


class BudgetExceeded(SourceError):
    """An input exceeded the budget ``budget`` (its name in docs/threat-model.md)."""

    def __init__(self, budget: str, limit: int, unit: str, line: int = 1, column: int = 1) -> None:
        super().__init__(
            f"{budget} budget exceeded (more than {limit:,} {unit}); not parsed", line, column
        )
        self.budget = budget
        self.limit = limit
        self.unit = unit

    def at(self, line: int, column: int) -> BudgetExceeded:
        """The same error placed at ``line``:``column`` (where the expansion was written)."""
        return BudgetExceeded(self.budget, self.limit, self.unit, line, column)


class Meter:
    """Counts the expanded characters of one file against the budgets."""

    def __init__(self) -> None:
        self.total = 0
        self.suggestions = 0
        self.counts: dict[str, int] = {}
        self.seen: set[tuple[str, str]] = set()

    def count(self, budget: str, amount: int = 1) -> None:
        """Add ``amount`` to the file's ``budget`` (a name of ``INTERPRETER_BUDGETS``);
        ``BudgetExceeded`` (placed by the caller with ``at``) once it is over."""
        total = self.counts.get(budget, 0) + amount
        self.counts[budget] = total
        limit, unit = INTERPRETER_BUDGETS[budget]
        if total > limit:
            raise BudgetExceeded(budget, limit, unit)

    def count_once(self, budget: str, key: str) -> None:
        """Count one against ``budget`` the first time ``key`` (a file's path) is charged to
        it: the same file read again is not one more."""
        if (budget, key) not in self.seen:
            self.seen.add((budget, key))
            self.count(budget)

    def may_suggest(self) -> bool:
        """Count one "did you mean" comparison; False once the file has had its share."""
        self.suggestions += 1
        return self.suggestions <= SUGGESTIONS_PER_FILE

    def work(self, characters: int) -> None:
        """Count text read again (a nested default at each level) against
        ``expansion-total``, as if it had been produced."""
        self.total += characters
        if self.total > EXPANDED_CHARS_PER_FILE:
            raise BudgetExceeded(
                "expansion-total", EXPANDED_CHARS_PER_FILE, "expanded characters in one file"
            )

    def charge(self, value: str) -> str:
        """``value``, after counting it; ``BudgetExceeded`` when it or the file is too long."""
        if len(value) > EXPANSION_CHARS:
            raise BudgetExceeded("expansion-length", EXPANSION_CHARS, "characters in one value")
        self.total += len(value)
        if self.total > EXPANDED_CHARS_PER_FILE:
            raise BudgetExceeded(
                "expansion-total", EXPANDED_CHARS_PER_FILE, "expanded characters in one file"
            )
        return value


# The meter of the file being parsed (``toplint.parse.run.parse_source`` starts one per file;
# forked workers have their own): every expansion site charges it without threading it through
# each parser's signature.
_CURRENT: list[Meter] = [Meter()]


def new_file() -> Meter:
    """Start counting a new file."""
    _CURRENT[0] = Meter()
    return _CURRENT[0]


def meter() -> Meter:
    """The meter of the file being parsed."""
    return _CURRENT[0]


# Workload numbers from the command line or the configuration: a prompt or a decode batch
# beyond 2^24 (16.7 M tokens or sequences) is no workload any engine runs; a latency budget
# must be a finite positive number of milliseconds (`--itl-ms nan` would compare false with
# everything and pass silently).
MAX_WORKLOAD = 1 << 24
MAX_BUDGET_MS = 1e9


def workload_count(text: str) -> int:
    """argparse type: a whole number from 1 to ``MAX_WORKLOAD``."""
    import argparse

    digits = text.strip()
    if digits.isascii() and digits.isdigit() and len(digits) <= 9:
        value = int(digits)
        if 1 <= value <= MAX_WORKLOAD:
            return value
    shown = digits if len(digits) <= 24 else digits[:12] + "…"
    raise argparse.ArgumentTypeError(
        f"expected a whole number from 1 to {MAX_WORKLOAD:,}, not {shown!r}"
    )


def budget_ms(text: str) -> float:
    """argparse type: a finite number of milliseconds above 0."""
    import argparse
    import math

    try:
        value = float(text)
    except ValueError:
        value = math.nan
    if not (math.isfinite(value) and 0 < value <= MAX_BUDGET_MS):
        shown = text if len(text) <= 24 else text[:12] + "…"
        raise argparse.ArgumentTypeError(
            f"expected milliseconds above 0 and at most {MAX_BUDGET_MS:g}, not {shown!r}"
        )
    return value
