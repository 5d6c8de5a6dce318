"""A chart's values read as its templates render them (toplint.parse.generic.helmchart;
issue 24), on small charts and on the development half of the open-world Helm set
(tests/data/open_world_helm, whose SPLIT.md names the half)."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.fix.apply import apply_edits
from toplint.fix.resolve import intent_edits
from toplint.model import Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

DATA = Path(__file__).resolve().parents[1] / "data" / "open_world_helm"

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: {{ .Release.Name }}
spec:
  template:
    spec:
      containers:
        - name: vllm
          image: {{ .Values.image }}
          args:
            - --model={{ .Values.model }}
            - --tensor-parallel-size={{ .Values.tp }}
          resources:
            limits:
              nvidia.com/gpu: {{ .Values.gpus }}
"""
VALUES = (
    "image: vllm/vllm-openai:v0.9.0\nmodel: meta-llama/Llama-3.1-70B-Instruct\ntp: 8\ngpus: 8\n"
)


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _chart(root: Path, template: str = DEPLOYMENT, values: str = VALUES) -> Path:
    (root / "templates").mkdir()
    (root / "Chart.yaml").write_text("apiVersion: v2\nname: c\nversion: 0.1.0\n")
    (root / "templates" / "deployment.yaml").write_text(template)
    (root / "values.yaml").write_text(values)
    return root


def test_values_bound_to_flags_are_read_as_the_template_renders_them(tmp_path: Path) -> None:
    """values.yaml alone looked like TP 1 on 8 GPUs (a false TL201); rendered, it is TP 8."""
    chart = _chart(tmp_path)
    (dep,) = _parse(chart / "values.yaml").deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == (
        "vllm",
        "meta-llama/Llama-3.1-70B-Instruct",
        8,
        8,
    )
    assert dep.path == str(chart / "values.yaml")
    tp, gpus = dep.sources["tp"], dep.sources["gpus"]
    assert (tp.path, tp.line, tp.column) == (str(chart / "values.yaml"), 3, 5)  # `tp: 8`
    assert (gpus.path, gpus.line) == (str(chart / "values.yaml"), 4)
    assert "renders" in dep.notes[-1]


def test_an_option_whose_value_is_the_next_argument_is_at_that_value(tmp_path: Path) -> None:
    """``- --model`` then ``- {{ .Values.model }}`` (stackhpc/azimuth-llm@e3e787a
    charts/azimuth-llm/templates/api/deployment.yml): the model is at the value a user edits,
    not at the option's line of the template; an option followed by literal text keeps its
    place in the template, and so does the flag itself for findings on its name."""
    template = DEPLOYMENT.replace(
        "- --model={{ .Values.model }}", "- --model\n            - {{ .Values.model }}"
    ).replace(
        "- --tensor-parallel-size={{ .Values.tp }}", "- --tensor-parallel-size\n            - '8'"
    )
    chart = _chart(tmp_path, template)
    (dep,) = _parse(chart / "values.yaml").deployments
    model, tp = dep.sources["model"], dep.sources["tp"]
    assert (model.path, model.line, model.column) == (str(chart / "values.yaml"), 2, 8)
    assert (tp.path, tp.line) == (str(chart / "templates" / "deployment.yaml"), 14)
    flag = next(f for f in dep.flags if f.name == "model")
    assert flag.position.path == str(chart / "templates" / "deployment.yaml")


def test_the_template_itself_is_read_through_its_values(tmp_path: Path) -> None:
    """No TL008 on the template and no second deployment: the chart is one deployment."""
    result = _parse(_chart(tmp_path) / "templates" / "deployment.yaml")
    assert result.deployments == () and result.findings == ()


LITERAL = (
    DEPLOYMENT.replace("{{ .Release.Name }}", "m")
    .replace("{{ .Values.image }}", "vllm/vllm-openai:v0.9.0")
    .replace("{{ .Values.model }}", "mistralai/Mistral-7B-Instruct-v0.3")
    .replace("{{ .Values.tp }}", "1")
    .replace("{{ .Values.gpus }}", "1")
)


