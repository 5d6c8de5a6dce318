"""Meta-tests: the issue's rule table is the public contract; every rule has docs and cases."""

from __future__ import annotations

from collections import Counter
from pathlib import Path

import pytest

from toplint.pipeline.lint import all_rules
from toplint.rulebook.docs import local_paths, missing_headings, page, references_without_url
from toplint.rules import __file__ as rules_init
from toplint.testing import load_cases

# Issue 6's table: code -> (name, default severity).  TL109 is "info/warning" there: warning is
# its default, info the lower band.
TABLE = {
    "TL001": ("unparsable-file", "error"),
    "TL003": ("unresolved-value", "info"),
    "TL004": ("unknown-model", "info"),
    "TL005": ("unknown-engine-flag", "warning"),
    "TL007": ("deployment-not-checked", "error"),
    "TL008": ("no-deployment-found", "warning"),
    "TL009": ("reference-outside-repository", "error"),
    "TL010": ("invalid-parallel-size", "error"),
    "TL011": ("accelerator-not-modelled", "info"),
    "TL012": ("detached-options", "error"),
    "TL101": ("tensor-parallel-across-nodes", "warning"),
    "TL102": ("tensor-parallel-over-pcie", "warning"),
    "TL103": ("pcie-without-peer-to-peer", "warning"),
    "TL104": ("expert-parallel-over-slow-link", "warning"),
    "TL105": ("decode-communication-over-budget", "warning"),
    "TL106": ("prefill-communication-over-budget", "warning"),
    "TL107": ("pipeline-parallel-within-nvlink-domain", "info"),
    "TL108": ("tensor-parallel-beyond-nvlink-domain", "warning"),
    "TL109": ("pipeline-boundary-over-slow-link", "warning"),
    "TL110": ("all-to-all-backend-mismatch", "warning"),
    "TL111": ("tensor-parallel-across-nvlink-groups", "warning"),
    "TL112": ("nccl-peer-to-peer-disabled", "warning"),
    "TL201": ("gpu-count-mismatch", "error"),
    "TL202": ("heads-not-divisible-by-tensor-parallel", "error"),
    "TL203": ("kv-heads-replicated", "info"),
    "TL204": ("pipeline-stages-exceed-layers", "error"),
    "TL205": ("model-does-not-fit", "error"),
    "TL206": ("quantization-block-not-divisible", "error"),
    "TL207": ("experts-not-divisible", "error"),
    "TL208": ("mla-without-data-parallel-attention", "info"),
    "TL209": ("setting-ignored", "warning"),
    "TL210": ("implicit-sharding", "warning"),
    "TL211": ("gpus-exceed-node", "error"),
    "TL212": ("quantization-format-unsupported", "error"),
    "TL214": ("multi-node-rendezvous-mismatch", "error"),
    "TL215": ("tensor-parallel-without-shared-memory", "error"),
    "TL213": ("engine-tensor-parallel-constraint", "error"),
    "TL216": ("context-beyond-model-positions", "error"),
    "TL217": ("gpu-memory-oversubscribed", "error"),
    "TL218": ("pipeline-partition-mismatch", "error"),
}

RULES = {r.code: r for r in all_rules()}
BUILTIN = sorted(
    code
    for code, r in RULES.items()
    if Path(r.origin).resolve().parent == Path(rules_init).resolve().parent
)
CASES = Counter((c.rule, c.passing) for c in load_cases(Path(__file__).parent / "cases"))


@pytest.mark.parametrize("code", sorted(TABLE))
def test_table_code_exists_with_its_name_and_default_severity(code: str) -> None:
    rule = RULES[code]
    assert (rule.name, rule.severity.value) == TABLE[code]


@pytest.mark.parametrize("code", BUILTIN)
def test_rule_has_passing_and_failing_cases(code: str) -> None:
    assert CASES[(code, True)] >= 1, f"{code} has no test_pass_* case"
    assert CASES[(code, False)] >= 1, f"{code} has no test_fail_* case"


@pytest.mark.parametrize("code", BUILTIN)
def test_rule_doc_has_every_heading(code: str) -> None:
    assert missing_headings(RULES[code]) == []


@pytest.mark.parametrize("code", BUILTIN)
def test_rule_doc_cites_references(code: str) -> None:
    doc = RULES[code].doc
    refs = doc.split("## References", 1)[1]
    assert refs.strip().startswith("-"), f"{code}: References lists no source"


@pytest.mark.parametrize("code", BUILTIN)
def test_rule_references_cite_public_urls(code: str) -> None:
    assert references_without_url(RULES[code].doc) == []


@pytest.mark.parametrize("code", BUILTIN)
def test_rule_page_names_no_file_a_reader_cannot_open(code: str) -> None:
    assert local_paths(page(RULES[code])) == []


def test_local_paths_are_found_outside_urls() -> None:
    text = (
        "see ../shared/reference/cost-model.md and vllm/config/parallel.py, not https://x.io/a/b.md"
    )
    assert local_paths(text) == ["../shared/reference/cost-model.md", "vllm/config/parallel.py"]


def test_every_builtin_rule_is_in_the_table() -> None:
    assert set(BUILTIN) == set(TABLE)


@pytest.mark.parametrize("code", BUILTIN)
def test_builtin_rule_says_where_its_judgement_holds(code: str) -> None:
    """Every built-in rule that checks deployments says whether it holds on any accelerator or
    only on the GPU stack (``Rule.accelerators``): on a declined (TL011) deployment only "any"
    rules run, so an undeclared rule would be silently treated as GPU-only."""
    rule = RULES[code]
    if rule.check is not None:
        assert rule.accelerators in ("any", "gpu"), f"{code} does not declare `accelerators`"
