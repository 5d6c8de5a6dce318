"""TL009 for a file a script sources from outside the repository: an error where the check
depends on it, information where it cannot (toplint.parse.text.sourced)."""

from __future__ import annotations

import pytest

from tests.parse.helpers import parse_text
from toplint.model import Severity

# A file outside whose content toplint cannot know (a Python virtual environment's activate
# script is known: below).
SOURCED = "source /etc/serving/env.sh\n"


@pytest.mark.parametrize(
    ("body", "severity"),
    [
        # every value the deployment uses is written in the script
        ("vllm serve org/m --tensor-parallel-size 2\n", Severity.INFO),
        # a value left unresolved: the sourced file may set it
        ("vllm serve org/m --tensor-parallel-size $TP\n", Severity.ERROR),
        # an entrypoint: the caller's arguments, judged where it is called
        # (huggingface/text-generation-inference@db931fcf tgi-entrypoint.sh)
        ("exec text-generation-launcher $@\n", Severity.INFO),
        # names an engine, but no engine command was read: the file may define what starts it
        ('run() { echo "vllm serve org/m"; }\nstart_server\n', Severity.ERROR),
        # starts no engine toplint knows (a training job)
        ("torchrun --nproc-per-node 8 train.py\n", Severity.INFO),
    ],
)
def test_a_sourced_file_outside_is_an_error_only_where_the_check_needs_it(
    body: str, severity: Severity
) -> None:
    result = parse_text("serve.sh", SOURCED + body)
    (found,) = [f for f in result.findings if f.rule == "TL009"]
    assert (found.line, found.column, found.severity) == (1, 8, severity)
    assert "not read" in found.message
    if severity is Severity.INFO:
        assert "depend" in found.message or "judged" in found.message


# vast-ai/base-image@a7552d18d628c30f8271c719e523f213051a3961
# external/vllm/ROOT/opt/supervisor-scripts/vllm.sh, lines 1-8 and 52-61 (the Ray wait left out):
# the engine's arguments are the instance's environment (VLLM_MODEL, VLLM_ARGS, GPU_COUNT).
SUPERVISOR = (
    "#!/bin/bash\n"
    "\n"
    "utils=/opt/supervisor-scripts/utils\n"
    '. "${utils}/logging.sh"\n'
    '. "${utils}/cleanup_generic.sh"\n'
    '. "${utils}/environment.sh"\n'
    "[[ -f /venv/main/bin/activate ]] && . /venv/main/bin/activate\n"
    '. "${utils}/exit_portal.sh" "vllm"\n'
    "\n"
    "## Automatically use all GPUs\n"
    'AUTO_PARALLEL_ARGS=""\n'
    "# Rewrite var name\n"
    'AUTO_PARALLEL="${AUTO_PARALLEL:-true}"\n'
    'if [[ "${AUTO_PARALLEL,,}" = "true" ]] && ! [[ $VLLM_ARGS =~ tensor-parallel-size'
    " || $VLLM_ARGS =~ data-parallel-size ]]; then\n"
    '    AUTO_PARALLEL_ARGS="--tensor-parallel-size $GPU_COUNT"\n'
    "fi\n"
    "\n"
    "# Read complex args from /etc/vllm-args.conf if env vars were unsuitable\n"
    'eval "pty vllm serve "${VLLM_MODEL:-}" ${VLLM_ARGS:-} ${AUTO_PARALLEL_ARGS}'
    ' $([[ -f /etc/vllm-args.conf ]] && cat /etc/vllm-args.conf)" 2>&1\n'
)


