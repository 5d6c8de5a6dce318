"""Deployment files read through what renders them (issue 24): a GitOps controller's Helm
release (``parse.generic.gitops``), a Kustomize overlay's patches (``parse.generic.kustrender``)
and a script's ``envsubst`` (``parse.structured.envsubstrun``).

The files under ``data/real/`` are copied unmodified from public repositories (``INDEX.yaml``
there names each repository, path and commit); a test that builds a file says which real file
it is built from."""

from __future__ import annotations

import shutil
from pathlib import Path

import pytest

from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

REAL = Path(__file__).parent / "data" / "real"
FLUX_STACK = REAL / "amasolov__home-ops/kubernetes/apps/ai/vllm/app/helmrelease.yaml"
FLUX_APP_TEMPLATE = REAL / "Tanguille__cluster/kubernetes/apps/ai/vllm/app/helmrelease.yaml"
MLOPS = REAL / "wolffbe__coding-models-mlops"
GKE = (
    REAL / "GoogleCloudPlatform__accelerated-platforms/platforms/gke/base/use-cases"
    "/inference-ref-arch/kubernetes-manifests/online-inference-gpu/vllm"
)


def _parse(path: Path) -> ParseResult:
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().split("\n"), 1) if text in line)


# -- Flux HelmRelease, Argo CD Application ------------------------------------------------


def test_a_flux_release_of_a_chart_toplint_knows_is_read_as_that_charts_values() -> None:
    (dep,) = _parse(FLUX_STACK).deployments
    # production-stack renders modelURL as the model and requestGPU as the GPU limit: 0 here
    assert (dep.engine, dep.model, dep.gpus) == (
        "vllm",
        "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8",
        0,
    )
    assert dep.options["max_model_len"] == "16384"
    where = dep.sources["model"]
    assert (where.path, where.line) == (str(FLUX_STACK), _line_of(FLUX_STACK, "modelURL:"))
    assert "values of Flux HelmRelease `vllm` (chart `vllm-stack`)" in dep.notes


def test_a_release_whose_values_hold_a_template_string_is_read_not_skipped() -> None:
    # route.app.hostnames holds "{{ .Release.Name }}.${SECRET_DOMAIN}": the chart's tpl renders
    # that one string; the release is a resource, not a template of one
    (dep,) = _parse(FLUX_APP_TEMPLATE).deployments
    assert (dep.engine, dep.model) == ("vllm", "cyankiwi/Qwen3.6-27B-AWQ-INT4")


def _application(values: str) -> str:
    """An Argo CD Application installing production-stack with ``values`` as its values string."""
    indented = "".join("        " + line + "\n" for line in values.rstrip("\n").split("\n"))
    return (
        "apiVersion: argoproj.io/v1alpha1\n"
        "kind: Application\n"
        "metadata:\n"
        "  name: vllm\n"
        "spec:\n"
        "  source:\n"
        "    chart: vllm-stack\n"
        "    repoURL: https://vllm-project.github.io/production-stack\n"
        "    helm:\n"
        "      values: |\n" + indented + "  destination:\n    namespace: vllm\n"
    )


def _flux_values() -> str:
    """The ``spec.values`` block of the real Flux release, dedented to a values file."""
    lines = FLUX_STACK.read_text().split("\n")
    start = lines.index("  values:") + 1
    return "\n".join(line[4:] for line in lines[start:] if line.strip())


def test_an_argo_values_string_is_read_at_its_own_lines_and_columns(tmp_path: Path) -> None:
    app = tmp_path / "vllm.yaml"
    app.write_text(_application(_flux_values()))
    (dep,) = _parse(app).deployments
    assert (dep.model, dep.gpus, dep.options["max_model_len"]) == (
        "neuralmagic/Meta-Llama-3.1-8B-Instruct-FP8",
        0,
        "16384",
    )
    line = _line_of(app, "modelURL:")
    column = app.read_text().split("\n")[line - 1].index('"neural') + 1  # the scalar
    assert (dep.sources["model"].line, dep.sources["model"].column) == (line, column)
    assert "values of Argo CD Application `vllm` (chart `vllm-stack`)" in dep.notes


