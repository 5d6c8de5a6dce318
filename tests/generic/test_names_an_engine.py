"""A file that names an engine but yields no deployment is a finding, in every file type toplint
reads (issue 24, round 3): commands spelled as argument lists, Python strings and f-strings,
engine modules imported under an alias, values that select an engine, comments.  And what only
looks like a deployment is not one: a client's ``api_key="vllm"``, a request's
``SamplingParams``."""

from __future__ import annotations

import pytest

from tests.parse.helpers import only, parse_text
from toplint.model import Severity


def _one(path: str, text: str) -> tuple[str, Severity, int, str]:
    result = parse_text(path, text)
    assert not result.deployments, result.deployments
    (found,) = result.findings
    return found.rule, found.severity, found.line, found.message


@pytest.mark.parametrize(
    ("path", "text", "line"),
    [
        (
            "run.py",
            'import subprocess\nsubprocess.run(["vllm", "serve", pick(), "--port", p])\n',
            2,
        ),
        ("run.py", 'import os\n\nos.system(f"nohup vllm serve {pick()} &")\n', 3),
        ("go.py", 'import os\nos.execvp("vllm", ["vllm", "serve", *sys.argv[1:]] + extra())\n', 2),
    ],
)
def test_python_code_that_would_start_an_engine_is_a_warning(
    path: str, text: str, line: int
) -> None:
    rule, severity, at, message = _one(path, text)
    assert (rule, severity, at) == ("TL008", Severity.WARNING, line)
    assert "built at run time" in message


def test_prose_and_comments_in_python_are_an_info_note() -> None:
    prose = 'def f():\n    """Start it with vllm serve MODEL."""\n    print("Run: vllm serve m")\n'
    assert _one("p.py", prose)[:3] == ("TL008", Severity.INFO, 2)
    assert "only in text" in _one("p.py", prose)[3]
    comment = "import requests\n# python -m sglang.launch_server --model m\n"
    assert _one("c.py", comment)[:3] == ("TL008", Severity.INFO, 2)


def test_an_engine_module_imported_under_an_alias_names_its_calls() -> None:
    text = "import sglang as sgl\nengine = sgl.Engine(**load())\n"
    rule, severity, _, message = _one("e.py", text)
    assert (rule, severity) == ("TL008", Severity.INFO) and "`sgl.Engine` of sglang" in message


def test_a_value_selecting_an_engine_is_an_info_note_in_any_data_format() -> None:
    assert _one("k.yaml", "engine: sglang\nworkers: ${oc.env:N}\n")[:3] == (
        "TL008",
        Severity.INFO,
        1,
    )
    assert _one("k.json", '{\n  "backend": "vllm",\n  "n": "${N}"\n}\n')[:3] == (
        "TL008",
        Severity.INFO,
        2,
    )
    assert _one("c.py", "client = make(engine='lmdeploy')\n")[:2] == ("TL008", Severity.INFO)


def test_an_argument_a_comment_writes_is_prose_the_assignment_selects() -> None:
    """shekhars271991/LLMDeployment@fd1573fb self-hosted-coding-agent/phase-2-single-node-
    optimizations/configs/2f_sglang.env (open-world set 25, shortened): the note is at the
    assignment, not at the comment that describes it (nor quotes half of its value)."""
    text = '# CHANGED vs baseline: ENGINE="sglang".\n\nENGINE="sglang"\nMAXLEN=32768\n'
    rule, severity, line, message = _one("2f_sglang.env", text)
    assert (rule, severity, line) == ("TL008", Severity.INFO, 3)
    assert "`ENGINE: sglang`" in message
    # written only in a comment's prose: still a note, never silence
    rule, severity, line, message = _one("x.env", "# then run it with engine=vllm here\nN=1\n")
    assert (rule, severity, line) == ("TL008", Severity.INFO, 1)
    assert "only in a comment" in message


def test_a_name_of_another_thing_that_spells_an_engine_is_no_deployment() -> None:
    """triton-inference-server/tutorials@e848952 Popular_Models_Guide/Llava1.5/.../model.py: a
    Triton BLS request to the model named ``tensorrt_llm`` is a client of another model, not a
    TensorRT-LLM deployment of a checkpoint called ``tensorrt_llm``; ``engine_name`` still
    chooses."""
    text = (
        "import triton_python_backend_utils as pb_utils\n"
        'request = pb_utils.InferenceRequest(model_name="tensorrt_llm",\n'
        '    requested_output_names=["output_ids"], inputs=[])\n'
    )
    assert parse_text("model.py", text).deployments == ()
    assert _one("k.yaml", "engine_name: sglang\nworkers: ${oc.env:N}\n")[:2] == (
        "TL008",
        Severity.INFO,
    )


