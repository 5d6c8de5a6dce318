"""Terraform and Nomad files (HCL) read as data with positions (issue 24: Terraform/HCL,
Nomad): a container block's image, args and GPUs become a deployment like YAML's."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.parse.helpers import parse_text
from toplint.cli import main
from toplint.parse.generic.hcl import parse

TERRAFORM = """\
resource "kubernetes_deployment_v1" "llm" {
  spec {
    template {
      spec {
        container {
          image = "vllm/vllm-openai:v0.8.5"  # the engine's image
          args  = ["--model", "org/m", "--tensor-parallel-size", "2"]
          resources {
            limits = {
              "nvidia.com/gpu" = "2"
            }
          }
        }
        container {
          image = "busybox"
        }
      }
    }
  }
}
"""
NOMAD = """\
job "llm" {
  group "serve" {
    task "sglang" {
      driver = "docker"
      config {
        image = "lmsysorg/sglang:latest"
        args  = ["python3", "-m", "sglang.launch_server", "--model-path", "org/m", "--tp", "4"]
      }
      resources {
        device "nvidia/gpu" {
          count = 4
        }
      }
    }
  }
}
"""


def test_a_terraform_kubernetes_container_is_read_with_its_gpus() -> None:
    (dep,) = parse_text("main.tf", TERRAFORM).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    assert (dep.line, dep.column) == (5, 9)
    assert dep.sources["tp"].line == 7


def test_a_nomad_task_is_read_with_its_device_count() -> None:
    (dep,) = parse_text("llm.nomad", NOMAD).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("sglang", "org/m", 4, 4)


def test_blocks_labels_lists_and_positions() -> None:
    doc = parse(TERRAFORM, "main.tf")
    assert doc is not None
    containers = doc.data["resource"]["kubernetes_deployment_v1"]["llm"]["spec"]["template"]
    assert [c["image"] for c in containers["spec"]["container"]] == [
        "vllm/vllm-openai:v0.8.5",
        "busybox",
    ]
    at = ("resource", "kubernetes_deployment_v1", "llm", "spec", "template", "spec")
    image = doc.value_position((*at, "container", 0, "image"))
    assert (image.line, image.column) == (6, 20)  # after the quote
    assert doc.key_position((*at, "container", 1)).line == 14


def test_expressions_are_kept_unevaluated() -> None:
    text = (
        'x = var.replicas\ny = "${var.registry}/vllm:1"\nz = jsonencode({a = 1})\n'
        "w = <<EOF\nvllm serve m\nEOF\nn = 2\nb = true\n"
    )
    doc = parse(text, "a.tf")
    assert doc is not None
    assert doc.data == {
        "x": "${var.replicas}",
        "y": "${var.registry}/vllm:1",
        "z": {"a": 1},  # an encoding call of a literal is that literal's data
        "w": "vllm serve m",
        "n": 2,
        "b": True,
    }


@pytest.mark.parametrize(
    "text",
    ['a = "open\n', "b {\n", "c = [1, 2\n", "{{{\n", 'x = "' + "${" * 5000, "a " * 10000],
)
def test_what_is_not_hcl_is_not_read(text: str) -> None:
    assert parse(text, "bad.tf") is None


def test_deep_or_long_input_is_bounded() -> None:
    # Bounded by depth and by a linear scan; how fast is the benchmarks' business, not a
    # timed unit test's (a loaded CI machine failed a 1 s limit here).
    assert parse("a {" * 100 + "}" * 100, "deep.tf") is None  # deeper than MAX_DEPTH
    assert parse("x = [" + "1, " * 50_000 + "]\n", "long.tf") is not None


# A kubectl_manifest whose yaml_body is yamlencode() of a Deployment written as an HCL object
# (CyrusTC/aws-eks-llm-perf-test model.tf, trimmed): a Kubernetes resource as data, read by the
# Kubernetes readers (its `bash -c` script, its GPU limits) as if it were YAML.
KUBECTL_MANIFEST = """\
resource "kubectl_manifest" "llm_gpu_deployment" {
  yaml_body = yamlencode({
    apiVersion = "apps/v1"
    kind       = "Deployment"
    metadata = { name = "llm-gpu" }
    spec = {
      template = {
        spec = {
          containers = [
            {
              name  = "llm"
              image = "vllm/vllm-openai:latest"
              command = [
                "bash",
                "-c",
                <<-EOT
                VLLM_USE_V1=1 vllm serve ${var.llm_model} --tensor-parallel-size 8
                EOT
              ]
              resources = {
                limits = { "nvidia.com/gpu" = "8" }
              }
            }
          ]
        }
      }
    }
  })
  depends_on = [kubectl_manifest.llm_namespace]
}
"""


def test_a_kubernetes_resource_in_yamlencode_is_read_as_one() -> None:
    (dep,) = parse_text("model.tf", KUBECTL_MANIFEST).deployments
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 8, 8)
    assert dep.model is None and [u.field for u in dep.unresolved] == ["model"]
    assert (dep.line, dep.column) == (17, 31)  # `vllm` in the heredoc


def test_an_encoding_call_of_a_literal_is_that_literal_any_other_stays_text() -> None:
    doc = parse(
        'a = jsonencode(["x", 1])\nb = jsonencode(var.x)\nc = yamlencode({k = 1}) + 1\n', "f.tf"
    )
    assert doc is not None
    assert doc.data == {
        "a": ["x", 1],
        "b": "${jsonencode(var.x)}",
        "c": "${yamlencode({k = 1}) + 1}",
    }


def test_blocks_beside_an_encoded_resource_are_read_once_each() -> None:
    deps = parse_text("main.tf", TERRAFORM + KUBECTL_MANIFEST).deployments
    assert sorted((d.tp, d.gpus) for d in deps) == [(2, 2), (8, 8)]


def test_a_local_value_given_a_literal_is_that_literal() -> None:
    """aws-ia/ecs-blueprints@9c87b668 terraform/ec2-examples/vllm-inferentia/main.tf:4-8,150-187,
    shortened: the ECS container's `image = local.vllm_container_image` is the Neuron vLLM image
    the locals block gives (Terraform, "Local Values": `local.<NAME>`); its `python -m
    vllm.entrypoints...` command was a TL008 warning, now a deployment on Neuron (TL011)."""
    text = (
        "locals {\n"
        '  name                 = "ecs-demo-vllm-inferentia"\n'
        '  vllm_container_image = "public.ecr.aws/neuron/pytorch-inference-vllm-neuronx:0.9.1"\n'
        "}\n"
        'resource "aws_ecs_task_definition" "neuronx_vllm" {\n'
        "  container_definitions = jsonencode([\n"
        "    {\n"
        '      name    = "neuronx-vllm"\n'
        "      image   = local.vllm_container_image\n"
        '      command = ["python", "-m", "vllm.entrypoints.openai.api_server",\n'
        '                 "--model", "TinyLlama/TinyLlama-1.1B-Chat-v1.0",\n'
        '                 "--tensor-parallel-size", "2", "--device", "neuron"]\n'
        "    }\n"
        "  ])\n"
        "}\n"
    )
    (dep,) = parse_text("main.tf", text).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "TinyLlama/TinyLlama-1.1B-Chat-v1.0", 2)
    # a local that is itself an expression stays as written
    from toplint.parse.generic.hclmodule import filled_locals

    other = parse(text.replace('"public.ecr.aws/neuron', 'var.image_prefix + "'), "main.tf")
    assert other is not None
    assert "${local." in str(filled_locals(other.data, "main.tf"))


def test_a_local_defined_in_another_file_of_the_module_is_that_literal(tmp_path) -> None:  # type: ignore[no-untyped-def]
    """A Terraform module is its folder: `local.image` used in main.tf and defined in
    locals.tf beside it is the image (as helm releases' `set` values already read it)."""
    from toplint.parse.base import Source
    from toplint.parse.parallel import builtin_and_plugin_parsers
    from toplint.parse.run import parse_source

    (tmp_path / "locals.tf").write_text('locals {\n  image = "vllm/vllm-openai:v0.10.2"\n}\n')
    main = tmp_path / "main.tf"
    main.write_text(
        'resource "kubernetes_deployment_v1" "llm" {\n  spec {\n    template {\n      spec {\n'
        "        container {\n          image = local.image\n"
        '          args  = ["--model", "org/m", "--tensor-parallel-size", "2"]\n'
        "        }\n      }\n    }\n  }\n}\n"
    )
    source = Source.from_text(str(main), main.read_text())
    (dep,) = parse_source(source, builtin_and_plugin_parsers()).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)


