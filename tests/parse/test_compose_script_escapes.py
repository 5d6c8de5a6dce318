"""A compose ``bash -c`` script that an unset variable leaves partly unknown is read as compose
passes it to the shell: ``$$`` is a literal ``$`` and the known ``${VAR:-default}``s are their
values (compose-spec@170098ba 12-interpolation.md: "You can use a `$$` (double-dollar sign) when
your configuration needs a literal dollar sign"; an unset variable with no default is substituted
by compose at run time, so toplint leaves it unknown).  Before, such a script was read as written,
so ``$$(( ${MAX_NUM_SEQS:-6} * (${MTP_NUM_TOKENS:-5} + 1) ))`` reached the shell lexer as its
``$$`` (process id) before a ``((``, and every flag after it was lost, ``--nnodes 2`` among them:
a two-node TP=2 deployment read as one node (TL211, an error).

MiaAI-Lab/DeepSeek-v4-Flash-DSpark-2x-DGX-Spark@489af958 docker-compose.dspark.yml:246-285
(tests/recipes6 development: two DGX Sparks, TP=2 over RoCE), its words cut down here.
"""

from __future__ import annotations

from pathlib import Path

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
from toplint.parse.text.expand import expand_text, interpolate_known

COMPOSE = """services:
  vllm-dspark:
    image: ghcr.io/anemll/dspark-vllm-gx10:0.1.1
    entrypoint: []
    command:
      - bash
      - -lc
      - >
        SPECULATIVE_CONFIG="{\\"method\\":\\"dspark\\"}";
        exec /usr/local/bin/vllm serve ${DSPARK_MODEL:-deepseek-ai/DeepSeek-V4-Flash-0731}
        --tensor-parallel-size 2
        --max-cudagraph-capture-size $$(( ${MAX_NUM_SEQS:-6} * (${MTP_NUM_TOKENS:-5} + 1) ))
        --gpu-memory-utilization ${GPU_MEMORY_UTILIZATION:-0.80}
        --speculative-config "$${SPECULATIVE_CONFIG}"
        --nnodes 2
        --node-rank ${NODE_RANK}
        ${HEADLESS:+--headless}
"""


def _service(tmp_path: Path, text: str) -> Deployment:
    path = tmp_path / "docker-compose.yml"
    path.write_text(text)
    result = parse_source(Source.from_text(str(path), text), builtin_and_plugin_parsers())
    (dep,) = result.deployments
    return dep


def test_a_script_with_an_unset_variable_keeps_every_flag_after_an_escaped_arithmetic(
    tmp_path: Path,
) -> None:
    dep = _service(tmp_path, COMPOSE)
    assert (dep.engine, dep.model, dep.tp, dep.nodes) == (
        "vllm",
        "deepseek-ai/DeepSeek-V4-Flash-0731",
        2,
        2,
    )
    assert dep.options["max_cudagraph_capture_size"] == "36"  # 6 * (5 + 1), as the shell computes
    assert dep.options["gpu_memory_utilization"] == "0.80"
    # what compose cannot know stays unknown: the rank each node is given at run time
    assert [u.field for u in dep.unresolved] == ["node_rank"]


def test_a_fully_known_script_is_read_as_before(tmp_path: Path) -> None:
    known = COMPOSE.replace("${NODE_RANK}", "${NODE_RANK:-0}").replace(
        "${HEADLESS:+--headless}\n", ""
    )
    dep = _service(tmp_path, known)
    assert (dep.tp, dep.nodes, dep.unresolved) == (2, 2, ())
    assert dep.options["max_cudagraph_capture_size"] == "36"


def test_interpolate_known_is_compose_interpolation_with_unknowns_as_written() -> None:
    text = "a $$(( ${N:-6} * 2 )) --rank ${RANK} $${X} ${M:-m}"
    assert interpolate_known(text, {}) == "a $(( 6 * 2 )) --rank ${RANK} ${X} m"
    assert interpolate_known(text, {"RANK": "1"}) == "a $(( 6 * 2 )) --rank 1 ${X} m"
    # the whole value is known only when every variable is (expand_text, unchanged)
    assert expand_text(text, {}) == (None, ("${RANK}",))
    assert expand_text(text, {"RANK": "1"}) == ("a $(( 6 * 2 )) --rank 1 ${X} m", ())
