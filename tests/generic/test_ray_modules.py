"""A RayService application whose code is a module of the repository
(``toplint.parse.generic.rayapp``): the module is read with the application's
``runtime_env.env_vars`` as its environment and placed on the RayService's Ray cluster.

``data/real/awslabs__ai-on-eks`` is copied unmodified (``data/real/INDEX.yaml``); the other
inputs are built here, in the shape of that real pair."""

from __future__ import annotations

import textwrap
from pathlib import Path

from toplint.model import ParseResult
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

REAL = Path(__file__).parent / "data" / "real"
EKS = REAL / "awslabs__ai-on-eks/blueprints/inference/vllm-rayserve-gpu"


def _parse(path: Path) -> ParseResult:
    return parse_source(Source.from_text(str(path), path.read_text()), builtin_and_plugin_parsers())


def _line_of(path: Path, text: str) -> int:
    return next(n for n, line in enumerate(path.read_text().split("\n"), 1) if text in line)


def test_the_module_beside_the_rayservice_is_read_with_its_env_vars() -> None:
    yaml = EKS / "ray-service-vllm.yaml"
    result = _parse(yaml)
    (dep,) = result.deployments
    assert not result.findings  # no more TL008 "a build of vllm, but yields no deployment"
    assert (dep.path, dep.line) == (str(yaml), _line_of(yaml, "import_path:"))
    assert (dep.engine, dep.model) == ("vllm", "mistralai/Mistral-7B-Instruct-v0.2")
    # the env value, not the module's default ("4096"), at its place in the manifest
    assert dep.options["max_model_len"] == "8192"
    assert dep.options["gpu_memory_utilization"] == "0.9"
    where = dep.sources["max_model_len"]
    assert (where.path, where.line) == (str(yaml), _line_of(yaml, "MAX_MODEL_LEN:"))
    # a literal of the module stays where the module writes it
    assert dep.sources["tp"].path == str(EKS / "vllm_serve.py")
    # one GPU worker pod of one GPU; min_replicas 1; ray_actor_options.num_gpus 1 in the manifest
    assert (dep.tp, dep.nodes, dep.gpus_per_node, dep.gpus, dep.replicas) == (1, 1, 1, 1, 1)
    assert dep.sources["gpus"].line == _line_of(yaml, "num_gpus: 1")
    assert dep.labels["NodeGroupType"] == "g5-gpu-karpenter"  # the GPU worker group's nodes


def test_the_module_linted_alone_keeps_its_own_reading() -> None:
    (dep,) = _parse(EKS / "vllm_serve.py").deployments
    assert dep.options["max_model_len"] == "4096"  # its default: no manifest runs it here
    assert dep.nodes is None


CLUSTER = """\
  rayClusterConfig:
    headGroupSpec:
      rayStartParams:
        num-cpus: "0"
      template:
        spec:
          containers:
          - name: ray-head
            image: public.ecr.aws/data-on-eks/ray2.24.0-py310-vllm-gpu:v1
    workerGroupSpecs:
    - groupName: gpu
      replicas: 2
      template:
        spec:
          containers:
          - name: ray-worker
            image: public.ecr.aws/data-on-eks/ray2.24.0-py310-vllm-gpu:v1
            resources:
              limits:
                nvidia.com/gpu: 2
"""

MODULE = """\
import os
from ray import serve
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine


@serve.deployment(name="llm", ray_actor_options={"num_gpus": 1})
class LLMServer:
    def __init__(self):
        args = AsyncEngineArgs(
            model=os.environ.get("MODEL_ID", "Qwen/Qwen2.5-0.5B-Instruct"),
            tensor_parallel_size=int(os.getenv("TP", "1")),
            max_model_len=int(os.environ["MAX_LEN"]),
        )
        self.engine = AsyncLLMEngine.from_engine_args(args)


app = LLMServer.bind()
"""


def _service(application: str) -> str:
    return (
        "apiVersion: ray.io/v1\nkind: RayService\nmetadata:\n  name: llm\nspec:\n"
        "  serveConfigV2: |\n    applications:\n" + application + CLUSTER
    )


def _app(import_path: str, env: str = "", more: str = "") -> str:
    return (
        f"    - name: llm\n      import_path: {import_path}\n"
        "      deployments:\n      - name: llm\n        num_replicas: 2\n"
        f"      runtime_env:\n{more}        env_vars:\n"
        '          MODEL_ID: "meta-llama/Llama-3.1-8B-Instruct"\n'
        '          MAX_LEN: "16384"\n' + env
    )


def _repo(tmp_path: Path, yaml: str, module: str, where: str = "deploy") -> Path:
    (tmp_path / ".git").mkdir(parents=True)
    path = tmp_path / where / "rayservice.yaml"
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_text(yaml)
    if module:
        target = tmp_path / module
        target.parent.mkdir(parents=True, exist_ok=True)
        target.write_text(MODULE)
    return path


