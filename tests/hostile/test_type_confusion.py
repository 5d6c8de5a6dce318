"""Issue 30: a mapping where a list is expected and the reverse crashed the Kubernetes readers
(found by replacing every node of the corpus's resources with a list, a mapping, a word, a
number, null or a bool).  kubectl rejects each of these resources; toplint says so at the
value (TL001) and reads the rest, or ignores a field it only reads for hints."""

from __future__ import annotations

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