@pytest.mark.parametrize("values", ["", "# set at install\n", "---\n"])
def test_an_empty_values_file_renders_the_templates_with_no_values(
    tmp_path: Path, values: str
) -> None:
    """Helm reads an empty values.yaml as no values and renders the templates
    (helm/helm@b5f34b33 pkg/chartutil/values.go ReadValues); the template's deployment was
    lost in silence, its own file skipped as read through values that read nothing
    (philipsolarz/aws-eks-vllm-infra@61b3ea2 k8s/modules/llm: "0 deployments", no finding)."""
    chart = _chart(tmp_path, LITERAL, values)
    (dep,) = _parse(chart / "values.yaml").deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "mistralai/Mistral-7B-Instruct-v0.3", 1)
    assert _parse(chart / "templates" / "deployment.yaml").deployments == ()


def test_a_chart_that_cannot_be_loaded_says_its_templates_are_not_read(tmp_path: Path) -> None:
    """A Chart.yaml that is not a mapping: the templates read through the values are said not
    rendered (TL008 at info, at each template that runs a container), never passed over."""
    chart = _chart(tmp_path, LITERAL)
    (chart / "Chart.yaml").write_text("- not a chart\n")
    result = _parse(chart / "values.yaml")
    (finding,) = [f for f in result.findings if "not rendered" in f.message]
    assert (finding.rule, finding.severity) == ("TL008", Severity.INFO)
    assert finding.path.endswith("templates/deployment.yaml")
    assert "Chart.yaml is not a mapping" in finding.message


def test_a_values_file_beside_values_yaml_is_layered_over_it(tmp_path: Path) -> None:
    chart = _chart(tmp_path)
    (chart / "values-small.yaml").write_text("tp: 4\ngpus: 4\n")
    (dep,) = _parse(chart / "values-small.yaml").deployments
    assert (dep.tp, dep.gpus, dep.model) == (4, 4, "meta-llama/Llama-3.1-70B-Instruct")
    assert dep.sources["tp"].path == str(chart / "values-small.yaml")
    assert dep.sources["model"].path == str(chart / "values.yaml")


def test_an_unsupported_value_is_unresolved_not_guessed(tmp_path: Path) -> None:
    template = DEPLOYMENT.replace("{{ .Values.tp }}", '{{ .Files.Get "tp.txt" }}')
    (dep,) = _parse(_chart(tmp_path, template) / "values.yaml").deployments
    assert dep.tp is None and any(u.field == "tp" for u in dep.unresolved)


def test_a_value_rendered_with_tpl_is_read(tmp_path: Path) -> None:
    # `tpl` renders a value as a template (helm/helm pkg/engine/engine.go): the TP it gives is read
    template = DEPLOYMENT.replace("{{ .Values.tp }}", "{{ tpl .Values.tp . }}")
    (dep,) = _parse(_chart(tmp_path, template) / "values.yaml").deployments
    assert dep.tp is not None and not any(u.field == "tp" for u in dep.unresolved)


def test_a_template_that_cannot_render_is_an_info_finding(tmp_path: Path) -> None:
    """A branch on a value toplint cannot compute: the template is not rendered (TL008 at info,
    at the template), and the values are read as before."""
    template = '{{- if .Capabilities.APIVersions.Has "x/v1" }}\n' + DEPLOYMENT + "{{- end }}\n"
    result = _parse(_chart(tmp_path, template) / "values.yaml")
    (finding,) = [f for f in result.findings if "not rendered" in f.message]
    assert (finding.rule, finding.severity) == ("TL008", Severity.INFO)
    assert finding.path.endswith("templates/deployment.yaml")


