"""Shell lexing rules, each with the positions it reports."""

from __future__ import annotations

from pathlib import Path

import pytest

from toplint.parse.text.expand import expand_text
from toplint.parse.text.shellrun import lex
from toplint.parse.text.sourced import sourced_loader

from .helpers import only, parse_text


def values(text: str, env: dict[str, str] | None = None) -> list[list[str | None]]:
    return [[w.value for w in c.words] for c in lex(text, env)]


def test_default_value_used_when_unset() -> None:
    assert values("vllm serve m -tp ${TP:-4}")[0][-1] == "4"


def test_export_earlier_in_script_is_seen() -> None:
    assert values("export TP=2\nvllm serve m -tp $TP")[1][-1] == "2"


def test_arithmetic_over_known_values() -> None:
    assert values("A=3\nB=2\necho $((A * B + 1))")[2][-1] == "7"


def test_positional_parameter_is_unresolved() -> None:
    word = lex("vllm serve m -tp $7")[0].words[-1]
    assert word.value is None and word.unresolved == ("$7",)


def test_array_element_is_unresolved() -> None:
    word = lex("echo ${P_IP[$i]}")[0].words[-1]
    assert word.value is None and word.unresolved == ("${P_IP[$i]}",)


def test_unquoted_expansion_splits_into_words() -> None:
    cmds = values('EXTRA="--max-model-len 8192 --enforce-eager"\nvllm serve m $EXTRA')
    assert cmds[1][3:] == ["--max-model-len", "8192", "--enforce-eager"]


def test_empty_unquoted_expansion_disappears() -> None:
    assert values('X=""\nvllm serve m $X --port 1')[1] == ["vllm", "serve", "m", "--port", "1"]


def test_continuation_keeps_positions_of_each_line() -> None:
    words = lex("vllm serve m \\\n    --tensor-parallel-size 8")[0].words
    assert (words[3].line, words[3].column) == (2, 5)


def test_heredoc_body_is_not_a_command() -> None:
    assert values("cat <<EOF\nvllm serve x\nEOF\nvllm serve y")[-1] == ["vllm", "serve", "y"]


def test_compose_interpolation_keeps_quotes_and_dollar_escape() -> None:
    assert expand_text("a ${X:-1} $$HOME 'q'", {}) == ("a 1 $HOME 'q'", ())


def test_unclosed_quote_is_tl001_with_line_and_column() -> None:
    result = parse_text("run.sh", "echo ok\nvllm serve m --served-model-name 'oops\n")
    assert [(f.rule, f.line, f.column) for f in result.findings] == [("TL001", 2, 34)]


def test_cuda_visible_devices_prefix_sets_gpus_per_node() -> None:
    dep = only("run.sh", "CUDA_VISIBLE_DEVICES=0,1 vllm serve m -tp 2\n")
    assert dep.gpus_per_node == 2
    assert (dep.sources["gpus_per_node"].line, dep.sources["gpus_per_node"].column) == (1, 1)


def test_wrappers_are_skipped() -> None:
    dep = only("run.sh", "exec nohup env A=1 sudo -E vllm serve m -tp 4 &\n")
    assert (dep.engine, dep.tp, dep.column) == ("vllm", 4, 28)


def test_sh_c_string_positions_map_into_the_file() -> None:
    dep = only("run.sh", "bash -c 'vllm serve m --tensor-parallel-size 2'\n")
    tp = dep.sources["tp"]
    assert (dep.tp, tp.line, tp.column) == (2, 1, 23)
    value = dep.flag("tensor-parallel-size").value_position
    assert value is not None and (value.line, value.column) == (1, 46)


def test_sh_c_string_that_does_not_lex_leaves_the_rest_of_the_file_read() -> None:
    """A launcher that joins its words again before a shell sees them: ``mason.py … -- bash -c
    \\"cd /stage \\&\\& …\\"`` hands bash the word ``"cd``, which alone does not lex
    (allenai/open-instruct@e6c3044 scripts/merge/direct_merge.sh).  The file's other commands are
    read and no TL001 is raised for a string that starts no engine."""
    text = (
        "vllm serve m --tensor-parallel-size 2\n"
        "uv run python mason.py --gpus 0 -- "
        'bash -c \\"cd /stage \\&\\& echo $B64 \\| base64 -d\\"\n'
    )
    result = parse_text("merge.sh", text)
    assert [d.tp for d in result.deployments] == [2]
    assert result.findings == ()


def test_sh_c_string_naming_an_engine_that_does_not_lex_is_a_tl001_at_its_place() -> None:
    """The engine command inside a string bash cannot lex was not read: TL001 where the string's
    error is, never silence; the file's other deployments are still read."""
    text = 'vllm serve a --tensor-parallel-size 2\nbash -c "vllm serve m -tp 8 \\"oops"\n'
    result = parse_text("run.sh", text)
    assert [d.tp for d in result.deployments] == [2]
    (finding,) = result.findings
    assert (finding.rule, finding.line, finding.column) == ("TL001", 2, 30)
    assert "script string" in finding.message


