"""Issue 30 item 5: every number read from tree text goes through ``toplint.infra.numbers``.

The audit (``int(``, ``float(``, ``isdigit()``, unbounded ``\\d+`` over linter/ and rules/)
found these entry points reading tree text by hand; each value below ended a run with exit 3
(4,000 digits: int() refuses them; "²": isdigit() is True, int() refuses it; 1e400 as
int(inf)) or was priced as a real number ("１２": isdigit() is True and int() reads 12).
Each entry point must now answer "not a number" (None, its default, a finding) and never
raise.  "-0" is zero, which some entry points accept.
"""

from __future__ import annotations

import contextlib
import json
from collections.abc import Callable
from pathlib import Path

import pytest

from .conftest import run_toplint

HOSTILE = ["9" * 4000, "1e400", "nan", "inf", "-0", "１２", "²", "١٢"]


def _directive(value: str) -> object:
    from toplint.parse.text.launchers import directive_allocation

    text = (
        f"#SBATCH -N {value}\n#SBATCH --gres=gpu:{value}\n#PBS -l select={value}:ngpus={value}\n"
        f'#BSUB -gpu "num={value}"\n#BSUB -nnodes {value}\n'
    )
    alloc = directive_allocation(text, "x.sbatch")
    return alloc.nodes or alloc.gpus_per_node or alloc.gpus_total


def _launcher(value: str) -> object:
    from toplint.model import Position
    from toplint.parse.text.launchers import launcher_allocation

    at = Position("x.sh", 1, 1)
    words = ["srun", "-N", value, "--gpus-per-node", value, "torchrun", "--nnodes", value]
    alloc = launcher_allocation([(w, at) for w in words])
    return alloc.nodes or alloc.gpus_per_node


def _visible_devices(value: str) -> object:
    from toplint.parse.enginecfg import narrow_ids

    return narrow_ids(["0", "1", "2"], value) or narrow_ids([], f"0,{value}")


def _context_length(value: str) -> object:
    from toplint.outcome.memory import _number

    return _number(value) or _number(f"{value}k")


def _gpu_resource(value: str) -> object:
    from toplint.parse.infer.resources import count, gpu_value

    found = gpu_value(value) or gpu_value(f"H100:{value}") or gpu_value(f"gpu:a100:{value}")
    return found or count(value)


def _skypilot(value: str) -> object:
    from toplint.parse.structured.skypilot import candidates

    return [n for _, n in candidates(f"A100:{value}")] + [n for _, n in candidates({"A100": value})]


def _engine_numbers(value: str) -> object:
    from toplint.engines.lmdeploy import _int
    from toplint.engines.sglang import _to_int

    return [_int(value, default=0), _to_int(value)]


def _image_version(value: str) -> object:
    from toplint.engines.release import version

    return version(f"v{value}.1.0") or version(f"{value}.{value}")


def _redundant_experts(value: str) -> object:
    from toplint.model import Deployment
    from toplint.outcome.shards import redundant_experts

    dep = Deployment("x.sh", 1, 1, "vllm", None, options={"num_redundant_experts": value})
    eplb = json.dumps({"num_redundant_experts": value})
    return [
        redundant_experts(dep),
        redundant_experts(Deployment("x.sh", 1, 1, "vllm", None, options={"eplb_config": eplb})),
    ]