def test_a_template_that_renders_text_that_is_not_yaml_is_said_not_passed_over(
    tmp_path: Path,
) -> None:
    """An image whose repository and tag the install's --set gives renders `image: :` from the
    values alone, which Helm refuses (helm/helm pkg/releaseutil/manifest_sorter.go: "YAML parse
    error"): TL008 at info where the template writes it, no deployment guessed from the values
    (AI-Hypercomputer/gpu-recipes' A3 Mega LeaderWorkerSet charts); given the image, it is read."""
    template = DEPLOYMENT.replace("{{ .Values.image }}", "{{ .Values.repo }}:{{ .Values.tag }}")
    values = VALUES.replace("image: vllm/vllm-openai:v0.9.0\n", "repo:\ntag:\n")
    chart = _chart(tmp_path, template, values)
    result = _parse(chart / "values.yaml")
    assert not result.deployments
    (finding,) = [f for f in result.findings if f.rule == "TL008"]
    assert finding.severity == Severity.INFO and "`image: :`" in finding.message
    assert finding.path.endswith("templates/deployment.yaml") and finding.line == 10
    (chart / "install.yaml").write_text("repo: my.registry/vllm-openai\ntag: v0.9.0\n")
    (dep,) = _parse(chart / "install.yaml").deployments
    assert (dep.engine, dep.tp, dep.options["image"]) == (
        "vllm",
        8,
        "my.registry/vllm-openai:v0.9.0",
    )


def test_a_chart_with_its_own_reader_keeps_it(tmp_path: Path) -> None:
    """production-stack values (servingEngineSpec) stay with toplint.parse.structured.helm."""
    values = (
        "servingEngineSpec:\n  modelSpec:\n  - name: m\n    modelURL: org/m\n"
        "    requestGPU: 2\n    vllmConfig:\n      tensorParallelSize: 2\n"
    )
    (dep,) = _parse(_chart(tmp_path, values=values) / "values.yaml").deployments
    assert dep.source_kind == "helm-production-stack" and dep.tp == 2


def _development() -> list[str]:
    text = (DATA / "SPLIT.md").read_text()
    section = text.split("## Development files", 1)[1].split("\n## ", 1)[0]
    return [line[2:].strip() for line in section.splitlines() if line.startswith("- ")]


@pytest.mark.parametrize(
    ("file", "expected"),
    [
        ("Ds886__helm-vllm/values.yaml", ("vllm", "mistralai/Mistral-7B-Instruct-v0.3", 1, None)),
        ("Josca__vllm-chart/chart/values.yaml", ("vllm", "HuggingFaceTB/SmolLM2-135M", 1, 4)),
        (
            "btison__llm-helm/llm/hf-llm/values.yaml",
            ("tgi", "mistralai/Mistral-7B-Instruct-v0.2", 1, 1),
        ),
        (
            "substratusai__helm/charts/text-generation-inference/values.yaml",
            ("tgi", "Open-Orca/Mistral-7B-OpenOrca", 1, 1),
        ),
        (
            "negimagss__gpu-orchestration-lab/helm/vllm/values.yaml",
            ("vllm", "Qwen/Qwen2.5-1.5B-Instruct", 1, 1),
        ),
    ],
)
def test_real_charts_of_the_development_half(file: str, expected: tuple[object, ...]) -> None:
    assert file in _development()
    (dep,) = _parse(DATA / file).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == expected


def test_a_real_chart_whose_engines_are_disabled_by_default_deploys_nothing() -> None:
    """underpass-ai/underpass-vllms renders a vLLM Deployment per enabled component; none is."""
    file = "underpass-ai__underpass-vllms/charts/vllm/values.yaml"
    assert file in _development()
    result = _parse(DATA / file)
    assert result.deployments == () and not [
        f for f in result.findings if f.severity != Severity.INFO
    ]


def test_a_real_chart_points_a_gpu_finding_at_the_value() -> None:
    """Josca/vllm-chart asks for `amd.com/gpu: '{{ $.Values.amdGpus }}'`: the GPU count's
    position is `amdGpus:` in values.yaml, the value a user edits."""
    (dep,) = _parse(DATA / "Josca__vllm-chart/chart/values.yaml").deployments
    at = dep.sources["gpus"]
    assert at.path.endswith("chart/values.yaml")
    line = (DATA / "Josca__vllm-chart/chart/values.yaml").read_text().splitlines()[at.line - 1]
    assert line.startswith("amdGpus:")