def test_a_here_document_inside_command_substitution_is_text() -> None:
    """``rc="$(cat << 'EOF' … EOF\n)"``: the body's quotes and parentheses close nothing
    (basetenlabs/truss@0bee989 .devcontainer/library-scripts/common-debian.sh was a TL001
    "unclosed '$('"); ``<<-`` strips the delimiter's tabs; an arithmetic shift is no
    here-document."""
    text = (
        "rc=\"$(cat << 'EOF'\n"
        'if [ -z "${USER}" ]; then export USER=$(whoami); fi\n'
        '((sleep 10s; touch "x") &)\nit\'s\nEOF\n)"\n'
        "t=$(cat <<-END\n\t)(\n\tEND\n)\n"
        "n=$((1 << 2))\n"
        "vllm serve m --tensor-parallel-size 2\n"
    )
    result = parse_text("setup.sh", text)
    assert [d.tp for d in result.deployments] == [2]
    assert result.findings == ()


def test_echo_of_an_engine_command_is_not_a_deployment() -> None:
    assert parse_text("run.sh", "echo vllm serve m -tp 8\n").deployments == ()


def test_command_substitution_holds_single_quoted_parentheses() -> None:
    """``$(… | jq -r '… "\\($k):\\(.[$k])"')`` (SeldonIO/seldon-core@7b77f8b
    hack/download-k8s-certs.sh): inside '…' a backslash and a parenthesis are literal, so the
    substitution ends at its own ``)`` and the script is read, not a TL001."""
    text = (
        "values=$(kubectl get secrets s -o json \\\n"
        "    | jq -r '.data | keys[] as $k | \"\\($k):\\(.[$k])\"')\n"
        'echo "Created $x"\n'
        "vllm serve m --tensor-parallel-size 2\n"
    )
    assert only("certs.sh", text).tp == 2


def test_command_substitution_holds_a_comment_with_a_quote() -> None:
    text = "x=$(\n  # don't\n  echo hi\n)\ny=$(echo $# ${#x} \"it's (a)\")\nvllm serve m -tp 4\n"
    assert only("run.sh", text).tp == 4


def test_command_substitution_with_an_unclosed_quote_is_tl001() -> None:
    result = parse_text("run.sh", "x=$(echo 'oops)\nvllm serve m\n")
    assert [f.rule for f in result.findings] == ["TL001"]


def test_an_extended_pattern_is_one_word_in_an_array_and_a_command() -> None:
    """``PARTS=( "$D"/*@(.txt|.sh) )`` with ``shopt -s extglob``
    (triton-inference-server/server@e1db8a6 docker/cpu_only/nvidia_entrypoint.sh) was a TL001
    'unexpected "(" in an array'."""
    text = (
        "shopt -s nullglob extglob\n"
        'declare -a PARTS=( "${D}/entrypoint.d"/*@(.txt|.sh) )\n'
        "[[ $N == +([0-9]) ]] && ls !(a|b)\n"
        "vllm serve m --tensor-parallel-size 2\n"
    )
    assert only("entry.sh", text).tp == 2
    assert values("ls *@(.txt|.sh) x")[0] == ["ls", "*@(.txt|.sh)", "x"]


