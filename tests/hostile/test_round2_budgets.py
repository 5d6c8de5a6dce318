"""Issue 30 item 4: budgets by construction and linear scans — each input here cost minutes
or gigabytes before; under the conftest's limits it must end in a finding (or a message)
naming the budget, with the run going on."""

from __future__ import annotations

import json
import time
from pathlib import Path

import pytest

from .conftest import killed, run_toplint

MODEL = "meta-llama/Llama-3.1-8B-Instruct"
SERVE = f"vllm serve {MODEL} --tensor-paralel-size 2\n"


def _findings(stdout: str) -> list[dict[str, object]]:
    found: list[dict[str, object]] = json.loads(stdout)["findings"]
    return found


@pytest.mark.slow
def test_yaml_aliases_are_budgeted_per_file_not_per_document(repo: Path) -> None:
    """60 documents, each adding 50,000 nodes by aliases (under the limit one by one): three
    million nodes built before."""
    anchor = "a: &a [" + ", ".join(["x"] * 1000) + "]\nb: [" + ", ".join(["*a"] * 50) + "]\n"
    (repo / "bomb.yaml").write_text("---\n".join([anchor] * 60))
    (repo / "serve.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--format", "json"], repo, memory=512 * 2**20)
    assert not killed(run) and run.returncode == 1, run.stderr[-400:]
    found = _findings(run.stdout)
    bomb = [f for f in found if str(f["path"]).endswith("bomb.yaml")]
    assert [f["rule"] for f in bomb] == ["TL001"]
    assert "alias expansion limit" in str(bomb[0]["message"])
    assert any(f["rule"] == "TL005" for f in found)  # the other file's findings are kept


HUGE = """version: 1
clusters:
  - name: big
    nodes: 1000000
    gpu: H100-SXM-80GB
    gpus_per_node: 8
    intra_node: {fabric: nvswitch, bandwidth: 450 GB/s}
    inter_node: {network: infiniband, bandwidth: 400 Gb/s, nics_per_node: 8, rdma: true}
"""


@pytest.mark.slow
def test_placement_ranks_are_budgeted(repo: Path) -> None:
    """An in-tree manifest of a million nodes admits a 4-million-rank layout: placing it made
    a record per rank (1.5 GB, then MemoryError)."""
    (repo / "hw.yaml").write_text(HUGE)
    (repo / "toplint.yaml").write_text("hardware: hw.yaml\n")
    (repo / "big.sh").write_text(
        f"vllm serve {MODEL} --tensor-parallel-size 8 --pipeline-parallel-size 32 "
        "--data-parallel-size 16384\n"
    )
    (repo / "serve.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--format", "json"], repo, memory=512 * 2**20)
    assert not killed(run) and run.returncode == 1, run.stderr[-400:]
    found = _findings(run.stdout)
    big = [f for f in found if str(f["path"]).endswith("big.sh") and f["rule"] == "TL007"]
    assert big and "placement-ranks budget" in str(big[0]["message"]), found
    assert (big[0]["line"], big[0]["column"]) == (1, 1)
    assert any(f["rule"] == "TL005" for f in found)


def _topology(n: int) -> str:
    """``nvidia-smi topo -m`` of ``n`` GPUs, all NVLinked except GPU0, linked to GPU1 only:
    no ring through every GPU exists, and a plain backtracking search tries every path."""
    names = [f"GPU{i}" for i in range(n)]
    rows = ["\t" + "\t".join(names) + "\tCPU Affinity"]
    for i in range(n):
        cells = []
        for j in range(n):
            linked = i != j and (0 not in (i, j) or {i, j} == {0, 1})
            cells.append(" X " if i == j else "NV4" if linked else "SYS")
        rows.append(f"GPU{i}\t" + "\t".join(cells) + "\t0-63")
    return "\n".join(rows) + "\n"


@pytest.mark.slow
def test_nvlink_ring_search_is_budgeted(repo: Path, tmp_path: Path) -> None:
    topo = tmp_path / "topo.txt"
    topo.write_text(_topology(24))
    run = run_toplint(["hardware", "detect", "--topo", str(topo)], repo, cpu=20)
    assert not killed(run), run.stderr[-400:]
    assert run.returncode in (0, 2), run.output
    if run.returncode == 2:
        assert "topology-search budget" in run.stderr


def test_restore_and_diff_of_many_identical_lines_are_linear() -> None:
    """difflib took minutes on 100,000 identical lines with an edit at each end (10,000
    lines: 12 s; 5,000: 2.7 s)."""
    from toplint.fix.files import Original, restore
    from toplint.fix.linediff import unified_diff

    old = "x: 1\n" * 100_000
    new = "y: 1\n" + "x: 1\n" * 99_998 + "z: 1\n"
    data = old.replace("\n", "\r\n").encode()
    original = Original("f.yaml", "f.yaml", data, old)
    start = time.process_time()
    out = restore(original, new)
    diff = unified_diff("f.yaml", old, new)
    assert time.process_time() - start < 5
    assert out == new.replace("\n", "\r\n").encode()
    assert diff.count("\n-") == 2 and diff.count("\n+") == 3  # "+++" header and two lines


