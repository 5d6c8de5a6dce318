"""Python read, never run (issue 24, point 4): literal argv, engine calls, SDK apps."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text

ARGV = """\
import subprocess
N_GPU = 2
MODEL = "org/m"

@app.function(gpu=f"H100:{N_GPU}")
def serve():
    cmd = ["vllm", "serve", MODEL]
    cmd += ["--tensor-parallel-size", str(N_GPU)]
    subprocess.Popen(" ".join(cmd), shell=True)
"""


def test_a_literal_argv_with_concatenation_and_its_decorator_gpus() -> None:
    dep = only("app.py", ARGV)
    assert (dep.engine, dep.model, dep.tp, dep.gpus) == ("vllm", "org/m", 2, 2)
    assert dep.sources["tp"].line == 8
    assert dep.provenance["gpus"] == "`serve.@app.function#0.gpu`"


def test_engine_args_calls_from_an_imported_engine_class() -> None:
    text = "from vllm import AsyncEngineArgs\n"
    text += "args = AsyncEngineArgs(model='org/m', tensor_parallel_size=4)\n"
    dep = only("m.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 4)
    assert "AsyncEngineArgs" in dep.provenance["engine"]


def test_dict_literals_and_a_class_named_after_the_engine() -> None:
    text = "models = [dict(type=SGLangRunner, path='org/m', kw=dict(tp_size=2),\n"
    text += "               run=dict(num_gpus=2))]\n"
    dep = only("c.py", text)
    assert (dep.engine, dep.tp, dep.gpus) == ("sglang", 2, 2)


def test_nothing_is_guessed_from_run_time_values() -> None:
    text = "import os\nfrom vllm import LLM\n"
    text += "llm = LLM(model=os.environ['M'], tensor_parallel_size=int(os.environ['TP']))\n"
    dep = only("r.py", text)
    assert dep.tp is None and any(u.field == "tp" for u in dep.unresolved)


def test_an_engine_import_with_nothing_literal_is_tl008_not_silence() -> None:
    result = parse_text("lib.py", "from vllm import LLM\n\ndef make(cfg):\n    return LLM(**cfg)\n")
    assert result.deployments == ()
    assert [f.rule for f in result.findings] == ["TL008"]


def test_python_that_names_no_engine_is_not_parsed() -> None:
    assert parse_text("x.py", "tensor_parallel_size = 4\n").deployments == ()
    assert parse_text("bad.py", "def (:\n  vllm\n").deployments == ()


def test_python_test_modules_are_not_deployments() -> None:
    """pytest's test modules and conftest, and the ``test.py`` unittest collects, build engines
    as fixtures: nothing is deployed (a module merely named like one is read)."""
    from tests.parse.helpers import parse_text

    text = 'from vllm import LLM\nllm = LLM(model="org/m", tensor_parallel_size=2)\n'
    assert len(parse_text("serve.py", text).deployments) == 1
    assert len(parse_text("testing.py", text).deployments) == 1
    for name in ("test_serve.py", "serve_test.py", "conftest.py", "test.py", "tests.py"):
        assert parse_text(name, text).deployments == (), name


def test_an_engine_call_takes_its_model_first_and_its_own_short_options() -> None:
    """``LLM("org/m")`` / ``pipeline("org/m", ...)``: the Python entry points take the model
    first; ``TurbomindEngineConfig(tp=2)`` is LMDeploy's ``--tp`` (a bare ``tp`` key elsewhere
    names nothing)."""
    dep = only("v.py", 'from vllm import LLM\nllm = LLM("org/m", tensor_parallel_size=2)\n')
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    text = "from lmdeploy import pipeline, TurbomindEngineConfig\n"
    text += 'pipe = pipeline("org/m", backend_config=TurbomindEngineConfig(tp=2))\n'
    dep = only("l.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("lmdeploy", "org/m", 2)


def test_a_configuration_built_first_and_passed_by_name_is_the_call_s_own() -> None:
    """JeffDing/lmdeploy_demo@c717f806 app.py (set 20, development): ``backend_config =
    TurbomindEngineConfig(model_format="awq")`` then ``pipeline(base_path, model_name,
    backend_config=backend_config)`` read as two engines, the configuration one with the
    module's ``model_name`` as its model; ``pipeline`` builds its engine with the object it is
    given (InternLM/lmdeploy@c1952b89 lmdeploy/api.py), so its TP is the configuration's."""
    text = "import os\nimport gradio as gr\n"
    text += "from lmdeploy import pipeline, TurbomindEngineConfig,GenerationConfig\n\n"
    text += 'backend_config = TurbomindEngineConfig(model_format="awq")\n\n'
    text += "base_path = './internlmlianghua'\n"
    text += "os.system(f'git clone https://code.openxlab.org.cn/JeffDing/x.git {base_path}')\n\n"
    text += "model_name = 'internlm2lianghua'\n"
    text += "pipe = pipeline(base_path,model_name, backend_config=backend_config)\n"
    dep = only("app.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("lmdeploy", "./internlmlianghua", 1)
    split = "from lmdeploy import pipeline, TurbomindEngineConfig\n"
    split += "backend_config = TurbomindEngineConfig(tp=2)\n"
    split += "pipe = pipeline('org/m', backend_config=backend_config)\n"
    dep = only("l.py", split)
    assert (dep.engine, dep.model, dep.tp) == ("lmdeploy", "org/m", 2)
    assert dep.sources["tp"].line == 2  # where the configuration writes it


def test_a_configuration_a_local_helper_takes_stays_an_object_of_its_own() -> None:
    # only an imported callable takes an imported class's object as its own argument
    text = "from lmdeploy import TurbomindEngineConfig\n"
    text += "cfg = TurbomindEngineConfig(tp=2)\nlog(config=cfg)\n"
    dep = only("h.py", text)
    assert (dep.engine, dep.tp) == ("lmdeploy", 2) and dep.line == 2


def test_an_engine_whose_model_is_positional_takes_a_model_keyword_as_it() -> None:
    text = 'from tensorrt_llm import LLM\nllm = LLM(model="org/m", tensor_parallel_size=2)\n'
    result = parse_text("t.py", text)
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp) == ("trtllm", "org/m", 2)
    assert not [f for f in result.findings if f.rule == "TL005"]  # no "unknown --model"