def test_a_virtual_environments_activate_script_sets_no_engine_setting() -> None:
    """A Python virtual environment's `bin/activate` defines `deactivate` (and `pydoc`) and
    sets PATH, VIRTUAL_ENV, VIRTUAL_ENV_PROMPT, PS1 (virtualenv also PKG_CONFIG_PATH,
    TCL_LIBRARY, TK_LIBRARY), nothing else (python/cpython@01ab8f41
    Lib/venv/scripts/common/activate, pypa/virtualenv@00b0d108
    src/virtualenv/activation/bash/activate.sh): it can neither start the engine nor set a
    value of it, so not reading it leaves nothing unjudged.  The script was one TL009 error,
    which also hid the warning the script gets without the line: its engine command is not
    read (TL008)."""
    result = parse_text("vllm.sh", SUPERVISOR)
    found = [(f.rule, f.severity, f.line) for f in result.findings]
    assert found == [("TL009", Severity.INFO, 7), ("TL008", Severity.WARNING, 19)]
    assert "virtual environment" in result.findings[0].message
    without = [
        (f.rule, f.severity)
        for f in parse_text(
            "vllm.sh",
            SUPERVISOR.replace(
                "[[ -f /venv/main/bin/activate ]] && . /venv/main/bin/activate\n", "\n"
            ),
        ).findings
    ]
    assert without == [("TL008", Severity.WARNING)]
    # with a value left unresolved, still nothing the activate script could set
    unresolved = parse_text("serve.sh", ". /venv/main/bin/activate\nvllm serve $MODEL -tp 2\n")
    assert [(f.rule, f.severity) for f in unresolved.findings if f.rule == "TL009"] == [
        ("TL009", Severity.INFO)
    ]


@pytest.mark.parametrize(
    "sourced",
    [
        ". /opt/supervisor-scripts/utils/environment.sh",  # any other file: it may set VLLM_ARGS
        "source /opt/conda/bin/activate serving",  # conda runs the environment's activate.d
    ],
)
def test_other_files_outside_stay_an_error_where_the_check_needs_them(sourced: str) -> None:
    result = parse_text("vllm.sh", SUPERVISOR.replace(". /venv/main/bin/activate", sourced))
    assert [(f.rule, f.severity) for f in result.findings] == [("TL009", Severity.ERROR)]


def test_a_value_the_template_fills_is_no_sourced_files() -> None:
    """raffenet/lcf-inference@babe698f src/aegis/templates/instance.sh.j2:15-17,63, shortened:
    the job's own conda environment, then ``vllm serve {{ model }}`` - a value the launcher's
    ``template.render(model=...)`` writes before any shell runs (src/aegis/launcher.py:316).
    It was a TL009 error."""
    text = "#!/bin/bash\nsource /tmp/conda_env/bin/activate\nvllm serve {{ model }} -tp 2\n"
    result = parse_text("instance.sh.j2", text)
    (found,) = [f for f in result.findings if f.rule == "TL009"]
    assert found.severity is Severity.INFO and "the template's" in found.message
    shell = text.replace("{{ model }}", "$MODEL")  # a shell variable the sourced file may set
    (found,) = [f for f in parse_text("instance.sh", shell).findings if f.rule == "TL009"]
    assert found.severity is Severity.ERROR


def test_a_script_run_from_outside_is_reported_as_run() -> None:
    # tonyd2wild/Qwen3.8-27B-AutoRound-W4A16-2x3090@bfa25155 recipes/speed-tier-dflash2/
    # run-dflash2.sh:37 (sweep 36, development): a patch the container runs before the engine;
    # it runs as a process of its own, so no value of the deployment depends on it
    text = (
        "bash /etc/club3090/w4a8/install.sh\n"
        "vllm serve Qwen/Qwen3-32B-AWQ --tensor-parallel-size 2 --max-model-len $LEN\n"
    )
    (found,) = [f for f in parse_text("run.sh", text).findings if f.rule == "TL009"]
    assert found.severity == Severity.INFO
    assert found.message.startswith("runs /etc/club3090/w4a8/install.sh")
    # a script naming no engine that runs one from outside: information, as a sourced one is
    alone = parse_text("run.sh", "bash /opt/start-vllm.sh\n")
    assert [(f.rule, f.severity) for f in alone.findings] == [("TL009", Severity.INFO)]
    assert alone.findings[0].message.startswith("runs /opt/start-vllm.sh")
