"""The module a RayService imports may sit in a ConfigMap of another file of its folder
(``toplint.parse.generic.rayapp.mounted_module`` through ``toplint.parse.k8s.siblings``, as a
folder of manifests is applied together); a file of ConfigMaps alone is read as the module it
carries (``toplint.parse.generic.embedded``); a module not found is TL008, never silence; and a
YAML template (``x.yaml.tpl``) is read as the YAML it renders (``toplint.discover.source``).

``tests/data/open_world23/shawnawshk__ray-serve-on-eks`` is set 23's development half, copied
unmodified (its INDEX.yaml)."""

from __future__ import annotations

import textwrap
from pathlib import Path

from toplint.discover.files import discover
from toplint.discover.source import read_name
from toplint.model import ParseResult, Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

OW23 = Path(__file__).parents[1] / "data" / "open_world23" / "shawnawshk__ray-serve-on-eks"
RAY = OW23 / "k8s" / "ray"


def _parse(path: Path) -> ParseResult:
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().split("\n"), 1) if text in line)


MODULE = """\
from ray import serve
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine


@serve.deployment(ray_actor_options={"num_gpus": 2})
class Server:
    def __init__(self, model: str, tensor_parallel_size: int = 1):
        args = AsyncEngineArgs(model=model, tensor_parallel_size=tensor_parallel_size)
        self.engine = AsyncLLMEngine.from_engine_args(args)


app = Server.bind(model="m/x", tensor_parallel_size=2)
"""


def test_the_rayservice_reads_the_configmap_beside_it_once() -> None:
    """Set 23's development pair: the RayService (an envsubst template, ``.yaml.tpl``) mounts
    ``vllm_serve.py`` from the ConfigMap in ``vllm-serve-configmap.yaml`` beside it; the module
    binds ``VLLMDeployment(model=MODEL_ID, tensor_parallel_size=TENSOR_PARALLEL_SIZE)``."""
    service, configmap = RAY / "rayservice.yaml.tpl", RAY / "vllm-serve-configmap.yaml"
    result = _parse(service)
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "Qwen/Qwen3.5-2B", 1, 1)
    assert (dep.path, dep.line) == (str(service), _line_of(service, "import_path:"))
    # MODEL_ID from the application's env_vars, at its place in the RayService
    where = dep.sources["model"]
    assert (where.path, where.line) == (str(service), _line_of(service, "MODEL_ID:"))
    where = dep.sources["tp"]
    assert (where.path, where.line) == (str(service), _line_of(service, "TENSOR_PARALLEL_SIZE:"))
    # the module's own literals at their lines in the ConfigMap's file
    where = dep.sources["dtype"]
    assert (where.path, where.line) == (str(configmap), _line_of(configmap, 'dtype="auto"'))
    assert any("ConfigMap vllm-serve-script mounted at" in n for n in dep.notes)


def test_the_configmap_alone_is_its_modules_own_reading() -> None:
    configmap = RAY / "vllm-serve-configmap.yaml"
    (dep,) = _parse(configmap).deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "Qwen/Qwen3.5-2B", 1, 1)
    assert dep.path == str(configmap)
    assert dep.line == _line_of(configmap, "engine_args = AsyncEngineArgs(")
    assert dep.nodes is None  # no cluster: nothing here runs it


CONFIGMAP = (
    "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: code\ndata:\n  serve_app.py: |\n"
    + textwrap.indent(MODULE, "    ")
)


def test_a_configmap_name_two_files_beside_define_is_not_read(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    service = RAY / "rayservice.yaml.tpl"
    text = service.read_text().replace("vllm_serve", "serve_app")
    text = text.replace("vllm-serve-script", "code")
    target = tmp_path / "rayservice.yaml"
    target.write_text(text)
    (tmp_path / "a.yaml").write_text(CONFIGMAP)
    (dep,) = _parse(target).deployments
    assert (dep.model, dep.tp, dep.gpus) == ("m/x", 2, 1)  # the module's literals, one GPU
    (tmp_path / "b.yaml").write_text(CONFIGMAP)  # which of the two runs is not known
    result = _parse(target)
    assert not result.deployments
    (note,) = result.findings
    assert "serve_app.py was not found" in note.message
    assert (note.rule, note.severity) == ("TL008", Severity.INFO)
    assert note.line == _line_of(target, "import_path:")  # the application not read


def test_a_yaml_template_is_read_as_the_yaml_it_renders(tmp_path: Path) -> None:
    assert read_name("RayService.yaml.tpl") == "rayservice.yaml"
    assert read_name("x.yml.tftpl") == "x.yml"
    assert read_name("_helpers.tpl") == "_helpers.tpl"  # Helm's defines: no YAML name
    (tmp_path / "svc.yaml.tpl").write_text((RAY / "rayservice.yaml.tpl").read_text())
    (tmp_path / "_helpers.tpl").write_text('{{- define "x" -}}{{- end -}}\n')
    assert [Path(p).name for p in discover([str(tmp_path)], [])] == ["svc.yaml.tpl"]
