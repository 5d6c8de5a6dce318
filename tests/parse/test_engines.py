"""Engine vocabularies: aliases, prefixes, booleans, derived sizes, unknown flags."""

from __future__ import annotations

from toplint.engines.registry import get_engine
from toplint.record import replace

from .helpers import only, parse_text


def sh(line: str) -> str:
    return line + "\n"


def test_vllm_underscores_and_equals() -> None:
    dep = only("a.sh", sh("vllm serve m --tensor_parallel_size=4 --pipeline_parallel_size 2"))
    assert (dep.tp, dep.pp) == (4, 2)


def test_vllm_unique_prefix_resolves() -> None:
    assert only("a.sh", sh("vllm serve m --tensor-parallel 2")).tp == 2


def test_vllm_ambiguous_prefix_is_unknown() -> None:
    result = parse_text("a.sh", sh("vllm serve m --data-parallel-s 2"))
    assert [f.rule for f in result.findings] == ["TL005"]


def test_vllm_repeated_flag_last_wins_and_all_are_kept() -> None:
    dep = only("a.sh", sh("vllm serve m -tp 2 --tensor-parallel-size 8"))
    assert dep.tp == 8
    assert [f.value for f in dep.flags if f.name == "tensor-parallel-size"] == ["2", "8"]


def test_vllm_ep_is_boolean_and_size_is_tp_times_dp() -> None:
    dep = only("a.sh", sh("vllm serve m -tp 2 -dp 4 -ep"))
    assert (dep.ep_enabled, dep.ep) == (True, 8)


def test_vllm_no_form_turns_a_boolean_off() -> None:
    dep = only(
        "a.sh", sh("vllm serve m -tp 2 --enable-expert-parallel --no-enable-expert-parallel")
    )
    assert (dep.ep_enabled, dep.ep) == (False, 1)


def test_vllm_misspelled_flag_suggests_the_closest() -> None:
    result = parse_text("a.sh", sh("vllm serve m --tensor-paralel-size 2"))
    (finding,) = result.findings
    assert (finding.rule, finding.line, finding.column) == ("TL005", 1, 14)
    assert "`--tensor-parallel-size`" in finding.message


def test_vllm_kv_transfer_and_all2all_options() -> None:
    text = "VLLM_ALL2ALL_BACKEND=deepep_low_latency vllm serve m --kv-transfer-config '{}'\n"
    dep = only("a.sh", text)
    assert dep.options["kv_transfer"] == "{}"
    assert dep.options["all2all_backend"] == "deepep_low_latency"


def test_vllm_dotted_sub_argument_is_known() -> None:
    result = parse_text("a.sh", sh("vllm serve m --eplb-config.window_size 1000"))
    assert result.findings == ()


def test_vllm_optimization_level_attached() -> None:
    assert only("a.sh", sh("vllm serve m -O3")).options["optimization_level"] == "3"


def test_sglang_tp_prefix_is_total_tp_across_nodes() -> None:
    dep = only("a.sh", sh("python3 -m sglang.launch_server --model-path m --tp 16 --nnodes 2"))
    assert (dep.engine, dep.tp, dep.nodes) == ("sglang", 16, 2)


def test_sglang_ep_is_a_size() -> None:
    dep = only("a.sh", sh("python -m sglang.launch_server --model-path m --tp 8 --ep 8"))
    assert (dep.ep, dep.ep_enabled) == (8, True)


def test_sglang_deepep_backend_forces_ep_equal_tp() -> None:
    text = "python -m sglang.launch_server --model-path m --tp-size 8 --moe-a2a-backend deepep"
    assert only("a.sh", sh(text)).ep == 8


def test_sglang_deprecated_ep_moe_forces_ep_equal_tp() -> None:
    text = "python -m sglang.launch_server --model-path m --tp-size 4 --enable-ep-moe"
    assert only("a.sh", sh(text)).ep == 4


def test_sglang_dp_attention_uses_tp_gpus() -> None:
    text = "python -m sglang.launch_server --model-path m --tp 8 --dp 8 --enable-dp-attention"
    dep = only("a.sh", sh(text))
    assert (dep.world_size, dep.options["attention_dp"]) == (8, "8")


