"""An engine's options: command-line tokens -> flags -> a deployment's fields.

Input is a sequence of ``Arg`` (one argv token with its position), whatever it came from: a
shell word, an element of a Kubernetes ``args`` list, a compose ``command`` string.  Option names
are resolved as the engine's own parser would: ``--flag=value`` and ``--flag value``,
underscores for dashes (vLLM), short aliases, unique prefixes (argparse ``allow_abbrev``; click
and clap have none), booleans with ``--no-`` forms; repeated options: the last one wins (every
occurrence is kept in ``Deployment.flags``).  The flags fold into a deployment's fields in
``toplint.parse.flagfields``, with those from a config file (``toplint.parse.enginecfg``).
"""

from __future__ import annotations

import bisect
import functools
from collections.abc import Mapping, Sequence

from toplint.engines.registry import get_spec
from toplint.engines.release import newer_image
from toplint.engines.types import EngineSpec
from toplint.infra.budgets import SUGGESTION_NAME_CHARS, meter
from toplint.infra.patterns import lazy
from toplint.model import (
    UNKNOWN_ENGINE_FLAG,
    Finding,
    Fix,
    Flag,
    Intent,
    Position,
    Severity,
)
from toplint.parse.retired import retired_flag, retired_value
from toplint.record import record


@record
class Arg:
    value: str | None  # None when unresolved
    raw: str
    position: Position
    unresolved: tuple[str, ...] = ()
    anchor: str = ""
    # where its value was written when not in the word itself: a Kubernetes ``$(NAME)`` is the
    # container's ``env`` entry NAME (None: the word's own place)
    value_at: Position | None = None


MISSING_VALUE = "<missing value>"
# The start of an ``Unresolved.variable`` for a layout left to what runs the engine: a wrapper
# program, or the entrypoint of an image toplint knows only by its name
# (``toplint.parse.text.wrapped.layout_chooser``); no variable in the file sets it.
CHOSEN_BY = "layout chosen by "


@record
class ParsedArgs:
    flags: tuple[Flag, ...]
    findings: tuple[Finding, ...]


def _canonical(spec: EngineSpec, token: str) -> tuple[str | None, str]:
    """(canonical name or None, how it was resolved: exact|alias|prefix|negated|unknown)."""
    if token in spec.aliases:
        return spec.aliases[token], "alias"
    if not token.startswith("--"):
        return None, "unknown"
    name = token[2:]
    if spec.underscores_are_dashes:
        # FlexibleArgumentParser rewrites only the part before the first "." (dotted JSON
        # sub-keys keep theirs).
        head, dot, tail = name.partition(".")
        name = head.replace("_", "-") + dot + tail
    longs = spec.long_options()
    if name in longs:
        return longs[name], "exact"
    head, dot, tail = name.partition(".")
    if dot and head in longs and spec.options.get(longs[head]):
        return f"{longs[head]}.{tail}", "dotted"  # --eplb-config.window_size 1000
    if name.startswith("no-") and name[3:] in spec.negatable:
        return name[3:], "negated"
    if spec.allow_abbrev:
        match = _unique_prefix(spec, longs, name)
        if match is not None:
            return match, "prefix"
    return None, "unknown"


def option_name(spec: EngineSpec, token: str) -> str | None:
    """The option a command-line token names as the engine's parser reads it (an alias, an
    exact long name, a unique prefix where the parser allows abbreviations), else None."""
    return _canonical(spec, token)[0]


# Per engine: its long options sorted, and their canonical names (for prefix look-ups).
_SORTED: dict[str, tuple[list[str], list[str]]] = {}


