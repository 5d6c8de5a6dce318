"""Issue 18 defect 2: tiny files must not cost unbounded memory or time.  Each input runs under
the suite's address-space and CPU-second limits (conftest); exceeding a budget is one TL001
naming the budget and the place, and the run goes on."""

from __future__ import annotations

import json
import random
from pathlib import Path

import pytest

from .conftest import Run, killed, run_toplint

SERVE = "vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2\n"


def _findings(run: Run) -> list[dict[str, object]]:
    assert not killed(run), run.stderr[-2000:]
    assert run.returncode in (0, 1), run.stderr[-2000:]
    findings: list[dict[str, object]] = json.loads(run.stdout)["findings"]
    return findings


def _check(repo: Path, *names: str) -> list[dict[str, object]]:
    (repo / "good.sh").write_text(SERVE.replace("parallel-size", "paralel-size"))
    return _findings(run_toplint(["check", *names, "good.sh", "--format", "json"], repo))


def _budget_tl001(findings: list[dict[str, object]], name: str, budget: str) -> dict[str, object]:
    hits = [f for f in findings if f["rule"] == "TL001" and str(f["path"]).endswith(name)]
    assert len(hits) == 1, findings
    assert f"{budget} budget exceeded" in str(hits[0]["message"])
    return hits[0]


def _run_goes_on(findings: list[dict[str, object]]) -> None:
    assert any(f["rule"] == "TL005" and str(f["path"]).endswith("good.sh") for f in findings)


def test_shell_variable_doubling(repo: Path) -> None:
    (repo / "bomb.sh").write_text("A=xxxxxxxx\n" + "A=$A$A\n" * 40 + "vllm serve m --tp $A\n")
    found = _check(repo, "bomb.sh")
    hit = _budget_tl001(found, "bomb.sh", "expansion-length")
    assert hit["line"] > 1
    _run_goes_on(found)


def test_kubernetes_reference_doubling(repo: Path) -> None:
    env = ['        - {name: A0, value: "xxxxxxxxxxxxxxxx"}'] + [
        f'        - {{name: A{i}, value: "$(A{i - 1})$(A{i - 1})"}}' for i in range(1, 60)
    ]
    (repo / "bomb.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n    - name: c\n"
        "      image: vllm/vllm-openai\n      env:\n" + "\n".join(env) + "\n"
        '      args: ["--model", "m", "--tensor-parallel-size", "$(A59)"]\n'
    )
    found = _check(repo, "bomb.yaml")
    assert _budget_tl001(found, "bomb.yaml", "expansion-length")["line"] > 1
    _run_goes_on(found)


def test_nested_defaults(repo: Path) -> None:
    depth = 3000
    (repo / "nest.sh").write_text("vllm serve m --tp " + "${a:-" * depth + "1" + "}" * depth)
    found = _check(repo, "nest.sh")
    _budget_tl001(found, "nest.sh", "expansion-depth")
    _run_goes_on(found)


def test_a_megabyte_of_suppression_comments(repo: Path) -> None:
    (repo / "supp.sh").write_text("# toplint: ignore[TL101] reason\n" * 33_000 + SERVE)
    _run_goes_on(_check(repo, "supp.sh"))


@pytest.mark.slow
def test_continued_lines_under_suppressions(repo: Path) -> None:
    # 4,000 comments over one command continued on 2,000 lines: each comment covers the same
    # block; as sets of line numbers that took 528 MB.
    text = "# toplint: ignore[TL101] r\n" * 4000 + "vllm serve m \\\n" + "  --x 1 \\\n" * 2000
    (repo / "cont.sh").write_text(text + "  --tp 2\n")
    (repo / "good.sh").write_text(SERVE.replace("parallel-size", "paralel-size"))
    run = run_toplint(["check", "cont.sh", "good.sh", "--format", "json"], repo, memory=300 * 2**20)
    _run_goes_on(_findings(run))


@pytest.mark.slow
def test_many_sh_c_commands(repo: Path) -> None:
    # 7,000 lines: rebuilding the source map per command took 86 CPU seconds.
    (repo / "shc.sh").write_text('sh -c "vllm serve m --tensor-parallel-size 2"\n' * 7000)
    _run_goes_on(_check(repo, "shc.sh"))