def test_a_rendered_nim_is_said_once(tmp_path: Path) -> None:
    """aws-samples/awsome-inference@d3236c8 2.projects/nims-inference/nim-deploy/helm/nim-llm:
    the chart renders a NIM container whose backend the values leave to the image; its TL008 is
    the one finding, not a second one for the NIM image the values name."""
    template = DEPLOYMENT.replace("args:\n", "env: []\n          args:\n").replace(
        "            - --model={{ .Values.model }}\n"
        "            - --tensor-parallel-size={{ .Values.tp }}\n",
        "            - serve\n",
    )
    values = "image: nvcr.io/nim/meta/llama3-8b-instruct:1.0.0\nmodel: m\ntp: 1\ngpus: 1\n"
    result = _parse(_chart(tmp_path, template, values) / "values.yaml")
    assert result.deployments == ()
    assert [f.rule for f in result.findings] == ["TL008"]
    assert "picks its engine" in result.findings[0].message


# An excerpt of silogen/ai-workloads@c32f131c31e7fab1a608c47ecb3cee0f95c84a15
# workloads/llm-evaluation-judge/helm: values.yaml, templates/_helpers.tpl (the `hf://` branch),
# templates/configmap.yaml and templates/evaluation_judge_template.yaml (the model's sidecar and
# the evaluation container; the judge's sidecar is the same with `judge_inference_container`).
# A backslash ending a line of JUDGE_JOB joins it to the next (a line too long to write here).
JUDGE_VALUES = """\
general:
  job_name: evaluation-judge
model_inference_container:
  image: rocm/vllm-dev:nightly_main_20250430
  memory: 24Gi
  gpu_count: 1
  model: llama-3.1-8B-Instruct
  model_path: hf://meta-llama/Llama-3.1-8B-Instruct
  tensor_parallel_size: 1
  max_model_len: 2048
  local_model_dir_path: /local_models/inference_model/
judge_evaluation_container:
  image: ghcr.io/silogen/evaluation-workloads-metrics:v0.1
"""
JUDGE_HELPERS = """\
{{- define "modelDownload" -}}
# Download the model depending on whether it is stored locally or on HuggingFace
echo 'Copying model to container...'
{{- if hasPrefix "hf://" .model_download_path }} # HuggingFace
{{- $modelDownloadPath := (trimPrefix "hf://" .model_download_path | trimSuffix "/") }}
huggingface-cli download {{ $modelDownloadPath }} --local-dir {{ .local_dir_path }};
{{- end }}
{{- end }}
"""
JUDGE_CONFIGMAP = """\
apiVersion: v1
kind: ConfigMap
metadata:
  name: configmap-mount
data:
{{- $files := .Files }}
{{- range $path, $_ := .Files.Glob "mount/*" }}
  {{- $path }}: |
{{ $files.Get $path | indent 4 }}
{{- end }}
"""
JUDGE_JOB = """\
apiVersion: batch/v1
kind: Job
metadata:
  name: "{{ .Values.general.job_name }}"
spec:
  template:
    spec:
      initContainers:
        - name: model-inference-vllm
          image: "{{ .Values.model_inference_container.image }}"
          resources:
            limits:
              memory: "{{ .Values.model_inference_container.memory }}"
              amd.com/gpu: "{{ .Values.model_inference_container.gpu_count }}"
          command: ["sh", "-c"]
          args:
            - |
              cd /local_models;
              {{- include "modelDownload" (dict "model_download_path" \
.Values.model_inference_container.model_path "local_dir_path" \
.Values.model_inference_container.local_model_dir_path ) | nindent 14 }}
              python3 -m vllm.entrypoints.openai.api_server \\
                      --host="0.0.0.0" \\
                      --port=8080 \\
                      --model="{{.Values.model_inference_container.local_model_dir_path}}" \\
                      --tensor-parallel-size="{{ \
.Values.model_inference_container.tensor_parallel_size }}" \\
                      --served-model-name="{{ .Values.model_inference_container.model }}" \\
                      --max-model-len={{ .Values.model_inference_container.max_model_len }};
          restartPolicy: Always
      containers:
        - name: evaluate-with-judge
          image: "{{ .Values.judge_evaluation_container.image }}"
          command: ["sh", "-c"]
          args:
            - |
              until curl -sf http://localhost:8080/health; do sleep 10; done;
              python3 run_inference_and_judge_evaluation.py --llm-port="8080"
      restartPolicy: Never
"""