def _unique_prefix(spec: EngineSpec, longs: Mapping[str, str], name: str) -> str | None:
    """argparse's abbreviation: the one option ``name`` is a prefix of, else None.

    A binary search in the sorted options (the options starting with ``name`` are adjacent),
    not a pass over all of them per token: 4 MiB of unknown flags took seconds that way.
    """
    # keyed by the spec, not its engine: a wrapper's vocabulary (ms-swift's, TRL's, FastChat's
    # for vLLM) is not the engine's, and the first one read must not stand for the others
    if spec.name not in _SORTED:
        spelled = sorted(longs)
        _SORTED[spec.name] = (spelled, [longs[s] for s in spelled])
    spelled, canonical = _SORTED[spec.name]
    found: set[str] = set()
    j = bisect.bisect_left(spelled, name)
    while j < len(spelled) and spelled[j].startswith(name):
        found.add(canonical[j])
        if len(found) > 1:
            return None
        j += 1
    return found.pop() if found else None


def _short_attached(spec: EngineSpec, token: str) -> tuple[str, str] | None:
    """``-O3`` -> ("optimization-level", "3"): a one-letter alias with its value attached."""
    alias = token[:2]
    if len(token) > 2 and not token.startswith("--") and alias in spec.aliases:
        canonical = spec.aliases[alias]
        if spec.options.get(canonical):
            return canonical, token[2:]
    return None


# A long option as written (``--tensor-parallel-size``): ``--tp,`` in prose is none.
OPTION_SPELLING = lazy(r"--[A-Za-z][A-Za-z0-9_-]*")


def _looks_like_option(arg: Arg) -> bool:
    text = arg.value if arg.value is not None else arg.raw
    return text.startswith("-") and len(text) > 1 and not text[1:2].isdigit()


def parse_args(
    engine: str, args: Sequence[Arg], path: str, *, unknown_rule: bool = True, image: str = ""
) -> ParsedArgs:
    """Options of an engine command line, in order, plus TL005 findings for unknown options
    (info when ``image`` is a newer release of the engine than its vocabulary)."""
    spec = get_spec(engine)
    newer: str | None = None
    if image:
        newer = newer_image(spec, image)
    flags: list[Flag] = []
    findings: list[Finding] = []
    i = 0
    while i < len(args):
        arg = args[i]
        token = arg.value if arg.value is not None else arg.raw
        i += 1
        if not token.startswith("-") or token in ("-", "--"):
            continue  # a positional (model given twice, or a wrapper's own argument)
        name_part, eq, inline = token.partition("=")
        canonical, how = _canonical(spec, name_part)
        attached = None if canonical else _short_attached(spec, name_part)
        if attached:
            flags.append(Flag(attached[0], attached[1], token, arg.position, arg.position))
            continue
        if canonical is None:
            joined = _joined_option(spec, token)
            old = retired_value(spec, name_part)  # an option earlier releases took
            if unknown_rule and joined is not None:
                findings.append(_one_word(spec, token, joined, arg))
            elif unknown_rule and old is not None:
                retired = retired_flag(spec, name_part, arg.position, arg.anchor, image)
                findings += [retired] if retired else []
            elif unknown_rule and token.startswith("--"):
                findings.append(_unknown_flag(spec, name_part, arg, newer))
            # An unknown option may take a value: skip a following non-option token.
            if old is not False and not eq and i < len(args) and not _looks_like_option(args[i]):
                i += 1
            continue
        takes_value = how == "dotted" or spec.options.get(canonical, False)
        if eq and unknown_rule and (how == "negated" or not takes_value):
            # imported here: a switch written with a value is rare, and start-up is pre-commit's
            from toplint.parse.switchvalue import switch_with_value

            refused = switch_with_value(
                spec,
                canonical,
                name_part,
                inline,
                arg.position,
                arg.anchor,
                image,
                resolved=arg.value is not None,
            )
            findings += [refused] if refused else []
        value: str | None
        value_arg: Arg | None = None
        unresolved: tuple[str, ...] = ()
        if how == "negated":
            value = "false"
        elif eq:
            value = inline if arg.value is not None else None
            unresolved = arg.unresolved
            value_arg = arg
        elif (
            takes_value
            and i < len(args)
            and not (_looks_like_option(args[i]) and args[i].value is not None)
        ):
            value_arg = args[i]
            value, unresolved = value_arg.value, value_arg.unresolved
            i += 1
        elif takes_value:
            value = None
            unresolved = (MISSING_VALUE,)
        elif (
            spec.bool_values
            and i < len(args)
            and (args[i].value or "").strip("'\"").lower() in _BOOL_WORDS
        ):
            value_arg = args[i]  # HfArgumentParser's optional `true`/`false`
            value = _BOOL_WORDS[(value_arg.value or "").strip("'\"").lower()]
            i += 1
        else:
            value = "true"
        flags.append(
            Flag(
                name=canonical,
                value=value,
                raw=name_part,
                position=arg.position,
                value_position=(value_arg.value_at or value_arg.position) if value_arg else None,
                unresolved=unresolved,
                anchor=arg.anchor,
            )
        )
    return ParsedArgs(tuple(flags), tuple(findings))


