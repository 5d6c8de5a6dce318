"""Line diffs of a file and its fixed text, in time linear in the file for a few changes.

``difflib.SequenceMatcher`` is quadratic in the number of equal lines (a file of 100,000
identical lines took minutes); a fix changes a few lines, so Myers' O((N + M) * D) algorithm
(E. Myers, "An O(ND) Difference Algorithm and Its Variations", Algorithmica 1986), after the
common head and tail are cut, costs about one pass over the file.  Past ``MAX_CHANGES``
differing lines the middle is one replacement (still a correct diff, only a coarser one).

``unified_diff`` prints it as ``diff -u`` does, three lines of context, with every line's text
passed through ``toplint.report.base.printable`` (tabs kept): the diff is shown in CI logs.
"""

from __future__ import annotations

from collections.abc import Sequence

__all__ = ["MAX_CHANGES", "lines_of", "opcodes", "unified_diff"]

Opcode = tuple[str, int, int, int, int]

# Lines added plus removed beyond which the middle is one replacement: far above what the
# fixes of one file change (toplint.fix.apply.MAX_ROUNDS rounds of a few edits each).
MAX_CHANGES = 2000


def lines_of(text: str) -> list[str]:
    """Lines with their endings; only "\\n" ends a line (as the check counts lines)."""
    parts = text.split("\n")
    return [p + "\n" for p in parts[:-1]] + ([parts[-1]] if parts[-1] else [])


def opcodes(a: Sequence[str], b: Sequence[str]) -> list[Opcode]:
    """``difflib``-style opcodes ('equal', 'replace', 'delete', 'insert') from ``a`` to ``b``."""
    most = min(len(a), len(b))
    head = 0
    while head < most and a[head] == b[head]:
        head += 1
    tail = 0
    while tail < most - head and a[len(a) - 1 - tail] == b[len(b) - 1 - tail]:
        tail += 1
    end_a, end_b = len(a) - tail, len(b) - tail
    out: list[Opcode] = [("equal", 0, head, 0, head)] if head else []
    i, j = head, head
    for x, y in _common(a[head:end_a], b[head:end_b]):
        x, y = x + head, y + head
        if i < x or j < y:
            out.append((_change(i, x, j, y), i, x, j, y))
        if out and out[-1][0] == "equal" and out[-1][2] == x and out[-1][4] == y:
            out[-1] = ("equal", out[-1][1], x + 1, out[-1][3], y + 1)
        else:
            out.append(("equal", x, x + 1, y, y + 1))
        i, j = x + 1, y + 1
    if i < end_a or j < end_b:
        out.append((_change(i, end_a, j, end_b), i, end_a, j, end_b))
    if tail:
        if out and out[-1][0] == "equal":
            out[-1] = ("equal", out[-1][1], len(a), out[-1][3], len(b))
        else:
            out.append(("equal", end_a, len(a), end_b, len(b)))
    return out


def _change(i1: int, i2: int, j1: int, j2: int) -> str:
    return "replace" if i1 < i2 and j1 < j2 else "delete" if i1 < i2 else "insert"


def _common(a: Sequence[str], b: Sequence[str]) -> list[tuple[int, int]]:
    """Index pairs of equal lines of a shortest edit script, in order (Myers' greedy search,
    the furthest point of each diagonal kept per step for the way back); [] when more than
    ``MAX_CHANGES`` lines differ."""
    n, m = len(a), len(b)
    if not n or not m:
        return []
    most = min(n + m, MAX_CHANGES)
    off = most + 1
    v = [0] * (2 * off + 1)  # v[off + k]: furthest x on diagonal k = x - y
    trace: list[list[int]] = []
    for d in range(most + 1):
        trace.append(v[:])
        for k in range(-d, d + 1, 2):
            if k == -d or (k != d and v[off + k - 1] < v[off + k + 1]):
                x = v[off + k + 1]  # a line of b inserted
            else:
                x = v[off + k - 1] + 1  # a line of a deleted
            y = x - k
            while x < n and y < m and a[x] == b[y]:
                x += 1
                y += 1
            v[off + k] = x
            if x >= n and y >= m:
                return _back(trace, n, m, off)
    return []


def _back(trace: list[list[int]], n: int, m: int, off: int) -> list[tuple[int, int]]:
    x, y = n, m
    pairs: list[tuple[int, int]] = []
    for d in range(len(trace) - 1, -1, -1):
        v = trace[d]  # the furthest points before step d
        k = x - y
        prev_k = k + 1 if k == -d or (k != d and v[off + k - 1] < v[off + k + 1]) else k - 1
        prev_x = v[off + prev_k]
        prev_y = prev_x - prev_k
        while x > prev_x and y > prev_y:  # the run of equal lines that ended step d
            x, y = x - 1, y - 1
            pairs.append((x, y))
        x, y = prev_x, prev_y
    pairs.reverse()
    return pairs


def unified_diff(path: str, old: str, new: str, context: int = 3) -> str:
    """``old`` -> ``new`` as a unified diff of ``path`` (``a/PATH``, ``b/PATH``), tree text
    escaped; "" when they are equal."""
    from toplint.report.base import printable, printable_text

    a, b = lines_of(old), lines_of(new)
    codes = opcodes(a, b)
    if all(code[0] == "equal" for code in codes):
        return ""

    def show(prefix: str, line: str) -> str:
        ending = "\r\n" if line.endswith("\r\n") else "\n"
        body = line[: -len(ending)] if line.endswith(ending) else line
        return prefix + printable_text(body) + ending

    out = [f"--- a/{printable(path)}\n", f"+++ b/{printable(path)}\n"]
    for group in _groups(codes, context):
        first, last = group[0], group[-1]
        out.append(f"@@ -{_range(first[1], last[2])} +{_range(first[3], last[4])} @@\n")
        for tag, i1, i2, j1, j2 in group:
            if tag == "equal":
                out += [show(" ", line) for line in a[i1:i2]]
                continue
            out += [show("-", line) for line in a[i1:i2]]
            out += [show("+", line) for line in b[j1:j2]]
    return "".join(out)


def _range(start: int, stop: int) -> str:
    """A hunk's range as ``diff -u`` writes it (1-based start; length omitted when 1)."""
    length = stop - start
    begin = start + 1 if length else start
    return f"{begin}" if length == 1 else f"{begin},{length}"


def _groups(codes: list[Opcode], n: int) -> list[list[Opcode]]:
    """Hunks with ``n`` lines of context (``difflib.SequenceMatcher.get_grouped_opcodes``)."""
    codes = list(codes)
    if codes[0][0] == "equal":
        tag, i1, i2, j1, j2 = codes[0]
        codes[0] = (tag, max(i1, i2 - n), i2, max(j1, j2 - n), j2)
    if codes[-1][0] == "equal":
        tag, i1, i2, j1, j2 = codes[-1]
        codes[-1] = (tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n))
    groups: list[list[Opcode]] = []
    group: list[Opcode] = []
    for tag, i1, i2, j1, j2 in codes:
        if tag == "equal" and i2 - i1 > n * 2:
            group.append((tag, i1, min(i2, i1 + n), j1, min(j2, j1 + n)))
            groups.append(group)
            group = []
            i1, j1 = max(i1, i2 - n), max(j1, j2 - n)
        group.append((tag, i1, i2, j1, j2))
    if group and not (len(group) == 1 and group[0][0] == "equal"):
        groups.append(group)
    return groups