def _sglang_attention_dp(flags: str, image: str = "") -> str:
    text = (
        f"docker run --gpus all {image} python3 -m sglang.launch_server --model-path m {flags}"
        if image
        else f"python -m sglang.launch_server --model-path m {flags}"
    )
    return str(only("a.sh", sh(text)).options["attention_dp"])


def test_sglang_dp_attention_degree_by_release() -> None:
    # sglang wheels' server_args.py (toplint.engines.sglang_dp): up to 0.4.4 --enable-dp-attention
    # sets dp_size = tp_size whatever --dp-size says; 0.4.4.post1 to 0.5.1.post3 take --dp-size
    # (and assert it is above 1); from 0.5.2 --dp-size 1, or none, turns DP attention off
    old, mid, new = (
        "lmsysorg/sglang:v0.4.1-cu124",
        "lmsysorg/sglang:v0.4.6-cu124",
        "lmsysorg/sglang:v0.5.5",
    )
    assert _sglang_attention_dp("--tp 8 --enable-dp-attention", old) == "8"
    assert _sglang_attention_dp("--tp 8 --dp 2 --enable-dp-attention", old) == "8"
    assert _sglang_attention_dp("--tp 8 --dp 2 --enable-dp-attention", mid) == "2"
    assert _sglang_attention_dp("--tp 8 --dp 2 --enable-dp-attention", new) == "2"
    assert _sglang_attention_dp("--tp 8 --enable-dp-attention", new) == "1"
    assert _sglang_attention_dp("--tp 8 --dp 1 --enable-dp-attention", new) == "1"
    # not pinned: --dp-size as written (1: off, as the current releases run it); without one
    # the one degree any release runs DP attention with, the TP size (TL213 warns that
    # 0.4.4.post1 to 0.5.1.post3 refuse it and 0.5.2 on turn it off)
    assert _sglang_attention_dp("--tp 8 --dp 2 --enable-dp-attention") == "2"
    assert _sglang_attention_dp("--tp 8 --enable-dp-attention") == "8"
    assert _sglang_attention_dp("--tp 8 --dp 1 --enable-dp-attention") == "1"
    # SGLang's own image at latest (or untagged) is the current release: off without --dp-size
    latest = "lmsysorg/sglang:latest"
    assert _sglang_attention_dp("--tp 8 --enable-dp-attention", latest) == "1"
    assert _sglang_attention_dp("--tp 8 --dp --enable-dp-attention") == "unresolved"


def test_sglang_dp_attention_degree_from_a_pip_pin() -> None:
    text = (
        "pip install sglang==0.4.1\n"
        "python -m sglang.launch_server --model-path m --tp 8 --enable-dp-attention"
    )
    assert only("a.sh", sh(text)).options["attention_dp"] == "8"


def test_sglang_does_not_rewrite_underscores() -> None:
    result = parse_text("a.sh", sh("python -m sglang.launch_server --model-path m --tp_size 2"))
    assert [f.rule for f in result.findings] == ["TL005"]


def test_trtllm_click_spellings() -> None:
    dep = only(
        "a.sh", sh("trtllm-serve serve m --tp_size 8 --pp_size 2 --ep_size 4 --gpus_per_node 8")
    )
    assert (dep.engine, dep.model, dep.tp, dep.pp, dep.ep, dep.gpus_per_node) == (
        "trtllm",
        "m",
        8,
        2,
        4,
        8,
    )


def test_trtllm_has_no_prefix_matching() -> None:
    result = parse_text("a.sh", sh("trtllm-serve m --tp_si 2"))
    assert [f.rule for f in result.findings] == ["TL005"]


def test_tgi_num_shard() -> None:
    dep = only("a.sh", sh("text-generation-launcher --model-id m --num-shard 4"))
    assert (dep.engine, dep.model, dep.tp) == ("tgi", "m", 4)


def test_tgi_without_num_shard_shards_over_visible_gpus() -> None:
    dep = only("a.sh", sh("CUDA_VISIBLE_DEVICES=0,1,2 text-generation-launcher --model-id m"))
    assert (dep.tp, dep.options["implicit_sharding"]) == (3, "true")


