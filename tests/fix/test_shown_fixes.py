"""A fix ``check`` shows passes the validation ``--fix`` gives one it applies (issue 25,
``toplint.pipeline.shown``).  Each case is a real input on which ``check`` showed a fix that
``--fix`` then refused (benchmarks/properties.py found them): the fix is no longer shown, the
finding says why, and every fix still shown on the file passes ``toplint.fix.apply.verify``."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.discover.files import read_source
from toplint.fix.apply import apply_edits, verify
from toplint.model import Finding
from toplint.pipeline.lint import rule_settings_from, text_checker
from toplint.pipeline.settings import Settings, settings_from_args

TESTS = Path(__file__).resolve().parents[1]
ROOT = TESTS.parent
SEED = TESTS / "data" / "seed-hardware.yaml"
V100 = TESTS / "corpus" / "manifests" / "v100-nvlink-pairs.yaml"
QWEN3_698 = TESTS / "incidents" / "cases" / "qwen3-698"
TGI_1696 = TESTS / "incidents" / "cases" / "tgi-1696"

# (file, manifest or the case's toplint.yaml, rule, the fix once shown, why --fix refused it)
CASES = [
    # TGI on two GPUs with gemma-2b, whose one KV head two shards cannot split
    # (huggingface/text-generation-inference#1696): TL202 offered --num-shard 1, which leaves
    # the container's second GPU unused (TL201)
    (
        TGI_1696 / "failing" / "serve.sh",
        TGI_1696 / "toplint.yaml",
        "TL202",
        "--num-shard 1",
        "it would add TL201",
    ),
    # an OpenCompass Python model config: the TL101 fix's flags written into it leave a file
    # no reader takes a deployment from
    (
        TESTS
        / "data"
        / "open_world"
        / "open-compass__opencompass"
        / "opencompass/configs/models/mistral/vllm_mixtral_8x22b_instruct_v0_1.py",
        SEED,
        "TL101",
        "--tensor-parallel-size 4 --pipeline-parallel-size 2",
        "the file would hold 0 deployments instead of 1",
    ),
]


def _settings(against: Path) -> Settings:
    if against.name == "toplint.yaml":
        import argparse

        return settings_from_args(argparse.Namespace(config=str(against)))
    return Settings(hardware_path=str(against))


def _text(path: Path) -> str:
    source = read_source(str(path))
    assert not isinstance(source, Finding), source
    return source.text


@pytest.mark.parametrize(
    ("path", "against", "rule", "fix", "why"), CASES, ids=[c[2] + "-" + c[0].stem for c in CASES]
)
def test_a_fix_fix_would_refuse_is_not_shown(
    path: Path, against: Path, rule: str, fix: str, why: str
) -> None:
    settings = _settings(against)
    import argparse

    check = text_checker(settings, rule_settings_from(settings.config, argparse.Namespace()))
    text = _text(path)
    found = check(str(path), text)
    mine = [f for f in found.findings if f.rule == rule]
    assert mine, f"{rule} is no longer reported on {path}"
    assert not any(f.fix is not None and f.fix.message.startswith(fix) for f in mine)
    assert any(f"(not `{fix}`: {why}" in f.message for f in mine), [f.message for f in mine]
    # every fix still shown on the file passes the applied-fix validation
    for f in found.findings:
        if f.fix is not None and f.fix.edits:
            fixed, _ = apply_edits(text, [e for e in f.fix.edits if e.path == str(path)])
            assert verify(found, check(str(path), fixed), f) is None, f.fix.message


def test_a_fix_that_passes_is_still_shown_with_its_edits(tmp_path: Path) -> None:
    """Not vacuous: the seed case's TL101 fix (TP 4 × PP 2 over two 4-GPU nodes) is one
    ``--fix`` applies, so ``check`` keeps showing it, edits and all."""
    script = tmp_path / "serve.sh"
    script.write_text(
        "vllm serve meta-llama/Llama-3.1-70B --tensor-parallel-size 8\n", encoding="utf-8"
    )
    import argparse

    settings = Settings(hardware_path=str(SEED))
    check = text_checker(settings, rule_settings_from(settings.config, argparse.Namespace()))
    found = check(str(script), script.read_text(encoding="utf-8"))
    fixes = [f.fix for f in found.findings if f.rule == "TL101" and f.fix is not None]
    assert fixes and fixes[0].edits
    assert fixes[0].message.startswith("--tensor-parallel-size 4 --pipeline-parallel-size 2")


def test_the_quantization_group_fix_picks_a_tp_the_engine_starts_with() -> None:
    """An AWQ Qwen2-72B at TP 4 (QwenLM/Qwen3#698): 29568 / 4 is no whole number of 128-wide
    groups.  TL206 offered TP 3, the largest size that splits the groups, which the 64 heads
    do not divide (TL202: the engine refuses), so ``check`` dropped it.  It now asks the
    engine's start-up checks (``toplint.outcome.starts``) and offers TP 1, which starts."""
    import argparse

    settings = settings_from_args(argparse.Namespace(config=str(QWEN3_698 / "toplint.yaml")))
    check = text_checker(settings, rule_settings_from(settings.config, argparse.Namespace()))
    path = QWEN3_698 / "failing" / "serve.sh"
    text = _text(path)
    found = check(str(path), text)
    tl206 = [f for f in found.findings if f.rule == "TL206"]
    assert tl206 and tl206[0].fix is not None, [f.message for f in tl206]
    assert tl206[0].fix.message.startswith("--tensor-parallel-size 1 ")
    fixed, _ = apply_edits(text, tl206[0].fix.edits)
    assert verify(found, check(str(path), fixed), tl206[0]) is None


def test_a_container_narrowed_to_one_gpu_is_offered_no_wider_layout() -> None:
    """A compose service granted every GPU (``count: all``) whose environment sets
    ``CUDA_VISIBLE_DEVICES=0`` sees one GPU: TL205 offered ``--tp-size 4`` "on all 4 GPUs of the
    node", which TL201 then called an error, so ``check`` dropped it.  The visible devices now
    bound it (tests/data/open_world11/Cloud-Linuxer__Qwen/deploy-qwen3-32b-awq.sh)."""
    import argparse

    path = TESTS / "data" / "open_world11" / "Cloud-Linuxer__Qwen" / "deploy-qwen3-32b-awq.sh"
    settings = Settings(hardware_path=str(V100))
    check = text_checker(settings, rule_settings_from(settings.config, argparse.Namespace()))
    found = check(str(path), _text(path))
    tl205 = [f for f in found.findings if f.rule == "TL205"]
    assert tl205, "TL205 is no longer reported"
    assert not any("--tp-size 4" in f.message for f in tl205)
    assert not any(f.fix is not None and "--tp-size 4" in f.fix.message for f in tl205)
