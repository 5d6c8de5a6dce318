"""The engine release a package install in the deployment's own file pins
(``toplint.parse.pins``)."""

from __future__ import annotations

from tests.parse.helpers import only
from toplint.engines.release import pinned


def test_a_dockerfile_that_installs_the_engine_pins_its_release() -> None:
    text = (
        "FROM nvidia/cuda:12.4.1-devel-ubuntu22.04\n"
        "RUN pip install --no-cache-dir \\\n    vllm==0.6.3.post1 transformers\n"
        'CMD ["vllm", "serve", "m", "--tensor-parallel-size", "2"]\n'
    )
    dep = only("Dockerfile", text)
    assert dep.options["engine_release"] == "0.6.3.post1"
    assert pinned(dep) == (0, 6, 3)


def test_a_skypilot_setup_pins_sglang_and_its_dp_attention_follows() -> None:
    # sglang 0.4.2's --enable-dp-attention runs at the TP size (server_args.py)
    text = (
        "resources:\n  accelerators: H100:8\n"
        'setup: |\n  uv pip install "sglang[all]==0.4.2.post4" --find-links https://x/\n'
        "run: |\n  python -m sglang.launch_server --model-path m --tp 8 --dp 2"
        " --enable-dp-attention\n"
    )
    dep = only("task.yaml", text)
    assert (dep.options["engine_release"], dep.options["attention_dp"]) == ("0.4.2.post4", "8")


def test_an_engine_image_keeps_its_own_release() -> None:
    text = 'FROM vllm/vllm-openai:v0.9.2\nRUN pip install vllm==0.6.3\nCMD ["vllm", "serve", "m"]\n'
    dep = only("Dockerfile", text)
    assert "engine_release" not in dep.options and pinned(dep) == (0, 9, 2)


def test_two_releases_or_a_range_pin_nothing() -> None:
    two = "pip install vllm==0.6.3\npip install vllm==0.7.0\nvllm serve m\n"
    assert "engine_release" not in only("a.sh", two).options
    ranged = "pip install 'vllm>=0.6.3'\nvllm serve m\n"
    assert "engine_release" not in only("a.sh", ranged).options
    other = "pip install vllm-flash-attn==2.6.1 vllm_utils==1.0\nvllm serve m\n"
    assert "engine_release" not in only("a.sh", other).options
