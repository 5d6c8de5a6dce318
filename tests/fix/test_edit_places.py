"""A fix writes its setting where and as the file writes it (``toplint.fix.flagedits``).

Each case is a real public file on which ``check`` dropped a fix because its edits were wrong
for where the setting lives (``--fix``'s validation, ``toplint.fix.apply.attempt``, which
``toplint.pipeline.shown`` runs for every displayed fix, refused it).  Where ``check`` still
shows the fix on the example manifest, the test applies it as ``--fix`` does and asserts the
written text and a clean re-check.  Where the outcome judgement now drops that fix before its
edits matter (a layout no faster on the example cluster), the test builds the fix's edits from
its intents as ``check`` does (``toplint.fix.resolve.intent_edits``) and asserts the written
text and that the re-check reads the file as the fix meant it, with no new warning.
"""

from __future__ import annotations

import argparse
from collections import Counter
from pathlib import Path

from toplint.cost.types import Workload
from toplint.discover.files import read_source
from toplint.fix.apply import apply_edits, attempt
from toplint.fix.resolve import attach_edits, intent_edits
from toplint.fix.types import Checked
from toplint.model import Deployment, Finding, Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source
from toplint.pipeline.lint import rule_settings_from, text_checker
from toplint.pipeline.settings import Settings, settings_from_args
from toplint.rulebook.helpers import flag_fix

ROOT = Path(__file__).resolve().parents[2]
DATA = ROOT / "tests" / "data"
INCIDENTS = ROOT / "tests" / "incidents" / "cases"
# the manifest benchmarks/dropped_fixes.py measures with; h100-ib: 4 nodes of 8 H100 over IB
HARDWARE = ROOT / "examples" / "hardware.yaml"
H100 = Settings(hardware_path=str(HARDWARE), cluster="h100-ib")


def _text(path: Path) -> str:
    source = read_source(str(path))
    assert not isinstance(source, Finding), source
    return source.text


def _read(path: Path, text: str) -> tuple[Deployment, ...]:
    """The deployments ``check`` reads from ``text`` as the file ``path``."""
    source = Source.from_text(str(path), text)
    return parse_source(source, builtin_and_plugin_parsers()).deployments


def _applied(settings: Settings, path: Path, rule: str, fix: str) -> tuple[str, Checked]:
    """The text ``--fix`` writes for ``rule``'s fix ``fix`` on ``path``, and its re-check;
    fails when ``check`` does not show that fix or ``--fix`` would refuse it."""
    check = text_checker(settings, rule_settings_from(settings.config, argparse.Namespace()))
    text = _text(path)
    found = check(str(path), text)
    mine = [f for f in found.findings if f.rule == rule]
    shown = [f for f in mine if f.fix is not None and f.fix.message == fix]
    assert shown, [(f.message, f.fix and f.fix.message) for f in mine]
    why, new = attempt(shown[0], text, str(path), found, check)
    assert why is None and new is not None, why
    return new


def _built(path: Path, changes: dict[str, str], head: int = 0) -> tuple[str, Checked, Checked]:
    """``path``'s text with the edits ``check`` builds for a fix setting ``changes`` on its
    deployment ``head``, and the example cluster's check before and after."""
    text = _text(path)
    dep = _read(path, text)[head]
    edits = intent_edits(flag_fix("", changes).intents, dep, text, str(path))
    assert edits, f"no edit for {changes}"
    new, _ = apply_edits(text, edits)
    check = text_checker(H100, rule_settings_from(H100.config, argparse.Namespace()))
    return new, check(str(path), text), check(str(path), new)


def _no_new_warnings(before: Checked, after: Checked, layout: tuple[str, ...] = ()) -> None:
    """No new warning or error, but for the rules in ``layout``: findings about the layout
    the edits write rather than how they are written."""

    def count(c: Checked) -> Counter[str]:
        return Counter(
            f.rule
            for f in c.findings
            if f.severity.rank >= Severity.WARNING.rank and f.rule not in layout
        )

    assert count(after) <= count(before), (count(before), count(after))
    assert after.deployments == before.deployments