def test_tgi_without_a_device_list_runs_one_shard() -> None:
    # TGI's launcher counts the devices CUDA_VISIBLE_DEVICES / NVIDIA_VISIBLE_DEVICES list and
    # defaults to one (find_num_shards: num_cuda_devices().unwrap_or(1)); a script on a host
    # lists none and `--gpus all` lists "all": one shard, and TL210 says the rest idle.
    dep = only("a.sh", sh("text-generation-launcher --model-id m"))
    assert dep.tp == 1 and dep.unresolved == ()
    assert dep.options["implicit_sharding"] == "one-host"
    docker = only(
        "b.sh",
        sh("docker run --gpus all ghcr.io/huggingface/text-generation-inference:3.3 --model-id m"),
    )
    assert (docker.tp, docker.options["implicit_sharding"]) == (1, "one-all")


def test_tgi_in_a_pod_shards_over_its_allocation() -> None:
    # A pod's device plugin lists its GPUs in NVIDIA_VISIBLE_DEVICES: unknown until requested.
    dep = only("a.sh", sh("text-generation-launcher --model-id m"))
    pod = replace(dep, source_kind="k8s", tp=None, gpus_per_node=None, options={})
    derived = get_engine("tgi").derive(pod)
    assert derived.tp is None and derived.options["implicit_sharding"] == "true"


def test_docker_run_env_and_gpus_feed_tgi() -> None:
    text = (
        'docker run --gpus "device=0,1" -e NUM_SHARD=2 -e MODEL_ID=m '
        "ghcr.io/huggingface/text-generation-inference:2.0\n"
    )
    dep = only("a.sh", text)
    assert (dep.tp, dep.model, dep.gpus_per_node, dep.nodes, dep.gpus) == (2, "m", 2, 1, 2)


def test_docker_run_vllm_image_entrypoint() -> None:
    dep = only(
        "a.sh", sh("docker run --gpus 4 --rm -p 8000:8000 vllm/vllm-openai:v0.9 --model m -tp 4")
    )
    assert (dep.engine, dep.model, dep.tp, dep.gpus_per_node) == ("vllm", "m", 4, 4)


def test_dynamo_vllm_worker_flags_are_known() -> None:
    result = parse_text("a.sh", sh("python3 -m dynamo.vllm --model m --is-prefill-worker -tp 2"))
    assert result.findings == () and result.deployments[0].tp == 2


def test_dynamo_trtllm_worker() -> None:
    dep = only("a.sh", sh("python3 -m dynamo.trtllm --model-path m --tensor-parallel-size 4"))
    assert (dep.engine, dep.tp) == ("trtllm", 4)


def test_huggingfaceserver_with_vllm_args() -> None:
    dep = only(
        "a.sh",
        sh("python -m huggingfaceserver --model_id m --backend vllm --tensor-parallel-size 2"),
    )
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "m", 2)


def test_fastchat_vllm_worker() -> None:
    # lm-sys/FastChat@0283a0bb fastchat/serve/vllm_worker.py: `--model-path` is the engine's
    # model, `--num-gpus N` its tensor-parallel size; vLLM's own options follow on a plain
    # argparse parser (no underscore spellings but the worker's own two)
    dep = only(
        "w.sh",
        sh(
            "python3 -m fastchat.serve.vllm_worker --model-path Qwen/Qwen2.5-72B-Instruct "
            "--num-gpus 4 --gpu_memory_utilization 0.85 --max-model-len 8192 "
            "--controller-address http://localhost:21001 --no-register"
        ),
    )
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "Qwen/Qwen2.5-72B-Instruct", 4)
    assert dep.options.get("gpu_memory_utilization") == "0.85"
    assert dep.options.get("max_model_len") == "8192"