@pytest.mark.slow
def test_megabytes_of_unknown_flags(repo: Path) -> None:
    flags = " ".join(f"--unknown-flag-{i:06d}-{'x' * 20}" for i in range(100_000))
    (repo / "dym.sh").write_text("vllm serve m " + flags[: 4 * 2**20 - 100] + "\n")
    _run_goes_on(_check(repo, "dym.sh"))


@pytest.mark.slow
def test_flat_yaml_list_in_bounded_memory(repo: Path) -> None:
    (repo / "flat.yaml").write_text("a:\n" + "- 1\n" * 1_000_000)
    run = run_toplint(["check", "flat.yaml", "--format", "json"], repo, memory=400 * 2**20)
    found = _findings(run)
    assert [f["rule"] for f in found] == ["TL001"]
    assert "node limit" in str(found[0]["message"])


def test_duplicate_yaml_keys_are_reported(repo: Path) -> None:
    (repo / "dup.yaml").write_text(
        "apiVersion: v1\nkind: Pod\nspec:\n  containers: []\n  containers: []\n"
    )
    found = _check(repo, "dup.yaml")
    hits = [f for f in found if f["rule"] == "TL001" and "duplicate key" in str(f["message"])]
    assert [(h["line"], h["column"]) for h in hits] == [(5, 3)]
    # what each tool does with it: kubectl apply keeps the last value (kubernetes/kubernetes
    # #99286), docker compose and kustomize refuse the file (yaml.v3)
    message = str(hits[0]["message"])
    assert "kubectl apply keeps this value and drops the first" in message
    assert "docker compose and kustomize reject the file" in message


def test_huge_model_numbers_are_a_config_error(repo: Path) -> None:
    (repo / "toplint.yaml").write_text(
        'models:\n  "org/m": {num_hidden_layers: 100000000000, hidden_size: 4096, '
        "num_attention_heads: 32, num_key_value_heads: 8, vocab_size: 128000}\n"
    )
    (repo / "s.sh").write_text("vllm serve org/m --tensor-parallel-size 2\n")
    run = run_toplint(["check", "s.sh"], repo)
    assert not killed(run)
    assert run.returncode == 2 and "num_hidden_layers" in run.stderr


def _topology(n: int, clique: int, seed: int) -> str:
    rng = random.Random(seed)
    names = [f"GPU{i}" for i in range(n)]
    rows = ["\t" + "\t".join(names) + "\tCPU Affinity"]
    for i in range(n):
        cells = []
        for j in range(n):
            linked = (i < clique and j < clique) or rng.random() < 0.5
            cells.append(" X " if i == j else ("NV4" if linked or (i + j) % 7 == 0 else "SYS"))
        rows.append(f"GPU{i}\t" + "\t".join(cells) + "\t0-31")
    # Make the matrix symmetric: the upper triangle decides.
    grid = [r.split("\t") for r in rows[1:]]
    for i in range(n):
        for j in range(i):
            grid[i][j + 1] = grid[j][i + 1]
    return "\n".join([rows[0], *("\t".join(r) for r in grid)]) + "\n"


def test_topology_clique_search_is_bounded(repo: Path) -> None:
    (repo / "topo.txt").write_text(_topology(36, 15, seed=1))
    run = run_toplint(["hardware", "detect", "--topo", "topo.txt"], repo)
    assert not killed(run), run.stderr
    assert run.returncode in (0, 2), run.stderr
    if run.returncode == 0:
        import re

        domain = re.search(r"nvlink_domain: (\d+)", run.stdout)
        assert domain is not None and int(domain.group(1)) >= 15, run.stdout


def test_jobs_are_capped_by_cpus(repo: Path) -> None:
    for i in range(40):
        (repo / f"s{i}.sh").write_text(SERVE)
    run = run_toplint(["check", ".", "--jobs", "1000", "--format", "json"], repo)
    assert run.returncode in (0, 1), run.stderr