def test_the_value_of_an_engine_option_selects_no_engine() -> None:
    client = 'import openai\nc = openai.OpenAI(base_url="http://h:8000/v1", api_key="vllm")\n'
    result = parse_text("client.py", client)
    assert not result.deployments and not result.findings
    assert not parse_text("c.yaml", "served_model_name: vllm\nport: 80\n").findings


def test_a_request_s_sampling_params_are_no_engine() -> None:
    text = "from vllm import SamplingParams\n"
    text += "p = SamplingParams(n=1, top_p=0.9, temperature=0.7, max_tokens=64, seed=0)\n"
    rule, severity, _, message = _one("s.py", text)
    assert (rule, severity) == ("TL008", Severity.INFO) and "`SamplingParams`" in message


def test_an_argument_list_spells_a_command_in_yaml_json_and_toml() -> None:
    from toplint.parse.mentions import named_engines

    assert named_engines('x: ["vllm", "serve", m]\n') == [("vllm", "vllm serve")]
    assert named_engines("argv:\n  - trtllm-serve\n") == [("trtllm", "trtllm-serve")]
    assert named_engines("cmd:\n  - lmdeploy\n  - serve\n  - api_server\n") == [
        ("lmdeploy", "lmdeploy serve api_server")
    ]
    assert named_engines("cmd = ['vllm','serve']\n") == [("vllm", "vllm serve")]


def test_a_starred_item_of_an_argument_list_is_forwarded_and_said_so() -> None:
    text = 'CMD = ("python3", "-m", "sglang.launch_server", "--tp", "2", *ARGS)\n'
    (dep,) = parse_text("go.py", text).deployments
    assert dep.tp == 2 and [u.variable for u in dep.unresolved] == ["*ARGS"]


def test_an_engine_image_rebuilt_under_another_name_is_a_warning() -> None:
    text = "FROM rocm/vllm-dev:nightly\nRUN pip install extra\n"
    rule, severity, line, message = _one("Dockerfile", text)
    assert (rule, severity, line) == ("TL008", Severity.WARNING, 1)
    assert "`rocm/vllm-dev:nightly`, a build of vllm" in message
    yaml_text = "workers:\n  - image: openeuler/vllm-ascend:latest\n    replicas: 1\n"
    assert _one("w.yaml", yaml_text)[:3] == ("TL008", Severity.WARNING, 2)


def test_a_rebuild_named_in_helm_values_image_repository_is_a_warning() -> None:
    """civo-learn/civo-vllm-docker examples/k8s/helm/values.yaml: the chart's image is a vLLM
    rebuild whose own entrypoint sets the layout; values name it as ``image.repository``."""
    text = (
        "replicaCount: 1\n\nimage:\n  repository: ghcr.io/civo-learn/civo-vllm-docker\n"
        '  pullPolicy: Always\n  tag: "latest"\n\nenv:\n  MODEL: "meta-llama/Meta-Llama-3-8B"\n'
        'resources:\n  limits:\n    nvidia.com/gpu: "1"\n'
    )
    rule, severity, line, message = _one("values.yaml", text)
    assert (rule, severity, line) == ("TL008", Severity.WARNING, 4)
    assert "`ghcr.io/civo-learn/civo-vllm-docker`, a build of vllm" in message
    other = text.replace("civo-vllm-docker", "web-frontend")
    assert parse_text("values.yaml", other).findings == ()


def test_an_operators_table_of_images_by_name_is_an_info_note() -> None:
    """substratusai/kubeai@2f32ef4 charts/kubeai/values.yaml: ``modelServers.VLLM.images`` maps
    names to the images the operator starts for its Model resources; nothing runs them here.
    The same image as a chart's ``image.repository`` is still a warning."""
    text = (
        "modelServers:\n  VLLM:\n    images:\n      # the default image\n"
        '      default: "vllm/vllm-openai:v0.8.3"\n      cpu: "substratusai/vllm:v0.6.3-cpu"\n'
    )
    rule, severity, line, message = _one("values.yaml", text)
    assert (rule, severity, line) == ("TL008", Severity.INFO, 5)
    assert "table of images chosen by name (`modelServers.VLLM.images`)" in message
    chart = "image:\n  repository: vllm/vllm-openai\n  tag: v0.8.3\n"
    assert _one("values.yaml", chart)[:3] == ("TL008", Severity.WARNING, 2)