def test_a_multi_node_script_gets_the_setting_on_every_node() -> None:
    """devopsrustem/slurmv4 3/3.sh @3e72c525: two SGLang instances (prefill, decode), each
    started by one command per node (``--node-rank 0`` / ``1``, one deployment by
    ``toplint.parse.multinode``).  TL208's ``--enable-dp-attention --dp-size 16`` was written
    into node 0's command only: the nodes then disagreed, were read as two deployments, and
    TL208 stayed ("TL208 would still be reported")."""
    path = DATA / "open_world6" / "devopsrustem__slurmv4" / "3" / "3.sh"
    new, before, after = _built(path, {"enable-dp-attention": "", "dp-size": "16"})
    lines = new.splitlines()
    for number in (2, 5):  # the prefill instance's two nodes; the decode one is left alone
        line = lines[number - 1]
        assert "--tp-size 16 --dp-size 16 --host" in line
        assert line.endswith("--disaggregation-ib-device mlx5_0 --enable-dp-attention")
    assert all("--enable-dp-attention" not in lines[n - 1] for n in (8, 11))
    _no_new_warnings(before, after)
    head = _read(path, new)[0]
    assert head.options.get("attention_dp") == "16" or head.dp == 16, head.options


def test_removing_a_duplicate_removes_it_on_every_node(tmp_path: Path) -> None:
    """A flag written twice on both nodes of one SGLang instance (TL209, a safe fix): removing
    the overridden one on the head only would leave the nodes disagreeing (two deployments)."""
    script = tmp_path / "serve.sh"
    command = (
        "python -m sglang.launch_server --model-path Qwen/Qwen2.5-7B-Instruct --tp-size 4 "
        "--mem-fraction-static 0.8 --mem-fraction-static 0.85 --dist-init-addr 10.0.0.1:5000 "
        "--nnodes 2 --node-rank {rank}\n"
    )
    script.write_text(command.format(rank=0) + command.format(rank=1), encoding="utf-8")
    fixed, after = _applied(
        Settings(hardware_path=str(HARDWARE)),
        script,
        "TL209",
        "remove `--mem-fraction-static 0.8`",
    )
    assert fixed.count("--mem-fraction-static 0.8 ") == 0
    assert fixed.count("--mem-fraction-static 0.85 ") == 2
    assert after.deployments == 1


def test_a_per_node_option_stays_on_its_node() -> None:
    """A node's rank, address and port are its own; the layout, the model and the rendezvous
    are one value on every node (``toplint.parse.multinode.agrees_across_nodes``)."""
    from toplint.parse.multinode import agrees_across_nodes

    assert not agrees_across_nodes("node-rank")
    assert not agrees_across_nodes("host")
    assert agrees_across_nodes("tp-size")
    assert agrees_across_nodes("dist-init-addr")
    assert agrees_across_nodes("nnodes")


NIM = DATA / "corpus2" / "nim" / "multi-node-nimservice.yaml"


def test_a_structured_field_is_set_in_place() -> None:
    """NVIDIA/k8s-nim-operator config/samples/nim/serving/advanced/multi-node/
    multi-node-nimservice.yaml @f63f74d7: ``spec.multiNode.parallelism.tensor: 8`` is the
    engine's TP (the operator passes it as NIM_TENSOR_PARALLEL_SIZE).  A TP fix edits that
    field's value; before, the field could not be set at all."""
    new, before, after = _built(NIM, {"tp-size": "4"})
    assert [line for line in new.splitlines() if "tensor:" in line] == ["      tensor: 4"]
    assert len(new) == len(_text(NIM))  # "8" -> "4": nothing else moved
    assert _read(NIM, new)[0].tp == 4
    assert after.deployments == before.deployments


def test_an_option_with_no_field_is_not_written_into_one() -> None:
    """The same NIMService: TL208's ``--enable-dp-attention --dp-size 8`` has no field in a
    NIMService, and was appended to ``pipeline: 2`` / ``tensor: 8`` as command-line words (the
    re-check: "--pp-size `2 --enable-dp-attention` is not a whole number").  The fix gets no
    edits: it is not shown, and the finding says why."""
    text = _text(NIM)
    dep = _read(NIM, text)[0]
    fix = flag_fix("--enable-dp-attention --dp-size 8", {"enable-dp-attention": "", "dp-size": "8"})
    finding = Finding("TL208", "x", Severity.INFO, str(NIM), 92, 15, "MLA", fix=fix)
    [out] = attach_edits([finding], dep, text, str(NIM))
    assert out.fix is None
    assert out.message == (
        "MLA (not `--enable-dp-attention --dp-size 8`: a new option goes beside an engine option "
        "written in this file, and this deployment writes none (its settings are the resource's "
        "own fields, such as `multiNode.pipeline`): pass `--enable-dp-attention` where the "
        "resource takes engine arguments)"
    )


