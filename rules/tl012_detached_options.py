"""TL012 detached-options (raised by the shell reader; listed and documented here)."""

from __future__ import annotations

from toplint.model import DETACHED_OPTIONS
from toplint.rulebook.types import Rule

DOC = """\
## What it does
Reports option lines that follow an engine command in a shell script but are not part of it:
the engine command's last line does not end with a backslash, so the next line
(`--tensor-parallel-size 2`) is a command of its own. Reported once per engine command, at the
first detached line, naming the options the server starts without. toplint checks the
deployment as it starts: without them.

A comment line inside the continued command cuts it the same way: the `\\` before it joins
the comment line and `#` comments out the rest, so the command ends there (a commented-out
option, `#--enable-torch-compile \\`, takes every option below it with it); comment lines
between the command and the option lines are skipped.

The same mistake the other way round is reported too: a launch whose lines end with `\\`
inside a YAML folded block (`args: [">-", ...]`) or any text joined into one line. The block
joins the lines with a space, the shell reads `\\ ` as a quoted space glued to the next word, and
the engine gets ` --tensor-parallel-size` (beginning with a space) as an argument it does not
take: it refuses to start (`toplint.parse.glued`; the layout the glued options set is left
unresolved instead of read as the engine's default).

Outcome reported (toplint's severity policy): the deployment does not run as written — the
server starts with its defaults where the script sets the layout, the port or the memory
(error).

## Why is this bad?
In a shell a newline ends a command unless the line ends with `\\` (bash(1), "SHELL GRAMMAR"
and "QUOTING"). The server starts with the options before the break only; the shell would run
the detached line ("--tensor-parallel-size: command not found") after the server exits, which
it never does, so nothing is printed about the options it never got: a model meant for two
GPUs loads on one, a server meant for port 8080 listens on 8000 and its probes fail.

## Example
```bash
vllm serve meta-llama/Llama-3.1-8B-Instruct
    --tensor-parallel-size 2 \\
    --port 8080
```

## Use instead
```bash
vllm serve meta-llama/Llama-3.1-8B-Instruct \\
    --tensor-parallel-size 2 \\
    --port 8080
```

## Options
None.

## Fix safety
Display only: the fix names the line to end with ` \\` (or, for glued options, the backslashes
to remove); toplint does not rewrite the script.

## References
- Bash reference manual, Shell Syntax (Quoting: escape character; Simple Commands):
  https://www.gnu.org/software/bash/manual/html_node/Shell-Syntax.html
- YAML 1.2.2, §8.1.3 Folded Style: https://yaml.org/spec/1.2.2/#813-folded-style
"""

# Raised by a stage: the code, name and severity are written once, in
# toplint.model.DETACHED_OPTIONS (the one constructor of its findings).
RULE = Rule(
    code=DETACHED_OPTIONS.code,
    name=DETACHED_OPTIONS.name,
    summary="Option lines after an engine command are not part of it (a missing backslash).",
    severity=DETACHED_OPTIONS.severity,
    check=None,
    doc=DOC,
    fix_safety="display",
    origin=__file__,
)