def test_env_values_set_the_layout_and_num_replicas_the_replicas(tmp_path: Path) -> None:
    yaml = _repo(tmp_path, _service(_app("serve:app", '          TP: "2"\n')), "deploy/serve.py")
    (dep,) = _parse(yaml).deployments
    assert (dep.model, dep.tp, dep.options["max_model_len"]) == (
        "meta-llama/Llama-3.1-8B-Instruct",
        2,
        "16384",
    )
    assert dep.replicas == 2
    # the manifest states no num_gpus: the decorator's 1 stands (Serve's config overrides only
    # what it states); TP 2 needs one 2-GPU pod
    assert (dep.gpus, dep.nodes, dep.gpus_per_node) == (1, 1, 2)
    assert dep.sources["gpus"].path == str(tmp_path / "deploy/serve.py")


def test_a_placeholder_env_value_stays_unresolved(tmp_path: Path) -> None:
    app = _app("serve:app").replace('"meta-llama/Llama-3.1-8B-Instruct"', '"$MODEL_ID"')
    yaml = _repo(tmp_path, _service(app), "deploy/serve.py")
    (dep,) = _parse(yaml).deployments
    assert dep.model is None
    (missing,) = [u for u in dep.unresolved if u.field == "model"]
    assert missing.variable == "MODEL_ID"
    where = missing.position  # the env value
    assert (where.path, where.line) == (str(yaml), _line_of(yaml, "MODEL_ID:"))


def test_a_package_module_is_found_from_the_repository_root(tmp_path: Path) -> None:
    yaml = _repo(tmp_path, _service(_app("apps.llm.serve:app")), "apps/llm/serve.py")
    (dep,) = _parse(yaml).deployments
    assert dep.model == "meta-llama/Llama-3.1-8B-Instruct"


def test_a_local_working_dir_is_where_the_module_is(tmp_path: Path) -> None:
    app = _app("serve:app", more='        working_dir: "code"\n')
    yaml = _repo(tmp_path, _service(app), "deploy/code/serve.py")
    (dep,) = _parse(yaml).deployments
    assert dep.options["max_model_len"] == "16384"


def test_a_module_not_in_the_repository_is_said(tmp_path: Path) -> None:
    yaml = _repo(tmp_path, _service(_app("serve:app")), "")
    result = _parse(yaml)
    assert not result.deployments
    (finding,) = result.findings
    assert finding.rule == "TL008"
    assert "imports `serve:app`, but serve.py was not found in the repository" in finding.message


def test_a_module_outside_the_repository_is_not_read(tmp_path: Path) -> None:
    app = _app("serve:app", more='        working_dir: "../../outside"\n')
    yaml = _repo(tmp_path / "repo", _service(app), "")
    (tmp_path / "outside").mkdir()
    (tmp_path / "outside" / "serve.py").write_text(MODULE)
    result = _parse(yaml)
    assert not result.deployments
    assert "serve.py was not found in the repository" in result.findings[0].message


def test_a_remote_working_dir_is_not_fetched(tmp_path: Path) -> None:
    url = "https://github.com/example/llm/archive/main.zip"
    app = _app("serve:app", more=f'        working_dir: "{url}"\n')
    yaml = _repo(tmp_path, _service(app), "deploy/serve.py")  # beside it, but Ray uses the zip
    result = _parse(yaml)
    assert not result.deployments
    assert f"from the working_dir {url}, which is not fetched" in result.findings[0].message


def test_the_kuberay_sample_shape_stays_the_samples_reading(tmp_path: Path) -> None:
    # a VLLMDeployment with MODEL_ID in its env is read as KubeRay's sample (TENSOR_PARALLELISM,
    # else TP 1), as before, even with a module of that name beside the manifest
    app = _app("serve:app", '          TP: "2"\n').replace(
        "- name: llm\n        num", "- name: VLLMDeployment\n        num"
    )
    yaml = _repo(tmp_path, _service(app), "deploy/serve.py")
    (dep,) = _parse(yaml).deployments
    assert (dep.model, dep.tp) == ("meta-llama/Llama-3.1-8B-Instruct", 1)
    assert not any("imports (`" in n for n in dep.notes)


def test_llm_configs_stay_the_configs_and_a_module_app_beside_them_is_added(
    tmp_path: Path,
) -> None:
    llm = (
        "    - name: chat\n      import_path: ray.serve.llm:build_openai_app\n      args:\n"
        "        llm_configs:\n        - model_loading_config:\n            model_id: qwen\n"
        "            model_source: Qwen/Qwen2.5-7B-Instruct\n"
        "          engine_kwargs:\n            tensor_parallel_size: 2\n"
    )
    yaml = _repo(tmp_path, _service(llm + _app("serve:app")), "deploy/serve.py")
    deps = _parse(yaml).deployments
    assert sorted(str(d.model) for d in deps) == [
        "Qwen/Qwen2.5-7B-Instruct",
        "meta-llama/Llama-3.1-8B-Instruct",
    ]


