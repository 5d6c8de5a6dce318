"""``parse.structured.anywhere.mentions_engine`` compiles its pattern over the engine words a
text holds, not over all of them: the answer is the one pattern over every word gives."""

from __future__ import annotations

import re

import pytest

from toplint.parse.structured.anywhere import _engine_images, _engine_words, mentions_engine

TEXTS = [
    "",
    "vllm serve meta-llama/Llama-3.1-8B --tensor-parallel-size 4",
    "python3 -m vllm.entrypoints.openai.api_server --model x",
    "python -m  sglang.launch_server --tp 8",
    'command: ["text-generation-launcher", "--num-shard", "2"]',
    "echo vllmserve; myvllm serve",  # the word inside another word
    "/usr/bin/vllm",
    "args: [vllm,serve]",
    "docker run vllm/vllm-openai:v0.8.3",
    "trtllm-serve x && lmdeploy serve api_server y",
    "nothing to see here",
]


def _every_word(text: str) -> bool:
    alternatives = "|".join(re.escape(w) for w in _engine_words())
    pattern = re.compile(rf"(?:^|[\s\"'/=\[,]|-m\s+)(?:{alternatives})(?=$|[\s\"',\]])")
    return pattern.search(text) is not None or any(r in text for r in _engine_images())


@pytest.mark.parametrize(
    "text", TEXTS + sorted(_engine_words()) + [f"x {w}x" for w in sorted(_engine_words())]
)
def test_the_words_a_text_holds_answer_as_every_word_does(text: str) -> None:
    assert mentions_engine(text) == _every_word(text)