def test_a_terraform_image_behind_a_templated_registry_is_a_warning() -> None:
    """A Terraform ``kubernetes_deployment`` running a team's vLLM rebuild with no arguments:
    its entrypoint is the rebuild's own, so the layout is unknown; the engine is still named."""
    from toplint.discover.files import wanted

    tf = (
        'resource "kubernetes_deployment_v1" "llm" {\n  spec {\n    template {\n      spec {\n'
        "        container {\n"
        '          image = "${var.registry}/inference/llm/vllm-release-guard:0.5.2"\n'
        "        }\n      }\n    }\n  }\n}\n"
    )
    rule, severity, line, message = _one("models.tf", tf)
    assert (rule, severity, line) == ("TL008", Severity.WARNING, 6) and "a build of vllm" in message
    assert all(wanted(n) for n in ("main.tf", "job.nomad", "job.nomad.hcl"))


def test_a_module_that_only_imports_an_engine_is_an_info_note() -> None:
    rule, severity, line, message = _one(
        "u.py", "import os\nimport vllm\nprint(vllm.__version__)\n"
    )
    assert (rule, severity, line) == ("TL008", Severity.INFO, 2) and "imports `vllm`" in message
    assert not parse_text("r.py", "import requests\nrequests.get('http://h')\n").findings


def test_jsonc_is_read_at_its_own_positions_and_a_module_value_names_its_engine() -> None:
    """VS Code's launch.json: comments and trailing commas (JSONC) are not a TL001 error, and
    ``"module": "vllm.entrypoints.openai.api_server"`` with ``"args"`` is that server."""
    text = (
        '{\n  // debug the server\n  "configurations": [\n    {\n'
        '      "module": "vllm.entrypoints.openai.api_server",\n'
        '      "args": ["--model", "org/m", "--tensor-parallel-size", "2",],\n    },\n  ]\n}\n'
    )
    result = parse_text(".vscode/launch.json", text)
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    assert dep.sources["tp"].line == 6 and not result.findings


def test_a_client_config_names_the_server_it_calls_and_deploys_nothing() -> None:
    """``backend: vllm`` beside an OpenAI-compatible base URL is an eval/benchmark client's
    setting, not a deployment (it was read as a vLLM deployment at TP 1); JSON written on one
    line selects its engine too."""
    text = "backend: vllm\nbase_url: http://localhost:8000/v1\nmodel: org/m\nmax_tokens: 64\n"
    rule, severity, _, message = _one("eval.yaml", text)
    assert (rule, severity) == ("TL008", Severity.INFO) and "calls a server at" in message
    one_line = '{"backend": "sglang", "num_prompts": 1000, "request_rate": 8, "seed": 1}\n'
    assert _one("bench.json", one_line)[:3] == ("TL008", Severity.INFO, 1)


def _noted_not_deployed(path: str, text: str) -> None:
    """The file names its engine and yields no deployment: one TL008 note says so."""
    result = parse_text(path, text)
    assert not result.deployments
    assert [(f.rule, f.severity) for f in result.findings] == [("TL008", Severity.INFO)]


def test_a_key_for_the_url_it_calls_makes_a_client_whatever_its_value() -> None:
    # opea-project/GenAIInfra@9200b371d3eb08a33607b23e6f66b7ae5afc4346
    # helm-charts/agentqna/values.yaml:55-72: an agent's settings, its server's URL filled in
    # at install, were read as a vLLM deployment of Llama-3.3-70B on one GPU (TL205 error)
    text = (
        "sqlagent:\n  service:\n    port: 9096\n  strategy: sql_agent_llama\n"
        "  llm_engine: vllm\n  llm_endpoint_url: ''\n"
        '  model: "meta-llama/Llama-3.3-70B-Instruct"\n  max_new_tokens: "4096"\n'
    )
    _noted_not_deployed("values.yaml", text)
    served = "vllm:\n  model: org/m\n  tensor-parallel-size: 2\n  port: 8000\n"
    assert only("serve.yaml", served).tp == 2


