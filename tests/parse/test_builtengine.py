"""A server of a TensorRT-LLM engine the same file converts and builds runs the layout the
checkpoint was converted for (``toplint.parse.builtengine``), never the serving command's
default of 1."""

from __future__ import annotations

from pathlib import Path

from tests.parse.helpers import only
from toplint.optionkeys import BUILT_FROM, BUILT_WRITTEN
from toplint.parse.base import Source
from toplint.parse.text.shellsrc import ShellParser

CONVERT = (
    "python3 convert_checkpoint.py --model_dir /models/Llama-3.1-70B-Instruct \\\n"
    "    --output_dir /ckpt/tp4 --dtype bfloat16 \\\n"
    "    --tp_size 4 --pp_size 2\n"
)
BUILD = (
    "trtllm-build --checkpoint_dir /ckpt/tp4 --output_dir /engines/llama-tp4 --gemm_plugin auto\n"
)


def test_the_served_engine_runs_the_converted_sizes_at_their_flags() -> None:
    dep = only("build.sh", CONVERT + BUILD + "trtllm-serve /engines/llama-tp4\n")
    assert (dep.tp, dep.pp) == (4, 2)
    assert (dep.sources["tp"].line, dep.sources["tp"].column) == (3, 5)
    assert dep.sources["pp"].line == 3
    assert dep.model == "/models/Llama-3.1-70B-Instruct"
    assert dep.options[BUILT_FROM] == "the checkpoint converted at line 1"
    assert BUILT_WRITTEN["tp"] not in dep.options  # the serving command wrote no size


def test_a_size_left_at_its_default_is_one_at_the_converter() -> None:
    text = (
        "python convert_checkpoint.py --model_dir /m/phi-2 --output_dir /ckpt --tp_size 2\n"
        "trtllm-build --checkpoint_dir /ckpt --output_dir /engine\n"
        "trtllm-serve /engine/ --tokenizer /m/phi-2\n"
    )
    dep = only("build.sh", text)
    assert (dep.tp, dep.pp) == (2, 1)
    assert dep.sources["pp"].line == 1


def test_the_written_size_is_kept_for_the_rule_that_reports_a_refusal() -> None:
    dep = only("build.sh", CONVERT + BUILD + "trtllm-serve /engines/llama-tp4 --tp_size 2\n")
    assert dep.tp == 4
    assert dep.options[BUILT_WRITTEN["tp"]] == "2"
    assert dep.sources["tp.written"].line == 5


def test_folders_given_through_variables_the_file_assigns_once() -> None:
    text = (
        "CKPT=/ckpt/tp8\nENGINE_DIR=/engines/tp8\n"
        "python convert_checkpoint.py --model_dir /m/llama --output_dir $CKPT --tp_size 8\n"
        "trtllm-build --checkpoint_dir ${CKPT} --output_dir ${ENGINE_DIR}\n"
        "trtllm-serve $ENGINE_DIR\n"
    )
    assert only("build.sh", text).tp == 8


def test_a_checkpoint_served_directly_runs_its_sizes() -> None:
    text = (
        "python quantize.py --model_dir /m/llama --qformat fp8 --output_dir /ckpt --tp_size 2\n"
        "trtllm-serve /ckpt\n"
    )
    assert only("build.sh", text).tp == 2


def test_an_engine_built_from_a_checkpoint_converted_elsewhere_is_not_guessed() -> None:
    text = "trtllm-build --checkpoint_dir /ckpt --output_dir /engine\ntrtllm-serve /engine\n"
    dep = only("build.sh", text)
    assert (dep.tp, dep.pp) == (None, None)
    assert {u.field for u in dep.unresolved} == {"tp", "pp"}


def test_a_commented_out_conversion_and_another_engine_are_not_read() -> None:
    text = (
        "# python convert_checkpoint.py --model_dir /m --output_dir /ckpt --tp_size 8\n"
        "python convert_checkpoint.py --model_dir /m --output_dir /other --tp_size 4\n"
        "trtllm-serve /ckpt\n"
    )
    dep = only("build.sh", text)
    assert dep.tp == 1 and BUILT_FROM not in dep.options


# The steps are the commands the shell reader runs (``toplint.parse.text.shellrun``), words
# expanded as bash expands them: forms a scan of the text for the programs' names missed.


def test_a_conversion_in_a_loop_over_sizes_serves_the_size_its_folder_holds() -> None:
    text = (
        "for TP in 2 4 8; do\n"
        "  python convert_checkpoint.py --model_dir /m/llama --output_dir /ckpt/tp$TP "
        "--tp_size $TP\n"
        "  trtllm-build --checkpoint_dir /ckpt/tp$TP --output_dir /engines/tp$TP\n"
        "done\n"
        "trtllm-serve /engines/tp4\n"
    )
    dep = only("build.sh", text)
    assert dep.tp == 4
    assert (dep.sources["tp"].line, dep.sources["tp"].column) == (2, 78)


def test_a_conversion_in_an_if_arm_is_read() -> None:
    text = (
        "if [ ! -d /ckpt ]; then\n"
        "  python convert_checkpoint.py --model_dir /m/llama --output_dir /ckpt --tp_size 2\n"
        "  trtllm-build --checkpoint_dir /ckpt --output_dir /engine\n"
        "fi\n"
        "trtllm-serve /engine\n"
    )
    dep = only("build.sh", text)
    assert dep.tp == 2 and dep.sources["tp"].line == 2


