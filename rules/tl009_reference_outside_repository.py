"""TL009 reference-outside-repository (raised by the parsers; listed and documented here)."""

from __future__ import annotations

from toplint.model import REFERENCE_OUTSIDE_REPOSITORY
from toplint.rulebook.types import Rule

DOC = """\
## What it does
Reports a file a linted file refers to (an engine's `--config FILE`,
`--extra_llm_api_options`, `--extra-engine-args`, a script's `source FILE`) that resolves
outside the repository
being linted: an absolute path, a `../` path that climbs out, or a symlink pointing out. toplint
does not open it, so its settings are not part of the check.

Outcome reported (toplint's severity policy): not read — a file outside the repository is never
opened, so what depends on it is not judged (error). A script's `source FILE` is reported at
info when nothing judged depends on it: every value the script's deployments use is written in
the script, its engine command takes its caller's arguments (an entrypoint, judged where it is
called), or the script starts no engine toplint knows (a virtual environment's `activate`
before `exec text-generation-launcher $@`, huggingface/text-generation-inference@db931fcf
tgi-entrypoint.sh). It stays an error when a deployment of the script has a value toplint
could not resolve, or the script names an engine but no engine command was read: the file may
set the value or define the function that starts it. A Python virtual environment's
`bin/activate` (venv, virtualenv; not a conda installation's, which runs the environment's own
activation scripts) is info wherever it is sourced: it sets PATH, VIRTUAL_ENV and the prompt
and defines `deactivate`, never an engine's value or a command that starts one (CPython
Lib/venv/scripts/common/activate); an engine command the script does not let toplint read is
still TL008.

## Why is this bad?
toplint runs in CI on pull requests, including pull requests from forks. A file outside the
repository is not part of the change under review, and reading it would let a pull request make
toplint print the runner's files (tokens, credentials) into CI logs and SARIF reports. Its settings
are not checked either: the layout toplint sees is incomplete. The repository is the git work tree
holding the file (else the folder of the nearest toplint configuration, else the file's folder).

## Example
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --config /etc/serving/vllm.yaml
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-70B-Instruct --config deploy/vllm.yaml  # committed next to it
```

## Options
None. The read policy is fixed; name files on the command line to have
toplint read them.

## References
- OWASP, path traversal (why a file may not reach outside the checked tree):
  https://owasp.org/www-community/attacks/Path_Traversal
- vLLM `--config` (https://docs.vllm.ai/en/latest/configuration/serve_args.html)
"""

# Raised by a stage: the code, name and severity are written once, in
# toplint.model.REFERENCE_OUTSIDE_REPOSITORY (the one constructor of its findings).
RULE = Rule(
    code=REFERENCE_OUTSIDE_REPOSITORY.code,
    name=REFERENCE_OUTSIDE_REPOSITORY.name,
    summary="A linted file refers to a file outside the repository; it is not read.",
    severity=REFERENCE_OUTSIDE_REPOSITORY.severity,
    check=None,
    doc=DOC,
    origin=__file__,
)