def test_a_router_selecting_its_workloads_is_no_deployment() -> None:
    # volcano-sh/kthena@3cc05728 pkg/model-booster-controller/convert/testdata/expected/
    # model-server.yaml: a ModelServer routes to the pods its workloadSelector picks; its
    # `inferenceEngine: vLLM` and `model: deepseek-v3` were read as DeepSeek-V3 on one GPU (TL205)
    text = (
        "apiVersion: networking.serving.volcano.sh/v1alpha1\nkind: ModelServer\n"
        "metadata: {name: m}\nspec:\n  model: deepseek-v3\n  inferenceEngine: vLLM\n"
        "  workloadSelector:\n    matchLabels: {app: m}\n  workloadPort: {port: 8000}\n"
    )
    _noted_not_deployed("model-server.yaml", text)


def test_a_routers_settings_beside_its_engine_named_class_are_no_deployment() -> None:
    """SGLang's router takes the servers it balances over as ``worker_urls``; the settings a
    framework builds for it inside its ``SglangRouter`` class (``host``, ``port``,
    ``log_level``: options SGLang has too) start no SGLang (alibaba/ROLL@8eb27cc
    roll/distributed/scheduler/router.py was a SGLang deployment naming no model, TL007)."""
    text = (
        "class SglangRouter:\n"
        "    def start(self):\n"
        "        router_config = {\n"
        '            "host": self.router_ip, "port": self.router_port, "log_level": "warn",\n'
        '            "policy": "cache_aware", "worker_urls": self.worker_urls,\n'
        "        }\n"
        "        launch_router(RouterArgs(**router_config))\n"
    )
    assert not parse_text("router.py", text).deployments
    engine = '"tp_size": 2, "model_path": "org/m",'
    server = text.replace('"worker_urls": self.worker_urls,', engine)
    assert only("router.py", server).tp == 2


def test_a_benchmarks_saved_results_are_no_deployment() -> None:
    """vLLM's serving benchmark saves ``backend``, ``model_id`` and ``--metadata`` pairs beside
    the measured statistics (vllm-project/vllm@0049e29c benchmarks/benchmark_serving.py
    ``--save-result``).  simon-mo/vLLM-Benchmark@d538cdc9 saved-results/v0.8.4/deepseek-r1/
    nebius-h200/2025-04-18/deepseek-r1-nebius-h200-04182025/vllm-1000-2000-.json (keys
    verbatim, values shortened) was a vLLM deployment of DeepSeek-R1 at TP 1: TL205."""
    text = (
        '{"date": "20250418-181602", "backend": "vllm", "model_id": "deepseek-ai/DeepSeek-R1",'
        ' "tokenizer_id": "deepseek-ai/DeepSeek-R1", "best_of": 1, "num_prompts": 1000,'
        ' "request_rate": 2.0, "duration": 520.5, "completed": 1000,'
        ' "request_throughput": 1.92, "output_throughput": 3712.4,'
        ' "mean_ttft_ms": 166.2, "median_ttft_ms": 151.0, "p99_ttft_ms": 402.7,'
        ' "mean_tpot_ms": 39.3, "mean_itl_ms": 38.9}\n'
    )
    _noted_not_deployed("vllm-1000-2000-.json", text)
    # the note says what the file is: a record of a run (ealbalas/disaggregated-prefill-decode-
    # research@aa134bb0 archive/simple/*.json, 131 such notes said nothing had been read)
    (note,) = parse_text("vllm-1000-2000-.json", text).findings
    assert "records a benchmark run's results (`request_throughput`, `output_throughput`)" in (
        note.message
    )
    # one statistic is not a record of a run: a config's SLO target stays a config
    config = '{"backend": "vllm", "model": "org/m", "tensor_parallel_size": 2, "mean_ttft_ms": 1}'
    assert only("serve.json", config).tp == 2


@pytest.mark.parametrize(
    ("path", "text", "named"),
    [
        ("proxy.sh", "lmdeploy serve proxy --server-port 8000\n", "lmdeploy serve"),
        (
            "c.yaml",
            "services:\n  w:\n    command: python -m sglang.srt.server --tp 2\n",
            "sglang.srt",
        ),
    ],
)
def test_an_engine_word_with_a_sub_command_or_module_path_is_never_silent(
    path: str, text: str, named: str
) -> None:
    """A sub-command that serves nothing, or a module the registry does not list: the file was
    read and nothing in it was checked, which is said at info."""
    rule, severity, _, message = _one(path, text)
    assert (rule, severity) == ("TL008", Severity.INFO) and f"`{named}`" in message