def test_a_chart_whose_engine_runs_in_a_sidecar_is_read_through_its_values(
    tmp_path: Path,
) -> None:
    """The Job's vLLM server is a native sidecar (an init container with `restartPolicy:
    Always`): the chart was silent (a TL008 at values.yaml) because the pod walk read only
    `containers`, while the rendered Job linted alone was found by the text search a chart's
    reading has not.  Read through the chart it is one deployment at values.yaml, its GPUs
    at `gpu_count:`, its TP at `tensor_parallel_size:`; the `.Files` ConfigMap not rendering
    changes nothing."""
    chart = _chart(tmp_path, JUDGE_JOB, JUDGE_VALUES)
    (chart / "templates" / "_helpers.tpl").write_text(JUDGE_HELPERS)
    (chart / "templates" / "configmap.yaml").write_text(JUDGE_CONFIGMAP)
    result = _parse(chart / "values.yaml")
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == (
        "vllm",
        "meta-llama/Llama-3.1-8B-Instruct",
        1,
        1,
    )
    assert dep.path == str(chart / "values.yaml")
    gpus, tp = dep.sources["gpus"], dep.sources["tp"]
    assert (gpus.path, gpus.line) == (str(chart / "values.yaml"), 6)  # `gpu_count: 1`
    assert (tp.path, tp.line) == (str(chart / "values.yaml"), 9)  # `tensor_parallel_size: 1`
    # the checkpoint is the one the template downloads into `--model`'s folder (not the served
    # name), said at the line of _helpers.tpl's define that writes the command, not at a line
    # of the rendered text
    assert dep.options["model.from"] == "the download command at line 6 of _helpers.tpl"
    at = dep.sources["model.from"]
    assert (at.path, at.line) == (str(chart / "templates" / "_helpers.tpl"), 6)
    assert not [f for f in result.findings if f.severity != Severity.INFO]
    assert _parse(chart / "templates" / "deployment.yaml").deployments == ()  # the Job's template


def test_a_chart_whose_sidecar_runs_no_engine_reads_its_container(tmp_path: Path) -> None:
    """Control: a routing proxy in a sidecar (llm-d's, as tests/data/open_world7/
    murubhas__eks-llm-inference-optimization-lab/.../prefill-decode.yaml runs it) adds no
    deployment; the chart's engine container is read as before."""
    template = DEPLOYMENT.replace(
        "      containers:\n",
        "      initContainers:\n"
        "        - name: routing-proxy\n"
        "          image: ghcr.io/llm-d/llm-d-routing-sidecar:v0.3.0\n"
        "          args: [--port=8000, --vllm-port=8200, --connector=nixlv2]\n"
        "          restartPolicy: Always\n"
        "      containers:\n",
    )
    (dep,) = _parse(_chart(tmp_path, template) / "values.yaml").deployments
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 8, 8)


# An excerpt of silogen/ai-workloads@c32f131c31e7fab1a608c47ecb3cee0f95c84a15
# workloads/llm-inference-vllm/helm: values.yaml, templates/_entrypoint.tpl ("vllm.start"),
# templates/_helpers.tpl ("container.resources", its limits), templates/deployment.yaml (the
# container), and overrides/models/deepseek-ai_deepseek-r1.yaml, which the chart's README.md
# renders with `helm template . -f overrides/models/X.yaml`.
VLLM_VALUES = """\
image: "rocm/vllm:rocm6.4.1_vllm_0.9.0.1_20250605"
model: "TinyLlama/TinyLlama-1.1B-Chat-v1.0"
served_model_name: # Optional: explicit served model name for API requests
gpus: 1
memory_per_gpu: 64 # Gi
vllm_engine_args:
  gpu-memory-utilization: "0.95"
  distributed_executor_backend: "mp"
  no-enable-chunked-prefill:
storage:
  dshm:
    sizeLimit: 32Gi
"""
VLLM_ENTRYPOINT = """\
{{- define "vllm.start" -}}
{{- $modelPath := .Values.model -}}
python3 -m vllm.entrypoints.openai.api_server \\
{{- range $key, $value := .Values.vllm_engine_args }}
{{- if eq $value nil }}
--{{ $key }} \\
{{- else }}
--{{ $key }}={{ tpl $value $ | quote }} \\
{{- end }}
{{- end }}
--model={{ $modelPath }} \\
{{- if .Values.served_model_name }}
--served-model-name={{ .Values.served_model_name | quote }} \\
{{- end }}
--tensor-parallel-size={{ .Values.gpus }} \\
--host="0.0.0.0" \\
--port=8080
{{- end -}}
"""
VLLM_HELPERS = """\
{{- define "container.resources" -}}
limits:
  memory: "{{ max (mul .Values.gpus .Values.memory_per_gpu) 4 }}Gi"
  {{- if .Values.gpus }}
  amd.com/gpu: "{{ .Values.gpus }}"
  {{- end }}
{{- end -}}
"""
VLLM_DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: llm-inference-vllm
spec:
  template:
    spec:
      containers:
        - name: {{ .Chart.Name }}
          args:
          - |
            {{- include "vllm.start" . | nindent 12 }}
          command: ["sh", "-c"]
          image: {{ .Values.image | quote}}
          resources:
            {{- include "container.resources" . | nindent 12 }}
