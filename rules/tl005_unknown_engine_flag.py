"""TL005 unknown-engine-flag (raised by the parsers; listed and documented here)."""

from __future__ import annotations

from toplint.model import UNKNOWN_ENGINE_FLAG
from toplint.rulebook.types import Rule

DOC = """\
## What it does
Reports an option the serving engine would reject (argparse: "unrecognized arguments"), with
the closest option the engine knows.

Outcome reported (toplint's severity policy): the engine refuses to start on an option it does
not know; a warning, not an error, because toplint's vocabulary of the engine may lag its
release (info when the image is newer than the vocabulary).  An option and its value passed as
one argument (`- "--quantization bitsandbytes"`, one list item) is an error: the engine's parser
reads a word with a space in it as a value, never as an option, in every release.  A switch
written with a value (`--enable-prefix-caching=true`, `--disable-log-stats=false`) is a warning
with what to write instead: argparse's switches take no argument ("ignored explicit argument"),
nor do click's flags or clap's; a switch some releases parsed with an optional value (vLLM's
`--enable-chunked-prefill` before 0.9.2) is not reported on an image that pins one of those
releases, and where no image pins a release it is judged as the later ones, which say so.
An option earlier releases took and later ones removed (SGLang's `--enable-flashinfer-mla`,
taken until 0.4.5 and refused after) is judged the same way: no finding on an image that pins
a release that took it, a warning naming those releases on any other, never a rename to a near
option.

## Why is this bad?
vLLM, SGLang and TGI exit at start-up on an unknown option, so the pod crash-loops; a typo in a
parallelism flag (`--tensor-paralel-size`) also means toplint cannot know the layout.

Each engine's option list records the release it was read from (`EngineSpec.release`). When the
container image names a newer release of the same engine (`vllm/vllm-openai:v0.15.0` against a
0.14.0 vocabulary), the option may be real there: the finding is `info` ("not in toplint's vllm
0.14.0 vocabulary"), not a warning. `latest` and other tags without a version stay warnings.

## Example
```bash
vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-paralel-size 2
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-8B-Instruct --tensor-parallel-size 2
```

## Options
None.

## Fix safety
Unsafe: the fix renames the option to the closest known one (by `difflib` similarity),
keeping its value; a near miss may be a different option, and the engine then runs with a
setting it refused or ignored before, so `--fix` applies it only with `--unsafe-fixes`.

## References
- vLLM engine arguments: https://github.com/vllm-project/vllm/blob/main/vllm/engine/arg_utils.py
- SGLang server arguments: https://github.com/sgl-project/sglang/blob/main/python/sglang/srt/server_args.py
- TensorRT-LLM `trtllm-serve`: https://github.com/NVIDIA/TensorRT-LLM/blob/main/tensorrt_llm/commands/serve.py
- TGI launcher arguments: https://github.com/huggingface/text-generation-inference/blob/main/launcher/src/main.rs
- LMDeploy `lmdeploy serve api_server` arguments: https://github.com/InternLM/lmdeploy/blob/main/lmdeploy/cli/utils.py
"""

# Raised by a stage: the code, name and severity are written once, in
# toplint.model.UNKNOWN_ENGINE_FLAG (the one constructor of its findings).
RULE = Rule(
    code=UNKNOWN_ENGINE_FLAG.code,
    name=UNKNOWN_ENGINE_FLAG.name,
    summary="The engine would reject this flag; the closest known flag is suggested.",
    severity=UNKNOWN_ENGINE_FLAG.severity,
    check=None,
    doc=DOC,
    fix_safety="unsafe",
    origin=__file__,
)
