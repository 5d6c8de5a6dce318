"""A shell script whose command toplint does not know as an engine's but that sets an engine's
layout option (``toplint.parse.optionmention``): TL008 at info at the option, so the run says
which line it did not read.  The first case is the command of vllm-project/vllm#15182
(``python3 api_server.py ... --tensor-parallel-size 8``), which before yielded no finding at all.
"""

from __future__ import annotations

from toplint.model import Severity
from toplint.parse.base import Source
from toplint.parse.parallel import builtin_and_plugin_parsers
from toplint.parse.run import parse_source

UNKNOWN_PROGRAM = (
    "python3 api_server.py --host 0.0.0.0 --port 7803 --model /data/models/DeepSeek-R1-Q2/ "
    "--max-model-len 8192 --gpu-memory-utilization 0.9 --tensor-parallel-size 8\n"
)


def _parse(name: str, text: str):  # type: ignore[no-untyped-def]
    return parse_source(Source.from_text(name, text), builtin_and_plugin_parsers())


def test_unknown_program_with_a_layout_option_is_named_at_info() -> None:
    result = _parse("serve.sh", UNKNOWN_PROGRAM)
    assert not result.deployments
    (found,) = result.findings
    assert found.rule == "TL008" and found.severity is Severity.INFO
    assert (found.line, found.column) == (1, UNKNOWN_PROGRAM.index("--tensor-parallel-size") + 1)
    assert "`--tensor-parallel-size 8`" in found.message and "`vllm`" in found.message


def test_an_engine_command_is_read_not_mentioned() -> None:
    result = _parse("serve.sh", "vllm serve Qwen/Qwen2.5-7B-Instruct --tensor-parallel-size 2\n")
    assert result.deployments and not result.findings


def test_a_commented_option_or_a_short_one_names_nothing() -> None:
    assert not _parse("a.sh", "# python3 api_server.py --tensor-parallel-size 8\n").findings
    assert not _parse("b.sh", "python train.py --tp 8 --dp 2\n").findings


def test_only_shell_scripts_are_read_for_options() -> None:
    assert not _parse("notes.txt", UNKNOWN_PROGRAM).findings


# NVIDIA/TensorRT-LLM#1700 (its commands verbatim, the thread's own placeholders kept): the size
# is fixed by TensorRT-LLM's builder, and the engine is run by an example script, not a server.
BUILT_NOT_SERVED = (
    "trtllm-build --checkpoint_dir {checkpoint_dir} --output_dir {output_dir}  --gemm_plugin "
    "float16 --max_batch_size 32 --tp_size 8 --pp_size 1\n\n"
    "mpirun -n 8 --allow-run-as-root python3 run.py --max_output_len=2048 "
    "--engine_dir {engine_dir}\n"
)

# a converter on continuation lines, after an environment assignment (the shape of
# NVIDIA/TensorRT-LLM#2109's and #1992's conversions)
CONVERTED_NOT_SERVED = (
    "CUDA_VISIBLE_DEVICES=0,1 python3 examples/qwen/convert_checkpoint.py \\\n"
    "    --model_dir ./Qwen2-7B \\\n"
    "    --output_dir ./ckpt --dtype float16 \\\n"
    "    --tp_size 8\n"
)


def test_an_offline_pipeline_builder_is_named_as_the_engines_builder() -> None:
    (found,) = _parse("build.sh", BUILT_NOT_SERVED).findings
    assert found.rule == "TL008" and found.severity is Severity.INFO
    assert (found.line, found.column) == (1, BUILT_NOT_SERVED.index("--tp_size") + 1)
    assert "on `trtllm-build`, the builder of `trtllm`'s offline pipeline" in found.message
    assert "none of the engines' commands" not in found.message


def test_an_offline_pipeline_converter_on_continued_lines_is_named() -> None:
    (found,) = _parse("convert.sh", CONVERTED_NOT_SERVED).findings
    assert found.line == 4
    assert "on `convert_checkpoint.py`, the converter of `trtllm`'s offline pipeline" in (
        found.message
    )


def test_a_program_of_its_own_after_a_redirect_keeps_the_general_words() -> None:
    text = "python3 api_server.py 2>&1 --tensor-parallel-size 8\n"
    (found,) = _parse("serve.sh", text).findings
    assert "none of the engines' commands" in found.message


def test_a_builder_run_by_nohup_or_sudo_is_named_as_the_engines_builder() -> None:
    """The program is the one a runner word runs (``runners.program_of``), as for a command
    toplint reads: ``nohup trtllm-build ...`` is the builder's command, not nohup's."""
    for runner in ("nohup", "sudo", "env CUDA_VISIBLE_DEVICES=0,1"):
        text = f"{runner} trtllm-build --checkpoint_dir ./ckpt --output_dir ./eng --tp_size 2\n"
        (found,) = _parse("build.sh", text).findings
        assert "on `trtllm-build`, the builder of `trtllm`'s offline pipeline" in found.message