TEMPLATED_NOMAD = """\
job "tool-llm-${JOB_UUID}" {
  group "usergroup" {
    task "vllm" {
      driver = "docker"
      config {
        image = "vllm/vllm-openai:latest"
        args  = ${VLLM_ARGS}
      }
      resources {
        device "gpu" {
          count = 1
        }
      }
    }
  }
}
"""


def test_a_placeholder_written_bare_is_kept_as_that_reference() -> None:
    """``args = ${VLLM_ARGS}`` (a script fills it) and ``${jsonencode(args)}`` (Terraform's
    ``templatefile`` renders it) are one placeholder each, not an expression around one."""
    doc = parse("a = ${VLLM_ARGS}\nb = ${jsonencode(args)}\nc = ${a}-${b}\n", "job.nomad")
    assert doc is not None
    assert doc.data == {"a": "${VLLM_ARGS}", "b": "${jsonencode(args)}", "c": "${${a}-${b}}"}


def test_a_task_whose_arguments_a_template_fills_is_its_images_engine_unresolved() -> None:
    """ai4os/ai4-papi@6d25648d etc/tools/ai4os-llm/nomad.hcl: the vLLM image's task takes its
    whole argument list from a placeholder the service's Python fills per model.  It was no
    deployment at all (a TL008 warning that no arguments are given); it is the image's engine
    on the task's GPU with its arguments unresolved, so it is reported as not checked."""
    result = parse_text("nomad.hcl", TEMPLATED_NOMAD)
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.gpus) == ("vllm", None, 1)
    (gap,) = dep.unresolved
    assert (gap.field, gap.variable, gap.position.line) == ("arguments", "${VLLM_ARGS}", 7)