def test_argo_parameters_win_over_the_values_string(tmp_path: Path) -> None:
    text = _application(_flux_values()).replace(
        "      values: |\n",
        "      parameters:\n"
        "        - name: servingEngineSpec.modelSpec[0].vllmConfig.maxModelLen\n"
        "          value: '8192'\n"
        "      values: |\n",
    )
    app = tmp_path / "vllm.yaml"
    app.write_text(text)
    # --set on a list item replaces the list (Helm's merge): the model spec is the parameter's
    (dep,) = _parse(app).deployments
    assert dep.options["max_model_len"] == "8192"
    assert dep.sources["max_model_len"].line == _line_of(app, "value: '8192'")


def test_an_argo_release_of_an_unknown_chart_reads_its_values_string_as_data(
    tmp_path: Path,
) -> None:
    # the app-template values of the real Flux release above, as an Argo CD values string
    lines = FLUX_APP_TEMPLATE.read_text().split("\n")
    start = lines.index("  values:") + 1
    values = "\n".join(line[4:] for line in lines[start:] if line.strip())
    app = tmp_path / "vllm.yaml"
    app.write_text(_application(values).replace("chart: vllm-stack", "chart: app-template"))
    (dep,) = _parse(app).deployments
    assert (dep.engine, dep.model) == ("vllm", "cyankiwi/Qwen3.6-27B-AWQ-INT4")
    assert dep.sources["model"].line == _line_of(app, "- --model")  # the option, in the string


# -- Kustomize overlays ---------------------------------------------------------------------


def test_an_overlay_reads_the_patched_deployment_with_its_generated_config() -> None:
    overlay = GKE / "h100-llama-3-3-70b-instruct/kustomization.yaml"
    (dep,) = _parse(overlay).deployments
    # TP from runtime.env (configMapGenerator -> configMapKeyRef -> $(TENSOR_PARALLEL_SIZE)),
    # GPUs from patch-resources.yaml's strategic merge on the container named inference-server
    assert (dep.tp, dep.gpus, dep.model) == (4, 4, "/gcs/meta-llama/llama-3.3-70b-instruct")
    assert (dep.path, dep.line) == (str(overlay), _line_of(overlay, "patches:"))
    patch = GKE / "h100-llama-3-3-70b-instruct/patch-resources.yaml"
    assert (dep.sources["gpus"].path, dep.sources["gpus"].line) == (
        str(patch),
        _line_of(patch, "nvidia.com/gpu"),
    )
    assert dep.sources["tp"].path == str(GKE / "base/deployment.yaml")


def test_a_json_patch_appends_an_argument_and_images_retag_the_container() -> None:
    (dep,) = _parse(GKE / "h100-gemma-4-31b-it/kustomization.yaml").deployments
    patch = GKE / "h100-gemma-4-31b-it/patch-vllm-args.yaml"
    assert dep.options["chat_template"] == "/gcs/google/gemma-4-31b/chat_template.jinja"
    assert (dep.sources["chat_template"].path, dep.sources["chat_template"].line) == (
        str(patch),
        _line_of(patch, "--chat-template"),
    )
    assert dep.options["image"] == "vllm-openai:gemma4"


def test_the_base_alone_keeps_what_only_the_overlay_sets() -> None:
    (dep,) = _parse(GKE / "base/deployment.yaml").deployments
    assert (dep.tp, dep.gpus) == (None, None)
    # the memory accounting's inputs the overlay sets are unresolved too (TL003), not defaulted
    assert {u.variable for u in dep.unresolved} == {
        "MODEL_ID",
        "TENSOR_PARALLEL_SIZE",
        "MAX_MODEL_LEN",
        "GPU_MEMORY_UTILIZATION",
    }


