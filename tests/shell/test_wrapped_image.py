"""A repository's wrapper that runs an engine's image file with the engine's own options
(toplint.parse.text.wrapped; issue 24, script chains)."""

from __future__ import annotations

from tests.parse.helpers import only, parse_text


def test_engine_options_after_an_engine_image_file_are_the_engines() -> None:
    text = (
        "srun ./start.py singularity ~/img/vllm_latest.sif --slurm --tensor-parallel-size 4 \\\n"
        "  --pipeline-parallel-size 2 --vllm-port 7777 --model org/m\n"
    )
    result = parse_text("job.sh", text)
    (dep,) = result.deployments
    assert (dep.engine, dep.model, dep.tp, dep.pp) == ("vllm", "org/m", 4, 2)
    assert "start.py" in dep.provenance["engine"]
    assert not [f for f in result.findings if f.rule == "TL005"]  # --slurm is the wrapper's


def test_a_layout_the_wrapper_chooses_is_unresolved_not_the_defaults() -> None:
    text = "srun ./start.py apptainer /x/sglang-v0.5.sif --auto --mem-fraction-static 0.9\n"
    dep = only("job.sh", text)
    assert dep.engine == "sglang" and (dep.tp, dep.pp, dep.dp) == (None, None, None)
    assert {u.field for u in dep.unresolved} >= {"tp", "pp", "dp"}


def test_an_image_without_engine_options_is_not_read_as_the_engine() -> None:
    text = "srun apptainer exec ./vllm_rocm.sif ./start_head.sh 4\n"
    assert parse_text("job.sh", text).deployments == ()
    other = "srun ./start.py /x/myapp.sif --tensor-parallel-size 4\n"  # names no engine
    assert parse_text("job.sh", other).deployments == ()


def test_a_command_the_runtime_executes_in_the_image_is_not_the_engine() -> None:
    """langtech-bsc/magma@9cb03cf4 scripts/multi_node_vllm_inference.sh:29-30,44-50, shortened:
    ``singularity exec IMAGE ray start ... --port=P`` runs Ray in vLLM's image
    (apptainer-exec(1): "Run a command within a container"), not the image's vLLM, though
    ``--port`` is one of vLLM's options; the ``run`` after it is the engine, run by singularity,
    not by the folder ``--bind`` mounts."""
    text = (
        "IMG=/path/to/your/singularity/vllm-openai-latest.sif\n"
        "srun --nodes=1 --nodelist=$head_node \\\n"
        "    singularity exec --nv --bind /gpfs/projects/bsc88/hf-models/:/data $IMG "
        "ray start --block --head --port=$head_node_port &\n"
        "singularity run --nv \\\n"
        "    --bind /gpfs/projects/bsc88/hf-models/:/data  \\\n"
        "    $IMG  \\\n"
        "    --model /data/Mixtral-8x7B-Instruct-v0.1 --port 8080 --tensor-parallel-size 8\n"
    )
    (dep,) = parse_text("job.sh", text).deployments
    assert (dep.engine, dep.tp, dep.line) == ("vllm", 8, 6)  # at the image it runs
    assert dep.provenance["engine"].endswith("run by `singularity`")


def test_the_positional_model_may_follow_options_written_whole() -> None:
    """argparse takes a positional between options: `vllm serve --log-level=info org/m`."""
    dep = only("run.sh", "vllm serve --uvicorn-log-level=info org/m --tensor-parallel-size 2\n")
    assert (dep.model, dep.tp) == ("org/m", 2)
    # an option that may take the next word stops the search (`--served-model-name x org/m`)
    assert only("run.sh", "vllm serve --served-model-name x org/m\n").model is None


def test_the_positional_model_may_follow_booleans_and_numeric_options() -> None:
    """vllm-project/vllm#13061: `vllm serve --trust-remote-code --tensor_parallel_size 2
    --gpu_memory_utilization=0.98 /root/m` - a boolean takes no word and a size takes one."""
    text = (
        "vllm serve --trust-remote-code --tensor_parallel_size 2 "
        "--gpu_memory_utilization=0.98 /root/m\n"
    )
    dep = only("run.sh", text)
    assert (dep.model, dep.tp) == ("/root/m", 2)
    # a number is never the model, and a value after a number may be an option's next value
    assert only("run.sh", "vllm serve --cuda-graph-sizes 1 2 org/m\n").model is None
    # an option the vocabulary does not know may take the next word
    assert only("run.sh", "vllm serve --no-such-option x org/m\n").model is None


def test_an_image_file_apptainer_pull_saves_under_its_default_name_is_that_engines() -> None:
    """klieret/ddss-llm-inference-platform@bb81e645 docs/della/test_launch.sh (set 19,
    development half): ``singularity run --nv ... text-generation-inference_latest.sif
    --model-id=... -p 8080``, the file ``singularity pull docker://ghcr.io/huggingface/
    text-generation-inference:latest`` saves when given no name (apptainer/apptainer@917d6657
    internal/pkg/util/uri/uri.go GetName: ``<repository's last part>_<tag>.sif``).  TGI with no
    --num-shard shards over what the environment it runs in lists: not in the file."""
    text = (
        "singularity run \\\n  --nv \\\n  --mount type=bind,src=$HF_HOME,dst=/data \\\n"
        "  --env HF_HOME=/data \\\n  text-generation-inference_latest.sif \\\n"
        "  --model-id=/data/models--org--m/snapshots/abc \\\n  -p 8080\n"
    )
    result = parse_text("test_launch.sh", text)
    (dep,) = result.deployments
    assert (dep.engine, dep.tp, dep.line) == ("tgi", None, 5)
    assert "tp" in {u.field for u in dep.unresolved}
    assert not [f for f in result.findings if f.rule == "TL005"]
    # a file of another name, or a name that only starts like an image's, names no engine
    for other in ("tgi-build.sif", "text-generation-inference.sif", "inference_latest.sif"):
        assert (
            parse_text(
                "run.sh", text.replace("text-generation-inference_latest.sif", other)
            ).deployments
            == ()
        )