def test_a_command_line_in_a_string_the_module_builds_whole_is_read() -> None:
    text = 'import os, subprocess\nMODEL = "org/m"\n'
    text += 'os.system("vllm serve " + MODEL + " --tensor-parallel-size 2")\n'
    dep = only("a.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)
    shell = (
        'import subprocess\nsubprocess.run("sglang serve --model-path org/m --tp 2", shell=True)\n'
    )
    dep = only("b.py", shell)
    assert (dep.engine, dep.model, dep.tp) == ("sglang", "org/m", 2)
    prose = 'print("Run: vllm serve org/m --tensor-parallel-size 2")\n'  # a message, not a command
    assert not parse_text("c.py", prose).deployments


def test_a_static_method_s_defaults_are_its_own_first_parameters() -> None:
    # InternLM/lmdeploy@1263d5cd lmdeploy/pytorch/backends/cuda/activation.py: a
    # ``@staticmethod def build(inplace: bool = False)`` ended the run with exit 3
    text = "from vllm import LLM\n\nclass Builder:\n    @staticmethod\n"
    text += "    def build(tp: int = 2, model='org/m'):\n"
    text += "        return LLM(model=model, tensor_parallel_size=tp)\n"
    dep = only("b.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "org/m", 2)


def test_a_layout_key_that_is_a_switch_is_no_engine_call() -> None:
    # InternLM/lmdeploy@1263d5cd lmdeploy/pytorch/models/internvl.py: an engine's own module
    # building a layer with ``tp=True`` was read as an lmdeploy deployment with TP `true`
    text = "from lmdeploy.pytorch.nn import RMSNorm\n"
    text += "norm = RMSNorm(1024, eps=1e-6, tp=True, align=64)\n"
    result = parse_text("m.py", text)
    assert not result.deployments
    assert all(f.rule != "TL010" for f in result.findings)
    text = "from lmdeploy import TurbomindEngineConfig\nc = TurbomindEngineConfig(tp=2)\n"
    dep = only("e.py", text)
    assert (dep.engine, dep.tp) == ("lmdeploy", 2)


def test_text_for_a_reader_is_no_command() -> None:
    # runpod-workers/worker-vllm@7a925039a53a10eab38d1764eb717a2ea5bdee07
    # scripts/check_vllm_flags.py:51: `make_arg_parser(FlexibleArgumentParser(description="vllm
    # serve"))` was read as a vLLM server with no model (TL007 error)
    text = "from vllm.entrypoints.openai.cli_args import make_arg_parser\n"
    text += "from vllm.utils import FlexibleArgumentParser\n"
    text += 'parser = make_arg_parser(FlexibleArgumentParser(description="vllm serve"))\n'
    text += 'parser.add_argument("--x", help="as in vllm serve org/m --tensor-parallel-size 2")\n'
    result = parse_text("check_vllm_flags.py", text)
    assert not result.deployments
    assert [f.rule for f in result.findings] == ["TL008"]
    run = 'import subprocess\nsubprocess.run("vllm serve org/m --tensor-parallel-size 2", '
    run += "shell=True)\n"
    assert only("run.py", run).tp == 2


def test_a_required_model_field_of_an_arguments_class_is_unresolved_not_absent() -> None:
    """``model_name_or_path: str`` in a dataclass of a script's arguments is given when the
    script runs: the model is unresolved (TL003, the checks that need it skipped), not missing
    (a TL007 error "names no model": allenai/open-instruct@e6c3044
    open_instruct/sample_logits_vllm.py ``SampleLogitsArguments``).  A field with a default is
    read as before."""
    text = (
        "from dataclasses import dataclass\nimport vllm\n\n@dataclass\nclass Args:\n"
        "    model_name_or_path: str\n    quantization: str | None = None\n"
        "    tensor_parallel_size: int = 2\n    gpu_memory_utilization: float = 0.9\n"
    )
    dep = only("sample.py", text)
    assert (dep.engine, dep.model, dep.tp) == ("vllm", None, 2)
    ((field, variable, at),) = [(u.field, u.variable, u.position.line) for u in dep.unresolved]
    assert (field, variable, at) == ("model", "model_name_or_path", 6)
    named = only("sample.py", text.replace("path: str\n", 'path: str = "org/m"\n'))
    assert named.model == "org/m"


def test_the_arguments_a_call_is_built_from_are_not_a_second_deployment() -> None:
    """A dataclass of a script's arguments beside the ``LLM(...)`` call it feeds
    (allenai/open-instruct@e6c3044 open_instruct/rejection_sampling/generation.py
    ``GenerationArgs``) was a second vLLM deployment naming no model (a TL007 error); the call,
    whose model is a run-time value, is the one deployment.  Alone, the class is settings for
    a caller (a class body naming no model), not a deployment: TL008 says nothing was
    checked."""
    text = (
        "from dataclasses import dataclass\nfrom vllm import LLM\n\n@dataclass\n"
        "class GenerationArgs:\n    temperature: float = 0.8\n    top_p: float = 0.9\n"
        "    tensor_parallel_size: int = 1\n\n"
        "def generate(model_name_or_path, gen_args):\n"
        "    tp = gen_args.tensor_parallel_size\n"
        "    llm = LLM(model=model_name_or_path, tensor_parallel_size=tp)\n"
    )
    (dep,) = parse_text("generation.py", text).deployments
    assert (dep.line, [u.field for u in dep.unresolved]) == (12, ["model", "tp"])
    alone = parse_text("generation.py", text.split("def generate")[0])
    assert alone.deployments == ()
    assert [f.rule for f in alone.findings] == ["TL008"]


def test_a_variable_named_after_an_engine_is_no_class_naming_one() -> None:
    """``ChatAgent(sys_msg, model=sglang_model)``: an agent given the client a variable holds
    (camel-ai/camel@13dc7a7 examples/models/sglang_model_example.py) was read as an SGLang
    deployment; ``type=SGLangRunner`` (a class, CapWords) still names its engine."""
    text = "agent = ChatAgent('sys', model=sglang_model, token_limit=4096)\n"
    assert not parse_text("example.py", text).deployments
    runner = "models = [dict(type=SGLangRunner, path='org/m', kw=dict(tp_size=2))]\n"
    assert only("c.py", runner).engine == "sglang"


def test_settings_a_library_builds_for_its_caller_are_no_deployment() -> None:
    """fmperf-project/fmperf@8d85bc3d145c42577c980358b198eb10e3c7f6be fmperf/ModelSpecs.py
    (trimmed): a class whose ``__init__`` takes the engine's settings with defaults was a vLLM
    deployment at TP 1 naming no model (a TL007 error); the module builds it for its callers.
    At module level, or where a model is named or computed, a scope stays a deployment."""
    text = (
        "class vLLMModelSpec:\n"
        "    def __init__(self, name, tensor_parallel_size: int = 1, num_gpus: int = 1,\n"
        "                 gpu_memory_utilization: float = 0.9, max_model_len: int = 4096):\n"
        "        self.tensor_parallel_size = tensor_parallel_size\n"
        "        self.num_gpus = num_gpus\n"
        "        self.gpu_memory_utilization = gpu_memory_utilization\n"
        "        self.max_model_len = max_model_len\n"
    )
    assert parse_text("ModelSpecs.py", text).deployments == ()
    named = text.replace("self.num_gpus = num_gpus", "self.model = 'org/m'")
    (dep,) = parse_text("ModelSpecs.py", named).deployments
    assert dep.model == "org/m"
    top = "from vllm import LLM\nllm = LLM(tensor_parallel_size=2, gpu_memory_utilization=0.8)\n"
    (dep,) = parse_text("serve.py", top).deployments
    assert (dep.model, dep.tp) == (None, 2)


def test_an_argv_that_signals_the_engine_starts_none() -> None:
    """raffenet/lcf-inference@babe698f src/aegis/cli.py:456, in ``cmd_shutdown``: ``pkill -f
    "vllm serve"`` on every host matches the pattern against running processes' command lines
    (pkill(1): "-f, --full ... the full command line is used") and signals them; its pattern was
    read as a command line, a vLLM deployment naming no model (a TL007 error).  The shell
    already reads the same words as starting nothing; a real engine command still starts one."""
    text = (
        "import subprocess\n"
        "def cmd_shutdown(args):\n"
        '    hosts_str = ",".join(hosts)\n'
        '    pkill_cmd = ["mpiexec", "-hosts", hosts_str, "-ppn", "1",\n'
        '                 "pkill", "-f", "vllm serve"]\n'
        "    result = subprocess.run(pkill_cmd)\n"
    )
    assert parse_text("cli.py", text).deployments == ()
    for argv in (
        '["pkill", "-f", "vllm serve"]',
        '["killall", "vllm"]',
        '["pgrep", "-f", "sglang.launch_server"]',
        '["pgrep", "-f", "python -m sglang.launch_server --tp 2"]',
        '["srun", "-N", "1", "killall", "-w", "vllm serve"]',
        '["srun", "echo", "vllm", "serve", "org/m"]',
    ):
        assert (
            parse_text("stop.py", f"import subprocess\nsubprocess.run({argv})\n").deployments == ()
        )
    started = (
        '["vllm", "serve", "m", "--tensor-parallel-size", "2"]',
        '["ssh", "h", "vllm serve m --tensor-parallel-size 2"]',
        '["srun", "--job-name", "test", "vllm", "serve", "m", "--tensor-parallel-size", "2"]',
    )
    for argv in started:
        assert only("serve.py", f"import subprocess\nsubprocess.Popen({argv})\n").tp == 2, argv


def test_a_key_that_picks_the_engine_by_name_is_no_option_of_it() -> None:
    # NagatoYuki0943/xlab-huanhuan@ce853e8 lmdeploy/turbomind_chat.py: the user's own wrapper
    # picks LMDeploy with backend="lmdeploy"; the engine's backend is the inner config's
    text = """\
from infer_engine import InferEngine, LmdeployConfig
MODEL_PATH = "../models/internlm2_5-1_8b-chat"
LMDEPLOY_CONFIG = LmdeployConfig(
    model_path=MODEL_PATH,
    backend="turbomind",
    model_name="internlm2",
    model_format="hf",
    tp=1,
    max_batch_size=128,
    cache_max_entry_count=0.8,
    quant_policy=0,
    system_prompt="You are an AI assistant.",
    deploy_method="local",
)
infer_engine = InferEngine(
    backend="lmdeploy",
    lmdeploy_config=LMDEPLOY_CONFIG,
)
"""
    result = parse_text("chat.py", text)
    (dep,) = result.deployments
    assert (dep.engine, dep.options["backend"]) == ("lmdeploy", "turbomind")
    assert [f.rule for f in result.findings if f.rule == "TL209"] == []
    # an option whose value is the engine's name where a name is meant is kept
    served = "from vllm import AsyncEngineArgs\n"
    served += "args = AsyncEngineArgs(model='org/m', served_model_name='vllm')\n"
    assert only("s.py", served).options["served_model_name"] == "vllm"


def test_an_environment_read_by_a_computed_name_is_said_as_written() -> None:
    # g3n1k/lmdeploy-api@925bf98 controller.py: model_path = os.getenv("MODEL_" + name); the
    # unresolved value had been said as "`?`"
    text = "import os, subprocess\n"
    text += "key = 'MODEL_' + name\nmodel_path = os.getenv(key)\n"
    text += "subprocess.Popen(['lmdeploy', 'serve', 'api_server', model_path])\n"
    dep = only("controller.py", text)
    assert dep.model is None
    assert [u.variable for u in dep.unresolved if u.field == "model"] == ["os.getenv(key)"]


TOGGLED = """\
from vllm import AsyncEngineArgs
USE_FP4 = True
LONG = False
if USE_FP4 and not LONG:
    MODEL = "nvidia/Qwen3.6-27B-NVFP4"
else:
    MODEL = "Qwen/Qwen3.6-27B-FP8"
args = AsyncEngineArgs(model=MODEL, tensor_parallel_size=1)
"""


def test_an_if_on_constants_the_module_sets_takes_only_its_branch() -> None:
    # anyscale/llm-serving-for-coding-agents@a3466b18 part3-optimize/
    # serve_qwen3_6_27b_optimized.py: `ENABLE_NVFP4_WEIGHTS = True` picks the NVFP4 checkpoint;
    # the else branch's FP8 one, assigned last, had been read.
    assert only("m.py", TOGGLED).model == "nvidia/Qwen3.6-27B-NVFP4"
    flipped = TOGGLED.replace("USE_FP4 = True", "USE_FP4 = False")
    assert only("m.py", flipped).model == "Qwen/Qwen3.6-27B-FP8"
