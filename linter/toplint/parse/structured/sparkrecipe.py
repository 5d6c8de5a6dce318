"""Launch recipes of eugr/spark-vllm-docker (``run-recipe.py``) and of sparkrun, which reads them.

A recipe is a YAML document whose ``command`` is an engine command line with ``{name}``
placeholders filled from its ``defaults`` (eugr/spark-vllm-docker run-recipe.py
@250727253fd9398995a074ef9af7e3236c84abc4: ``load_recipe`` requires ``name``,
``recipe_version``, ``container`` and ``command``; ``generate_launch_script`` runs
``command.format(**{**defaults, **overrides})`` and exports ``env``; the launch runs one container
per node of the cluster, ``launch-cluster.sh``).  Two substitutions read the same file:

- run-recipe.py's ``str.format``: a placeholder of a default is its value, ``{{`` and ``}}`` are
  literal braces, and a placeholder with no default stops the launch ("Missing parameter in
  recipe command");
- sparkrun's (a recipe with sparkrun's own keys: ``runtime``, ``builder``, ``min_nodes``, or one
  with no ``name``, which run-recipe.py refuses): a ``{...}`` whose content is a default's name
  is its value and any other is left as written, doubled braces included (``arg_substitute``,
  regex ``\\{(.*?)\\}``, as Mjxkill/deepseek-v4-flash-2x-dgx-spark@03a680ed README.md trap 1
  records it: "does not collapse ``{{`` -> ``{`` the way str.format does").

sparkrun's ``min_nodes`` is the number of nodes the recipe runs on.  The command is read as a
shell line and each word's placeholders are filled in place, so a value read from a default is
placed at its ``{name}``.
"""

from __future__ import annotations

import re
from typing import Any

from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import load_documents
from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.base import Source
from toplint.parse.k8s.context import to_int
from toplint.parse.options import Arg
from toplint.record import replace

KIND = "spark-recipe"
_MARK = lazy(r"^recipe_version:", re.M)
_COMMAND = lazy(r"^command:", re.M)
_SPARKRUN_KEYS = ("runtime", "builder", "min_nodes")
_PLACEHOLDER = lazy(r"\{(.*?)\}")


def _marked(text: str) -> bool:
    if "recipe_version:" not in text:
        return False
    return _MARK.search(text) is not None and _COMMAND.search(text) is not None


class SparkRecipeParser:
    name = "spark-recipe"

    def accepts(self, source: Source) -> bool:
        return source.name.endswith((".yaml", ".yml")) and _marked(source.text)

    def parse(self, source: Source) -> ParseResult:
        deployments: list[Deployment] = []
        findings: list[Finding] = []
        for doc in load_documents(source.text, source.path):
            data = doc.data
            if not isinstance(data, dict) or not isinstance(data.get("command"), str):
                continue
            found, more = _recipe(source, doc, data)
            deployments.extend(found)
            findings.extend(more)
        return ParseResult(source.path, tuple(deployments), tuple(findings))


def _recipe(
    source: Source, doc: Any, data: dict[str, Any]
) -> tuple[list[Deployment], list[Finding]]:
    from toplint.parse.argv import deployment_from_invocation
    from toplint.parse.invocation import find_invocations
    from toplint.parse.structured.anywhere import commands_in

    defaults = data.get("defaults")
    params = {
        str(k): str(v)
        for k, v in (defaults.items() if isinstance(defaults, dict) else ())
        if isinstance(v, (str, int, float)) and not isinstance(v, bool)
    }
    sparkrun = _sparkrun(data)
    env = {str(k): str(v) for k, v in (data.get("env") or {}).items() if v is not None}
    pos = doc.value_position(("command",))
    nodes = to_int(data.get("min_nodes"))
    out: list[Deployment] = []
    findings: list[Finding] = []
    for words in commands_in(data["command"], pos, env, source.text, source.path):
        args = [_filled_arg(a, params, sparkrun, doc) for a in words]
        for inv in find_invocations(args):
            dep, more = deployment_from_invocation(inv, source.path, source_kind=KIND)
            out.append(replace(dep, nodes=nodes) if nodes and dep.nodes is None else dep)
            findings.extend(more)
    return out, findings


def _filled_arg(arg: Arg, params: dict[str, str], sparkrun: bool, doc: Any) -> Arg:
    """A word of the command with its placeholders filled, at the place it is written (a value
    with a space in it would be more words to the shell the launcher hands the line to); a word
    that is one placeholder has its value where the default is written (a fix edits it there)."""
    if arg.value is None and not sparkrun and len(arg.unresolved) == 1:
        # a word with doubled braces reads as a template's (``{{ x }}``) until str.format,
        # which run-recipe.py applies first, makes them single
        text = arg.unresolved[0]
        return replace(arg, value=filled(text, params, sparkrun=False), unresolved=())
    if arg.value is None or "{" not in arg.value:
        return arg
    value = filled(arg.value, params, sparkrun=sparkrun)
    whole = _PLACEHOLDER.fullmatch(arg.value)
    if whole is not None and whole.group(1) in params and value != arg.value:
        return replace(arg, value=value, value_at=doc.value_position(("defaults", whole.group(1))))
    return replace(arg, value=value)


def _sparkrun(data: dict[str, Any]) -> bool:
    """sparkrun's recipe: its own keys, or no ``name`` (which run-recipe.py requires)."""
    return "name" not in data or any(key in data for key in _SPARKRUN_KEYS)


def filled(command: str, params: dict[str, str], *, sparkrun: bool) -> str:
    """The command as the launcher writes it: each placeholder of a default replaced by its
    value in the text, before any shell reads it (inside quotes too), the rest as the launcher
    leaves it."""

    def placeholder(m: re.Match[str]) -> str:
        name = m.group(1)
        return params[name] if name in params else m.group(0)

    if sparkrun:
        return _PLACEHOLDER.sub(placeholder, command)
    import string

    out = []
    try:  # str.format's own reading of the template: doubled braces are literal
        for literal, field, spec, conversion in string.Formatter().parse(command):
            out.append(literal)
            if field is None:
                continue
            whole = "{" + field + (f"!{conversion}" if conversion else "")
            whole += (f":{spec}" if spec else "") + "}"
            out.append(params.get(field, whole))
    except ValueError:  # a template str.format refuses: the launch stops
        return command
    return "".join(out)