def test_a_placeholder_beside_no_image_is_no_deployment() -> None:
    text = 'task "x" {\n  config {\n    args = ${VLLM_ARGS}\n  }\n}\n'
    assert parse_text("x.nomad", text).deployments == ()


def test_tl003_says_the_placeholder_is_filled_before_the_file_is_used(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """Not the shell's word splitting: the placeholder is no unquoted shell variable."""
    job = tmp_path / "llm.nomad"
    job.write_text(TEMPLATED_NOMAD)
    main(["check", str(job), "--format", "json", "--exit-zero", "--select", "TL003"])
    (found,) = json.loads(capsys.readouterr().out)["findings"]
    assert found["rule"] == "TL003" and found["line"] == 7
    assert "filled in before the file is used" in found["message"]
    assert "unquoted" not in found["message"]


def test_a_placeholder_beside_written_options_is_not_the_whole_list(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    """``args = ["--tensor-parallel-size", "2", "$EXTRA"]``: the layout is written, so TL003
    does not say the variable holds the whole list or the layout."""
    job = tmp_path / "llm.nomad"
    job.write_text(
        TEMPLATED_NOMAD.replace("${VLLM_ARGS}", '["--tensor-parallel-size", "2", "$EXTRA"]')
    )
    main(["check", str(job), "--format", "json", "--exit-zero", "--select", "TL003"])
    (found,) = json.loads(capsys.readouterr().out)["findings"]
    assert "whole argument list" not in found["message"]
    assert "layout are among them" not in found["message"]


def test_a_template_function_placeholder_is_the_whole_list_unresolved() -> None:
    """``args = ${jsonencode(args)}`` (a Nomad job Terraform's ``templatefile`` renders): the
    model is among the arguments, unresolved, not "no model named"."""
    text = TEMPLATED_NOMAD.replace("${VLLM_ARGS}", "${jsonencode(args)}")
    (dep,) = parse_text("job.nomad.tpl.hcl", text).deployments
    assert [(u.field, u.variable) for u in dep.unresolved] == [("arguments", "${jsonencode(args)}")]


def test_an_expression_around_written_arguments_is_no_placeholder() -> None:
    """``args = concat(["--model=/m/${var.model}"], var.extra)`` writes arguments inside the
    expression: it is not a template's whole-list placeholder (read as before)."""
    text = TEMPLATED_NOMAD.replace(
        "${VLLM_ARGS}", 'concat([\n    "--model=/m/${var.model}"\n  ], var.extra)'
    )
    assert parse_text("job.nomad", text).deployments == ()
