"""TL008 no-deployment-found (raised by the pipeline; listed and documented here)."""

from __future__ import annotations

from toplint.model import NO_DEPLOYMENT_FOUND
from toplint.rulebook.types import Rule

DOC = """\
## What it does
Reports input that names a serving engine but from which toplint could not build a
deployment (an engine image or command whose parallel layout or model it could not read; a
GPU model server whose engine is chosen outside the file, such as a NIM container with no
`NIM_MODEL_PROFILE` or a KServe InferenceService on another runtime), and a folder given on the
command line under which toplint found no file it reads. The message
says what was recognised and what was lacking.

An engine is named in any file type toplint reads: a command line, an argument list (`["vllm",
"serve", ...]` in JSON, TOML or Python; `- vllm` / `- serve` in a YAML list), a Python string or
f-string that would be run, an engine class called from an imported engine module.

These cases are not deployments, and get one `info` note instead of a warning: a GitHub
Actions workflow whose engine commands run only in CI jobs (tests of the server; a job that
deploys names its `environment:` and is read); a script whose engine command takes its model
and layout only from the script's own arguments (`exec text-generation-launcher $@`, an image's
entrypoint), which is checked where it is called with them; a file that names an engine only in
a comment or in prose (a docstring, a message), or in a JSON Schema (a chart's
`values.schema.json` lists images as defaults and choices); a file that only selects an engine
by a value (`engine: sglang`, `BACKEND=vllm`) with nothing toplint could read beside it; a shell
script whose command is no engine toplint knows but sets an engine's long layout option
(`python3 api_server.py --tensor-parallel-size 8`: vLLM's, LightLLM's and Aphrodite's entry
points are all `api_server.py`), where which engine starts is not written (the note names the
option and the engines whose option it is; toplint does not pick one); a settings file that
names its engine only as a value (`ENGINE="vllm"`) and that a script checked in the same run
sources, whose deployment runs that engine: the note names that deployment, where the file's
values are checked (a file nothing in the run sources keeps "yields no deployment").

Outcome reported (toplint's severity policy): nothing to judge — the input yields no deployment
(warning).

## Why is this bad?
Nothing was checked there, yet without this finding the run would end green. A deployment
that toplint cannot see gets no topology, capacity or budget check at all.

## Example
```yaml
containers:
  - name: server
    image: vllm/vllm-openai:v0.6.3
    command: ["/bin/sh", "-c", "/opt/start.sh"]   # the engine's flags are in a script
```

## Use instead
Give the engine's arguments where toplint can read them (the container's `args`, a shell
script in the checked tree, a compose `command`), or check the file that holds them:
```yaml
containers:
  - name: server
    image: vllm/vllm-openai:v0.6.3
    args: ["--model", "meta-llama/Llama-3.1-8B-Instruct", "--tensor-parallel-size", "1"]
```

## Options
None.

## References
- An unknown program with vLLM's layout option (vllm-project/vllm#15182,
  `python3 api_server.py ... --tensor-parallel-size 8`): https://github.com/vllm-project/vllm/issues/15182
- vLLM, deploying with Docker (the image's entrypoint is `vllm serve`):
  https://docs.vllm.ai/en/latest/deployment/docker.html
"""

# Raised by a stage: the code, name and severity are written once, in
# toplint.model.NO_DEPLOYMENT_FOUND (the one constructor of its findings).
RULE = Rule(
    code=NO_DEPLOYMENT_FOUND.code,
    name=NO_DEPLOYMENT_FOUND.name,
    summary="Input names an engine (or a folder holds no config) but yields no deployment.",
    severity=NO_DEPLOYMENT_FOUND.severity,
    check=None,
    doc=DOC,
    origin=__file__,
)