def test_pushd_moves_where_a_run_script_is_found_and_a_script_is_not_run_into_itself(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``pushd ../volcano; ./deploy.sh; popd`` (aws-samples/aws-do-eks@f721602 Container-Root/
    eks/deployment/distributed-training/pytorch/torchx/deploy.sh): the script run is the other
    folder's; read without ``pushd`` it was the file itself, run into itself until the
    sourced-files budget made a valid script a TL001."""
    (tmp_path / ".git").mkdir()  # the repository the scripts are read in
    (tmp_path / "torchx").mkdir()
    (tmp_path / "volcano").mkdir()
    (tmp_path / "volcano" / "deploy.sh").write_text("vllm serve org/m --tensor-parallel-size 2\n")
    top = "pushd ../volcano\n./deploy.sh\npopd\n./deploy.sh\n"
    (tmp_path / "torchx" / "deploy.sh").write_text(top)
    monkeypatch.chdir(tmp_path)
    result = parse_text("torchx/deploy.sh", top)
    assert [f.rule for f in result.findings if f.rule == "TL001"] == []
    assert [(d.engine, d.tp) for d in result.deployments] == [("vllm", 2)]


# vast-ai/base-image@a7552d18d628c30f8271c719e523f213051a3961 retag.sh, lines 28-46 (comments
# left out), and build-prod-backup.sh, whose 142 lines are this one run of it per image tag.
RETAG = """\
if [[ $# -lt 2 ]]; then
  echo "Usage: $0 <source> <target> [<target> ...]" >&2
  exit 1
fi

SOURCE="$1"
shift

for target in "$@"; do
  echo "Retagging: ${SOURCE} -> ${target}"
  crane copy "${SOURCE}" "${target}"
done
"""


def test_one_script_run_many_times_is_one_file_of_the_sourced_files_budget(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """``./retag.sh vastai/base-image:TAG robatvastai/prod-backup-base-image:TAG`` 142 times
    runs one file 142 times; counted as 142 files sourced it made the valid script a TL001
    (sourced-files budget, 64 files).  The budget counts the distinct files read; each run
    still costs its tokens and bytes (the fan-out below), and each is followed."""
    (tmp_path / ".git").mkdir()
    (tmp_path / "retag.sh").write_text(RETAG)
    tags = [
        f"{image}-py3{minor}"
        for image in ("stock-ubuntu22.04", "stock-ubuntu24.04", "cuda-12.8.1-cudnn-devel")
        for minor in range(7, 15)
    ] * 3
    top = "#!/bin/bash\n\nset -euo pipefail\n\n" + "".join(
        f"./retag.sh vastai/base-image:{t} robatvastai/prod-backup-base-image:{t}\n" for t in tags
    )
    (tmp_path / "build-prod-backup.sh").write_text(top)
    monkeypatch.chdir(tmp_path)
    assert len(tags) == 72  # more runs than the budget's 64 files
    result = parse_text("build-prod-backup.sh", top)
    assert [f.rule for f in result.findings] == []
    runs = lex(top, loader=sourced_loader("build-prod-backup.sh"), origin="build-prod-backup.sh")
    copies = [c for c in runs if [w.value for w in c.words[:2]] == ["crane", "copy"]]
    assert len(copies) == 72 and copies[-1].words[2].value == "vastai/base-image:" + tags[-1]


def test_distinct_scripts_past_the_sourced_files_budget_are_still_a_budget_finding(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    """The control: 65 different scripts run from one file are 65 files read."""
    (tmp_path / ".git").mkdir()
    for k in range(65):
        (tmp_path / f"step{k}.sh").write_text(f"echo {k}\n")
    top = "".join(f"./step{k}.sh\n" for k in range(65))
    (tmp_path / "all.sh").write_text(top)
    monkeypatch.chdir(tmp_path)
    found = parse_text("all.sh", top).findings
    assert [f.rule for f in found] == ["TL001"] and "sourced-files budget" in found[0].message


def test_a_brace_in_a_default_is_no_level_of_its_own() -> None:
    """Bash ends ``${x:-{a}}`` at the first ``}`` - only a nested ``${`` opens a level - so
    ``"${BENCHMARK_METADATA:-{\\}}"`` (kernelore/glm-5-gcp-enterprise-serving@f6cbd7da
    scripts/03_deploy_workloads.sh) is a closed expansion, not an unclosed ``${`` (it had been
    a TL001 error on the whole script)."""
    text = (
        'export META="${BENCHMARK_METADATA:-{\\}}"\n'
        "TP=${TP:-${DEFAULT_TP:-2}}\n"
        "vllm serve org/m --tensor-parallel-size ${TP}\n"
    )
    result = parse_text("serve.sh", text)
    assert not result.findings
    (dep,) = result.deployments
    assert dep.tp == 2
    assert expand_text("${X:-a{b}c}", {}) == ("a{bc}", ())  # bash: a{b, then c}
    # quoted, a brace is the word's: a template default, an associative array's quoted key
    quoted = (
        'PROMPT=${PROMPT_TEMPLATE:-"{{ instruction }}"}\n'
        'count=${gid_index_count["${idx}"]}\n'
        "vllm serve org/m --tensor-parallel-size 2\n"
    )
    assert not parse_text("job.sh", quoted).findings


def test_commands_before_a_quote_never_closed_are_read_as_bash_runs_them() -> None:
    """bash runs each complete command before it reads the next, so a quote left open near
    the end stops the script only there (jasonacox/TinyLLM@fc933ab1 vllm/run-awq.sh: a stray
    ``-q ${QUANTIZATION} --dtype ${DTYPE}"`` after its ``docker run``)."""
    text = 'vllm serve m --tensor-parallel-size 2\n\n-q ${Q}"\necho "done"\n'
    result = parse_text("run.sh", text)
    assert [d.tp for d in result.deployments] == [2]
    [tl001] = [f for f in result.findings if f.rule == "TL001"]
    assert (tl001.line, tl001.column) == (4, 11) and "lines 1-2" in tl001.message


def test_the_command_a_quote_is_left_open_in_never_runs() -> None:
    text = "echo ok\nvllm serve m \\\n  --tensor-parallel-size 2 --served-model-name 'oops\n"
    result = parse_text("run.sh", text)
    assert not result.deployments and [f.rule for f in result.findings] == ["TL001"]


@pytest.mark.parametrize(
    "text",
    [
        "if true; then\n  vllm serve m -tp 2\n  echo 'oops\nfi\n",  # the `if` never completes
        "vllm serve m -tp 2 &&\necho 'oops\n",  # `&&` goes on to the next line
        "(\nvllm serve m -tp 2\necho 'oops\n",  # a subshell never closed
        "f() {\n  vllm serve m -tp 2\n  echo 'oops\n}\nf\n",  # a function body never closed
    ],
)
def test_a_command_inside_a_compound_the_quote_leaves_open_never_runs(text: str) -> None:
    result = parse_text("run.sh", text)
    assert not result.deployments and [f.rule for f in result.findings] == ["TL001"]