def _model_config(value: str) -> object:
    from toplint.hardware.hfconfig import spec_from_hf_config

    base = {"hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 32000}
    number: object = value
    with contextlib.suppress(ValueError):
        number = json.loads(value)  # 1e400 and NaN as JSON numbers, as json.loads reads them
    for field in ("num_hidden_layers", "num_key_value_heads", "max_position_embeddings"):
        config = {"num_hidden_layers": 32, **base, field: number}
        try:
            spec = spec_from_hf_config(config)
        except ValueError:
            continue  # said to be unusable: the caller reports it
        if field == "max_position_embeddings":
            assert spec.max_context in (0, 0.0), spec.max_context
        else:
            return spec
    return None


def _node_rank(value: str) -> object:
    from tests.parse.helpers import parse_text

    line = "python -m sglang.launch_server --model-path org/m --nnodes 2 --node-rank {} --tp 2\n"
    result = parse_text("x.sh", line.format(0) + line.format(value))
    # "²" made the shell parser raise (an internal error, exit 3)
    return [f.message for f in result.findings if "raised" in f.message or value in f.message]


def _shm_size(value: str) -> object:
    from tests.parse.helpers import parse_text
    from toplint.parse.containershm import shm_bytes

    # 4,000 digits of --shm-size ended the run (float() then int() of inf)
    line = f"docker run --gpus all --shm-size {value}g vllm/vllm-openai --model org/m --tp 2\n"
    raised = [f.message for f in parse_text("x.sh", line).findings if "raised" in f.message]
    return [shm_bytes(f"{value}g"), *raised]


ENTRY_POINTS: dict[str, Callable[[str], object]] = {
    "batch-directives": _directive,
    "launcher-options": _launcher,
    "visible-devices": _visible_devices,
    "context-length": _context_length,
    "gpu-resource": _gpu_resource,
    "skypilot-accelerators": _skypilot,
    "engine-numbers": _engine_numbers,
    "image-version": _image_version,
    "redundant-experts": _redundant_experts,
    "model-config": _model_config,
    "node-rank": _node_rank,
    "shm-size": _shm_size,
}


def _nothing(found: object) -> bool:
    """No number read: None, empty, zeros (the "not given" of counts), a default."""
    if isinstance(found, (list, tuple)):
        return all(_nothing(x) for x in found)
    return found in (None, 0, 0.0, "")


@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: v if len(v) < 8 else f"{len(v)}-digits")
@pytest.mark.parametrize("entry", sorted(ENTRY_POINTS))
def test_hostile_numbers_are_not_numbers(entry: str, value: str) -> None:
    found = ENTRY_POINTS[entry](value)  # raises nothing
    assert _nothing(found), found


def _tree(repo: Path, value: str) -> None:
    model = "meta-llama/Llama-3.1-8B-Instruct"
    (repo / "ok.sh").write_text(f"vllm serve {model} --tensor-paralel-size 2\n")
    (repo / "job.sbatch").write_text(
        f"#!/bin/bash\n#SBATCH -N {value}\n#SBATCH --gres=gpu:{value}\n"
        f"CUDA_VISIBLE_DEVICES={value} srun -N {value} vllm serve {model} "
        f"--max-model-len {value} --node-rank {value} --num-redundant-experts {value}\n"
    )
    (repo / "compose.yaml").write_text(
        f"services:\n  a:\n    image: vllm/vllm-openai:v{value}.1.0\n"
        f"    command: vllm serve {model} --bogus-flag 1\n"
        f"    deploy: {{resources: {{reservations: {{devices: [{{count: '{value}'}}]}}}}}}\n"
    )
    (repo / "sky.yaml").write_text(
        f"resources:\n  accelerators: A100:{value}\nrun: vllm serve {model}\n"
    )
    (repo / "models" / "m").mkdir(parents=True)
    number = value if value not in ("１２", "²", "١٢", "-0") else json.dumps(value)
    (repo / "models" / "m" / "config.json").write_text(
        '{"hidden_size": 4096, "num_attention_heads": 32, "vocab_size": 32000, '
        f'"num_hidden_layers": {number}}}'
    )
    (repo / "local.sh").write_text("vllm serve ./models/m --tensor-parallel-size 2\n")


@pytest.mark.slow
@pytest.mark.parametrize("value", HOSTILE, ids=lambda v: v if len(v) < 8 else f"{len(v)}-digits")
def test_hostile_numbers_end_to_end(repo: Path, value: str) -> None:
    """The Action's command on a tree writing ``value`` at every entry point: no exit 3, no
    traceback, the other file's finding kept."""
    _tree(repo, value)
    run = run_toplint(["check", ".", "--format", "json"], repo)
    assert run.returncode in (1, 2), run.stderr[-600:]
    assert "internal error" not in run.stderr and "Traceback" not in run.stderr, run.stderr
    found = json.loads(run.stdout)["findings"]
    assert any(f["rule"] == "TL005" and f["path"].endswith("ok.sh") for f in found)
