"""The SGLang record against the parsers of the releases it was read from (issue 14, gap 4): every
option sglang 0.5.5.post3's ``ServerArgs.add_cli_args`` and 0.5.15.post1's ``ServerArgs`` (its
annotated fields and ``add_cli_args``) register is in the record, as a value or a switch the same
way (tests/engines/data/sglang-<release>-options.txt, read from each wheel)."""

from __future__ import annotations

import pytest

from tests.engines.release_options import CORPUS2, release_options
from tests.parse.helpers import parse_text
from toplint.engines.registry import get_spec

RELEASES = ("0.5.5.post3", "0.5.15.post1")


def _entries() -> list[tuple[str, str]]:
    return [e for r in RELEASES for e in release_options(f"sglang-{r}-options.txt")]


def test_record_names_the_release_it_was_read_from() -> None:
    assert get_spec("sglang").release == "0.5.5.post3"


@pytest.mark.parametrize(("name", "kind"), [e for e in _entries() if not e[1].startswith("->")])
def test_every_option_of_the_release_is_known_the_same_way(name: str, kind: str) -> None:
    spec = get_spec("sglang")
    canonical = spec.long_options().get(name)
    assert canonical is not None, name
    assert spec.options[canonical] is (kind == "value"), name


@pytest.mark.parametrize(("alias", "target"), [e for e in _entries() if e[1].startswith("->")])
def test_every_alias_of_the_release_names_the_same_option(alias: str, target: str) -> None:
    longs = get_spec("sglang").long_options()
    assert longs.get(alias[2:]) == longs.get(target[3:]) is not None, alias


# Every alias each release's parser accepts (``add_argument``'s names after the first, 0.5.23's
# ``Arg.aliases`` too): sglang 0.3.6.post3 and 0.4.6.post5 (the PyPI wheels' server_args.py,
# read with Python's ast: ``--tensor-parallel-size``/``--tp-size``, ``--pipeline-parallel-size``/
# ``--pp-size`` from 0.4, ``--data-parallel-size``/``--dp-size``, ``--expert-parallel-size``/
# ``--ep-size`` from 0.4, ``--dist-init-addr``/``--nccl-init-addr``), then 0.5.23's list.
OLDER_ALIASES = (
    ("--tensor-parallel-size", "tp-size"),
    ("--pipeline-parallel-size", "pp-size"),
    ("--data-parallel-size", "dp-size"),
    ("--expert-parallel-size", "ep-size"),
    ("--nccl-init-addr", "dist-init-addr"),
)


@pytest.mark.parametrize(
    ("alias", "target"),
    [*OLDER_ALIASES, *((a, t[3:]) for a, t in release_options("sglang-0.5.23-aliases.txt"))],
)
def test_every_alias_of_every_release_read_names_its_option(alias: str, target: str) -> None:
    longs = get_spec("sglang").long_options()
    assert longs.get(alias[2:]) == longs.get(target) is not None, alias


@pytest.mark.parametrize(
    ("written", "tp", "dp"),
    [
        ("--tp 4 --dp 2", 4, 2),  # argparse's unique prefixes (allow_abbrev), no aliases
        ("--tensor-parallel-size 4 --data-parallel-size 2", 4, 2),
        ("--tensor-parallel-size=4 --data-parallel-size=2", 4, 2),
        ("--tp-size 4 --dp-size 2", 4, 2),
    ],
)
def test_every_spelling_of_the_layout_reads_the_same(written: str, tp: int, dp: int) -> None:
    text = f"python -m sglang.launch_server --model-path org/m {written}\n"
    (dep,) = parse_text("run.sh", text).deployments
    assert (dep.tp, dep.dp) == (tp, dp)


def test_real_ome_runtime_on_that_release_has_no_unknown_option() -> None:
    # sgl-project/ome's gRPC runtime runs lmsysorg/sglang:v0.5.5.post3 with --grpc-mode.
    path = CORPUS2 / "ome" / "llama-3-1-8b-instruct-grpc-rt.yaml"
    result = parse_text(path.name, path.read_text(encoding="utf-8"))
    assert [f.message for f in result.findings if f.rule == "TL005"] == []


def test_a_0_5_15_launcher_has_no_unknown_option() -> None:
    # si-yu-aa/qwen36-b200-deploy@f2dc4c7 scripts/qwen36-nvfp4-sglang.sh (SGLang 0.5.15.post1):
    # DFlash drafter, NVFP4 GEMM and linear-attention backends, per-phase CUDA-graph options;
    # each was TL005 'sglang does not know the option' against the 0.5.5.post3 vocabulary alone
    text = """python -m sglang.launch_server --model-path nvidia/Qwen3.6-35B-A3B-NVFP4 \\
  --fp4-gemm-backend flashinfer_trtllm --speculative-algorithm DFLASH \\
  --speculative-draft-model-path z-lab/Qwen3.6-35B-A3B-DFlash \\
  --speculative-draft-model-quantization unquant --speculative-dflash-block-size 8 \\
  --speculative-draft-attention-backend fa4 --linear-attn-prefill-backend flashinfer \\
  --linear-attn-decode-backend flashinfer --mamba-radix-cache-strategy extra_buffer \\
  --cuda-graph-max-bs-decode 32 --cuda-graph-backend-prefill tc_piecewise \\
  --flashinfer-allreduce-fusion-backend auto --tp-size 1
"""
    result = parse_text("serve.sh", text)
    assert [f.message for f in result.findings if f.rule == "TL005"] == []
    (dep,) = result.deployments
    assert (dep.engine, dep.tp) == ("sglang", 1)


def test_an_option_no_release_registers_is_still_unknown() -> None:
    result = parse_text("serve.sh", "python -m sglang.launch_server --model-path m --tp-sise 2\n")
    assert any("--tp-sise" in f.message for f in result.findings if f.rule == "TL005")
