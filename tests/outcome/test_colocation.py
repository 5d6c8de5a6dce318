"""Servers one file starts together on one GPU (``toplint.outcome.colocation``, rule TL217):
which of a file's deployments run at once, on which GPUs, and whether every start order lets
them all start by each engine's own behaviour beside other processes."""

from __future__ import annotations

from toplint.model import Deployment
from toplint.optionkeys import RUNS_DETACHED
from toplint.outcome.colocation import shared_gpus
from toplint.outcome.types import SharedGpu
from toplint.parse.base import Source
from toplint.parse.builtin import toplint_parsers
from toplint.parse.run import parse_source


def deployments(path: str, text: str) -> list[Deployment]:
    return list(parse_source(Source.from_text(path, text), toplint_parsers()).deployments)


def every(path: str, text: str) -> list[SharedGpu | None]:
    return shared_gpus([(d, None, None) for d in deployments(path, text)])


def judged(path: str, text: str) -> list[SharedGpu | None]:
    """What TL217 reports: the deployments that cannot all start ("shares" is not reported)."""
    return [s if s is not None and s.verdict != "shares" else None for s in every(path, text)]


def test_a_command_ending_with_an_ampersand_runs_detached() -> None:
    deps = deployments(
        "serve.sh",
        "nohup vllm serve Qwen/Qwen2.5-7B-Instruct --port 8000 > a.log 2>&1 &\n"
        "vllm serve Qwen/Qwen2.5-1.5B-Instruct --port 8001 && echo done\n",
    )
    assert [d.options.get(RUNS_DETACHED) for d in deps] == ["&", None]


def test_docker_run_detach_flags() -> None:
    lines = {
        "docker run -d --gpus all vllm/vllm-openai:latest --model m/a": "-d",
        "docker run -itd --gpus all vllm/vllm-openai:latest --model m/a": "-d",
        "docker run --detach --gpus all vllm/vllm-openai:latest --model m/a": "-d",
        "docker run --detach=false --gpus all vllm/vllm-openai:latest --model m/a": None,
        # a value that holds a "d" is not a flag (-e takes one)
        "docker run -e DEBUG=1 --gpus all vllm/vllm-openai:latest --model m/a": None,
        # the container's own -d is the engine's, after the image
        "docker run --gpus all vllm/vllm-openai:latest --model m/a -d x": None,
    }
    for line, want in lines.items():
        (dep,) = deployments("run.sh", line + "\n")
        assert dep.options.get(RUNS_DETACHED) == want, line


def test_process_managers_and_multiplexers_return_once_started() -> None:
    text = (
        'pm2 start "vllm serve a/b --port 8000" --name a\n'
        'tmux new-session -d -s b "vllm serve c/d --port 8001"\n'
        "screen -dmS c vllm serve e/f --port 8002\n"
        "systemd-run --unit g vllm serve g/h --port 8003\n"
        "systemd-run --wait vllm serve i/j --port 8004\n"
        'tmux new-session -s k "vllm serve k/l --port 8005"\n'
        "vllm serve m/n --port 8006\n"
    )
    got = [d.options.get(RUNS_DETACHED) for d in deployments("serve.sh", text)]
    assert got == ["&", "&", "&", "&", None, None, None]


def test_two_defaults_never_start_together() -> None:
    found = judged(
        "serve.sh",
        "vllm serve Qwen/Qwen2.5-7B-Instruct --port 8000 &\n"
        "vllm serve Qwen/Qwen2.5-1.5B-Instruct --port 8001\n",
    )
    assert found[0] is None
    shared = found[1]
    assert shared is not None and shared.verdict == "never" and shared.gpus == (0,)
    assert shared.release == ""  # 0.9 + 0.9 fails also where each share limits the whole GPU
    assert [p.line for p in shared.processes] == [1, 2] and shared.this == 1