def test_prose_and_bare_values_name_no_engine_word() -> None:
    assert not parse_text("p.yaml", "# the vLLM models\nkey: value\n").findings
    assert not parse_text("v.yaml", "served_model_name: vllm\nport: 80\n").findings


def test_an_engine_name_that_is_no_command_names_none_before_a_word() -> None:
    """ATOM has no console script and TGI's is ``text-generation-launcher``: "an atom shares
    electrons" in a dataset (hiyouga/LLaMA-Factory@ff6d4d1 data/alpaca_en_demo.json) or "tgi
    engine" in prose start nothing, where ``atom.entrypoints`` (ATOM's package) and ``vllm
    bench`` (vLLM's command) still do."""
    prose = '[{"output": "An atom shares electrons; the tgi engine is fast."}]\n'
    assert not parse_text("alpaca.json", prose).findings
    for text in ("python -m atom.entrypoints.other --x 1\n", "vllm bench throughput\n"):
        (note,) = parse_text("run.sh", text).findings
        assert (note.rule, note.severity) == ("TL008", Severity.INFO)


def test_the_engine_prefilter_never_hides_a_selector_or_an_image() -> None:
    """``may_name_engine`` only skips texts where neither mention can find anything: checked
    on every real file the tests hold and on spellings each mention reads."""
    from pathlib import Path

    from toplint.parse.base import Source
    from toplint.parse.generic.mention import image_mention, may_name_engine, selector_mention

    spelled = [
        "engine: SGLang\n",
        "framework: tensorrt-llm\n",
        '{"server_type": "lmdeploy"}\n',
        "image: registry.example.com/mirror/vllm-openai:v0.9\n",
        "FROM rocm/vllm:latest\n",
        "module: vllm.entrypoints.openai.api_server\n",
    ]
    for text in spelled:
        source = Source.from_text("x.yaml", text)
        assert may_name_engine(text)
        assert image_mention(source) or selector_mention(source), text
    skipped = 0
    for path in sorted(Path(__file__).parents[1].joinpath("data").rglob("*")):
        if not path.is_file() or path.stat().st_size > 200_000:
            continue
        text = path.read_text(errors="replace")
        if may_name_engine(text):
            continue
        skipped += 1
        source = Source.from_text(path.name, text)
        assert image_mention(source) is None and selector_mention(source) is None, path
    assert skipped > 50  # the prefilter does skip real files


def test_a_picture_named_like_a_dockerfile_is_not_read() -> None:
    """``docs/guides/.../images/dockerfile.png`` (GoogleCloudPlatform/accelerated-platforms
    @9320f3b) was read as a Dockerfile and reported as a binary file, a TL001 error."""
    from toplint.discover.files import wanted

    assert not any(wanted(n) for n in ("dockerfile.png", "Makefile.svg", "Dockerfile.md"))
    assert all(wanted(n) for n in ("Dockerfile", "Dockerfile.cuda", "serve.dockerfile"))


def test_a_terraform_template_is_not_yaml_yet() -> None:
    """``kustomization.tftpl.yaml`` with ``%{ if … }`` directives (Terraform's templatefile,
    GoogleCloudPlatform/accelerated-platforms@9320f3b platforms/gke-aiml/playground/templates/
    kustomize/) renders before it is YAML: no TL001, as for a Helm template."""
    text = (
        "apiVersion: kustomize.config.k8s.io/v1beta1\nkind: Kustomization\n"
        "%{ if can(namespace) }namespace: ${namespace}%{ endif }\n"
        "resources:\n%{ for resource in resources }- ${resource}\n%{ endfor }\n"
    )
    assert parse_text("kustomization.tftpl.yaml", text).findings == ()
    broken = "apiVersion: v1\nkind: Pod\nmetadata: {name: [\n"
    assert [f.rule for f in parse_text("pod.yaml", broken).findings] == ["TL001"]


def test_a_line_that_is_a_terraform_function_call_makes_a_template_too() -> None:
    """A values file ``templatefile`` renders, with a line that is only ``${indent(4, …)}``
    (GoogleCloudPlatform/ai-on-gke@8676d66 modules/kuberay-cluster/values.yaml:60, a TL001
    error "could not find expected ':'"), is not YAML until rendered.  A variable alone on a
    line (envsubst's ``${VAR}``) is no call: such a file is still checked as YAML."""
    text = (
        "head:\n  labels:\n    cloud.google.com/gke-ray-node-type: head\n"
        "    ${indent(4, chomp(yamlencode(additional_labels)))}\n"
        "  serviceAccountName: ${k8s_service_account}\n"
    )
    assert parse_text("values.yaml", text).findings == ()
    variable = text.replace("indent(4, chomp(yamlencode(additional_labels)))", "LABELS")
    assert [f.rule for f in parse_text("values.yaml", variable).findings] == ["TL001"]


