"""Shell parameter expansion without a shell: ``$VAR``, ``${VAR:-default}``, ``$((…))``.

Shared by the script lexer (``toplint.parse.text.shell``) and compose interpolation.  Nothing is
executed: command substitution, ``${ARR[$i]}`` and unknown variables leave the value unresolved,
and arithmetic is evaluated by a small recursive-descent parser, never ``eval``.  The text of
an expansion is found by ``toplint.parse.text.scanner``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping

from toplint.infra.budgets import EXPANSION_DEPTH, BudgetExceeded, meter
from toplint.infra.numbers import whole_text
from toplint.infra.patterns import DeferredPattern, lazy
from toplint.optionkeys import CHOSEN_AT
from toplint.parse.text import partialvars
from toplint.parse.text.catfile import FileReader, cat_target, substituted
from toplint.parse.text.scanner import VARIABLE_NAME, Cursor, Part, read_expansion

_PARAM = lazy(
    r"^\{(#?)([A-Za-z_][A-Za-z0-9_]*|\d+|[@*#?$!])(\[[^\]]*\])?(?:(:?[-=?+])(.*))?\}$", re.S
)


# The folder of the running script, as scripts find it: `dirname "$0"`, `dirname
# "${BASH_SOURCE[0]}"` (of `readlink -f`/`realpath` of it too), optionally inside
# `cd "…" && pwd` and followed by `/..`.  It stands for "." or ".." relative to the script,
# which is how the readers of referenced files resolve a relative path.
_SELF = r"(?:\$0|\$\{0\}|\$\{?BASH_SOURCE(?:\[0\])?\}?)"
_SELF_REAL = rf'(?:{_SELF}|\$\(\s*(?:readlink\s+-f|realpath)\s+"?{_SELF}"?\s*\))'
_DIRNAME = rf'dirname\s+(?:--\s+)?"?{_SELF_REAL}"?'
_SELF_DIR = DeferredPattern(
    rf'^\(\s*(?:{_DIRNAME}|cd\s+(?:-P\s+)?(?:--\s+)?"?\$\(\s*{_DIRNAME}\s*\)(/\.\.)?/?"?'
    r"(?:\s*(?:&>|>|2>|1>)\s*/dev/null)?\s*&&\s*pwd(?:\s+-P)?)\s*\)$"
)

# A command substitution that prints how many GPUs the process sees: PyTorch's
# ``torch.cuda.device_count()`` counts the devices CUDA_VISIBLE_DEVICES leaves visible
# (pytorch torch/cuda/__init__.py device_count, "number of GPUs available"; CUDA C Programming
# Guide, "CUDA Environment Variables").  Its value is read from those variables, never guessed:
# ``visible_gpu_count``.
_GPU_COUNT = DeferredPattern(
    r"""^\(\s*python[0-9.]*\s+-c\s+(['"])(?:(?!\1).)*print\(\s*torch\.cuda\.device_count\(\)\s*\)"""
    r"""(?:(?!\1).)*\1\s*\)$"""
)


def visible_gpu_count(env: Mapping[str, str]) -> str | None:
    """The GPUs a process started with ``env`` sees, when the environment fixes them: the
    devices ``CUDA_VISIBLE_DEVICES`` lists (counted as the engine's own device settings are:
    ``toplint.parse.enginecfg.count_devices``; an empty list leaves none), else, in a Slurm job,
    the GPUs Slurm allocated on the node, which it makes the visible devices (sbatch(1), "OUTPUT
    ENVIRONMENT VARIABLES": ``SLURM_GPUS_ON_NODE``; gres.conf(5): Slurm sets
    ``CUDA_VISIBLE_DEVICES`` for allocated GPUs).  None when neither says."""
    listed = env.get("CUDA_VISIBLE_DEVICES")
    if listed is not None:
        from toplint.parse.enginecfg import count_devices  # the engines' tables, on first use

        count = count_devices(listed)
        return None if count is None else str(count)
    count_text = env.get("SLURM_GPUS_ON_NODE")
    return count_text if count_text is not None and whole_text(count_text) is not None else None


class Expander:
    """Expands parts against a variable environment (and indexed arrays: ``${A[0]}``), within
    ``toplint.infra.budgets``: every expanded value is charged to the file's meter and nested
    defaults are bounded in depth."""

    def __init__(
        self,
        env: Mapping[str, str],
        arrays: Mapping[str, list[str | None]] | None = None,
        depth: int = 0,
        *,
        share: bool = False,
    ) -> None:
        """``share``: use ``env`` and ``arrays`` themselves (a nested default's expander
        works on its parent's variables; copying them at every level was depth x size)."""
        if depth > EXPANSION_DEPTH:
            raise BudgetExceeded("expansion-depth", EXPANSION_DEPTH, "nested expansions")
        self.env = env if share and isinstance(env, dict) else dict(env)
        # Exported variables that bound the GPUs a started process sees, with the word that
        # set them (``toplint.parse.text.shellwords.finish``): ``export CUDA_VISIBLE_DEVICES=0,1``.
        self.exported: dict[str, object] = {}
        self.arrays: dict[str, list[str | None]] = (
            arrays if share and isinstance(arrays, dict) else dict(arrays or {})
        )
        self.depth = depth
        self.meter = meter()
        # Variables known in part, with their unknown expansions marked
        # (``toplint.parse.text.partialvars``): ``ARGS="--model $M --tensor-parallel-size 2"``.
        self.partials: dict[str, str] = {}
        self.reads: FileReader | None = None  # ``$(cat FILE)`` of a file beside the script
        # Variables the script sets only where a test it does not decide chooses, with the line
        # of that test (``toplint.parse.text.arms``): their expansions are unresolved.
        self.chosen: dict[str, int] = {}

    def expand(self, parts: list[Part]) -> tuple[str | None, tuple[str, ...]]:
        out: list[str] = []
        missing: list[str] = []
        for kind, text in parts:
            if kind == "lit":
                out.append(text)
                continue
            value = self.expand_one(text, missing)
            if value is not None:
                out.append(value)
        if missing:
            return None, tuple(dict.fromkeys(missing))
        return self.meter.charge("".join(out)), ()

    def partial(self, parts: list[Part], script: bool = False) -> str:
        """The word's text with what is known expanded and each unknown expansion left as
        written (``cd /opt/app && ./run.sh "$model"``): the script an ``sh -c``/``ssh`` word
        holds when a part of it is only known at run time.

        With ``script``, an unknown expansion that lands inside the script's own single quotes
        (``bash -c "vllm serve '$MODEL' …"``: the outer shell expands it, the inner one takes
        the value literally) is written as ``'"$MODEL"'``, so the inner reading leaves it
        unresolved instead of taking the text ``$MODEL`` for the value."""
        out: list[str] = []
        quote = ""  # the script's quoting where the text so far ends
        for kind, text in parts:
            if kind == "lit":
                out.append(text)
                quote = _quote_after(text, quote) if script else quote
                continue
            value = self.expand_one(text, [])
            if value is None:
                value = self._partly_known(text)
            if value is None:
                out.append(f"'\"${text}\"'" if quote == "'" else "$" + text)
                continue
            out.append(value)
            quote = _quote_after(value, quote) if script else quote
        return self.meter.charge("".join(out))

    def _partly_known(self, exp: str) -> str | None:
        """A variable known in part (``CMD="export A=1; echo $UNSET; vllm serve $M …"``),
        its unknown expansions as written: the script ``bash -c "$CMD"`` runs, where an
        ``echo`` of a variable the script never sets hid the engine command."""
        name = exp[1:-1] if exp.startswith("{") and exp.endswith("}") else exp
        held = self.partials.get(name) if name not in self.env else None
        if held is None:
            return None
        return held.replace(partialvars.OPEN, "").replace(partialvars.CLOSE, "")

    def expand_one(self, exp: str, missing: list[str]) -> str | None:
        if exp.startswith("(("):
            return self._arith(exp[2:-2], missing)
        if exp.startswith("("):
            if not exp[1:-1].strip():
                return ""  # ``$()`` runs no command and outputs nothing (bash(1))
            here = _SELF_DIR.match(exp)
            if here:
                return ".." if here.group(1) else "."
            target = cat_target(exp) if self.reads is not None else None
            text = self._file_text(target) if target is not None else None
            if text is not None:
                return text
            if _GPU_COUNT.match(exp):
                count = visible_gpu_count(self.env)
                if count is not None:
                    return count
            missing.append("$" + exp)
            return None
        if not exp.startswith("{"):
            return self._lookup(exp, "$" + exp, missing)
        m = _PARAM.match(exp)
        if m and m.group(3) and not m.group(4) and m.group(2) in self.arrays:
            return self._element(m.group(2), m.group(3)[1:-1], bool(m.group(1)), exp, missing)
        if m and m.group(3) in ("[@]", "[*]") and m.group(4) in ("+", ":+") and not m.group(1):
            # ``${A[@]+"${A[@]}"}``, the array under ``set -u``: the word when A has elements
            if m.group(2) in self.arrays and not self.arrays[m.group(2)]:
                return ""  # bash(1) "Parameter Expansion": an empty array is unset here
            if m.group(2) in self.arrays:
                nested = self._nested()
                value, unknown = nested.expand(_split_default(m.group(5) or ""))
                missing.extend(unknown)
                return value
        if not m or m.group(1) or m.group(3):
            missing.append("$" + exp)  # ${#x}, ${ARR[$i]}, ${x/a/b}: not evaluated
            return None
        name, op, arg = m.group(2), m.group(4), m.group(5) or ""
        if name in self.chosen:  # set or not, and to what, is not decided here
            return self._lookup(name, "${" + name + "}", missing)
        value = self.env.get(name)
        if (op in (":-", ":=") and not value) or (op in ("-", "=") and value is None):
            # Each level reads its default's text again: that reading is charged to the
            # file's expansion budget, so nested defaults cost at most the budget, not
            # depth x size (4 MB of them took 30-50 s).
            self.meter.work(len(arg))
            nested = self._nested()
            nested.reads = self.reads
            sub = nested.expand(_split_default(arg))
            if sub[0] is None:
                missing.extend(sub[1])
                return None
            if op in (":=", "="):
                self.env[name] = sub[0]
                self.chosen.pop(name, None)
            return sub[0]
        if op in (":+", "+"):  # Bash(1), "Parameter Expansion": the word when set, else nothing
            if not (value if op == ":+" else value is not None):
                return ""
            self.meter.work(len(arg))
            nested = self._nested()
            sub = nested.expand(_split_default(arg))
            if sub[0] is None:
                missing.extend(sub[1])
            return sub[0]
        return self._lookup(name, "${" + name + "}", missing)

    def _file_text(self, word: str) -> str | None:
        """The text ``$(cat WORD)`` substitutes (``_CAT``), or None when the file is not read."""
        name, _ = self.expand(_compose_parts(word))
        if not name or name.startswith("/") or self.reads is None:
            return None  # an absolute path is not the repository's file
        text = substituted(self.reads(name))
        return None if text is None else self.meter.charge(text)

    def _element(
        self, name: str, index: str, count: bool, exp: str, missing: list[str]
    ) -> str | None:
        """``${A[2]}``, ``${A[@]}`` / ``${A[*]}`` (joined here; ``shellrun`` splits a whole
        ``"${A[@]}"`` word into one word per element) and ``${#A[@]}``."""
        items = self.arrays[name]
        if index in ("@", "*"):
            if count:
                return str(len(items))
            if any(item is None for item in items):
                missing.append("$" + exp)
                return None
            return " ".join(item for item in items if item is not None)
        k = None if count else whole_text(self._index(index), 0, 1 << 20)
        if k is None:
            missing.append("$" + exp)
            return None
        value = items[k] if k < len(items) else ""
        if value is None:
            missing.append("$" + exp)
        return value

    def _index(self, index: str) -> str:
        """An array subscript as a number's text: ``2``, or a variable holding one (``$idx``,
        ``${idx}``, and ``idx`` alone: bash reads a subscript as arithmetic)."""
        name = index.removeprefix("$").removeprefix("{").removesuffix("}")
        return self.env.get(name, index) if name.isidentifier() else index

    def default_parts(self, exp: str) -> list[Part] | None:
        """The parts of the word an unknown ``${NAME:-WORD}`` (``-``, ``:=``, ``=``) expands to:
        WORD when NAME is not set (``:-``: or empty), NAME itself when it is set to a value
        known in part; None when neither (bash(1), "Parameter Expansion").
        ``toplint.parse.text.partialvars`` marks that word's own unknown expansions, so
        ``PY=${PY:-$HOME/venv/bin/python}`` keeps the program it names
        (AlexGS74/glm47-nvfp4-sm120@2a4692d1 scripts/serve_glm47_nvfp4_sglang.sh)."""
        m = _PARAM.match(exp) if exp.startswith("{") else None
        if not m or m.group(1) or m.group(3) or m.group(4) not in (":-", "-", ":=", "="):
            return None
        name, op = m.group(2), m.group(4)
        if name in self.partials:  # set, to a value known in part (never empty): that value
            return [("exp", name)]
        if name in self.chosen:
            return None
        value = self.env.get(name)
        if not (not value if op in (":-", ":=") else value is None):
            return None
        self.meter.work(len(m.group(5) or ""))  # read again, as ``expand_one`` reads it
        return _split_default(m.group(5) or "")

    def _nested(self) -> Expander:
        """An expander for a default's text, on this one's variables."""
        nested = Expander(self.env, self.arrays, self.depth + 1, share=True)
        nested.reads, nested.chosen = self.reads, self.chosen
        return nested

    def _lookup(self, name: str, shown: str, missing: list[str]) -> str | None:
        if name in self.chosen:
            missing.append(f"{shown}{CHOSEN_AT}{self.chosen[name]}")
            return None
        if name in self.env:
            return self.env[name]
        missing.append(shown if not name.isdigit() else "$" + name)
        return None

    def _arith(self, expr: str, missing: list[str]) -> str | None:
        names = dict.fromkeys(
            VARIABLE_NAME.findall(expr)
        )  # text order: the same name for any hash seed
        values: dict[str, int] = {}
        import toplint.parse.text.arith  # loaded by a script that computes: $(( ... ))

        arith = toplint.parse.text.arith
        for name in names:
            raw = self.env.get(name)
            number = None if raw is None else whole_text(raw, -arith.INT64, arith.INT64 - 1)
            if number is None:
                missing.append(name)
                return None
            values[name] = number
        expr = re.sub(r"\$\{?([A-Za-z_][A-Za-z0-9_]*)\}?", r"\1", expr)
        return arith.safe_arith(expr, values, missing)


def _split_default(arg: str) -> list[Part]:
    """Parts of a ${VAR:-default} default word (it may itself hold expansions)."""
    cur = Cursor(arg.replace('"', ""))
    parts: list[Part] = []
    lit: list[str] = []
    while cur.peek():
        if cur.peek() == "$":
            cur.take()
            if lit:
                parts.append(("lit", "".join(lit)))
                lit.clear()
            exp = read_expansion(cur)
            parts.append(("exp", exp) if exp else ("lit", "$"))
        else:
            lit.append(cur.take())
    if lit:
        parts.append(("lit", "".join(lit)))
    return parts


def expand_text(text: str, env: Mapping[str, str]) -> tuple[str | None, tuple[str, ...]]:
    """Expand ``$VAR``/``${VAR:-default}`` in a plain string (no quote removal, ``$$`` is ``$``),
    as docker compose interpolates its YAML values.  Returns (value or None, unresolved)."""
    return Expander(env).expand(_compose_parts(text))


def _quote_after(text: str, quote: str) -> str:
    """The shell's quoting (``'``, ``"`` or none) after ``text``, starting in ``quote``
    (bash(1) QUOTING: nothing is special inside single quotes; a backslash escapes the next
    character outside them)."""
    escaped = False
    for ch in text:
        if escaped:
            escaped = False
        elif quote == "'":
            quote = "" if ch == "'" else quote
        elif ch == "\\":
            escaped = True
        elif quote == '"':
            quote = "" if ch == '"' else quote
        elif ch in "'\"":
            quote = ch
    return quote


def interpolate_known(text: str, env: Mapping[str, str]) -> str:
    """``text`` as compose passes it on, so far as it is known: ``$$`` is ``$`` and each known
    ``${VAR:-default}`` is its value, an unknown one left as written (compose-spec
    12-interpolation.md: "You can use a `$$` (double-dollar sign) when your configuration needs a
    literal dollar sign").  The script of a compose ``bash -c`` word whose value an unset variable
    left unknown: ``$$(( ${N:-6} * 2 ))`` reaches the shell as ``$(( 6 * 2 ))``, not as the
    shell's ``$$`` (its process id) before a ``((``."""
    return Expander(env).partial(_compose_parts(text))


def _compose_parts(text: str) -> list[Part]:
    """A compose value's literal text and the expansions in it (``$$`` a literal ``$``)."""
    cur = Cursor(text)
    parts: list[Part] = []
    lit: list[str] = []
    while cur.peek():
        if cur.peek() == "$" and cur.peek(1) == "$":
            cur.take()
            lit.append(cur.take())
        elif cur.peek() == "$":
            cur.take()
            exp = read_expansion(cur)
            if lit:
                parts.append(("lit", "".join(lit)))
                lit.clear()
            parts.append(("exp", exp) if exp else ("lit", "$"))
        else:
            lit.append(cur.take())
    if lit:
        parts.append(("lit", "".join(lit)))
    return parts