def test_a_folder_variable_set_twice_is_the_value_at_each_command() -> None:
    text = (
        "CKPT=/ckpt/a\n"
        "python convert_checkpoint.py --model_dir /m/llama --output_dir $CKPT --tp_size 2\n"
        "CKPT=/ckpt/b\n"
        "python convert_checkpoint.py --model_dir /m/llama --output_dir $CKPT --tp_size 8\n"
        "trtllm-build --checkpoint_dir $CKPT --output_dir /engine\n"
        "trtllm-serve /engine\n"
    )
    dep = only("build.sh", text)
    assert dep.tp == 8 and dep.sources["tp"].line == 4


def test_a_conversion_in_a_function_is_read_at_its_call() -> None:
    text = (
        "convert() {\n"
        '  python convert_checkpoint.py --model_dir /m/llama --output_dir "$1" --tp_size "$2"\n'
        "}\n"
        "convert /ckpt 4\n"
        "trtllm-build --checkpoint_dir /ckpt --output_dir /engine\n"
        "trtllm-serve /engine\n"
    )
    dep = only("build.sh", text)
    assert dep.tp == 4 and dep.sources["tp"].line == 2  # the flag, in the function's body


def test_folders_and_the_conversion_a_sourced_file_holds(tmp_path: Path) -> None:
    (tmp_path / ".git").mkdir()
    (tmp_path / "env.sh").write_text("CKPT=/ckpt/tp4\nENGINE=/engines/tp4\n")
    (tmp_path / "convert.sh").write_text(
        "python convert_checkpoint.py --model_dir /m/llama --output_dir $CKPT --tp_size 4\n"
    )
    serve = tmp_path / "serve.sh"
    serve.write_text(
        "source ./env.sh\n. ./convert.sh\n"
        "trtllm-build --checkpoint_dir $CKPT --output_dir $ENGINE\n"
        "trtllm-serve $ENGINE\n"
    )
    (dep,) = ShellParser().parse(Source.from_text(str(serve), serve.read_text())).deployments
    assert dep.tp == 4
    assert dep.sources["tp"].path == str(tmp_path / "convert.sh")
    assert dep.options[BUILT_FROM] == f"the checkpoint converted at {tmp_path / 'convert.sh'}:1"


def test_a_size_the_converter_gets_from_a_value_not_known_here_is_unresolved() -> None:
    text = (
        'python convert_checkpoint.py --model_dir /m --output_dir /ckpt --tp_size "$TP"\n'
        "trtllm-build --checkpoint_dir /ckpt --output_dir /engine\n"
        "trtllm-serve /engine\n"
    )
    dep = only("build.sh", text)
    assert dep.tp is None and dep.pp == 1
    assert [u.field for u in dep.unresolved] == ["tp"]


def test_a_program_named_in_a_message_is_no_step() -> None:
    text = (
        'echo "now run: python convert_checkpoint.py --output_dir /ckpt --tp_size 8"\n'
        "trtllm-serve /ckpt\n"
    )
    dep = only("build.sh", text)
    assert dep.tp == 1 and BUILT_FROM not in dep.options


POD = """\
apiVersion: v1
kind: Pod
metadata: {name: trt}
spec:
  containers:
    - name: trt
      image: nvcr.io/nvidia/tensorrt-llm/release:0.20.0
      command: ["/bin/bash", "-c"]
      args:
        - |
          python3 convert_checkpoint.py --model_dir /models/Llama-3.1-8B-Instruct \\
            --output_dir /ckpt --tp_size 2
          trtllm-build --checkpoint_dir /ckpt --output_dir /engine
          trtllm-serve /engine --tokenizer /models/Llama-3.1-8B-Instruct --tp_size 4
      resources:
        limits: {nvidia.com/gpu: 2}
"""


def test_a_pod_whose_script_converts_builds_and_serves_serves_the_converted_size() -> None:
    # The container's `bash -c` script is read by the pod reader, not the shell reader: its
    # converter and builder commands still give the served engine its layout (and TL213 the
    # size the serving command wrote), as a script file's do.
    dep = only("pod.yaml", POD)
    assert dep.tp == 2
    assert dep.model == "/models/Llama-3.1-8B-Instruct"
    assert dep.options[BUILT_WRITTEN["tp"]] == "4"
    assert dep.sources["tp"].line == 12


def test_a_pod_that_only_serves_an_engine_built_elsewhere_keeps_its_sizes_unresolved() -> None:
    pod = POD.replace(
        "          python3 convert_checkpoint.py --model_dir /models/Llama-3.1-8B-Instruct \\\n"
        "            --output_dir /ckpt --tp_size 2\n",
        "",
    )
    dep = only("pod.yaml", pod)
    assert dep.tp is None
    assert any(u.field == "tp" and u.variable == "--checkpoint_dir" for u in dep.unresolved)


COMPOSE = """\
services:
  trt:
    image: nvcr.io/nvidia/tensorrt-llm/release:0.20.0
    command: >
      bash -c "python3 convert_checkpoint.py --model_dir /models/Llama-3.1-8B-Instruct
      --output_dir /ckpt --tp_size 2
      && trtllm-build --checkpoint_dir /ckpt --output_dir /engine
      && trtllm-serve /engine --tokenizer /models/Llama-3.1-8B-Instruct"
"""


def test_a_compose_service_whose_script_converts_builds_and_serves_serves_the_converted_size() -> (
    None
):
    dep = only("compose.yaml", COMPOSE)
    assert dep.tp == 2
    assert dep.model == "/models/Llama-3.1-8B-Instruct"
    assert dep.options[BUILT_FROM].startswith("the checkpoint converted at line")
