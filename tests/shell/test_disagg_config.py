"""Disaggregated configs with context and generation worker sections (issue 14.3)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import parse_text

DATA = Path(__file__).parent / "data"
ROUTER_ONLY = """\
hostname: localhost
port: 8000
backend: pytorch
context_servers:
  num_instances: 1
  urls: ["ctx_hostname:8001"]
generation_servers:
  num_instances: 1
  urls: ["gen_hostname:8002"]
"""


def deployments() -> dict[str, tuple[object, ...]]:
    text = (DATA / "disagg_config.yaml").read_text()
    found = parse_text("disagg_config.yaml", text).deployments
    return {d.name: (d.engine, d.model, d.tp, d.pp, d.ep, d.replicas) for d in found}


def test_each_worker_section_is_one_deployment_with_its_instances() -> None:
    model = "TinyLlama/TinyLlama-1.1B-Chat-v1.0"
    assert deployments() == {
        "context": ("trtllm", model, 2, 1, 1, 2),
        "generation": ("trtllm", model, 4, 1, 4, 1),
    }


def test_section_setting_points_into_its_section() -> None:
    text = (DATA / "disagg_config.yaml").read_text()
    gen = next(d for d in parse_text("d.yaml", text).deployments if d.name == "generation")
    assert (gen.sources["tp"].line, gen.sources["tp"].column) == (16, 3)


def test_router_address_book_deploys_nothing() -> None:
    assert parse_text("disagg_config.yaml", ROUTER_ONLY).deployments == ()