def test_shares_that_add_up_to_one_are_not_judged_a_failure() -> None:
    # vLLM's page: "if you have two vLLM instances running on the same GPU, you can set the
    # GPU memory utilization to 0.5 for each instance"; a CUDA context's few hundred MiB are
    # not counted (a miss is possible, a false error is not)
    found = every(
        "serve.sh",
        "vllm serve a/b --gpu-memory-utilization 0.5 &\n"
        "vllm serve c/d --gpu-memory-utilization 0.5\n",
    )
    # each is marked as sharing GPU 0 with the other, which TL217 does not report and a fix
    # to one's share must leave room for
    assert [s.verdict if s else None for s in found] == ["shares", "shares"]
    assert [s.this if s else None for s in found] == [0, 1]


def test_over_one_holds_only_from_the_release_that_changed_it() -> None:
    # 0.7 + 0.4: refused from vLLM 0.9.1; before, each share limited the whole GPU's use and the
    # second to start fitted in what the first left (vllm-project/vllm#19125's 0.4 + 0.8)
    text = (
        "vllm serve a/b --gpu-memory-utilization 0.7 &\n"
        "vllm serve c/d --gpu-memory-utilization 0.4\n"
    )
    (_, shared) = judged("serve.sh", text)
    assert shared is not None and shared.verdict == "never"
    assert shared.release == "vLLM from 0.9.1 and before 0.34.0"
    pinned = (
        "docker run -d --gpus all vllm/vllm-openai:{tag} --model a/b --gpu-memory-utilization 0.7\n"
        "docker run -d --gpus all vllm/vllm-openai:{tag} --model c/d --gpu-memory-utilization 0.4\n"
    )
    (_, new) = judged("run.sh", pinned.format(tag="v0.10.1"))
    assert new is not None and new.verdict == "never" and new.release == ""
    old = every("run.sh", pinned.format(tag="v0.6.3"))
    assert [s.verdict if s else None for s in old] == ["shares", "shares"]


def test_a_foreground_server_holds_the_script() -> None:
    found = judged("serve.sh", "vllm serve a/b\nvllm serve c/d\n")
    assert found == [None, None]


def test_different_or_unknown_devices_are_not_shared() -> None:
    apart = "CUDA_VISIBLE_DEVICES=0 vllm serve a/b &\nCUDA_VISIBLE_DEVICES=1 vllm serve c/d\n"
    assert judged("serve.sh", apart) == [None, None]
    unknown = "CUDA_VISIBLE_DEVICES=$A vllm serve a/b &\nCUDA_VISIBLE_DEVICES=$B vllm serve c/d\n"
    assert judged("serve.sh", unknown) == [None, None]
    # a TP 2 server on GPUs 0-1 and a one-GPU server on GPU 1
    overlap = (
        "CUDA_VISIBLE_DEVICES=0,1 vllm serve a/b --tensor-parallel-size 2 &\n"
        "CUDA_VISIBLE_DEVICES=1 vllm serve c/d\n"
    )
    (_, shared) = judged("serve.sh", overlap)
    assert shared is not None and shared.gpus == (1,)


def test_compose_services_run_together_and_a_container_without_gpus_uses_none() -> None:
    service = "  {name}:\n    image: vllm/vllm-openai:latest\n    command: --model {model}\n{gpus}"
    gpus = (
        "    deploy:\n      resources:\n        reservations:\n          devices:\n"
        "            - {driver: nvidia, count: 1, capabilities: [gpu]}\n"
    )
    text = "services:\n" + service.format(name="a", model="a/b", gpus=gpus)
    both = text + service.format(name="b", model="c/d", gpus=gpus)
    found = judged("docker-compose.yml", both)
    assert [s is not None for s in found] == [False, True]
    alone = text + service.format(name="b", model="c/d", gpus="")
    assert judged("docker-compose.yml", alone) == [None, None]


def test_without_the_gpus_memory_only_what_holds_on_every_gpu_is_judged() -> None:
    # LMDeploy's KV cache takes 0.8 of what is free once its weights are in: up first, it leaves
    # vLLM too little; up second, it fits in what vLLM left, if its weights do - which needs the
    # GPU's memory and the checkpoint's size (TL217's case with a manifest judges it)
    text = "vllm serve a/b --port 8000 &\nlmdeploy serve api_server c/d --server-port 8001\n"
    deps = deployments("serve.sh", text)
    assert [d.engine for d in deps] == ["vllm", "lmdeploy"]
    found = shared_gpus([(d, None, None) for d in deps])
    assert [s.verdict if s else None for s in found] == ["shares", "shares"]  # not judged