def test_xinference_launch_reads_the_engine_its_model_engine_names() -> None:
    # xorbitsai/inference@v0.16.1 xinference/deploy/cmdline.py `model_launch`: its own click
    # options, the rest handed to the engine as keywords; xinference/model/llm/vllm/core.py
    # `_sanitize_model_config`: 0.9 share, 256 sequences and TP = the GPUs it allocated
    dep = only(
        "x.sh",
        sh(
            "xinference launch --model-engine vllm -n qwen2.5-instruct -s 7 -f pytorch "
            "--model_path /models/Qwen2.5-7B-Instruct --n-gpu 2 --max_model_len 8192 "
            "--enforce_eager true -q none"
        ),
    )
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "/models/Qwen2.5-7B-Instruct", 2)
    assert dep.options.get("max_model_len") == "8192"
    assert dep.options.get("gpu_memory_utilization") == "0.9"
    assert "quantization" not in dep.options  # Xinference's own -q, not vLLM's
    # its own keywords (`reasoning_content`) are not vLLM's; `model_quantization` is vLLM's
    own = only(
        "k.sh",
        sh(
            "xinference launch -en vllm -n m --n-gpu 1 --reasoning_content true "
            "--model_quantization fp8"
        ),
    )
    assert own.options.get("quantization") == "fp8" and "reasoning_content" not in own.options
    # --gpu-idx overrides --n-gpu (worker.py launch_builtin_model); a written TP wins
    idx = only("i.sh", sh("xinference launch -en vllm -n m --gpu-idx 0,1,2,3 --n-gpu 2"))
    assert idx.tp == 4
    tp = only("t.sh", sh("xinference launch -en vllm -n m --gpu-idx 0,1 --tensor_parallel_size 1"))
    assert tp.tp == 1
    # `--n-gpu auto` (the default): the worker's free GPUs at launch, which the command does not say
    auto = only("a.sh", sh("xinference launch --model-engine vLLM -n m"))
    assert auto.tp is None and [u.field for u in auto.unresolved] == ["tp"]
    other = sh("xinference launch --model-engine transformers -n m --n-gpu 2")
    assert parse_text("o.sh", other).deployments == ()


def test_swift_deploy_serves_through_the_engine_its_backend_names() -> None:
    # modelscope/ms-swift examples/deploy/vllm_dp.sh and sglang.sh: `--infer_backend` chooses the
    # engine, whose settings carry its prefix (v3.7+) or none (before); the default backend
    # (`pt`/`transformers`) serves through transformers, no engine
    vllm = only(
        "v.sh",
        sh(
            "CUDA_VISIBLE_DEVICES=0,1 swift deploy --model Qwen/Qwen2.5-VL-7B-Instruct "
            "--infer_backend vllm --served_model_name Qwen2.5-VL-7B-Instruct "
            "--vllm_max_model_len 8192 --vllm_gpu_memory_utilization 0.9 "
            "--vllm_data_parallel_size 2 --vllm_enforce_eager false"
        ),
    )
    assert (vllm.engine, vllm.model, vllm.tp, vllm.dp) == (
        "vllm",
        "Qwen/Qwen2.5-VL-7B-Instruct",
        1,
        2,
    )
    assert vllm.options.get("max_model_len") == "8192"
    assert vllm.options.get("enforce_eager") == "false"  # a boolean's optional value
    sglang = only(
        "s.sh",
        sh(
            "swift deploy --model Qwen/Qwen3-8B --infer_backend sglang --max_new_tokens 2048 "
            "--sglang_context_length 8192 --sglang_tp_size 2"
        ),
    )
    assert (sglang.engine, sglang.tp, sglang.options.get("context_length")) == (
        "sglang",
        2,
        "8192",
    )
    # before v3.7 the settings had no prefix; swift passes a 0.9 share unless one is written
    old = only(
        "o.sh", sh("swift deploy --ckpt_dir out/ckpt --infer_backend vllm --tensor_parallel_size 4")
    )
    assert (old.engine, old.model, old.tp) == ("vllm", "out/ckpt", 4)
    assert old.options.get("gpu_memory_utilization") == "0.9"
    lmdeploy = only("l.sh", sh("swift deploy --model m/n --infer_backend lmdeploy --tp 2"))
    assert (lmdeploy.engine, lmdeploy.tp) == ("lmdeploy", 2)
    for backend in ("pt", "transformers"):
        text = sh(f"swift deploy --model m/n --infer_backend {backend}")
        assert parse_text("p.sh", text).deployments == ()
    assert parse_text("d.sh", sh("swift deploy --model m/n")).deployments == ()


