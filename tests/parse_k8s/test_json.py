"""Kubernetes resources written as JSON are read by the same readers as YAML, with positions."""

from __future__ import annotations

import json

from tests.parse.helpers import only, parse_text

DEPLOYMENT = {
    "apiVersion": "apps/v1",
    "kind": "Deployment",
    "metadata": {"name": "llama"},
    "spec": {
        "template": {
            "spec": {
                "containers": [
                    {
                        "name": "vllm",
                        "image": "vllm/vllm-openai",
                        "args": ["--model", "meta-llama/Llama-3.1-70B-Instruct", "-tp", "8"],
                        "resources": {"limits": {"nvidia.com/gpu": 8}},
                    }
                ]
            }
        }
    },
}


def line_of(text: str, needle: str) -> int:
    return next(i for i, line in enumerate(text.splitlines(), 1) if needle in line)


def test_an_indented_json_deployment_is_read_like_its_yaml() -> None:
    dep = only("deploy.json", json.dumps(DEPLOYMENT, indent=2))
    assert (dep.engine, dep.tp, dep.gpus, dep.source_kind) == ("vllm", 8, 8, "k8s-deployment")


def test_json_positions_point_at_the_values() -> None:
    text = json.dumps(DEPLOYMENT, indent=2)
    dep = only("deploy.json", text)
    assert dep.position_of("gpus").line == line_of(text, '"nvidia.com/gpu"')
    assert dep.position_of("tp").line == line_of(text, '"-tp"')


def test_a_one_line_json_deployment_is_read() -> None:
    text = json.dumps(DEPLOYMENT)
    dep = only("deploy.json", text)
    assert dep.position_of("gpus").column == text.index('"nvidia.com/gpu"') + 1


def test_a_json_list_of_resources_with_tab_indentation_is_read() -> None:
    text = json.dumps({"apiVersion": "v1", "kind": "List", "items": [DEPLOYMENT]}, indent="\t")
    assert only("list.json", text).tp == 8


def test_a_json_file_that_is_not_a_kubernetes_resource_yields_nothing() -> None:
    text = json.dumps({"name": "pkg", "version": "1.0", "kind": "library"})
    assert parse_text("package.json", text).deployments == ()
