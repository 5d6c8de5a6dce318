"""``sort_findings``: ordered by (path, line, column, code, message) -- on a line, whether the
deployment starts or fits first and what toplint could not judge after the rest --, duplicates
dropped, and
findings that share that key but differ (another fix) kept in the order first seen."""

from __future__ import annotations

import itertools
import random

from toplint.model import Finding, Fix, Severity
from toplint.pipeline.order import sort_findings
from toplint.record import replace


def _finding(rng: random.Random) -> Finding:
    fix = rng.choice([None, Fix(message="a"), Fix(message="b")])
    return Finding(
        rng.choice(["TL101", "TL102"]),
        "x",
        rng.choice(list(Severity)),
        rng.choice(["a.sh", "b.yaml"]),
        rng.randint(1, 3),
        1,
        rng.choice(["m", "n"]),
        fix,
    )


def test_matches_a_set_sorted_by_key_and_keeps_first_seen_order() -> None:
    rng = random.Random(17)
    for _ in range(300):
        found = [_finding(rng) for _ in range(rng.randint(0, 40))]
        got = sort_findings(found)
        assert len(got) == len(set(got)) == len(set(found))  # each distinct finding once
        assert set(got) == set(found)
        assert [f.sort_key for f in got] == sorted(f.sort_key for f in got)
        first_seen = list(dict.fromkeys(found))
        for a, b in itertools.pairwise(got):
            if a.sort_key == b.sort_key:
                assert first_seen.index(a) < first_seen.index(b)


def test_what_toplint_could_not_judge_follows_the_findings_on_its_line() -> None:
    # No manifest: TL007 sits at column 1 of the command, the cause (TL202) further along it.
    gap = Finding("TL007", "deployment-not-checked", Severity.ERROR, "a.sh", 2, 1, "not checked")
    cause = Finding("TL202", "heads", Severity.ERROR, "a.sh", 2, 28, "10 KV heads and TP 4")
    earlier = Finding("TL007", "deployment-not-checked", Severity.ERROR, "a.sh", 1, 1, "x")
    assert sort_findings([gap, cause, earlier]) == [earlier, cause, gap]


def test_whether_it_starts_or_fits_comes_first_on_its_line() -> None:
    # InternLM/lmdeploy#1442: CUDA_VISIBLE_DEVICES at column 1 leaves two GPUs idle (TL201, a
    # warning: it starts); the model at column 119 may not fit one T4 (TL205 inside its band,
    # a warning).  Whether it starts is what happens first, so TL205 leads its line.
    idle = Finding("TL201", "gpu-count", Severity.WARNING, "a.sh", 2, 1, "3 GPUs visible")
    fit = Finding("TL205", "fit", Severity.WARNING, "a.sh", 2, 119, "weights 14.4 GiB + ...")
    gap = Finding("TL007", "deployment-not-checked", Severity.ERROR, "a.sh", 2, 1, "x")
    before = Finding("TL108", "nvlink", Severity.INFO, "a.sh", 1, 200, "beyond NVLink")
    assert sort_findings([gap, idle, fit, before]) == [before, fit, idle, gap]


def test_a_refusal_to_start_comes_before_a_layout_that_does_not_fit() -> None:
    # vllm-project/vllm#17569: Qwen3-235B-A22B-FP8 at TP 8 on 8 x RTX 5090 D.  The engine stops
    # building the layers (192-wide expert shards, not whole 128-wide FP8 blocks: TL206) before
    # it would find the weights do not fit (TL205); both are errors at the same column.
    fit = Finding("TL205", "fit", Severity.ERROR, "a.sh", 2, 43, "weights 27.5 GiB + ...")
    block = Finding("TL206", "block", Severity.ERROR, "a.sh", 2, 43, "1536 / TP 8 = 192")
    idle = Finding("TL201", "gpu-count", Severity.ERROR, "a.sh", 2, 1, "x")
    assert sort_findings([fit, idle, block]) == [block, fit, idle]


def test_a_finding_in_another_file_names_its_deployment_unless_another_says_the_same() -> None:
    """A finding placed in a base file for an overlay's deployment names that deployment; when
    the base's own deployment (or another overlay) has the equal finding, it is one finding
    about the line and names none."""
    base = Finding("TL102", "x", Severity.INFO, "base.yaml", 3, 1, "m")
    for_overlay = Finding(
        "TL102", "x", Severity.INFO, "base.yaml", 3, 1, "m", deployment="o/k.yaml:2"
    )
    other = Finding("TL202", "x", Severity.ERROR, "base.yaml", 3, 1, "e", deployment="o/k.yaml:2")
    (alone,) = sort_findings([other])
    assert alone.message == "e (the deployment of o/k.yaml:2)"
    assert [f.message for f in sort_findings([for_overlay, base])] == ["m"]
    twice = replace(for_overlay, deployment="p/k.yaml:2")
    assert [f.message for f in sort_findings([for_overlay, twice])] == ["m"]