def test_swift_rollout_always_serves_through_vllm() -> None:
    # modelscope/ms-swift#5424: `swift rollout` takes `swift deploy`'s vLLM settings and forces
    # `infer_backend = 'vllm'` (ms-swift@3602360a swift/pipelines/infer/rollout.py
    # ``get_infer_engine``), so no --infer_backend is needed and another one changes nothing
    text = (
        "CUDA_VISIBLE_DEVICES=0,1 swift rollout --vllm_tensor_parallel_size 2 "
        "--vllm_max_model_len 8192 --vllm_max_num_seqs 1 --vllm_gpu_memory_utilization 0.98 "
        "--model Qwen/Qwen2.5-VL-72B-Instruct --multi_turn_scheduler thinking_tips --max_turns 3"
    )
    dep = only("r.sh", sh(text))
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "Qwen/Qwen2.5-VL-72B-Instruct", 2)
    assert dep.options.get("gpu_memory_utilization") == "0.98"
    assert dep.options.get("max_num_seqs") == "1"
    other = only("o.sh", sh("swift rollout --model m/n --infer_backend lmdeploy --tp 2"))
    assert other.engine == "vllm"  # rollout serves through vLLM whatever the backend says
    default = only("g.sh", sh("swift rollout --model m/n"))
    assert default.options.get("gpu_memory_utilization") == "0.9"  # DeployArguments' default


def test_swift_rollout_runs_tp_times_dp_engines_and_knows_its_own_fields() -> None:
    # modelscope/ms-swift@3602360a swift/pipelines/infer/rollout.py: `swift rollout` (the GRPO
    # trainer's vLLM server) forces infer_backend to vllm and runs vllm_data_parallel_size
    # engines of vllm_tensor_parallel_size GPUs; RolloutArguments adds its own fields
    dep = only(
        "r.sh",
        sh(
            "CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7 swift rollout --model Qwen/Qwen3-8B "
            "--vllm_tensor_parallel_size 4 --vllm_data_parallel_size 2 --max_turns 5 "
            "--multi_turn_scheduler mcp --vllm_max_lora_rank 8 --use_gym_env false"
        ),
    )
    assert (dep.engine, dep.model, dep.tp, dep.dp, dep.gpus) == ("vllm", "Qwen/Qwen3-8B", 4, 2, 8)
    assert dep.options.get("gpu_memory_utilization") == "0.9"
    assert parse_text("r.sh", sh("swift rollout --model m/n --max_turns 5")).findings == ()
    # a field only rollout knows is not swift deploy's
    deploy = parse_text("d.sh", sh("swift deploy --model m/n --infer_backend vllm --max_turns 5"))
    assert [f.rule for f in deploy.findings] == ["TL005"]


def test_lighteval_vllm_reads_its_one_word_of_settings() -> None:
    # huggingface/lighteval@3fd15266 abstract_model.py ModelConfig._parse_args: comma-separated
    # key=value, generation_parameters={...} dropped; VLLMModelConfig's sizes default to 1
    dep = only(
        "e.sh",
        sh(
            'lighteval vllm "model_name=org/m,dtype=bfloat16,tensor_parallel_size=2,'
            "data_parallel_size=2,generation_parameters={max_new_tokens:2048,temperature:0.0},"
            'trust_remote_code" "lighteval|gpqa|0|0" --output-dir runs --save-details'
        ),
    )
    assert (dep.engine, dep.model, dep.tp, dep.dp) == ("vllm", "org/m", 2, 2)
    assert dep.options.get("enforce_eager") == "true"  # what lighteval passes vLLM
    old = only("p.sh", sh('lighteval vllm "pretrained=org/n" "leaderboard|arc|0|0"'))
    assert (old.model, old.tp, old.pp, old.dp) == ("org/n", 1, 1, 1)
    # settings not known here (an unset variable, a YAML file of model_parameters) are not the
    # defaults
    for word in ('"$MODEL_ARGS"', "configs/vllm.yaml"):
        dep = only("u.sh", sh(f'lighteval vllm {word} "lighteval|gpqa|0|0"'))
        assert (dep.engine, dep.model, dep.tp, dep.dp) == ("vllm", None, None, None)
        assert {u.field for u in dep.unresolved} >= {"model", "tp", "dp"}
