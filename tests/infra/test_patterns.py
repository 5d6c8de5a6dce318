"""PyYAML imported with its import-time patterns deferred: same answers, compiled on use."""

from __future__ import annotations

import re
import subprocess
import sys

from toplint.infra.patterns import DeferredPattern, deferred_pyyaml_patterns

# Run in a fresh interpreter: the test process has imported PyYAML long before.
PROBE = r"""
import re, sys
import toplint.infra.yamlsafe as safe
import yaml
from toplint.infra.patterns import DeferredPattern
reader = yaml.reader.Reader.NON_PRINTABLE
assert isinstance(reader, DeferredPattern), reader
assert reader._compiled is None  # the C loader never needs it
assert re.compile is DeferredPattern.__init__.__globals__["_REAL_COMPILE"]
data = safe.load_data("a: 2001-12-14\nb: 0x1F\nc: yes\nd: 1.5\ne: ~\nf: '7'\n", "x.yaml")
assert data == [{"a": "2001-12-14", "b": 31, "c": True, "d": 1.5, "e": None, "f": "7"}], data
assert yaml.safe_load("t: 2001-12-14") == {"t": __import__("datetime").date(2001, 12, 14)}
try:
    yaml.reader.Reader("bell \x07")
except yaml.reader.ReaderError:
    pass
else:
    raise AssertionError("the pure-Python reader no longer rejects control characters")
assert reader._compiled is not None
print("ok")
"""


def test_pyyaml_reads_the_same_with_deferred_patterns() -> None:
    done = subprocess.run(
        [sys.executable, "-c", PROBE], capture_output=True, text=True, check=False
    )
    assert done.returncode == 0, done.stderr
    assert done.stdout.strip() == "ok"


def test_a_deferred_pattern_compiles_once_on_first_use() -> None:
    pattern = DeferredPattern(r"a(b+)", re.I)
    assert pattern._compiled is None
    assert pattern.match("ABB").group(1) == "BB"
    first = pattern.compiled()
    assert pattern.search("xab") is not None and pattern.compiled() is first
    assert pattern.flags & re.I and pattern.sub("-", "abab") == "--"


def test_nothing_is_deferred_once_pyyaml_is_imported() -> None:
    import yaml  # noqa: F401  (the test process has it already)

    with deferred_pyyaml_patterns():
        assert re.compile("x").__class__ is re.Pattern


def test_after_its_first_use_a_deferred_pattern_calls_the_compiled_pattern_directly() -> None:
    pattern = DeferredPattern(r"(\d+)")
    assert pattern.findall("1 22") == ["1", "22"]
    compiled = pattern.compiled()
    for name in ("match", "search", "fullmatch", "finditer", "findall", "sub", "subn", "split"):
        bound = getattr(pattern, name)
        assert bound.__self__ is compiled, name  # no wrapper call left on the path
    assert pattern.pattern == r"(\d+)" and pattern.groups == 1


def test_lazy_compiles_nothing_until_used() -> None:
    from toplint.infra.patterns import lazy

    pattern = lazy(r"x+")
    assert isinstance(pattern, DeferredPattern) and pattern._compiled is None
    assert pattern.fullmatch("xxx") is not None
