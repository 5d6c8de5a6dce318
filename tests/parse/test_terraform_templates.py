"""Files a Terraform configuration renders with ``templatefile``, through the local modules it
calls (``toplint.parse.generic.hcltemplate``), in the shape of lukebrady/ai-engineering@c5ed1187
infrastructure/ai-inference/opentofu: an EC2 instance whose ``user_data`` is a script template
that writes a vLLM systemd unit (``--model ${model} ${vllm_args}``), and a root configuration
calling that module three times (open-world set 17 development: every file read as nothing).
Terraform, "templatefile Function": ``${name}`` is the map's value; a value not known here
stays a variable nothing sets, unresolved."""

from __future__ import annotations

from pathlib import Path

from toplint.model import Deployment
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

MODULE = """\
resource "aws_instance" "this" {
  instance_type = var.instance_type
  user_data = templatefile("${path.module}/scripts/user_data.sh", {
    model     = var.model
    vllm_args = var.vllm_args
  })
}
"""
VARIABLES = """\
variable "model" {
  type    = string
  default = "Qwen/Qwen3-0.6B"
}
variable "vllm_args" {
  type    = string
  default = ""
}
"""
USER_DATA = """\
#!/bin/bash
sudo cat > /etc/systemd/system/vllm.service << 'EOF'
[Service]
ExecStart=/usr/bin/docker run --runtime nvidia --gpus all \\
    vllm/vllm-openai:latest \\
    --model ${model} ${vllm_args}
EOF
sudo systemctl start vllm.service
"""
ROOT = """\
module "small" {
  source = "../modules/inference"
  model  = "org/small"
}

module "large" {
  source    = "../modules/inference"
  model     = "org/large"
  vllm_args = "--tensor-parallel-size=4"
}
"""


def _tree(tmp_path: Path, variables: bool = True) -> Path:
    (tmp_path / ".git").mkdir()  # the repository: ../modules is inside it
    module = tmp_path / "modules" / "inference"
    (module / "scripts").mkdir(parents=True)
    (module / "main.tf").write_text(MODULE)
    if variables:
        (module / "variables.tf").write_text(VARIABLES)
    (module / "scripts" / "user_data.sh").write_text(USER_DATA)
    (tmp_path / "root").mkdir()
    (tmp_path / "root" / "main.tf").write_text(ROOT)
    return tmp_path


def _parse(path: Path) -> list[Deployment]:
    source = Source.from_text(str(path), path.read_text())
    return list(parse_source(source, builtin_and_plugin_parsers()).deployments)


def test_a_resource_reads_the_script_it_renders_with_the_modules_defaults(tmp_path: Path) -> None:
    (dep,) = _parse(_tree(tmp_path) / "modules" / "inference" / "main.tf")
    assert (dep.engine, dep.model, dep.tp, dep.line) == ("vllm", "Qwen/Qwen3-0.6B", 1, 3)


def test_a_value_not_known_here_stays_unresolved(tmp_path: Path) -> None:
    (dep,) = _parse(_tree(tmp_path, variables=False) / "modules" / "inference" / "main.tf")
    assert (dep.engine, dep.model) == ("vllm", None)
    assert "${model}" in {u.variable for u in dep.unresolved}


def test_each_module_call_renders_with_its_inputs(tmp_path: Path) -> None:
    deps = _parse(_tree(tmp_path) / "root" / "main.tf")
    assert sorted((d.model, d.tp, d.line) for d in deps) == [
        ("org/large", 4, 6),
        ("org/small", 1, 1),
    ]


def test_a_module_outside_the_repository_is_not_read(tmp_path: Path) -> None:
    root = _tree(tmp_path) / "root"
    (root / ".git").mkdir()  # the root configuration is its own repository
    assert _parse(root / "main.tf") == []
