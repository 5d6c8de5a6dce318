"""A script that forwards its own arguments ("$@") into an engine command (issue 14, gap 2):
a wrapper that writes a layout is a deployment with one TL003 note; an entrypoint that writes
none is not a deployment, and says so once (TL008, info)."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import parse_text

REAL = Path(__file__).resolve().parents[1] / "data" / "corpus2" / "entrypoints"


def test_wrapper_with_a_layout_is_a_deployment_that_records_the_forwarding() -> None:
    text = 'vllm serve meta-llama/Llama-3.1-8B-Instruct -tp 2 "$@"\n'
    (dep,) = parse_text("serve.sh", text).deployments
    assert [(u.field, u.variable) for u in dep.unresolved] == [("arguments", "$@")]


def test_real_tgi_entrypoint_is_one_info_note_not_a_deployment() -> None:
    text = (REAL / "tgi-entrypoint.sh").read_text(encoding="utf-8")
    result = parse_text("tgi-entrypoint.sh", text)
    notes = [(f.rule, f.severity.value, f.line) for f in result.findings if f.rule == "TL008"]
    assert (result.deployments, notes) == ((), [("TL008", "info", 6)])


def test_entrypoint_that_writes_only_a_port_is_still_an_entrypoint() -> None:
    result = parse_text("ep.sh", 'exec vllm serve "$@" --port 8000\n')
    assert result.deployments == ()


def test_an_entrypoint_that_writes_its_model_as_a_variable_says_so() -> None:
    """gsbdarc/vllm_helper@db1c923b vllm.sh: ``--model "${MODEL}"`` and ``${VLLM_TP:+
    --tensor-parallel-size "${VLLM_TP}"}`` beside ``"$@"``.  The note said ``$@`` gives the
    engine its model and layout, which the script writes, with values its caller sets."""
    text = (
        'vllm_serve() {\n  python3 -m vllm.entrypoints.openai.api_server --model "${MODEL}" \\\n'
        '    ${VLLM_TP:+--tensor-parallel-size "${VLLM_TP}"} "$@"\n}\nvllm_serve "$@"\n'
    )
    result = parse_text("vllm.sh", text)
    (note,) = [f for f in result.findings if f.rule == "TL008"]
    assert result.deployments == () and note.severity.value == "info"
    assert "its `--model` and `--tensor-parallel-size` are values this script does not set" in (
        note.message
    )
    plain = parse_text("ep.sh", 'exec vllm serve "$@" --port 8000\n').findings
    assert "gives the engine its model and layout" in plain[0].message


def test_an_array_set_where_the_interpreter_does_not_follow_is_not_read_as_empty() -> None:
    """Pein2017/Qwen3-VL@a40e824a scripts/grpo_server_mode.sh: ``eval`` of a Python program's
    output sets ROLLOUT_ARGS, then ``swift rollout --model "${SERVER_MODEL}" "${ROLLOUT_ARGS[@]}"``.
    The array's elements (the TP and DP sizes among them) are unknown here; they were dropped as
    if empty, and the layout read as the defaults."""
    text = 'eval "$(python3 -c "$PY")"\nvllm serve org/m -tp 2 "${EXTRA[@]}"\n'
    (dep,) = parse_text("serve.sh", text).deployments
    assert [(u.field, u.variable) for u in dep.unresolved] == [("arguments", '"${EXTRA[@]}"')]
    result = parse_text("run.sh", 'eval "$OUT"\nvllm serve --model "${M}" "${ARGS[@]}"\n')
    (note,) = [f for f in result.findings if f.rule == "TL008"]
    assert result.deployments == () and "arguments not known here" in note.message
    # an array the script sets is its elements, known
    (known,) = parse_text("k.sh", 'A=(-tp 4)\nvllm serve org/m "${A[@]}"\n').deployments
    assert (known.tp, known.unresolved) == (4, ())