# transformers' ``string_to_bool``: what a boolean option's value may be
_BOOL_WORDS = {
    **dict.fromkeys(("true", "t", "yes", "y", "1"), "true"),
    **dict.fromkeys(("false", "f", "no", "n", "0"), "false"),
}


def other_backend(engine: str, args: Sequence[Arg], path: str) -> Flag | None:
    """The option with which ``engine``'s program serves through a backend that is not the
    engine (``EngineSpec.other_backends``), else None: then no engine runs to read."""
    spec = get_spec(engine)
    if not spec.other_backends:
        return None
    for flag in parse_args(engine, args, path, unknown_rule=False).flags:
        if (flag.value or "").lower() in spec.other_backends.get(flag.name, ()):
            return flag
    return None


def closest_option(spec: EngineSpec, name: str) -> str | None:
    """The known long option nearest to ``name`` (without dashes), for "did you mean".

    Within ``toplint.infra.budgets``: a name longer than any option could be is not compared,
    and a file gets at most ``SUGGESTIONS_PER_FILE`` distinct comparisons (each costs a pass
    over every option: 4 MiB of unknown flags took 70 s); the findings remain, without a hint.
    """
    if spec.underscores_are_dashes:
        name = name.replace("_", "-")

    if len(name) > SUGGESTION_NAME_CHARS or not meter().may_suggest():
        return None
    return _closest(spec.engine_name, tuple(spec.long_options()), name)


# Prefixes that give an option its polarity: a typo fix never turns one into another
# (`--disable-log-stats` is not a misspelling of `--enable-log-outputs`).
_POLARITY = ("disable-", "enable-", "no-", "use-", "skip-", "force-")


def _polarity(name: str) -> str:
    return next((p for p in _POLARITY if name.startswith(p)), "")


@functools.lru_cache(maxsize=4096)
def _closest(engine: str, options: tuple[str, ...], name: str) -> str | None:
    """The close option of the same polarity: the stems (the name without its polarity
    prefix) must match as closely as the whole names (``difflib`` ratio 0.75)."""
    import difflib

    sign = _polarity(name)
    same = [o for o in options if _polarity(o) == sign]
    for close in difflib.get_close_matches(name, same, n=3, cutoff=0.75):
        stem = difflib.SequenceMatcher(None, name[len(sign) :], close[len(sign) :])
        if stem.ratio() >= 0.75 and not _other_word(name, close):
            return close
    return None


