"""Dynamo SDK graph configs (toplint.parse.generic.dynamograph): `Common` keys given to the services
that subscribe to them, and the GPUs the graph's workers ask one host for."""

from __future__ import annotations

from pathlib import Path

from toplint.optionkeys import GRAPH_HOST_GPUS, GRAPH_HOST_PARTS, GRAPH_HOST_REPORT
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

GRAPH = """\
Common:
  model: org/shared
  max-model-len: 4096
VllmWorker:
  max-model-len: 8192
  tensor-parallel-size: 2
  ServiceArgs:
    workers: 2
    resources:
      gpu: 2
  common-configs: [model, max-model-len]
PrefillWorker:
  tensor-parallel-size: 1
  gpu-memory-utilization: 0.9
  ServiceArgs:
    workers: 3
    resources:
      gpu: 1
  common-configs: [model]
"""


def _parse(tmp_path: Path, text: str):  # type: ignore[no-untyped-def]
    path = tmp_path / "disagg.yaml"
    path.write_text(text)
    source = Source.from_text(str(path), text)
    return parse_source(source, builtin_and_plugin_parsers())


def test_services_take_the_common_keys_they_name_and_keep_their_own(tmp_path: Path) -> None:
    deps = sorted(_parse(tmp_path, GRAPH).deployments, key=lambda d: d.line)
    assert [(d.line, d.model, d.tp) for d in deps] == [(4, "org/shared", 2), (12, "org/shared", 1)]
    worker, prefill = deps
    assert worker.sources["model"].line == 2  # placed where Common writes it
    assert worker.options["max_model_len"] == "8192"  # its own key wins over Common's
    assert prefill.options.get("max_model_len") is None  # not subscribed
    assert all(d.line != 1 for d in deps)  # Common itself starts nothing


def test_the_graph_s_workers_ask_one_host_for_their_gpus_in_all(tmp_path: Path) -> None:
    deps = sorted(_parse(tmp_path, GRAPH).deployments, key=lambda d: d.line)
    assert {d.options[GRAPH_HOST_GPUS] for d in deps} == {"7"}  # 2 x 2 + 3 x 1
    assert deps[0].options[GRAPH_HOST_PARTS] == "VllmWorker 2 × 2, PrefillWorker 3 × 1"
    assert [d.options.get(GRAPH_HOST_REPORT) for d in deps] == ["1", None]  # reported once


def test_devices_picked_by_hand_make_no_sum(tmp_path: Path) -> None:
    text = GRAPH + "  cuda-visible-device-offset: 4\n"  # the prefill worker's
    deps = _parse(tmp_path, text).deployments
    assert deps and all(GRAPH_HOST_GPUS not in d.options for d in deps)


def test_a_document_with_no_service_args_or_subscribers_is_read_as_before(tmp_path: Path) -> None:
    text = "Common:\n  model: org/m\nworker:\n  model: org/m\n  tensor-parallel-size: 2\n"
    deps = _parse(tmp_path, text).deployments
    assert all(GRAPH_HOST_GPUS not in d.options for d in deps)