"""
R1_OVERRIDE = """\
metadata:
  labels:
    pipeline_tag: "text-generation"
    chat: "true"

model: "deepseek-ai/DeepSeek-R1"
served_model_name: "deepseek-ai/DeepSeek-R1"
gpus: 8
memory_per_gpu: 64 # Gi

vllm_engine_args:
  max-model-len: "32768"

storage:
  dshm:
    sizeLimit: 64Gi
"""


def _vllm_chart(root: Path, override: str) -> Path:
    """The chart in ``root``/helm, ``override`` at overrides/models/deepseek-ai_deepseek-r1.yaml;
    ``root`` a repository (what the read policy lets a file reach above its folder)."""
    (root / ".git").mkdir()
    (root / "helm").mkdir()
    chart = _chart(root / "helm", VLLM_DEPLOYMENT, "metadata:\n  labels: {}\n" + VLLM_VALUES)
    (chart / "Chart.yaml").write_text("apiVersion: v2\nname: llm-inference-vllm\nversion: 0.0.1\n")
    (chart / "templates" / "_entrypoint.tpl").write_text(VLLM_ENTRYPOINT)
    (chart / "templates" / "_helpers.tpl").write_text(VLLM_HELPERS)
    (chart / "overrides" / "models").mkdir(parents=True)
    file = chart / "overrides" / "models" / "deepseek-ai_deepseek-r1.yaml"
    file.write_text(override)
    return file


def test_an_override_file_of_the_charts_values_is_layered_over_values_yaml(
    tmp_path: Path,
) -> None:
    """Read alone, the override was TP 1 on "GPUs 8 from `gpus`" (a false TL201) without the
    chart's `--gpu-memory-utilization 0.95`; it is a values file Helm coalesces over
    values.yaml (every top-level key is one of the chart's values), so it is read as the chart
    renders with both: TP 8 from the template's `--tensor-parallel-size={{ .Values.gpus }}`,
    at the override's `gpus:`, and the engine args merged key by key."""
    file = _vllm_chart(tmp_path, R1_OVERRIDE)
    (dep,) = _parse(file).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "deepseek-ai/DeepSeek-R1", 8, 8)
    assert dep.path == str(file)
    tp, gpus = dep.sources["tp"], dep.sources["gpus"]
    assert (tp.path, tp.line) == (str(file), 8)  # `gpus: 8` of the override
    assert (gpus.path, gpus.line) == (str(file), 8)
    assert dep.options["gpu_memory_utilization"] == "0.95"  # values.yaml's, merged
    assert dep.sources["gpu_memory_utilization"].path == str(file.parents[2] / "values.yaml")
    assert dep.options["max_model_len"] == "32768"  # the override's own
    assert dep.sources["model"].path == str(file)