def test_a_kustomization_that_changes_nothing_adds_no_deployment() -> None:
    assert _parse(GKE / "base/kustomization.yaml").deployments == ()


# -- envsubst -------------------------------------------------------------------------------


def test_a_manifest_a_script_renders_with_envsubst_takes_the_scripts_variables() -> None:
    script = MLOPS / "scripts/setup_vllm.sh"
    (dep,) = _parse(script).deployments
    # VLLM_MODEL="${VLLM_MODEL:-facebook/opt-125m}", passed as VLLM_MODEL="$VLLM_MODEL" envsubst
    assert (dep.engine, dep.model) == ("vllm", "facebook/opt-125m")
    assert (dep.path, dep.line) == (str(script), _line_of(script, "envsubst <"))
    manifest = MLOPS / "k8s/vllm/inferenceservice.yaml"
    assert (dep.sources["model"].path, dep.sources["model"].line) == (
        str(manifest),
        _line_of(manifest, 'storageUri: "hf://'),
    )


def test_a_variable_the_script_never_exports_stays_unresolved(tmp_path: Path) -> None:
    shutil.copytree(MLOPS, tmp_path / "repo")
    (tmp_path / "repo/.git").mkdir()
    script = tmp_path / "repo/scripts/apply.sh"
    script.write_text(  # setup_vllm.sh's envsubst, with VLLM_MODEL assigned but not exported
        "#!/usr/bin/env bash\n"
        'VLLM_MODEL="facebook/opt-125m"\n'
        'envsubst < "../k8s/vllm/inferenceservice.yaml" | kubectl apply -f -\n'
    )
    (dep,) = _parse(script).deployments
    assert dep.model is None
    assert [u.variable for u in dep.unresolved if u.field == "model"] == ["VLLM_MODEL"]


def test_envsubst_limited_to_listed_variables_leaves_the_rest_as_written(tmp_path: Path) -> None:
    shutil.copytree(GKE / "base", tmp_path / "base")
    (tmp_path / ".git").mkdir()
    manifest = tmp_path / "base/deployment.yaml"
    manifest.write_text(
        manifest.read_text().replace("image: replaced-by-kustomize", "image: ${IMAGE}")
    )
    script = tmp_path / "deploy.sh"
    script.write_text(
        "#!/bin/bash\nexport IMAGE=vllm/vllm-openai:v0.11.0\n"
        "cat base/deployment.yaml | envsubst '$IMAGE' | kubectl apply -f -\n"
    )
    (dep,) = _parse(script).deployments
    assert dep.options["image"] == "vllm/vllm-openai:v0.11.0"
    # ${LD_LIBRARY_PATH} in the container env is not in '$IMAGE': envsubst leaves it alone
    assert dep.line == 3


# -- what is not read -----------------------------------------------------------------------


