"""An Ansible template of a YAML file (``templates/x.yaml.j2``) is read as the YAML the role
renders (toplint.parse.text.jinjayaml), its variables from the role's defaults, the project's
``group_vars/all`` and a play that renders it, also from a ``playbooks/`` folder
(toplint.parse.text.rendered).  Shapes: akram/ansible-llamastack-vllm@05889d4
roles/vllm/templates/vllm-deployment.yaml.j2 with group_vars/all.yml, Dirty13itch/athanor@d046a0a
ansible/roles/vllm-embedding/templates/docker-compose.yml.j2, eslick/homelab@9672eec
templates/vllm-compose.yml.j2 rendered by playbooks/vllm.yml, neet/homelab@e44ea0c
roles/vllm/templates/compose.yaml.j2 (``--config`` of a file the role writes elsewhere)."""

from __future__ import annotations

from pathlib import Path

from toplint.discover.files import wanted
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

DEPLOYMENT = """\
apiVersion: apps/v1
kind: Deployment
metadata:
  name: vllm
spec:
  replicas: 1
  selector: {matchLabels: {app: vllm}}
  template:
    metadata: {labels: {app: vllm}}
    spec:
      containers:
      - name: vllm
        image: {{ vllm_image | quote }}
        args:
          - --model
          - {{ vllm_model | quote }}
          - --max-model-len
          - "{{ vllm_max_model_len }}"
        resources:
          limits:
            nvidia.com/gpu: "{{ vllm_gpu_count }}"
"""
GROUP_VARS = """\
vllm_image: "vllm/vllm-openai:v0.8.5"
vllm_model: "org/m"
vllm_max_model_len: 8192
vllm_gpu_count: "2"
"""
COMPOSE = """\
services:
  vllm:
    image: "{{ vllm_image }}"
    {# rendered by the play #}
    command: >
      --model {{ vllm_model_id }}
      --tensor-parallel-size {{ vllm_tensor_parallel_size }}
    deploy:
      resources:
        reservations:
          devices:
            - driver: nvidia
              device_ids: ["{{ gpu }}"]
              capabilities: [gpu]
"""
PLAY = """\
- name: Deploy vLLM
  hosts: homelab
  vars:
    vllm_image: "vllm/vllm-openai:v0.11.0"
    vllm_model_id: "org/m"
    vllm_tensor_parallel_size: 2
    gpu: "0"
  tasks:
    - name: compose file
      ansible.builtin.template:
        src: ../templates/vllm-compose.yml.j2
        dest: /opt/compose/vllm/docker-compose.yml
"""


def _deployments(path: Path):  # type: ignore[no-untyped-def]
    source = Source.from_text(str(path), path.read_text())
    return parse_source(source, builtin_and_plugin_parsers())


def _write(root: Path, files: dict[str, str]) -> None:
    (root / "toplint.yaml").write_text("")  # the repository's root for references
    for name, text in files.items():
        (root / name).parent.mkdir(parents=True, exist_ok=True)
        (root / name).write_text(text)


def test_a_manifest_template_is_walked_and_read_with_group_vars_all(tmp_path: Path) -> None:
    name = "roles/vllm/templates/vllm-deployment.yaml.j2"
    _write(tmp_path, {name: DEPLOYMENT, "group_vars/all.yml": GROUP_VARS})
    assert wanted("vllm-deployment.yaml.j2")
    (dep,) = _deployments(tmp_path / name).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 1, 2)


def test_group_vars_all_folder_and_role_defaults_below_it(tmp_path: Path) -> None:
    name = "roles/vllm/templates/vllm-deployment.yaml.j2"
    defaults = GROUP_VARS.replace('"2"', '"1"').replace("org/m", "default/m")
    _write(
        tmp_path,
        {
            name: DEPLOYMENT,
            "roles/vllm/defaults/main.yml": defaults,
            "group_vars/all/defaults.yml": 'vllm_model: "org/m"\n',
        },
    )
    (dep,) = _deployments(tmp_path / name).deployments
    assert (dep.model, dep.gpus) == ("org/m", 1)  # group_vars/all over the role's default


def test_unknown_variables_stay_unresolved_and_are_named(tmp_path: Path) -> None:
    name = "roles/vllm/templates/vllm-deployment.yaml.j2"
    _write(tmp_path, {name: DEPLOYMENT.replace("{{ vllm_image | quote }}", "vllm/vllm-openai")})
    result = _deployments(tmp_path / name)
    (dep,) = result.deployments
    assert dep.engine == "vllm" and dep.model is None and dep.gpus is None
    assert "${jinja_vllm_model}" in {u.variable for u in dep.unresolved}  # named for the user


def test_a_play_in_a_playbooks_folder_renders_the_template(tmp_path: Path) -> None:
    name = "templates/vllm-compose.yml.j2"
    _write(tmp_path, {name: COMPOSE, "playbooks/vllm.yml": PLAY})
    (dep,) = _deployments(tmp_path / name).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 1)


def test_a_template_with_statements_is_left_a_template(tmp_path: Path) -> None:
    name = "roles/vllm/templates/compose.yaml.j2"
    looped = "services:\n{% for m in models %}\n  {{ m.name }}:\n    image: vllm/vllm-openai\n"
    looped += "{% endfor %}\n"
    _write(tmp_path, {name: looped})
    result = _deployments(tmp_path / name)
    assert not result.deployments
    assert all(f.rule != "TL001" for f in result.findings)  # not read as broken YAML


def test_a_document_inside_a_template_keeps_its_own_name() -> None:
    from toplint.parse.text.jinjayaml import yaml_rendered

    # a here-document of `serve.sh.j2` that writes `config.yaml` is that document, not the script
    doc = Source(path="templates/serve.sh.j2", text="{% if x %}\ntp: 2\n", name="config.yaml")
    assert yaml_rendered(doc) == doc