def test_a_variable_alone_at_column_one_is_filled_in_before_the_file_is_applied() -> None:
    """openkcloud/kcloud-mlperf@eb881eb3 benchmarks/deploy/templates/
    30-configmap-bench-scripts.yaml: ``${BENCH_SCRIPT_CONTENT}`` at column 1 under a block
    scalar's key, filled with an indented script by the repository's install script before the
    ConfigMap is applied; it was a TL001 error "could not find expected ':'".  No line of a YAML
    mapping is a bare scalar at column 1, so the file is a template.  Indented, a variable alone
    on a line stays YAML to check (above), and so does a real syntax error."""
    text = (
        "apiVersion: v1\nkind: ConfigMap\nmetadata:\n  name: ${BENCH_SCRIPTS_CM}\n"
        "data:\n  mlperf_cnndm100_fp8.py: |\n${BENCH_SCRIPT_CONTENT}\n"
    )
    assert parse_text("30-configmap-bench-scripts.yaml", text).findings == ()
    broken = text.replace("${BENCH_SCRIPT_CONTENT}", "BENCH_SCRIPT_CONTENT")
    assert [f.rule for f in parse_text("cm.yaml", broken).findings] == ["TL001"]


def test_an_engine_packages_helper_functions_build_no_engine() -> None:
    """Snowflake-Labs/snowflake-arctic@eadfba3b inference/llama3.1/benchmark_trace.py calls
    vLLM's ``get_tokenizer(self.tokenizer_id, trust_remote_code=...)`` in an HTTP client, and
    vllm-project/vllm-gaudi@091bbadd vllm_gaudi/v1/worker/hpu_model_runner.py its
    ``async_h2d_copy(x, dtype=torch.int32)``: each call was a vLLM deployment naming no model.
    The package's classes and one-word functions still build engines."""
    helper = (
        "from vllm.transformers_utils.tokenizer import get_tokenizer\n"
        "class OpenAIBackend:\n"
        "    def initialize(self, args):\n"
        "        self.model_id = args.model\n"
        "        self.tokenizer = get_tokenizer(\n"
        "            self.model_id, trust_remote_code=args.trust_remote_code\n"
        "        )\n"
    )
    assert not parse_text("benchmark_trace.py", helper).deployments
    copy = (
        "import torch\nfrom vllm_gaudi.extension.utils import async_h2d_copy\n"
        "ids = async_h2d_copy(token_ids, dtype=torch.int32)\n"
    )
    assert not parse_text("hpu_model_runner.py", copy).deployments
    engine = "from vllm import LLM\nllm = LLM(model='org/m', tensor_parallel_size=2)\n"
    assert only("offline.py", engine).tp == 2
    pipe = (
        "from lmdeploy import pipeline, TurbomindEngineConfig\n"
        "pipe = pipeline('internlm/internlm2_5-7b-chat', "
        "backend_config=TurbomindEngineConfig(tp=2))\n"
    )
    assert only("pipe.py", pipe).tp == 2


def test_an_engine_named_in_help_or_as_a_pattern_to_signal_is_an_info_note() -> None:
    """raffenet/lcf-inference@babe698f src/aegis/cli.py: ``add_argument(...,
    help="Additional arguments passed to vllm serve")`` at :57 is text for a reader, and
    ``pkill -f "vllm serve"`` at :456 signals the servers it matches: neither would start an
    engine, so neither is a warning that a command's words are built at run time."""
    text = (
        "import subprocess\n"
        "def build_parser(parser):\n"
        "    parser.add_argument(\n"
        '        "--extra-vllm-args", nargs="*", dest="extra_vllm_args",\n'
        '        help="Additional arguments passed to vllm serve",\n'
        "    )\n"
        "def cmd_shutdown(hosts_str):\n"
        '    pkill_cmd = ["mpiexec", "-hosts", hosts_str, "-ppn", "1",\n'
        '                 "pkill", "-f", "vllm serve"]\n'
        "    subprocess.run(pkill_cmd)\n"
    )
    rule, severity, line, message = _one("cli.py", text)
    assert (rule, severity, line) == ("TL008", Severity.INFO, 5) and "only in text" in message
    signal = 'import subprocess\nsubprocess.run(["pkill", "-f", "vllm serve"])\n'
    rule, severity, line, message = _one("stop.py", signal)
    assert (rule, severity, line) == ("TL008", Severity.INFO, 2)
    assert "`pkill` is given" in message


