"""Scripts and units a provisioning script writes from a here-document, or feeds to a shell, are
read where they are written (``toplint.parse.text.scriptfiles``, ``toplint.parse.text.
heredocs``): a VM's start-up script that writes ``/opt/start-vllm.sh`` and runs it, or writes
``/etc/systemd/system/vllm.service``, starts what that document says.  Before, the document was
skipped and the file was a TL008 note ("names vllm serve but yields no deployment"), or a TL009
error for the script path it runs outside the repository.

Bash(1), "Here Documents": an unquoted delimiter expands ``$NAME`` as the document is written,
and ``\\\\``, ``\\$`` and ``\\``` write the character escaped."""

from __future__ import annotations

from .helpers import only, parse_text

# opensensor/lightNVR@6453f18bd3016f993764d0d758b4f81bbf3cfcdb
# digitalocean-llm-setup/setup-multi-h100.sh (lines 91-141, the model choice cut to its default)
DROPLET = """read -p "Enter choice [1-2]: " quant_choice

case $quant_choice in
    2)
        MODEL_NAME="deepseek-ai/DeepSeek-R1-AWQ"
        QUANTIZATION="--quantization awq"
        ;;
    *)
        MODEL_NAME="deepseek-ai/DeepSeek-R1"
        QUANTIZATION="--quantization fp8"
        ;;
esac

# Create systemd service for vLLM
echo "[8/8] Creating systemd service..."
sudo tee /etc/systemd/system/vllm.service > /dev/null <<EOF
[Unit]
Description=vLLM OpenAI-Compatible Server - DeepSeek-R1 671B
After=network.target

[Service]
Type=simple
User=$USER
WorkingDirectory=$HOME/llm-deployment
Environment="PATH=$HOME/llm-deployment/venv/bin:/usr/local/bin:/usr/bin:/bin"
Environment="CUDA_VISIBLE_DEVICES=0,1,2,3,4,5,6,7"
ExecStart=$HOME/llm-deployment/venv/bin/vllm serve $MODEL_NAME \\\\
    --host 0.0.0.0 \\\\
    --port 8000 \\\\
    --max-model-len 131072 \\\\
    --gpu-memory-utilization 0.95 \\\\
    --tensor-parallel-size 8 \\\\
    --dtype auto \\\\
    --enable-chunked-prefill \\\\
    --max-num-batched-tokens 16384 \\\\
    --max-num-seqs 512 \\\\
    --disable-log-requests \\\\
    --trust-remote-code
Restart=always
RestartSec=10

[Install]
WantedBy=multi-user.target
EOF
"""


def test_a_unit_written_through_tee_is_read_with_its_continued_lines() -> None:
    # ``\\`` in an unquoted document writes ``\``: the unit's ExecStart continues over the
    # option lines (before: a TL008 note, the unit never read; reading the text as written
    # would have cut the command at its first line, a false TL012)
    result = parse_text("setup-multi-h100.sh", DROPLET)
    assert [f.rule for f in result.findings if f.rule in ("TL008", "TL012")] == []
    (dep,) = result.deployments
    assert (dep.engine, dep.tp, dep.gpus_per_node) == ("vllm", 8, 8)
    tp_line = DROPLET.split("\n").index("    --tensor-parallel-size 8 \\\\") + 1
    assert dep.sources["tp"].line == tp_line
    assert dep.sources["tp"].column == 5  # the flag, where it is written in the file


def test_the_model_chosen_at_the_prompt_stays_unresolved() -> None:
    # ``$MODEL_NAME`` is what the user answered to ``read -p``: not known, not guessed
    dep = only("setup-multi-h100.sh", DROPLET)
    assert dep.model is None


WRITES_AND_RUNS = """#!/bin/bash
set -e
cat > /opt/start-vllm.sh <<'EOF'
#!/bin/bash
docker run --gpus all --ipc=host -p 8000:8000 vllm/vllm-openai:v0.6.3 \\
  --model meta-llama/Llama-3.1-70B-Instruct --tensor-parallel-size 4
EOF
chmod +x /opt/start-vllm.sh
/opt/start-vllm.sh
"""


def test_a_start_script_the_file_writes_and_runs_is_read_from_the_document() -> None:
    result = parse_text("user-data.sh", WRITES_AND_RUNS)
    assert "TL009" not in [f.rule for f in result.findings]  # not "outside the repository"
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "meta-llama/Llama-3.1-70B-Instruct", 4)
    assert (dep.sources["tp"].line, dep.sources["tp"].column) == (6, 45)
    assert any("/opt/start-vllm.sh" in n for n in dep.notes)  # the chain it ran through


def test_a_script_run_before_it_is_written_is_not_the_document() -> None:
    text = WRITES_AND_RUNS.replace("/opt/start-vllm.sh\n", "/opt/other.sh\n").replace(
        "chmod +x /opt/other.sh\n", ""
    )
    result = parse_text("user-data.sh", text)
    assert "TL009" in [f.rule for f in result.findings]