def _other_word(name: str, close: str) -> bool:
    """Whether ``close`` is another name rather than a misspelling of ``name``: more than five
    letters changed, or, of two names with as many words, a word pair that is no misspelling
    of each other (``difflib`` ratio below 0.6).  A long shared prefix makes
    ``disaggregation-decode-url`` look like ``disaggregation-decode-tp`` (ratio 0.9) and
    ``disaggregation-mode`` (0.82), though `url` and `tp` share no letter and the second
    drops two words; `paralel` and `parallel` (0.93), `lenght` and `len`, `eagle` and `eager`
    are misspellings, and `trust-remote` lacks one word of `trust-remote-code`."""
    import difflib

    changed = sum(
        max(i2 - i1, j2 - j1)
        for op, i1, i2, j1, j2 in difflib.SequenceMatcher(None, name, close).get_opcodes()
        if op != "equal"
    )
    if changed > 5:
        return True
    ours, theirs = name.split("-"), close.split("-")
    if len(ours) != len(theirs):
        return False
    return any(
        difflib.SequenceMatcher(None, a, b).ratio() < 0.6
        for a, b in zip(ours, theirs, strict=True)
        if a != b
    )


def _joined_option(spec: EngineSpec, token: str) -> str | None:
    """The option a token of several words starts with (``"--quantization bitsandbytes"``, one
    list item of a container's ``args``), when the engine knows it; else None."""
    words = token.split()
    if len(words) < 2 or not words[0].startswith("--"):
        return None
    return words[0] if _canonical(spec, words[0].partition("=")[0])[0] is not None else None


def _one_word(spec: EngineSpec, token: str, option: str, arg: Arg) -> Finding:
    """An option and its value passed as one argument: the engine's parser reads a word with
    a space in it as a positional value, never as an option (Python's argparse
    ``_parse_optional``: "if it contains a space, it was meant to be a positional"; clap
    likewise matches whole words), so the engine stops at start-up on an argument it does not
    expect (kubernetes-sigs/inference-perf@7de5ef2 demos/kubecon-na-2025/vllm+quantization/
    manifests.yaml: ``- "--quantization bitsandbytes"``).  An error: no release of the engine
    takes it, whatever toplint's vocabulary."""
    rest = token[len(option) :].strip()
    return UNKNOWN_ENGINE_FLAG.finding(
        arg.position.path,
        arg.position.line,
        arg.position.column,
        f"`{token}` is one argument: {spec.program_name} reads a word with a space in it as a "
        f"value, not as the option `{option}` it starts with, and stops at start-up on an "
        f"argument it does not expect; pass `{option}` and `{rest}` as two arguments",
        severity=Severity.ERROR,
        fix=Fix(f"`{option}` and `{rest}` as two arguments"),
        data={"option": token},
        anchor=arg.anchor or token,
    )


def _unknown_flag(spec: EngineSpec, token: str, arg: Arg, newer: str | None = None) -> Finding:
    close = closest_option(spec, token[2:])
    hint = f"; did you mean `--{close}`?" if close else ""
    message = f"{spec.program_name} does not know the option `{token}`{hint}"
    if spec.forwards_to:
        # A wrapper that passes every option it does not take to the engine as a keyword
        # (Xinference): the engine's constructor is what refuses it.
        message = (
            f"{spec.program_name} passes `{token}` on as the keyword `{token[2:]}`, which "
            f"{spec.forwards_to} does not take{hint}"
        )
    if newer is not None:
        # The image is a newer release than the vocabulary: the option may be real there.
        message = (
            f"`{token}` is not in toplint's {spec.engine_name} {spec.release} vocabulary; the "
            f"image is {newer}, which may have it{hint}"
        )
    return UNKNOWN_ENGINE_FLAG.finding(
        arg.position.path,
        arg.position.line,
        arg.position.column,
        message,
        severity=Severity.INFO if newer is not None else Severity.WARNING,
        # Renaming a misspelt option changes what runs (today the engine refuses the unknown
        # option, or ignores it): unsafe.
        fix=Fix(
            f"--{close} (instead of `{token}`)",
            applicability="unsafe",
            intents=(Intent("rename-flag", close, f"--{close}", arg.position),),
        )
        if close
        else None,
        data={"option": token, "suggestion": close} if close else {"option": token},
        anchor=arg.anchor or token,
    )


# The ``Unresolved.field`` of arguments forwarded from the caller (``"$@"``): they set no field
# the checks read, but may override any option written before them.
FORWARDED = "arguments"