def test_a_command_that_stops_processes_ends_what_ran_before_it() -> None:
    # WeiminXiong/IPR@93335a3a run_pipeline_vllm.sh: a worker started in the background, then
    # `kill -9 $fs_worker_pid` before the next phase's workers
    text = (
        "python -m fastchat.serve.vllm_worker --model-path a/b &\n"
        "pid=$!\n"
        "kill -9 $pid\n"
        "python -m fastchat.serve.vllm_worker --model-path c/d\n"
    )
    assert judged("run.sh", text) == [None, None]
    stopped = text.replace("kill -9 $pid", "docker stop worker")
    assert judged("run.sh", stopped) == [None, None]
    kept = text.replace("kill -9 $pid", "sleep 60")
    assert judged("run.sh", kept)[1] is not None
    # a runner's own options are not the program: `sudo -u svc kill` stops, `sudo -u kill` runs
    # nothing that stops (its -u takes "kill" as the user)
    as_user = text.replace("kill -9 $pid", "sudo -E -u svc kill -9 $pid")
    assert judged("run.sh", as_user) == [None, None]
    user_named_kill = text.replace("kill -9 $pid", "sudo -u kill sleep 60")
    assert judged("run.sh", user_named_kill)[1] is not None


def test_a_server_started_in_a_loop_is_not_judged() -> None:
    # one worker per iteration, each on `CUDA_VISIBLE_DEVICES=$((i % n))`: which GPUs the
    # iterations share is not read here
    text = (
        "for ((j=0;j<4;j=j+1)); do\n"
        "  CUDA_VISIBLE_DEVICES=$((j % 2)) vllm serve a/b --port 800$j &\n"
        "done\n"
        "vllm serve c/d\n"
    )
    deps = deployments("run.sh", text)
    assert deps[0].options.get("in_loop") == "true"
    assert judged("run.sh", text) == [None, None]


def test_servers_in_arms_not_decided_here_are_not_judged_together() -> None:
    # `if [ "$MODE" = big ]` with MODE set at run time: one arm or the other runs
    text = (
        'if [ "$MODE" = big ]; then\n'
        "  vllm serve a/b --port 8000 &\n"
        "else\n"
        "  vllm serve c/d --port 8000 &\n"
        "fi\n"
        "vllm serve e/f --port 8001\n"
    )
    deps = deployments("run.sh", text)
    assert [d.options.get("undecided") for d in deps] == ["true", "true", None]
    assert judged("run.sh", text) == [None, None, None]
    decided = "MODE=big\n" + text
    assert judged("run.sh", decided)[-1] is not None  # the arm taken runs beside the last


def test_compose_services_that_publish_one_host_port_start_one_at_a_time() -> None:
    """Stravica/nvidia-spark's compose file (recipes6): seven vLLM services on one GB10, every
    one publishing host port 8000 - "only one vLLM service at a time".  Docker refuses the
    second a port already allocated, so they are alternatives; on other ports they share."""
    from toplint.parse.structured.composekeys import host_ports

    service = (
        "  {name}:\n    image: vllm/vllm-openai:v0.10.0\n"
        "    command: [--model, org/{name}, --gpu-memory-utilization, '0.9']\n"
        "    ports: [{port}]\n"
        "    deploy: {{resources: {{reservations: {{devices: [{{driver: nvidia, count: all, "
        "capabilities: [gpu]}}]}}}}}}\n"
    )
    same = "services:\n" + "".join(
        service.format(name=n, port=p)
        for n, p in (("a", '"8000:8000"'), ("b", '"0.0.0.0:8000:80"'))
    )
    assert judged("docker-compose.yml", same) == [None, None]
    other = same.replace('"0.0.0.0:8000:80"', '"8001:8000"')
    assert any(s is not None and s.verdict == "never" for s in judged("docker-compose.yml", other))
    assert host_ports(
        {"ports": ["127.0.0.1:8000:8000/udp", "9000", {"published": "8080", "target": 80}]}
    ) == ("*:8080/tcp,127.0.0.1:8000/udp")
