"""Moore Threads GPUs (MUSA) are declined like the other unmodelled accelerators (open-world set
32, MooreThreads/tutorial_on_musa@48faf75b vllm_musa/run.sh: vLLM over MUSA on a Ray cluster)."""

from __future__ import annotations

from tests.parse.helpers import only
from toplint.accelerators import by_env, by_image, by_resource, of_deployment


def test_moore_threads_is_an_unmodelled_accelerator() -> None:
    for found in (
        by_env("MTHREADS_VISIBLE_DEVICES"),
        by_env("MUSA_VISIBLE_DEVICES"),
        by_resource("mthreads.com/vgpu"),
        by_image("registry.mthreads.com/mcconline/mtt-vllm-public:v0.2.1"),
    ):
        assert found is not None and found.kind == "musa"
    dep = only("musa.sh", "export MTHREADS_VISIBLE_DEVICES=0,1\nvllm serve org/m -tp 2\n")
    found = of_deployment(dep)
    assert found is not None and found[0].kind == "musa"