def test_a_file_with_a_key_the_chart_does_not_declare_is_read_as_before(tmp_path: Path) -> None:
    """Control: one key values.yaml does not have (`cpuPerGpu`, as silogen's
    llm-finetune-silogen-engine overrides write it) and the file is no values overlay by this
    rule: read alone, as before (the data reader's TP 1 on 8 GPUs)."""
    file = _vllm_chart(tmp_path, R1_OVERRIDE + "cpuPerGpu: 4\n")
    alone = tmp_path / "alone.yaml"
    alone.write_text(file.read_text())
    (dep,) = _parse(file).deployments
    (before,) = _parse(alone).deployments
    assert (dep.tp, dep.gpus, dep.source_kind) == (before.tp, before.gpus, before.source_kind)
    assert (dep.tp, dep.gpus) == (1, 8)
    assert not any("renders" in note for note in dep.notes)


def test_a_file_under_templates_or_outside_the_chart_is_no_overlay(tmp_path: Path) -> None:
    """Control: the chart's values.yaml itself is read as before, and the same override
    beside the chart (no Chart.yaml above it) is read alone."""
    file = _vllm_chart(tmp_path, R1_OVERRIDE)
    (dep,) = _parse(file.parents[2] / "values.yaml").deployments
    assert (dep.model, dep.tp, dep.gpus) == ("TinyLlama/TinyLlama-1.1B-Chat-v1.0", 1, 1)
    outside = tmp_path / "overrides" / "deepseek-ai_deepseek-r1.yaml"
    outside.parent.mkdir()
    outside.write_text(R1_OVERRIDE)
    (alone,) = _parse(outside).deployments
    assert (alone.tp, alone.gpus) == (1, 8)


# The engine's flags written once in a define of _helpers.tpl and included by the Deployment, as
# silogen/ai-workloads@c32f131 workloads/llm-inference-vllm/helm/templates/_entrypoint.tpl
# writes `--model={{ $modelPath }}` for templates/deployment.yaml.
FLAGS_HELPERS = """\
{{/* the engine's flags, written once for every template */}}
{{- define "c.args" -}}
- --model={{ .Values.model }}
- --tensor-parallel-size={{ .Values.tp }}
- --enforce-eagerr
{{- end }}
"""
FLAGS_DEPLOYMENT = DEPLOYMENT.replace(
    "            - --model={{ .Values.model }}\n"
    "            - --tensor-parallel-size={{ .Values.tp }}\n",
    '            {{- include "c.args" . | nindent 12 }}\n',
)


def test_findings_on_text_a_define_writes_are_at_the_define(tmp_path: Path) -> None:
    """An empty `model:` leaves `--model=` without a value (TL003), and a misspelt flag is
    TL005: both are written in _helpers.tpl's define, so both are at its lines there, not at
    lines of deployment.yaml that say something else; the TP the define prints is still at
    `tp:` of values.yaml."""
    values = VALUES.replace("model: meta-llama/Llama-3.1-70B-Instruct", "model:")
    chart = _chart(tmp_path, FLAGS_DEPLOYMENT, values)
    (chart / "templates" / "_helpers.tpl").write_text(FLAGS_HELPERS)
    result = _parse(chart / "values.yaml")
    (dep,) = result.deployments
    assert (dep.tp, dep.gpus) == (8, 8)
    tp = dep.sources["tp"]
    assert (tp.path, tp.line) == (str(chart / "values.yaml"), 3)
    helpers = str(chart / "templates" / "_helpers.tpl")
    empty = dep.sources["model"]  # TL003 is said there
    assert (empty.path, empty.line, empty.column) == (helpers, 3, 3)
    (typo,) = [f for f in result.findings if f.rule == "TL005"]
    assert (typo.path, typo.line, typo.column) == (helpers, 5, 3)


def test_a_template_that_stops_in_a_define_is_said_at_the_define(tmp_path: Path) -> None:
    """The `fail` is written in _helpers.tpl: TL008 is at its line there, and names the
    template that was not rendered."""
    chart = _chart(tmp_path, FLAGS_DEPLOYMENT)
    helpers = FLAGS_HELPERS.replace("- --enforce-eagerr\n", '{{ fail "set a model" }}\n')
    (chart / "templates" / "_helpers.tpl").write_text(helpers)
    result = _parse(chart / "values.yaml")
    (finding,) = [f for f in result.findings if "not rendered" in f.message]
    assert (finding.path, finding.line) == (str(chart / "templates" / "_helpers.tpl"), 5)
    assert (
        "template `deployment.yaml` not rendered: the chart fails: set a model" in finding.message
    )


