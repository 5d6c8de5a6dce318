"""``${NAME}`` in a Kubernetes manifest is a template placeholder (envsubst, Flux's post-build
substitution), never the literal value: the kubelet expands only ``$(NAME)``."""

from __future__ import annotations

from tests.parse.helpers import parse_text

MANIFEST = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: x}
spec:
  template:
    spec:
      containers:
      - name: vllm
        image: vllm/vllm-openai:v0.8.0
        args: ["--model", "${MODEL}", "--tensor-parallel-size", "${TP}"]
        env:
        - {name: SHARDS, value: "${TP:-2}"}
        resources:
          limits: {nvidia.com/gpu: 2}
"""


def test_a_placeholder_is_unresolved_not_a_bad_literal() -> None:
    # felipemoz/vllm-on-azure@a57fc951 k8s/vllm-deployment.yaml is rendered by envsubst in
    # scripts/deploy.sh; linted on its own, `${TP}` was a TL010 error and `${MODEL}` a model
    result = parse_text("deploy.yaml", MANIFEST)
    (dep,) = result.deployments
    assert dep.tp is None and dep.model is None
    unresolved = {(u.field, u.variable) for u in dep.unresolved}
    assert unresolved >= {("tp", "${TP}"), ("model", "${MODEL}")}
    assert not any(f.rule == "TL010" for f in result.findings)


def test_the_kubelet_s_own_references_still_resolve() -> None:
    text = MANIFEST.replace('"${TP}"', '"$(N)"').replace(
        '{name: SHARDS, value: "${TP:-2}"}', '{name: N, value: "2"}'
    )
    (dep,) = parse_text("deploy.yaml", text).deployments
    assert dep.tp == 2


def test_an_engine_configured_by_env_reads_a_placeholder_as_unresolved() -> None:
    tgi = "ghcr.io/huggingface/text-generation-inference:2.4"
    text = MANIFEST.replace("vllm/vllm-openai:v0.8.0", tgi)
    text = text.replace('args: ["--model", "${MODEL}", "--tensor-parallel-size", "${TP}"]', "")
    text = text.replace('{name: SHARDS, value: "${TP:-2}"}', '{name: NUM_SHARD, value: "${TP}"}')
    (dep,) = parse_text("tgi.yaml", text).deployments
    assert dep.engine == "tgi" and dep.tp is None
    assert ("tp", "${TP}") in {(u.field, u.variable) for u in dep.unresolved}


TEMPLATED_LISTS = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: x}
spec:
  template:
    spec:
      volumes: ${VOLUMES}
      containers:
      - name: vllm
        image: vllm/vllm-openai:v0.8.0
        args: ["--model", "meta-llama/Llama-3.1-8B-Instruct", "--tensor-parallel-size", "2"]
        env: ${ENGINE_ENV}
        volumeMounts: '{{ .Values.mounts }}'
        resources:
          limits: {nvidia.com/gpu: 2}
"""


def test_a_placeholder_where_a_list_goes_is_a_template_not_a_bad_file() -> None:
    # volcano-sh/kthena@3cc05728 pkg/model-booster-controller/convert/templates/vllm.yaml fills
    # `env: ${ENGINE_ENV}` and `volumes: ${VOLUMES}` in before applying: each drew TL001
    result = parse_text("deploy.yaml", TEMPLATED_LISTS)
    (dep,) = result.deployments
    assert dep.tp == 2
    assert not any(f.rule == "TL001" for f in result.findings)


def test_a_word_where_a_list_goes_is_still_a_bad_file() -> None:
    result = parse_text("deploy.yaml", TEMPLATED_LISTS.replace("${ENGINE_ENV}", "FOO"))
    assert [f.rule for f in result.findings if f.rule == "TL001"] == ["TL001"]
