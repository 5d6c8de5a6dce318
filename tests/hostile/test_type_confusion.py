"""Issue 30: a mapping where a list is expected and the reverse crashed the Kubernetes readers
(found by replacing every node of the corpus's resources with a list, a mapping, a word, a
number, null or a bool).  kubectl rejects each of these resources; toplint says so at the
value (TL001) and reads the rest, or ignores a field it only reads for hints."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.parse.helpers import parse_text

POD = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: x}
spec:
  template:
    spec:
      nodeSelector: NODE_SELECTOR
      volumes: [{name: VOLUME_NAME, emptyDir: {medium: Memory}}]
      containers: CONTAINERS
"""
CONTAINER = (
    "[{name: c, image: vllm/vllm-openai,"
    " command: [vllm, serve, org/m, --tensor-parallel-size, '2'],"
    " volumeMounts: [{name: shm, mountPath: /dev/shm}], envFrom: [{configMapRef: [x]}],"
    " resources: {limits: {nvidia.com/gpu: 2}}}]"
)
RAY = """\
apiVersion: ray.io/v1
kind: RayCluster
metadata: {name: r}
spec:
  headGroupSpec:
    template:
      spec:
        containers: [{name: head, image: rayproject/ray, command: [vllm, serve, org/m]}]
  workerGroupSpecs:
    - replicas: 1
      template:
        spec:
          containers: WORKER
"""


def _pod(selector: str = "{a: b}", volume: str = "shm", containers: str = CONTAINER) -> str:
    text = POD.replace("NODE_SELECTOR", selector).replace("VOLUME_NAME", volume)
    return text.replace("CONTAINERS", containers)


CASES = {
    # (text, TL001 expected at (line, column), or None: read on without it)
    "containers-a-bool": (_pod(containers="true"), (9, 19)),
    "worker-containers-a-number": (RAY.replace("WORKER", "7"), (13, 23)),
    "node-selector-a-word": (_pod(selector="x"), (7, 21)),
    "node-selector-a-list": (_pod(selector="[x]"), (7, 21)),
    "volume-name-a-list": (_pod(volume="[]"), None),
    "volume-name-a-mapping": (_pod(volume="{}"), None),
    "config-map-ref-a-list": (_pod(), None),
}


@pytest.mark.parametrize("name", sorted(CASES))
def test_wrong_types_are_findings_not_crashes(name: str) -> None:
    text, at = CASES[name]
    result = parse_text("x.yaml", text)
    raised = [f.message for f in result.findings if "raised" in f.message]
    assert not raised, raised
    tl001 = [(f.line, f.column) for f in result.findings if f.rule == "TL001"]
    assert tl001 == ([at] if at else []), [f.message for f in result.findings]
    if at is None:
        assert [d.tp for d in result.deployments] == [2]


# (file, the node replaced, by what): each raised in its reader before (found by the same
# replacement of every node; 40 crash kinds in the readers of compose, Helm values, Ray Serve,
# SkyPilot, llmaz and KAITO files).
REPLACED = [
    (
        "compose-public/JinwangMok-InferencePack/docker-compose.vllm.yml",
        ("services", "vllm", "deploy", "resources", "reservations"),
        [],
    ),
    (
        "compose-public/JinwangMok-InferencePack/docker-compose.vllm.yml",
        ("services", "vllm", "deploy", "resources", "reservations", "devices", 0, "capabilities"),
        7,
    ),
    ("production-stack/values-02-basic-config.yaml", ("servingEngineSpec", "modelSpec"), True),
    (
        "production-stack/values-02-basic-config.yaml",
        ("servingEngineSpec", "modelSpec", 0, "vllmConfig"),
        ["x"],
    ),
    (
        "production-stack/values-15-a-minimal-pipeline-parallel-example-raycluster.yaml",
        ("servingEngineSpec", "modelSpec", 0, "raySpec"),
        "x",
    ),
    (
        "production-stack/values-15-a-minimal-pipeline-parallel-example-raycluster.yaml",
        ("servingEngineSpec", "modelSpec", 0, "raySpec", "headNode"),
        2.5,
    ),
    (
        "production-stack/values-25-v100-multi-gpu-tp2.yaml",
        ("servingEngineSpec", "modelSpec", 0, "nodeSelectorTerms"),
        True,
    ),
    ("corpus2:ray-serve-llm/llm_config_example.yaml", ("applications", 0, "args"), ["x"]),
    (
        "corpus2:ray-serve-llm/llm_config_example.yaml",
        ("applications", 0, "args", "llm_configs", 0, "model_loading_config"),
        7,
    ),
    (
        "corpus2:ray-serve-llm/llm_config_example.yaml",
        ("applications", 0, "args", "llm_configs", 0, "deployment_config"),
        "x",
    ),
    ("corpus2:skypilot/qwen3-235b.yaml", ("envs",), ["x"]),
    ("corpus2:skypilot/deepseek-r1-671B.yaml", ("resources", "any_of"), True),
    (
        "corpus2:llmaz/sglang-playground.yaml",
        ("spec", "inferenceConfig", "flavors", 0, "limits"),
        ["x"],
    ),
    ("corpus2:kaito/kaito_workspace_gpt_oss_120b.yaml", ("metadata",), ["x"]),
]


@pytest.mark.parametrize(("name", "at", "value"), REPLACED, ids=lambda v: str(v)[:40])
def test_replaced_nodes_raise_nothing(name: str, at: tuple[str | int, ...], value: object) -> None:
    import yaml

    from tests.conftest import CORPUS, ROOT

    if name.startswith("corpus2:"):
        path = Path(ROOT) / "tests" / "data" / "corpus2" / name.removeprefix("corpus2:")
    else:
        path = CORPUS / name
        if not path.is_file():
            pytest.skip("needs ../shared/corpus")
    docs = list(yaml.safe_load_all(path.read_text(encoding="utf-8")))
    index = next(i for i, d in enumerate(docs) if isinstance(d, dict) and at[0] in d)
    node = docs[index]
    for step in at[:-1]:
        node = node[step]
    node[at[-1]] = value
    text = yaml.safe_dump_all(docs, sort_keys=False)
    result = parse_text(path.name, text)
    raised = [f.message for f in result.findings if "raised" in f.message]
    assert not raised, raised
