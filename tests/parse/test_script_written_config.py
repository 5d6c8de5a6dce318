"""An engine options file the script writes itself with a here-document is read from the script
(``toplint.parse.text.scriptfiles``): TensorRT-LLM's deployment guides write the LLM-API options
to /tmp/config.yml and pass that path (NVIDIA/TensorRT-LLM@0d2a7856
docs/source/deployment-guide/quick-start-recipe-for-deepseek-r1-on-trtllm.md)."""

from __future__ import annotations

from .helpers import only, parse_text

GUIDE = """EXTRA_LLM_API_FILE=/tmp/config.yml

cat << EOF > ${EXTRA_LLM_API_FILE}
enable_attention_dp: true
pipeline_parallel_size: 2
EOF

trtllm-serve deepseek-ai/DeepSeek-R1-0528 \\
    --tp_size 4 \\
    --extra_llm_api_options ${EXTRA_LLM_API_FILE}
"""


def test_options_written_by_a_heredoc_are_folded_in_at_their_lines() -> None:
    dep = only("serve.sh", GUIDE)
    assert (dep.tp, dep.pp) == (4, 2)
    assert dep.options["enable_attention_dp"] == "true"
    assert (dep.sources["pp"].line, dep.sources["pp"].column) == (5, 1)


def test_no_outside_reference_finding_for_the_written_file() -> None:
    result = parse_text("serve.sh", GUIDE)
    assert "TL009" not in [f.rule for f in result.findings]


def test_a_file_the_script_does_not_write_is_still_outside() -> None:
    text = GUIDE.replace("cat << EOF > ${EXTRA_LLM_API_FILE}", "cat << EOF > /tmp/other.yml")
    result = parse_text("serve.sh", text)
    assert "TL009" in [f.rule for f in result.findings]


def test_a_document_that_expands_variables_is_not_taken_as_the_file() -> None:
    text = GUIDE.replace("pipeline_parallel_size: 2", "pipeline_parallel_size: $PP")
    dep = only("serve.sh", text)
    assert dep.pp is None
