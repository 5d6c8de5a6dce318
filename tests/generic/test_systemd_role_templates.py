"""An Ansible role's templates take the role's variables (toplint.parse.text.rendered:
defaults/main.yml under the plays' vars, vars/main.yml over them; docs.ansible.com "Roles" and
"Understanding variable precedence"), and a unit's Jinja template is read as the unit it renders
(toplint.parse.text.systemd).  The shape is karinehei/linux-vllm-infra-lab@1a6ffba
ansible/roles/vllm/templates/vllm.service.j2, which read as no deployment before."""

from __future__ import annotations

from pathlib import Path

from toplint.discover.files import wanted
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

UNIT = """\
[Unit]
Description=vLLM
{% if container_runtime | default('podman') == 'docker' %}
After=docker.service
{% endif %}

[Service]
EnvironmentFile=-{{ vllm_env_file }}
{% if container_runtime | default('podman') == 'podman' %}
ExecStart=/usr/bin/podman run --rm --device nvidia.com/gpu=all \\
  {{ vllm_container_image }} \\
  --model {{ vllm_model }} \\
  --tensor-parallel-size {{ vllm_tensor_parallel_size }}{% for arg in vllm_extra_args %} \\
  {{ arg }}{% endfor %}
{% else %}
ExecStart=/usr/bin/docker run --rm --gpus all \\
  {{ vllm_container_image }} \\
  --model {{ vllm_model }} \\
  --tensor-parallel-size {{ vllm_tensor_parallel_size }}
{% endif %}

[Install]
WantedBy=multi-user.target
"""
DEFAULTS = """\
---
vllm_model: "org/m"
vllm_tensor_parallel_size: 1
vllm_container_image: "vllm/vllm-openai:v0.6.3"
vllm_extra_args: []
"""


def _role(tmp_path: Path, name: str, text: str, role_vars: str = "") -> Path:
    (tmp_path / "toplint.yaml").write_text("")  # the repository's root for references
    role = tmp_path / "roles" / "vllm"
    for part in ("templates", "defaults", "vars"):
        (role / part).mkdir(parents=True)
    (role / "defaults" / "main.yml").write_text(DEFAULTS)
    if role_vars:
        (role / "vars" / "main.yml").write_text(role_vars)
    (role / "templates" / name).write_text(text)
    return role / "templates" / name


def _deployments(path: Path):  # type: ignore[no-untyped-def]
    source = Source.from_text(str(path), path.read_text())
    return parse_source(source, builtin_and_plugin_parsers()).deployments


def test_a_unit_template_reads_its_conditional_as_one_deployment(tmp_path: Path) -> None:
    # Jinja renders one arm; both start vLLM the same way (podman's CDI device all and
    # docker's --gpus all give every GPU), so whichever runs is one deployment.
    (dep,) = _deployments(_role(tmp_path, "vllm.service.j2", UNIT))
    assert (dep.engine, dep.model, dep.tp, dep.source_kind) == ("vllm", "org/m", 1, "systemd")
    assert dep.options.get("undecided") and dep.options.get("gpus_visible") == "all"


def test_arms_that_start_the_engine_differently_stay_two(tmp_path: Path) -> None:
    unit = UNIT.replace(
        "--gpus all \\\n  {{ vllm_container_image }} \\\n  --model {{ vllm_model }}",
        "--gpus all \\\n  {{ vllm_container_image }} \\\n  --model other/m",
    )
    deps = _deployments(_role(tmp_path, "vllm.service.j2", unit))
    assert [d.model for d in deps] == ["org/m", "other/m"]


def test_role_vars_override_role_defaults(tmp_path: Path) -> None:
    script = "#!/bin/bash\nvllm serve {{ vllm_model }} -tp {{ vllm_tensor_parallel_size }}\n"
    (dep,) = _deployments(_role(tmp_path, "serve.sh.j2", script, "vllm_tensor_parallel_size: 2\n"))
    assert (dep.model, dep.tp) == ("org/m", 2)


def test_a_unit_template_is_walked_into() -> None:
    assert wanted("vllm.service.j2")
