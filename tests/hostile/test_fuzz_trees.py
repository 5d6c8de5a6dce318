"""Issue 30 item 7: generated hostile trees, each linted by the GitHub Action's own command in
a subprocess under ``resource.setrlimit`` (1 GiB of address space, 10 CPU seconds).

Each tree holds one generated file of each kind — a shell script with functions, arrays,
``source``, expansions and arithmetic; YAML with anchors, aliases and nesting; numbers at the
entry points (engine flags, a Kubernetes manifest, an engine config, the workload of an
in-tree configuration); a file whose name holds control characters — next to a known file
with one known finding, and links out of the tree.  Every run must end inside its limits,
never with exit 3, keep the known file's finding, write nothing outside the tree and print
nothing of the files outside it.

Marked slow (each example is a subprocess of about a second); ``.ci/run`` runs it once.  The
number of examples is ``TOPLINT_FUZZ_EXAMPLES`` (default 12)."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from .conftest import SECRET_WORDS, killed, run_toplint

pytestmark = pytest.mark.slow

EXAMPLES = int(os.environ.get("TOPLINT_FUZZ_EXAMPLES", "12"))
MEMORY = 1 << 30
CPU = 10
MODEL = "meta-llama/Llama-3.1-8B-Instruct"
KNOWN = f"vllm serve {MODEL} --tensor-paralel-size 2\n"

NUMBERS = st.sampled_from(
    [
        "9" * 4000, "1e400", "-1e400", "nan", "inf", "-1", "0", "\u00b2", "\u0661\u0662",
        "2**64", "18446744073709551617", "0x10", "1_000", "4e9", "2.5", "", "'8'", "1" * 25,
    ]
)  # fmt: skip

SHELL_PIECES = st.sampled_from(
    [
        'f() { f "$@" "$@"; }\n', "f a b c\n", 'g() { A=("${A[@]}" "${A[@]}"); g; }\n', "g\n",
        "A=(x y)\n", 'A=("${A[@]}" "${A[@]}")\n', 'A+=("${A[@]}")\n', 'B="${A[*]}${A[*]}"\n',
        "source ./lib.sh\n", ". ./t.sh\n", "source ../outside/secret.json\n", "${a:-", "}",
        "$((2**64**64))", "$((A*A))", "X=$X$X\n", "f() {\n", "h() { :; }\n", "h\n",
        "for i in 1 2 3; do\n", "done\n", "vllm serve m ", "--tensor-parallel-size ", '"$@" ',
        "${A[@]} ", "\\\n", " ", "\n", "'", '"', "$(", ")", "export V=1\n", "shift 99999\n",
    ]
)  # fmt: skip


@st.composite
def shells(draw: st.DrawFn) -> str:
    pieces = draw(st.lists(SHELL_PIECES | NUMBERS, min_size=5, max_size=60))
    reps = draw(st.integers(min_value=1, max_value=40))
    return "".join(pieces) * reps


@st.composite
def yamls(draw: st.DrawFn) -> str:
    width = draw(st.integers(min_value=1, max_value=60))
    depth = draw(st.integers(min_value=1, max_value=200))
    docs = draw(st.integers(min_value=1, max_value=40))
    value = draw(NUMBERS)
    anchor = "a: &a [" + ", ".join([f"{value!r}"] * width) + "]\n"
    aliases = "b: [" + ", ".join(["*a"] * width) + "]\n"
    nested = "c: " + "[" * depth + "1" + "]" * depth + "\n"
    pod = (
        "apiVersion: v1\nkind: Pod\nspec:\n  containers:\n  - name: x\n"
        f"    image: vllm/vllm-openai\n    args: [--model, m, --tensor-parallel-size, '{value}']\n"
        f"    resources: {{limits: {{nvidia.com/gpu: '{value}'}}}}\n"
    )
    return "---\n".join([anchor + aliases + nested, pod] * docs)


NAMES = st.text(
    alphabet=st.sampled_from(["a", "\x1b", "\n", "\r", "\u2028", "\u202e", "\ufffe", ":", "-"]),
    min_size=1,
    max_size=12,
).map(lambda s: s.replace("/", "_") + ".sh")


def _tree(repo: Path, outside: Path, shell: str, yaml: str, number: str, name: str) -> None:
    outside.mkdir(exist_ok=True)
    (outside / "secret.json").write_text('{"registry_auth_token": "s3cr3t-gho_abcdef"}\n')
    (outside / "victim").write_text("keep me\n")
    (repo / "known.sh").write_text(KNOWN)
    (repo / "t.sh").write_text(shell)
    (repo / "lib.sh").write_text(shell[:2000])
    (repo / "m.yaml").write_text(yaml)
    (repo / "cfg.json").write_text(f'{{"tensor_parallel_size": "{number}", "max_model_len": 1}}')
    (repo / "n.sh").write_text(
        f"vllm serve {MODEL} --config cfg.json --tensor-parallel-size {number} "
        f"--pipeline-parallel-size {number} --gpu-memory-utilization {number}\n"
    )
    (repo / name).write_text(f"vllm serve {MODEL} --{name} 1\n")
    (repo / "toplint.sarif").symlink_to(outside / "victim")
    (repo / "link.json").symlink_to(outside / "secret.json")


@settings(
    max_examples=EXAMPLES,
    deadline=None,
    phases=[Phase.explicit, Phase.reuse, Phase.generate],  # shrinking took minutes per failure
    suppress_health_check=[HealthCheck.function_scoped_fixture, HealthCheck.too_slow],
)
@given(shells(), yamls(), NUMBERS, NAMES)
def test_generated_trees_stay_within_their_limits(
    tmp_path_factory: pytest.TempPathFactory, shell: str, yaml: str, number: str, name: str
) -> None:
    base = tmp_path_factory.mktemp("fuzz")
    repo = base / "repo"
    (repo / ".git").mkdir(parents=True)
    outside = base / "outside"
    _tree(repo, outside, shell, yaml, number, name)
    args = ["check", ".", "--format", "json", "--output", "sarif=toplint.sarif"]
    run = run_toplint(args, repo, memory=MEMORY, cpu=CPU)
    assert not killed(run), run.stderr[-600:]
    assert run.returncode in (0, 1), run.output[-600:]
    found = json.loads(run.stdout)["findings"]
    assert any(f["path"].endswith("known.sh") and f["rule"] == "TL005" for f in found)
    assert not [w for w in SECRET_WORDS if w in run.output]
    assert sorted(p.name for p in outside.iterdir()) == ["secret.json", "victim"]
    assert (outside / "victim").read_text() == "keep me\n"
    assert not (repo / "toplint.sarif").is_symlink()
