"""A script template takes the values of the play that renders it (toplint.parse.text.rendered;
issue 24).  The shape is redhat-et/slurm: deploy-vllm-models.yml renders
templates/vllm_serve_model.sh.j2 with vars_files group_vars/all.yml and group_vars/vllm.yml."""

from __future__ import annotations

from pathlib import Path

from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

TEMPLATE = """\
#!/bin/bash
#SBATCH --job-name=vllm-serve-{{ item.name }}
#SBATCH --ntasks=1
#SBATCH --gres=gpu:1
export HF_HOME={{ model_cache_dir }}
python3 -m vllm.entrypoints.openai.api_server \\
    --model {{ item.model_id }} \\
    --dtype {{ vllm_default_dtype }} \\
    --tensor-parallel-size {{ vllm_default_tensor_parallel }} \\
    --trust-remote-code
"""
PLAYBOOK = """\
---
- name: Deploy vLLM Models on Slurm Cluster
  hosts: slurm_cluster
  vars:
    vllm_default_tensor_parallel: 4
  vars_files:
    - group_vars/vllm.yml
  tasks:
    - name: Deploy vLLM model serving scripts
      template:
        src: "templates/vllm_serve_model.sh.j2"
        dest: "/home/{{ slurm_user }}/vllm-jobs/serve_{{ item.name }}.sh"
      loop: "{{ vllm_models }}"
"""
VARS = """\
vllm_models:
  - name: phi3
    model_id: microsoft/Phi-3-mini-4k-instruct
vllm_default_dtype: "auto"
vllm_default_tensor_parallel: 2
"""


def _tree(tmp_path: Path, playbook: str = PLAYBOOK) -> Path:
    (tmp_path / "toplint.yaml").write_text("")  # the repository's root for references
    (tmp_path / "templates").mkdir()
    (tmp_path / "group_vars").mkdir()
    (tmp_path / "templates" / "vllm_serve_model.sh.j2").write_text(TEMPLATE)
    (tmp_path / "deploy-vllm-models.yml").write_text(playbook)
    (tmp_path / "group_vars" / "vllm.yml").write_text(VARS)
    return tmp_path / "templates" / "vllm_serve_model.sh.j2"


def _parse(path: Path):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def test_a_template_takes_the_rendering_plays_variables(tmp_path: Path) -> None:
    (dep,) = _parse(_tree(tmp_path)).deployments
    assert (dep.engine, dep.tp, dep.gpus) == ("vllm", 2, 1)  # vars_files over vars
    assert dep.model is None  # `{{ item.model_id }}`: a loop's item stays unresolved
    assert dep.sources["tp"].line == 9  # the flag in the template


def test_a_template_no_play_renders_keeps_its_values_unresolved(tmp_path: Path) -> None:
    path = _tree(tmp_path, PLAYBOOK.replace("vllm_serve_model.sh.j2", "other.sh.j2"))
    (dep,) = _parse(path).deployments
    assert dep.tp is None


def test_a_scripts_template_is_found_in_a_directory_walk_and_read_as_a_script() -> None:
    from tests.parse.helpers import only
    from toplint.discover.files import wanted

    assert wanted("serve.sh.j2") and wanted("job.slurm.j2")
    assert wanted("values.yaml.j2")  # read as the YAML it renders (parse.text.jinjayaml)
    dep = only("serve.sh.j2", "vllm serve org/m --tensor-parallel-size {{ tp }}\n")  # no shebang
    assert (dep.engine, dep.tp) == ("vllm", None)


# raffenet/lcf-inference@babe698f src/aegis/templates/instance.sh.j2:61-71, shortened: each
# branch of the if ends in a continued `vllm serve`, and `{% endif -%}` strips the newline
# after it, so the options after the block are both branches' (its launcher renders it with
# Jinja2's defaults, src/aegis/launcher.py:43).
IF_ELSE_CONTINUED = """\
#!/bin/bash
{% if apptainer_image %}
numactl --cpunodebind=0 apptainer exec \\
    /tmp/{{ apptainer_image.split('/')[-1] }} vllm serve {{ model }} \\
{% else %}
numactl --cpunodebind=0 vllm serve {{ model }} \\
{% endif -%}
    --dtype bfloat16 \\
    --tensor-parallel-size {{ tensor_parallel_size }} \\
    --port {{ port }}
"""


def test_options_after_an_if_block_continue_its_branches_command() -> None:
    from tests.parse.helpers import parse_text

    (dep,) = parse_text("instance.sh.j2", IF_ELSE_CONTINUED).deployments  # the first branch
    assert (dep.engine, dep.tp, dep.options.get("dtype")) == ("vllm", None, "bfloat16")
    assert dep.sources["tp"].line == 9
    # named as the file writes them, not as masked (`{{__________________________}}`)
    assert {u.variable for u in dep.unresolved} >= {"{{ model }}", "{{ tensor_parallel_size }}"}
    # an endif that keeps its newline ends the command, as rendering it does
    kept = IF_ELSE_CONTINUED.replace("{% endif -%}", "{% endif %}")
    assert [d.tp for d in parse_text("instance.sh.j2", kept).deployments] == [1]