def test_broken_patches_and_references_read_nothing_and_never_crash(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOPLINT_DEBUG", "1")  # a reader's exception is raised, not reported
    (tmp_path / ".git").mkdir()
    shutil.copytree(GKE / "base", tmp_path / "base")
    overlay = tmp_path / "overlay/kustomization.yaml"
    overlay.parent.mkdir()
    overlay.write_text(
        "resources: [../base, ../../../../etc, https://example.com/x.yaml, 7]\n"
        "patches:\n"
        "  - path: missing.yaml\n"
        "  - patch: '- op: replace\\n  path: /spec/nowhere/0\\n  value: 1'\n"
        "    target: {kind: Deployment}\n"
        "  - patch: |\n"
        "      - {op: move, from: /a, path: /b}\n"
        "      - {op: add, path: /spec/template/spec/containers/99/args/-, value: x}\n"
        "    target: {kind: Deployment, name: '['}\n"
        "  - not a mapping\n"
        "patchesStrategicMerge:\n"
        "  - |\n"
        "    {kind: Deployment, metadata: {name: vllm}, spec: {$patch: delete}}\n"
    )
    result = _parse(overlay)
    assert [f.rule for f in result.findings if f.rule in ("TL000", "TL001")] == []


def test_gitops_values_of_the_wrong_shape_read_nothing(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOPLINT_DEBUG", "1")
    app = tmp_path / "app.yaml"
    app.write_text(
        "apiVersion: argoproj.io/v1alpha1\nkind: Application\nmetadata: {name: x}\n"
        "spec:\n  sources: nope\n  source:\n    chart: vllm-stack\n"
        "    helm: {values: 42, valuesObject: [1], parameters: {a: b}}\n"
    )
    assert _parse(app).deployments == ()


def test_envsubst_of_a_file_outside_the_repository_is_not_read(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("TOPLINT_DEBUG", "1")
    (tmp_path / "repo/.git").mkdir(parents=True)
    outside = tmp_path / "deploy.yaml"
    outside.write_text((MLOPS / "k8s/vllm/inferenceservice.yaml").read_text())
    script = tmp_path / "repo/run.sh"
    script.write_text(
        "#!/bin/sh\nexport VLLM_MODEL=x/y\nenvsubst < ../deploy.yaml | kubectl apply -f -\n"
        "envsubst < <(cat ../deploy.yaml) | kubectl apply -f -\n"
    )
    assert _parse(script).deployments == ()


def test_an_engine_command_a_patch_writes_is_read_in_the_resource_it_patches(
    tmp_path: Path,
) -> None:
    # GKE's h100-llama-3-3-70b-instruct overlay, its arguments replaced by an inline patch that
    # runs the engine through sh -c: the command is the patched container's, read where written
    shutil.copytree(GKE / "base", tmp_path / "base")
    (tmp_path / ".git").mkdir()
    overlay = tmp_path / "overlay/kustomization.yaml"
    overlay.parent.mkdir()
    shutil.copy(GKE / "h100-llama-3-3-70b-instruct/patch-resources.yaml", overlay.parent)
    overlay.write_text(
        "resources:\n  - ../base\npatches:\n  - path: patch-resources.yaml\n"
        "  - patch: |-\n"
        "      apiVersion: apps/v1\n      kind: Deployment\n      metadata:\n        name: vllm\n"
        "      spec:\n        template:\n          spec:\n            containers:\n"
        "            - name: inference-server\n"
        "              command: [sh, -c]\n"
        "              args:\n"
        "              - |\n"
        "                python3 -m vllm.entrypoints.openai.api_server --model m/x \\\n"
        "                  --tensor-parallel-size 8\n"
    )
    (dep,) = _parse(overlay).deployments
    assert (dep.tp, dep.gpus) == (8, 4)  # TP from the patch, GPUs from patch-resources.yaml
    line = _line_of(overlay, "--tensor-parallel-size 8")
    column = overlay.read_text().split("\n")[line - 1].index("--tensor") + 1
    assert (dep.sources["tp"].path, dep.sources["tp"].line, dep.sources["tp"].column) == (
        str(overlay),
        line,
        column,
    )


def test_flux_values_from_a_configmap_beside_the_release_are_merged_under_its_values(
    tmp_path: Path,
) -> None:
    # Tanguille/cluster's release names `valuesFrom: [{kind: ConfigMap, name:
    # affinity-control-1}]`; the repository brings that ConfigMap in through a Flux component,
    # put here beside the release, where the reader looks
    (tmp_path / ".git").mkdir()
    shutil.copy(FLUX_APP_TEMPLATE, tmp_path / "helmrelease.yaml")
    configmap = REAL / "Tanguille__cluster/kubernetes/components/affinity-control-1/configmap.yaml"
    shutil.copy(configmap, tmp_path / "configmap.yaml")
    (dep,) = _parse(tmp_path / "helmrelease.yaml").deployments
    assert (dep.engine, dep.model) == ("vllm", "cyankiwi/Qwen3.6-27B-AWQ-INT4")
    assert dep.sources["model"].path == str(tmp_path / "helmrelease.yaml")
    # read as the merged values (paths below the values' root), not the resource as data
    assert dep.provenance["model"] == "`controllers.app.containers.app.args`"


# -- An overlay that patches a variable of its base ----------------------------------------

# GoogleCloudPlatform/kubernetes-engine-samples@2b503651 ai-ml/llm-serving-gemma/tgi: tgi-7b.yaml
# serves google/gemma-7b on two L4 shards through `--model-id=$(MODEL_ID)`; the overlay
# tgi-2b-parallel patches MODEL_ID to google/gemma-2b (one KV head) and keeps the two shards.
TGI_BASE = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: tgi-gemma-deployment
spec:
  template:
    spec:
      containers:
      - name: inference-server
        image: ghcr.io/huggingface/text-generation-inference:2.3.0
        resources:
          limits:
            nvidia.com/gpu: 2
        args:
        - --model-id=$(MODEL_ID)
        - --num-shard=2
        env:
        - name: MODEL_ID
          value: google/gemma-7b
      nodeSelector:
        cloud.google.com/gke-accelerator: nvidia-l4
"""
TGI_PATCH = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: tgi-gemma-deployment
spec:
  template:
    spec:
      containers:
      - name: inference-server
        env:
        - name: MODEL_ID
          value: google/gemma-2b
"""
TGI_OVERLAY = """\
apiVersion: kustomize.config.k8s.io/v1beta1
kind: Kustomization
resources:
 - ../tgi-7b.yaml
patches:
  - path: patch.yaml
"""


def _tgi_tree(root: Path) -> Path:
    (root / ".git").mkdir()
    (root / "tgi-7b.yaml").write_text(TGI_BASE)
    (root / "tgi-2b-parallel").mkdir()
    (root / "tgi-2b-parallel/patch.yaml").write_text(TGI_PATCH)
    (root / "tgi-2b-parallel/kustomization.yaml").write_text(TGI_OVERLAY)
    return root


def test_an_argument_that_is_one_variable_is_at_the_overlays_value(tmp_path: Path) -> None:
    root = _tgi_tree(tmp_path)
    (dep,) = _parse(root / "tgi-2b-parallel/kustomization.yaml").deployments
    assert dep.model == "google/gemma-2b"
    model = dep.sources["model"]
    assert (model.path, model.line) == (str(root / "tgi-2b-parallel/patch.yaml"), 12)
    # the base alone: the variable and the flag share one file, so the flag keeps its place
    (base,) = _parse(root / "tgi-7b.yaml").deployments
    assert (base.sources["model"].path, base.sources["model"].line) == (
        str(root / "tgi-7b.yaml"),
        15,
    )


def test_a_finding_in_the_base_names_the_overlay_and_offers_no_edit_of_the_base(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch, capsys: pytest.CaptureFixture[str]
) -> None:
    import json

    from toplint.cli import main

    root = _tgi_tree(tmp_path)
    monkeypatch.chdir(root)
    main(["check", "--format", "json", "--no-cache", "tgi-7b.yaml", "tgi-2b-parallel"])
    findings = json.loads(capsys.readouterr().out)["findings"]
    (refused,) = [f for f in findings if f["rule"] == "TL202"]
    assert refused["path"] == "tgi-7b.yaml" and refused["line"] == 16
    assert "(the deployment of tgi-2b-parallel/kustomization.yaml:" in refused["message"]
    # --num-shard is the base's: changing it there would change gemma-7b's deployment too
    assert refused["fix"] is None
    assert "`--num-shard` is written in tgi-7b.yaml" in refused["message"]
    # the base's own finding on the same line names no deployment
    own = [
        f for f in findings if f["path"] == "tgi-7b.yaml" and "deployment of" not in f["message"]
    ]
    assert own and all(f["rule"] != "TL202" for f in own)