def test_a_fix_of_text_a_define_writes_edits_the_define_or_nothing(tmp_path: Path) -> None:
    """`--fix` edits only the file it checks (``toplint.fix.resolve``): the values file gets no
    edit of the misspelt flag, and its intent names the define's file and place, where the
    rename respells exactly the flag (before, it named a place in deployment.yaml)."""
    chart = _chart(tmp_path, FLAGS_DEPLOYMENT)
    (chart / "templates" / "_helpers.tpl").write_text(FLAGS_HELPERS)
    values = chart / "values.yaml"
    result = _parse(values)
    (typo,) = [f for f in result.findings if f.rule == "TL005"]
    assert typo.fix is not None
    (dep,) = result.deployments
    assert intent_edits(typo.fix.intents, dep, values.read_text(), str(values)) == ()
    (intent,) = typo.fix.intents
    helpers = chart / "templates" / "_helpers.tpl"
    assert intent.at is not None and intent.at.path == str(helpers)
    edits = intent_edits(typo.fix.intents, None, helpers.read_text(), str(helpers))
    fixed, _ = apply_edits(helpers.read_text(), edits)
    assert fixed == FLAGS_HELPERS.replace("--enforce-eagerr", "--enforce-eager")


GUARDED = DEPLOYMENT.replace(
    "    spec:\n      containers:",
    "    spec:\n      {{- if and .Values.sa .Values.sa.create }}\n      serviceAccountName: sa\n"
    "      {{- end }}\n      {{- if or .Values.enabled .Values.missing.field }}\n      containers:",
).replace(
    "nvidia.com/gpu: {{ .Values.gpus }}", "nvidia.com/gpu: {{ .Values.gpus }}\n      {{- end }}"
)


def test_and_or_stop_at_the_operand_that_decides_them(tmp_path: Path) -> None:
    """Go 1.18's text/template (Helm 3.9 on): ``and`` returns at its first empty operand and
    ``or`` at its first non-empty one, so a field of a map the values leave out is never
    evaluated (doublewordai/inference-stack@86bd8dba templates/deployment.yaml:138 had
    stopped the chart: "nil pointer evaluating .create")."""
    chart = _chart(tmp_path, GUARDED, VALUES + "enabled: true\n")
    result = _parse(chart / "values.yaml")
    (dep,) = result.deployments
    assert (dep.engine, dep.tp) == ("vllm", 8)
    assert not [f for f in result.findings if "not rendered" in f.message]


def test_values_the_chart_renders_no_engine_with_are_an_info_note(tmp_path: Path) -> None:
    """A values file naming the engine's image in a part the chart does not render with it
    (``enabled: false``) deploys nothing: said at info, with the chart, not as an unread file."""
    values = "image: vllm/vllm-openai:v0.9.0\nmodel: org/m\ntp: 8\ngpus: 8\nenabled: false\n"
    template = GUARDED.replace("or .Values.enabled .Values.missing.field", ".Values.enabled")
    result = _parse(_chart(tmp_path, template, values) / "values.yaml")
    assert result.deployments == ()
    (found,) = result.findings
    assert (found.rule, found.severity) == ("TL008", Severity.INFO)
    assert "the chart beside it renders no container running it" in found.message


def test_a_helm_unittest_suite_sets_values_for_a_test_and_deploys_nothing(tmp_path: Path) -> None:
    chart = _chart(tmp_path)
    (chart / "tests").mkdir()
    suite = chart / "tests" / "deployment_test.yaml"
    suite.write_text(
        "suite: deployment\ntemplates: [templates/deployment.yaml]\ntests:\n"
        "  - it: renders\n    set: {image: vllm/vllm-openai:v0.9.0, model: test, tp: 2, gpus: 1}\n"
        "    asserts:\n      - isKind: {of: Deployment}\n"
    )
    assert _parse(suite).deployments == () and _parse(suite).findings == ()