def test_a_new_key_is_spelled_as_its_siblings() -> None:
    """NVIDIA-NeMo/Evaluator examples/configs/conf/services/nemotron_fp8_vllm.yaml @ac66aff5
    writes vLLM's options as snake_case keys (``tensor_parallel_size: 4``); TL203's PP was
    added as a Helm chart's camelCase ``pipelineParallelSize``, which the file does not read."""
    path = (
        DATA
        / "open_world"
        / "NVIDIA-NeMo__Evaluator"
        / "examples"
        / "configs"
        / "conf"
        / "services"
        / "nemotron_fp8_vllm.yaml"
    )
    changes = {"tensor-parallel-size": "2", "pipeline-parallel-size": "2"}
    new, before, after = _built(path, changes)
    keys = "  tensor_parallel_size: 2\n  pipeline_parallel_size: 2\n  data_parallel_size: 2\n"
    assert keys in new
    dep = _read(path, new)[0]
    assert (dep.tp, dep.pp) == (2, 2)
    # The layout is one TL203 declines (it decodes slower than the file's); TL107 says the
    # file's own split of these GPUs is clearly faster: about the layout, not the edit.
    _no_new_warnings(before, after, layout=("TL107",))


def test_a_shell_expansion_value_is_replaced_whole() -> None:
    """kexinchu/sglang-security ndss_scripts/run_server.sh @1028fb04: ``--tp-size
    ${TPS[$idx]}``.  The value's word ended at the array's ``]``, so TL203's fix left
    ``]}`` behind: ``--pp-size 2]}``, which the engine refuses (TL010)."""
    path = DATA / "open_world8" / "kexinchu__sglang-security" / "ndss_scripts" / "run_server.sh"
    new, before, after = _built(path, {"tp-size": "4", "pp-size": "2"})
    assert new.splitlines()[37] == "        --tp-size 4 --pp-size 2 \\"
    dep = _read(path, new)[0]
    assert (dep.tp, dep.pp) == (4, 2)
    # The layout is one TL203 declines (it decodes slower than the file's); TL107 says the
    # file's own split of these GPUs is clearly faster: about the layout, not the edit.
    _no_new_warnings(before, after, layout=("TL107",))


def test_an_item_of_a_list_written_one_a_line_gets_new_items_on_their_lines() -> None:
    """doublefix/OpsFlow deploy/rayjob.yaml @518e56db: a Python argv list in a ConfigMap, one
    quoted word a line.  TL208's new options were joined to ``"1"`` with spaces, which left a
    Python list no reader takes a deployment from ("0 deployments instead of 1")."""
    path = DATA / "open_world6" / "doublefix__OpsFlow" / "deploy" / "rayjob.yaml"
    fix = "--tensor-parallel-size 1 --data-parallel-size 8 --enable-expert-parallel"
    new, after = _applied(H100, path, "TL208", fix)
    pad = " " * 12
    expected = (
        f'{pad}"--tensor-parallel-size",\n{pad}"1",\n{pad}"--data-parallel-size",\n'
        f'{pad}"8",\n{pad}"--enable-expert-parallel",\n{pad}"--pipeline-parallel-size",\n'
    )
    assert expected in new
    assert after.deployments == 1


def test_options_read_from_one_place_are_not_edited_there() -> None:
    """Julien-pour/multi_node_inference multi_node_vllm.sh @aa2cea08: the vLLM command is the
    string of ``srun … bash -c "…"``, and every option was read at one place (the ``$model``
    word).  TL208's edit replaced ``$model`` with ``1`` ("0 deployments instead of 1"); the
    fix gets no edits, and the finding says why."""
    path = DATA / "open_world12" / "Julien-pour__multi_node_inference" / "multi_node_vllm.sh"
    text = _text(path)
    dep = _read(path, text)[0]
    fix = flag_fix("--tensor-parallel-size 1", {"tensor-parallel-size": "1"})
    finding = Finding("TL208", "x", Severity.INFO, str(path), 73, 2, "MLA", fix=fix)
    [out] = attach_edits([finding], dep, text, str(path))
    assert out.fix is None
    assert out.message == (
        "MLA (not `--tensor-parallel-size 1`: toplint read several options from one place in "
        "the file (line 73), so it cannot change one of them there)"
    )


def test_turning_expert_parallelism_on_sets_the_backend_tl110_asks_for() -> None:
    """vllm-project/vllm#12256 (DeepSeek-V3 at TP 32, as the issue states it) on 4 x 8 H100
    over InfiniBand, 256 sequences a decode step: TL208's TP 1 x DP 32 with
    ``--enable-expert-parallel`` ran 32 EP ranks on vLLM's dense default, so its re-check added
    TL110 (warning) and the fix was dropped.  It now sets the backend TL110 asks for with it
    (the first sparse one the outcome finds no slower: ``toplint.rulebook.alltoall``)."""
    settings = Settings(
        hardware_path=str(HARDWARE), cluster="h100-ib", workload=Workload(decode_batch=256)
    )
    path = INCIDENTS / "vllm-12256" / "failing" / "serve.sh"
    fix = (
        "--tensor-parallel-size 1 --data-parallel-size 32 --enable-expert-parallel "
        "--all2all-backend deepep_high_throughput"
    )
    new, after = _applied(settings, path, "TL208", fix)
    assert new.splitlines()[1] == (
        "vllm serve deepseek-ai/DeepSeek-V3 --tensor-parallel-size 1 --data-parallel-size 32 "
        "--enable-expert-parallel --trust-remote-code --all2all-backend deepep_high_throughput"
    )
    assert not [f for f in after.findings if f.rule == "TL110"]