def test_a_class_named_after_an_engine_from_a_package_no_engine_owns_is_no_engine() -> None:
    """raffenet/lcf-inference@babe698f examples/broadcast_aggregators.py:139 builds ``VLLMPool(
    endpoints, model=args.model, max_tokens=..., timeout=..., concurrency=...)`` after ``from
    aurora_swarm import AgentEndpoint, VLLMPool`` (:29): an HTTP client pool over running servers
    (brettin/Aurora-Swarm@367f7691 aurora_swarm/vllm_pool.py:38, "Agent pool that communicates
    via vLLM's OpenAI-compatible API"), read as a vLLM deployment by its name alone (TL007);
    it is a TL008 note.  A name from the engine's own package, or from a package's module for
    the engine (``flyteplugins.vllm``), still names it, so does a class the module defines, and
    so does a foreign name beside the engine's options or that is the engine's name whole."""
    text = (
        "from aurora_swarm import AgentEndpoint, VLLMPool\n"
        "async def main():\n"
        "    endpoints = [AgentEndpoint(host=s.host, port=s.port) for s in services]\n"
        "    pool = VLLMPool(\n"
        "        endpoints,\n"
        "        model=args.model,\n"
        "        max_tokens=args.max_tokens,\n"
        "        timeout=args.timeout,\n"
        "        concurrency=args.concurrency,\n"
        "    )\n"
    )
    rule, severity, _, message = _one("broadcast_aggregators.py", text)
    assert (rule, severity) == ("TL008", Severity.INFO)
    assert "`VLLMPool` of `aurora_swarm`: named after vllm" in message
    assert _one("b.py", text.replace("pool = VLLMPool", "vllm_pool = VLLMPool"))[1] is Severity.INFO
    module = text.replace("from aurora_swarm import", "import aurora_swarm\nfrom x import")
    assert (
        parse_text("b.py", module.replace("= VLLMPool(", "= aurora_swarm.VLLMPool(")).deployments
        == ()
    )
    engine = "from vllm import LLM\nllm = LLM(model='org/m', tensor_parallel_size=2)\n"
    assert only("offline.py", engine).tp == 2
    plugin = "from flyteplugins.vllm import VLLMAppEnvironment\n"
    plugin += "app = VLLMAppEnvironment(name='a', model_hf_path='org/m')\n"
    assert only("app.py", plugin).engine == "vllm"
    # the engine's name whole (LangChain's in-process ``VLLM``), and a foreign name given the
    # engine's options (awslabs/data-on-eks@a546a190 data-stacks/ray-on-eks/examples/
    # ray-batch-inference/06-rayjob-batch-native.yaml, Ray Data's engine stage), still name it
    langchain = "from langchain_community.llms import VLLM\n"
    langchain += "llm = VLLM(model='org/m', trust_remote_code=True, max_new_tokens=128)\n"
    assert only("chain.py", langchain).model == "org/m"
    ray = "from ray.data.llm import vLLMEngineProcessorConfig\n"
    ray += "config = vLLMEngineProcessorConfig(model_source='org/m', engine_kwargs=dict(\n"
    ray += (
        "    dtype='bfloat16', max_model_len=8192, gpu_memory_utilization=0.92), concurrency=1)\n"
    )
    assert only("batch.py", ray).provenance["engine"] == "`vLLMEngineProcessorConfig`"
    local = "class VLLMPool:\n    pass\npool = VLLMPool(model='org/m', timeout=5)\n"
    assert only("local.py", local).engine == "vllm"


