"""vLLM's ``--language-model-only``: a Qwen3.5/3.6 checkpoint's vision tower is not built, so
its weights are not counted (``toplint.outcome.towers.language_only``; vllm-project/vllm
vllm/config/multimodal.py ``MultiModalConfig.language_model_only``, models/interfaces.py
``_mark_tower_model``, @36c110bd models/qwen3_5.py)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only
from toplint.hardware.models import lookup_model
from toplint.model import Deployment
from toplint.outcome.memory import memory
from toplint.outcome.towers import language_only, vision_weights
from toplint.record import replace

# A real script (allanchan339/vLLM-Qwen3.5-27B@13556c07 Qwen36/35B/qwen36_35B_vllm_FP8.sh, the
# development half of open-world set 11): Qwen/Qwen3.6-35B-A3B-FP8 at TP 2 with the flag.
SCRIPT = (
    Path(__file__).parents[1]
    / "data/open_world11/allanchan339__vLLM-Qwen3.5-27B/Qwen36/35B/qwen36_35B_vllm_FP8.sh"
)


def _served() -> Deployment:
    return only("qwen36_35B_vllm_FP8.sh", SCRIPT.read_text())


def test_the_script_s_flag_is_read_and_turns_the_tower_off() -> None:
    dep = _served()
    assert dep.engine == "vllm" and dep.tp == 2
    assert language_only(dep)
    without = replace(dep, options={k: v for k, v in dep.options.items() if "language" not in k})
    assert not language_only(without)


def test_without_the_tower_its_weights_leave_the_memory() -> None:
    dep = _served()
    model = lookup_model(dep.model or "")
    assert model is not None and model.vision_params > 4e8  # Qwen3-VL's tower, 27 blocks
    assert vision_weights(model, dep) == 0.0
    loaded = replace(dep, options={**dep.options, "language_model_only": "false"})
    assert vision_weights(model, loaded) == model.vision_params * 2 / 2  # 16-bit over TP 2
    on, off = memory(dep, model, 31.36, "RTX 5090"), memory(loaded, model, 31.36, "RTX 5090")
    assert off.weights - on.weights == model.vision_params
    assert on.kv_tokens > off.kv_tokens


def test_sglang_has_no_such_switch_read() -> None:
    dep = replace(_served(), engine="sglang")
    model = lookup_model("Qwen/Qwen3.6-35B-A3B-FP8")
    assert model is not None
    assert not language_only(dep)
    assert vision_weights(model, dep) > 0