def test_modules_baked_into_the_image_are_not_found_and_the_sample_reading_stays() -> None:
    # image/Dockerfile COPYs vllm_serve.py and vllm_openai_serve.py to the image's /app: not
    # where Ray imports them from in the repository, so the RayService reader's reading of
    # KubeRay's sample shape (VLLMDeployment, MODEL_ID) is what is read, as before
    yaml = (
        REAL / "awslabs__data-on-eks/gen-ai/inference/vllm-rayserve-gpu/base/ray-service-vllm.yaml"
    )
    deps = _parse(yaml).deployments
    assert [d.model for d in deps] == [
        "mistralai/Mistral-7B-Instruct-v0.2",
        "meta-llama/Meta-Llama-3-8B-Instruct",
    ]
    assert not any(any("imports (`" in n for n in d.notes) for d in deps)


# Set 19's development half (tests/data/open_world19): a RayService whose Serve module is a
# ConfigMap of the same file, mounted in the Ray pods at /home/ray/serve_app with PYTHONPATH
# /home/ray (askulkarni2/ray-serve-with-eks-auto@534ddcc0 app/ray-serve-vllm.yaml, unmodified).
OW19 = Path(__file__).parents[1] / "data" / "open_world19"
MOUNTED = OW19 / "askulkarni2__ray-serve-with-eks-auto/app/ray-serve-vllm.yaml"


def test_a_module_in_a_configmap_the_ray_pods_mount_on_pythonpath_is_read() -> None:
    result = _parse(MOUNTED)
    (dep,) = result.deployments
    assert (dep.engine, dep.tp, dep.gpus, dep.nodes) == ("vllm", 1, 1, 1)
    assert dep.model == "/s3/models/Qwen/Qwen2.5-0.5B-Instruct"
    assert (dep.path, dep.line) == (str(MOUNTED), _line_of(MOUNTED, "import_path:"))
    # the module's literal, at its own line in the manifest's ConfigMap
    where = dep.sources["tp"]
    assert (where.path, where.line) == (str(MOUNTED), _line_of(MOUNTED, '"tensor_parallel_size"'))
    assert any(
        "ConfigMap ray-serve-code mounted at /home/ray/serve_app/vllm_serve.py" in n
        for n in dep.notes
    )


# the same module as a ConfigMap key, as a RayService manifest keeps it beside the cluster
CONFIGMAP = (
    "---\napiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: code\ndata:\n  serve.py: |\n"
    + textwrap.indent(MODULE, "    ")
)


def _mounted(mount: str, volume: str = "") -> str:
    """The test cluster with the ConfigMap ``code`` mounted in its GPU worker."""
    return CLUSTER.replace(
        "            resources:\n",
        f"            volumeMounts:\n            - name: code\n{mount}            resources:\n",
    ) + (
        "          volumes:\n          - name: code\n            configMap:\n"
        f"              name: code\n{volume}"
    )


def _mounted_service(tmp_path: Path, mount: str, volume: str = "", env: str = "") -> Path:
    app = _app("serve:app", '          TP: "2"\n' + env)
    yaml = _service(app).replace(CLUSTER, _mounted(mount, volume)) + CONFIGMAP
    return _repo(tmp_path, yaml, "")


def test_a_mounted_module_is_read_only_where_pythonpath_lets_ray_import_it(
    tmp_path: Path,
) -> None:
    on_path = '          PYTHONPATH: "/opt/app"\n'
    yaml = _mounted_service(tmp_path / "a", "              mountPath: /opt/app\n", env=on_path)
    (dep,) = _parse(yaml).deployments
    assert (dep.model, dep.tp, dep.options["max_model_len"]) == (
        "meta-llama/Llama-3.1-8B-Instruct",
        2,
        "16384",
    )
    assert dep.sources["tp"].line == _line_of(yaml, "tensor_parallel_size=")
    # the same mount with no PYTHONPATH naming its folder: Ray could not import it
    elsewhere = _mounted_service(tmp_path / "b", "              mountPath: /opt/app\n")
    assert not _parse(elsewhere).deployments


def test_items_and_subpath_place_the_configmap_keys_as_kubernetes_projects_them(
    tmp_path: Path,
) -> None:
    on_path = '          PYTHONPATH: "/opt/app"\n'
    # items: only the listed key, at its path
    items = "              items:\n              - key: serve.py\n                path: serve.py\n"
    yaml = _mounted_service(tmp_path / "a", "              mountPath: /opt/app\n", items, on_path)
    assert [d.tp for d in _parse(yaml).deployments] == [2]
    renamed = items.replace("path: serve.py", "path: other.py")
    yaml = _mounted_service(tmp_path / "b", "              mountPath: /opt/app\n", renamed, on_path)
    assert not _parse(yaml).deployments
    # subPath: the one key is the file at mountPath
    sub = "              mountPath: /opt/app/serve.py\n              subPath: serve.py\n"
    yaml = _mounted_service(tmp_path / "c", sub, env=on_path)
    assert [d.tp for d in _parse(yaml).deployments] == [2]