@pytest.mark.parametrize(
    "line",
    [
        ': "${VLLM_IMAGE:=vllm/vllm-openai:qwen38-x86_64-cu129}"',
        # TonyLi15/sglang-benchmark@88642505 scripts/00_common.sh:10 (set 20, development):
        # the default of a `:-` expansion was no mention at all, the file silent
        'VLLM_IMAGE="${VLLM_IMAGE:-vllm/vllm-openai:v0.11.0}"',
        'VLLM_IMAGE="vllm/vllm-openai:v0.11.0"',
        "export IMAGE=vllm/vllm-openai:v0.11.0",
    ],
)
def test_an_engine_image_a_variable_is_set_to_is_a_note(line: str) -> None:
    # tonyd2wild/Qwen3.8-27B-AutoRound-W4A16-2x3090@bfa25155 scripts/lib.sh:21 (sweep 36,
    # development): a library the scripts that start the engine source; its default image
    # was a TL008 warning that nothing gives the engine's arguments
    text = f"#!/usr/bin/env bash\nload_env() {{\n  {line}\n}}\n"
    result = parse_text("lib.sh", text)
    (note,) = result.findings
    assert (note.rule, note.severity) == ("TL008", Severity.INFO)
    assert "to the engine image `vllm/vllm-openai`" in note.message


def test_the_openai_front_end_s_classes_wrap_an_engine_built_elsewhere() -> None:
    """krickwix/rayserve-examples@fab2f722 llm.py builds ``AsyncLLMEngine.from_engine_args`` and
    then vLLM's front-end objects around it (``BaseModelPath(name=…, model_path=…)``,
    ``OpenAIServingChat(self.engine, …)``, from vllm/entrypoints/openai/): each was a deployment
    of its own, seven false TL007 errors in the repository.  SGLang's front end likewise."""
    text = (
        "from vllm import AsyncEngineArgs\n"
        "from vllm.engine.async_llm_engine import AsyncLLMEngine\n"
        "from vllm.entrypoints.openai.serving_chat import OpenAIServingChat\n"
        "from vllm.entrypoints.openai.serving_models import BaseModelPath\n"
        "engine_args = AsyncEngineArgs(model='org/m', tensor_parallel_size=2)\n"
        "engine = AsyncLLMEngine.from_engine_args(engine_args)\n"
        "paths = [BaseModelPath(name='org/m', model_path='org/m')]\n"
        "chat = OpenAIServingChat(engine, config, models, 'assistant')\n"
    )
    assert only("llm.py", text).tp == 2
    sglang = (
        "from sglang.srt.entrypoints.openai.serving_chat import OpenAIServingChat\n"
        "chat = OpenAIServingChat(tokenizer_manager, template_manager)\n"
    )
    assert not parse_text("serve.py", sglang).deployments


@pytest.mark.parametrize(
    "line",
    [
        'print(f"  Image:       vllm/vllm-openai:v0.20.1")',
        'logger.info(f"starting vllm serve {model} on {gpus} GPUs")',
        'click.echo("run: vllm serve org/m --tensor-parallel-size 2")',
    ],
)
def test_what_a_program_prints_or_logs_is_text_not_a_command(line: str) -> None:
    """ree2raz/inference-bench@62191001 modal_v2_l4_vllm_fp16.py:63 prints the image it
    benchmarks: a TL008 warning that the engine command is built at run time."""
    text = f"import click, logging\nlogger = logging.getLogger()\n{line}\n"
    rule, severity, at, message = _one("bench.py", text)
    assert (rule, severity, at) == ("TL008", Severity.INFO, 3)
    assert "only in text" in message


def test_a_container_or_service_a_docker_command_acts_on_names_no_engine() -> None:
    """g3n1k/lmdeploy-api@925bf98 Makefile: ``docker compose exec lmdeploy bash`` opens a shell
    in the compose service called ``lmdeploy``; the word is the user's name for a container, not
    the engine's command.  An engine command beside it is still the note's."""
    names = "in:\n\tdocker compose exec lmdeploy bash\nlog:\n\tdocker logs -f vllm\n"
    assert parse_text("Makefile", names) == parse_text("Makefile", "")
    served = names + "proxy:\n\tlmdeploy serve proxy --server-port 8000\n"
    rule, severity, line, message = _one("Makefile", served)
    assert (rule, severity, line) == ("TL008", Severity.INFO, 6)
    assert message.startswith("names `lmdeploy serve`")


def test_a_file_in_a_path_named_like_a_module_is_no_mention() -> None:
    # keeratita/GX10-vLLM-Cluster@4ef2afb0 switch-model.sh writes /home/<username>/vllm.env
    assert not parse_text("switch.sh", 'ENV_FILE="/home/u/vllm.env"\ncat "$ENV_FILE"\n').findings
    (note,) = parse_text("run.sh", "python -c 'import vllm.envs'\n").findings
    assert note.rule == "TL008"