def test_with_no_cluster_the_backend_is_the_engines_recommendation() -> None:
    """vllm-project/vllm#13388 (the head node's command, verbatim), no hardware named: TL110
    would recommend vLLM's own sparse backend, so the backend a fix turning EP on sets is that
    one (``toplint.rulebook.alltoall.backend_for_new_ep``)."""
    from toplint.outcome.judge import changed
    from toplint.rulebook.alltoall import backend_for_new_ep

    case = INCIDENTS / "vllm-13388"
    settings = settings_from_args(argparse.Namespace(config=str(case / "toplint.yaml")))
    path = case / "failing" / "serve.sh"
    dep = _read(path, _text(path))[0]
    new = changed(dep, 1, None, 16, ep_on=True)
    assert backend_for_new_ep(new, None, None, settings.workload) == (
        "--all2all-backend",
        "deepep_low_latency",
    )
    assert backend_for_new_ep(changed(dep, 1, None, 8, ep_on=True), None, None, Workload()) is None


def test_a_deployment_given_its_gpus_keeps_them_in_the_fix() -> None:
    """Xiangxiangzhu/all-in-one-llm deploy_script/start_qwen2_vl_72B_int4.sh @a509fe0e:
    ``CUDA_VISIBLE_DEVICES=0,1,2,3`` with a GPTQ Qwen2-VL-72B at TP 4, whose 29568-wide MLP
    splits into whole 128-wide groups only at TP 1.  TL206 offered TP 1 alone, which leaves
    three of the four GPUs it was given idle (the re-check added TL201); it now offers the
    ranks TP gives up as pipeline stages on the same GPUs."""
    settings = Settings(hardware_path=str(HARDWARE), cluster="a100-eth")
    path = (
        DATA
        / "open_world6"
        / "Xiangxiangzhu__all-in-one-llm"
        / "deploy_script"
        / "start_qwen2_vl_72B_int4.sh"
    )
    fix = (
        "--tensor-parallel-size 1 --pipeline-parallel-size 4 (the largest valid "
        "tensor-parallel size at or below 4, on the same GPUs)"
    )
    new, after = _applied(settings, path, "TL206", fix)
    assert "\n--tensor-parallel-size 1 --pipeline-parallel-size 4 \\\n" in new
    assert not [f for f in after.findings if f.rule in ("TL201", "TL206")]


def test_a_new_key_spelled_as_a_flag_is_a_new_key(tmp_path: Path) -> None:
    """VectorInstitute/vector-inference@7806bfe4 vec_inf/config/models.yaml writes vLLM's
    options as keys spelled as flags (``--tensor-parallel-size: 8``).  TL205's
    ``--max-model-len`` was appended to the value on that key's line
    (``--tensor-parallel-size: 8 --max-model-len 88064``), which the re-check refused (TL010);
    it goes on a line of its own, spelled as its sibling.  (Its entry here is the file's
    Meta-Llama-3.1-70B-Instruct on two GPUs, without the ``--max-model-len`` it sets: the
    Kimi-K2.5 entry this was found on no longer fits 8 H100s now that its 16-bit layers are
    weighed, as vllm-project/recipes#395 verified it on 2 x 8.)"""
    models = tmp_path / "models.yaml"
    models.write_text(
        "models:\n"
        "  Meta-Llama-3.1-70B-Instruct:\n"
        "    model_family: Meta-Llama-3.1\n"
        "    model_variant: 70B-Instruct\n"
        "    model_type: LLM\n"
        "    gpus_per_node: 2\n"
        "    num_nodes: 1\n"
        "    vocab_size: 128256\n"
        "    vllm_args:\n"
        "      --tensor-parallel-size: 2\n",
        encoding="utf-8",
    )
    fixed, after = _applied(H100, models, "TL205", "--max-model-len 13312")
    assert fixed.endswith("      --tensor-parallel-size: 2\n      --max-model-len: 13312\n")
    assert not [f.rule for f in after.findings if f.severity.rank >= Severity.WARNING.rank]
    assert _read(models, fixed)[0].options.get("max_model_len") == "13312"