SHELL_BOMBS = {
    # name: (script, budget named in the TL001; "" when the file is read with no finding)
    # A file sourcing itself is not read again (it is on the chain of files being read), so
    # 30 lines of it read 30 files once each instead of 30^n: no budget is reached.
    "self-source": ("\n".join([". ./bomb.sh"] * 30) + "\n", ""),
    "array-doubling": (
        "A=(x y)\n" + 'A=("${A[@]}" "${A[@]}")\n' * 40 + "vllm serve m ${A[*]}\n",
        "array-elements",
    ),
    "array-append": ("A=(x y)\n" + 'A+=("${A[@]}")\n' * 40, "array-elements"),
    "short-words": ("vllm serve m " + "a " * 1_500_000 + "\n", "shell-tokens"),
    "nested-defaults": (("X=" + "${a:-" * 30 + "x" * 1000 + "}" * 30 + "\n") * 3000, "expansion"),
}


@pytest.mark.slow
@pytest.mark.parametrize("name", sorted(SHELL_BOMBS))
def test_shell_interpreter_budgets(repo: Path, name: str) -> None:
    """Each took 14-80 s or most of a gigabyte before (issue 30); under 5 CPU seconds and
    512 MiB now it is one TL001 naming its budget, and the other file keeps its finding."""
    script, budget = SHELL_BOMBS[name]
    (repo / "bomb.sh").write_text(script)
    (repo / "serve.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--format", "json"], repo, memory=512 * 2**20, cpu=5)
    assert not killed(run) and run.returncode == 1, run.stderr[-400:]
    found = _findings(run.stdout)
    bomb = [f for f in found if str(f["path"]).endswith("bomb.sh")]
    assert any(f["rule"] == "TL005" for f in found)  # the other file keeps its finding
    if not budget:
        assert bomb == [], bomb
        return
    assert [f["rule"] for f in bomb] == ["TL001"], bomb
    assert f"{budget}" in str(bomb[0]["message"]) and "budget" in str(bomb[0]["message"])


@pytest.mark.slow
def test_scripts_that_run_the_next_one_many_times_are_budgeted(repo: Path) -> None:
    """Nine scripts, each running the next 30 times, the last starting an engine: nine files,
    but 30^8 runs as bash would run them.  The sourced-files budget counts files read (a
    script run 142 times is one file, vast-ai/base-image build-prod-backup.sh); a file run
    again replays its tokens, charged as a function call's are (``MAX_REPLAYED``), and a run
    that makes the very commands an earlier run made starts nothing new: one deployment per
    file, in a few seconds, never 30^n."""
    for k in range(9):
        (repo / f"d{k}.sh").write_text("".join(f"./d{k + 1}.sh x{i}\n" for i in range(30)))
    (repo / "d9.sh").write_text(SERVE)
    (repo / "serve.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--format", "json"], repo, memory=512 * 2**20, cpu=5)
    assert not killed(run) and run.returncode == 1, run.stderr[-400:]
    found = _findings(run.stdout)
    assert [f for f in found if f["rule"] == "TL001"] == []
    # one deployment (not checked: no hardware manifest) at line 1 of each script; d0.sh
    # reaches d9.sh nine scripts down, past the interpreter's depth (MAX_DEPTH 8)
    unchecked = sorted(str(f["path"]).rsplit("/", 1)[-1] for f in found if f["rule"] == "TL007")
    assert unchecked == [f"d{k}.sh" for k in range(1, 10)] + ["serve.sh"], unchecked


@pytest.mark.slow
@pytest.mark.parametrize(
    "text",
    [
        "f() {\n" * 20_000,  # unclosed function definitions: 82 s
        "applications:\n" + "\n" * 400_000 + "x: 1\n",  # Ray Serve detection on blank lines
        # The model-label scan (run for a deployment of a local model path) on blank lines.
        "services:\n  x:\n    image: vllm/vllm-openai\n    command: --model /models/x\n"
        + "\n" * 400_000
        + "# model: org/m\n",
    ],
    ids=["unclosed-functions", "ray-serve-blank-lines", "model-label-blank-lines"],
)
def test_scans_of_file_text_are_linear(repo: Path, text: str) -> None:
    name = "x.sh" if text.startswith("f()") else "compose.yaml" if "services" in text else "x.yaml"
    (repo / name).write_text(text)
    (repo / "serve.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--format", "json"], repo, cpu=10)
    assert not killed(run) and run.returncode == 1, run.stderr[-400:]
    assert any(f["rule"] == "TL005" for f in _findings(run.stdout))


def test_shell_arithmetic_is_64_bit_as_in_bash() -> None:
    """``$((2**64**64))`` made a number of 2^70 digits; bash wraps at 64 bits."""
    from toplint.infra.budgets import new_file
    from toplint.parse.text.shellrun import lex

    new_file()
    command = lex("vllm serve m --tensor-parallel-size $((2**64**64)) --x $((2**63)) $((-7/2))\n")
    values = [w.value for w in command[0].words]
    assert values[-4:] == ["1", "--x", str(-(2**63)), "-3"]
