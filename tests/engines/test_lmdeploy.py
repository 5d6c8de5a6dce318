"""LMDeploy, the engine added as a record only: read from every format like the others."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text


def test_shell_command_positional_model_and_sizes() -> None:
    dep = only("a.sh", "lmdeploy serve api_server internlm/internlm2_5-7b-chat --tp 2\n")
    assert (dep.engine, dep.model, dep.tp, dep.dp) == (
        "lmdeploy",
        "internlm/internlm2_5-7b-chat",
        2,
        1,
    )


def test_underscores_are_dashes_in_option_names() -> None:
    dep = only("a.sh", "lmdeploy serve api_server m --tp 2 --server_port 8000\n")
    assert dep.options["server_port"] == "8000"


def test_unknown_option_is_reported() -> None:
    result = parse_text("a.sh", "lmdeploy serve api_server m --tensor-parallel 2\n")
    assert [f.rule for f in result.findings] == ["TL005"]


def test_proxy_subcommand_is_not_a_serving_instance() -> None:
    assert parse_text("a.sh", "lmdeploy serve proxy --server-port 8000\n").deployments == ()


def test_pytorch_dp_is_attention_data_parallel_inside_the_tp_gpus() -> None:
    dep = only("a.sh", "lmdeploy serve api_server m --backend pytorch --tp 8 --dp 8 --ep 8\n")
    assert (dep.world_size, dep.options["attention_dp"], dep.ep) == (8, "8", 8)


def test_turbomind_dp_is_replicas_of_tp_groups() -> None:
    dep = only("a.sh", "lmdeploy serve api_server m --backend turbomind --tp 4 --dp 2\n")
    assert dep.world_size == 8


def test_without_backend_the_reading_is_said() -> None:
    dep = only("a.sh", "lmdeploy serve api_server m --tp 4 --dp 2\n")
    assert any("without --backend" in note for note in dep.notes)


def test_compose_service() -> None:
    text = (
        "services:\n  lm:\n    image: openmmlab/lmdeploy:v0.9.2\n"
        "    command: lmdeploy serve api_server m --tp 4\n"
    )
    dep = only("compose.yaml", text)
    assert (dep.engine, dep.tp, dep.source_kind) == ("lmdeploy", 4, "compose")


def test_dockerfile_cmd() -> None:
    text = (
        "FROM openmmlab/lmdeploy:latest\n"
        'CMD ["lmdeploy", "serve", "api_server", "m", "--tp", "2"]\n'
    )
    assert only("Dockerfile", text).tp == 2


def test_kubernetes_deployment() -> None:
    text = """\
apiVersion: apps/v1
kind: Deployment
metadata: {name: lm}
spec:
  template:
    spec:
      containers:
        - name: lm
          image: openmmlab/lmdeploy:latest
          args: [lmdeploy, serve, api_server, m, --tp, "4"]
          resources: {limits: {nvidia.com/gpu: 4}}
"""
    dep = only("lm.yaml", text)
    assert (dep.engine, dep.tp, dep.gpus_per_node) == ("lmdeploy", 4, 4)


def test_python_dash_m_runs_the_same_cli() -> None:
    dep = only("a.sh", "python3 -m lmdeploy serve api_server m --tp 2\n")
    assert (dep.engine, dep.model, dep.tp) == ("lmdeploy", "m", 2)


def test_lmdeploy_own_kubernetes_example() -> None:
    """InternLM/lmdeploy k8s/deployment.yaml (tests/engines/data/INDEX.md)."""
    from pathlib import Path

    path = Path(__file__).parent / "data" / "lmdeploy-k8s-deployment.yaml"
    result = parse_text(str(path), path.read_text())
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp, dep.gpus_per_node) == (
        "lmdeploy",
        "internlm/internlm2-chat-7b",
        1,
        1,
    )
    assert [f.rule for f in result.findings if f.rule == "TL005"] == []


def test_pytorch_world_is_ep_when_tp_is_smaller() -> None:
    """DistConfig: world = ep; dp ranks each run attention TP 1 on their own GPU."""
    dep = only("a.sh", "lmdeploy serve api_server m --backend pytorch --tp 1 --dp 8 --ep 8\n")
    assert (dep.world_size, dep.dp, "attention_dp" in dep.options) == (8, 8, False)


def test_pytorch_partial_attention_dp() -> None:
    """world 8 = ep; tp 2 groups: 4 DP ranks add GPUs, 2 more share each TP group."""
    dep = only("a.sh", "lmdeploy serve api_server m --backend pytorch --tp 2 --dp 8 --ep 8\n")
    assert (dep.world_size, dep.dp, dep.options["attention_dp"]) == (8, 4, "2")


def test_chat_runs_the_same_engine() -> None:
    # `lmdeploy chat MODEL` builds the engine `serve api_server` does (lmdeploy/cli/cli.py
    # CLI.add_parser_chat @1263d5c): its sizes and cache share are read the same way
    dep = only("a.sh", "lmdeploy chat internlm/internlm2_5-7b-chat --tp 2 --session-len 8192\n")
    assert (dep.engine, dep.model, dep.tp, dep.options["session_len"]) == (
        "lmdeploy",
        "internlm/internlm2_5-7b-chat",
        2,
        "8192",
    )


def test_legacy_chat_subcommand_is_not_the_model() -> None:
    # v0.2.0-v0.5.0: `lmdeploy chat turbomind MODEL` (InternLM/lmdeploy#922, removed by #1899)
    dep = only("a.sh", "lmdeploy chat turbomind ./workspace --tp 2\n")
    assert (dep.engine, dep.model, dep.tp) == ("lmdeploy", "./workspace", 2)


def test_legacy_chat_torch_runs_the_pytorch_engine() -> None:
    dep = only("a.sh", "lmdeploy chat torch m --tp 2\n")
    assert (dep.model, dep.tp, dep.options["backend"]) == ("m", 2, "pytorch")


def test_legacy_chat_option_is_known() -> None:
    # --cap was the legacy chat's own option (lmdeploy/cli/chat.py @v0.5.0 ArgumentHelper.cap)
    result = parse_text("a.sh", "lmdeploy chat turbomind ./workspace --cap chat\n")
    assert [f.rule for f in result.findings] == []
