"""GPU model servers whose engine is decided outside the file are TL008, never silence: a NIM
container that states no backend, and a KServe InferenceService served by another runtime."""

from __future__ import annotations

from toplint.model import Finding
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def parse(text: str) -> tuple[int, list[Finding]]:
    result = parse_source(Source.from_text("x.yaml", text), toplint_parsers())
    return len(result.deployments), list(result.findings)


NIM_NO_BACKEND = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: nim}
spec:
  template:
    spec:
      containers:
      - name: c
        image: nvcr.io/nim/nvidia/llm-nim:1.14
        env:
        - {name: NIM_TENSOR_PARALLEL_SIZE, value: "2"}
        resources: {limits: {nvidia.com/gpu: "8"}}
"""


def test_nim_without_a_stated_backend_is_tl008_at_the_image() -> None:
    count, findings = parse(NIM_NO_BACKEND)
    assert count == 0
    (f,) = findings
    assert (f.rule, f.line, f.column) == ("TL008", 9, 16)
    assert "NIM_MODEL_PROFILE" in f.message and "nvcr.io/nim/nvidia/llm-nim:1.14" in f.message


def isvc(fmt: str, resources: str) -> str:
    return f"""\
apiVersion: serving.kserve.io/v1beta1
kind: InferenceService
metadata: {{name: m}}
spec:
  predictor:
    model:
      modelFormat: {{name: {fmt}}}
      runtime: my-runtime
      storageUri: pvc://models/
{resources}"""


GPUS = '      resources: {limits: {nvidia.com/gpu: "4"}}\n'


def test_inference_service_on_another_runtime_with_gpus_is_tl008() -> None:
    count, findings = parse(isvc("nvidia-nim-llama3-70b-instruct", GPUS))
    assert count == 0
    (f,) = findings
    assert (f.rule, f.line) == ("TL008", 7)
    assert "my-runtime" in f.message


def test_inference_service_on_another_runtime_without_gpus_says_nothing() -> None:
    assert parse(isvc("sklearn", "")) == (0, [])


def test_huggingface_inference_service_is_still_read() -> None:
    count, findings = parse(isvc("huggingface", GPUS))
    assert count == 1 and not [f for f in findings if f.rule == "TL008"]