UNQUOTED = """#!/bin/bash
MODEL=Qwen/Qwen2.5-32B-Instruct
TP=4
cat > run.sh <<EOF
#!/bin/bash
exec vllm serve $MODEL --tensor-parallel-size ${TP} --port \\$PORT
EOF
TP=8
bash run.sh
"""


def test_an_unquoted_document_takes_the_values_of_where_it_is_written() -> None:
    # ``TP=8`` after the document changes nothing it holds: bash wrote ``4`` into run.sh
    dep = only("setup.sh", UNQUOTED)
    assert (dep.model, dep.tp) == ("Qwen/Qwen2.5-32B-Instruct", 4)


def test_a_variable_unset_where_the_document_is_written_is_unresolved() -> None:
    dep = only("setup.sh", UNQUOTED.replace("TP=4\n", ""))
    assert dep.tp is None


def test_an_escaped_dollar_is_the_run_scripts_own_argument() -> None:
    # ``\\$1`` writes ``$1``: the argument run.sh is run with, not a model named "$1"
    text = """cat > run.sh <<EOF
exec vllm serve \\$1 --tensor-parallel-size 2
EOF
bash run.sh Qwen/Qwen2.5-7B-Instruct
"""
    dep = only("setup.sh", text)
    assert (dep.model, dep.tp) == ("Qwen/Qwen2.5-7B-Instruct", 2)
    # the word after the escaped one keeps its column in the file
    assert dep.sources["tp"].column == text.split("\n")[1].index("--tensor") + 1


def test_a_document_fed_to_a_shell_is_its_script() -> None:
    for head in ("sudo bash <<'EOF'", 'ssh "$HEAD" bash -s <<EOF', "ssh -p 2222 gpu-node-1 <<EOF"):
        text = f"""HEAD=gpu-node-1
{head}
python3 -m sglang.launch_server --model-path Qwen/Qwen2.5-72B-Instruct --tp 4
EOF
"""
        dep = only("launch.sh", text)
        assert (dep.engine, dep.tp) == ("sglang", 4), head
        assert dep.sources["tp"].line == 3


def test_a_document_fed_to_a_shell_with_a_script_operand_is_not_its_script() -> None:
    # ``bash x.sh <<EOF``: x.sh is the script, the document only its input
    text = """bash x.sh <<'EOF'
vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2
EOF
"""
    assert parse_text("launch.sh", text).deployments == ()


def test_a_start_script_written_and_left_for_the_user_is_read() -> None:
    # the script is written for the user to start (``/opt/start_vllm.sh``): it is a script
    text = """cat > /opt/start_vllm.sh << VLLMEOF
#!/bin/bash
source /opt/vllm/bin/activate
vllm serve cpatonn/Qwen3-30B-A3B-Instruct-2507-AWQ \\\\
  --max-model-len 131072 \\\\
  --tensor-parallel-size 2
VLLMEOF
chmod +x /opt/start_vllm.sh
"""
    dep = only("promote.sh", text)
    assert (dep.model, dep.tp) == ("cpatonn/Qwen3-30B-A3B-Instruct-2507-AWQ", 2)


def test_unset_takes_a_variable_back() -> None:
    # bash(1) ``unset``: the GPUs the engine sees are no longer those of the export
    text = """export CUDA_VISIBLE_DEVICES=0,1
unset CUDA_VISIBLE_DEVICES
vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2
"""
    dep = only("serve.sh", text)
    assert dep.gpus_per_node is None
    kept = only("serve.sh", text.replace("unset CUDA_VISIBLE_DEVICES\n", ""))
    assert kept.gpus_per_node == 2


# pranavnbapat/vllm-deployment scripts/generate_supervisor_config.sh (tests/data/open_world14):
# the start script is written for supervisor with the values single-quoted, expanded by the
# writing shell; the file holds '<model>' between the quotes, not '${VLLM_MODEL}'
SUPERVISOR = """VLLM_MODEL="${VLLM_MODEL:-Qwen/Qwen3.5-9B}"
CUDA_VISIBLE_DEVICES="${CUDA_VISIBLE_DEVICES:-0}"
cat > "${WORKSPACE_DIR}/ops/run_vllm.sh" <<EOV
#!/usr/bin/env bash
export CUDA_VISIBLE_DEVICES='${CUDA_VISIBLE_DEVICES}'
exec '${WORKSPACE_DIR}/envs/vllm/bin/vllm' serve '${VLLM_MODEL}' \\\\
  --max-model-len '32768'
EOV
"""


def test_single_quotes_in_an_unquoted_document_hold_what_the_writer_expanded() -> None:
    dep = only("generate_supervisor_config.sh", SUPERVISOR)
    assert (dep.model, dep.gpus_per_node) == ("Qwen/Qwen3.5-9B", 1)
    assert dep.sources["model"].line == 6


def test_a_quoted_document_keeps_its_single_quotes() -> None:
    # <<'EOV': the file holds '${VLLM_MODEL}' as written, expanded by nobody
    text = SUPERVISOR.replace("<<EOV", "<<'EOV'").replace("\\\\\\\\\n", "\\\\\n")
    dep = only("generate_supervisor_config.sh", text)
    assert dep.model != "Qwen/Qwen3.5-9B"
