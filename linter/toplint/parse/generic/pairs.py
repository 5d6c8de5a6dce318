"""Where a text writes ``key: value``: the patterns ``toplint.parse.generic.mention`` reads an
engine's choice from (group 1 the key, group 2 the value), in any text format, so that a file
the structured readers could not read still says which engine it names."""

from __future__ import annotations

import re

from toplint.infra.patterns import lazy

# ``key: value`` / ``KEY=value`` / ``"key": "value",`` alone on a line (YAML, TOML, JSON, .env,
# shell); a YAML list dash may precede it.  Linear: no nested quantifiers.
KEY_VALUE = lazy(
    r"""^[ \t]*(?:-[ \t]+)?(?:export[ \t]+)?["']?([A-Za-z_][\w.-]{0,60})["']?[ \t]*[:=][ \t]*"""
    r"""["']?([A-Za-z][\w.-]{0,40})["']?[ \t]*,?[ \t]*(?:#[^\n]*)?$""",
    re.MULTILINE,
)


# ``"key": "value"`` anywhere on a line (JSON written on one line).
JSON_PAIR = lazy(r"""["']([A-Za-z_][\w.-]{0,60})["'][ \t]*:[ \t]*["']([A-Za-z][\w.-]{0,40})["']""")
# ``key: value`` in a flow mapping (``labels: {app: vllm}``, YAML 1.2 §7.4.1): what a block
# mapping's line says, written inline; a colon needs a blank after it there as in a block.
FLOW_PAIR = lazy(
    r"""(?<=[{,])[ \t]*([A-Za-z_][\w.-]{0,60})[ \t]*:[ \t]+([A-Za-z][\w.-]{0,40})[ \t]*(?=[,}])"""
)


def written_pairs(text: str) -> list[re.Match[str]]:
    """Every ``key: value`` pair ``text`` writes outside a command line: a line's, a one-line
    JSON object's, a flow mapping's (comments included: the caller asks where each stands)."""
    return [*KEY_VALUE.finditer(text), *JSON_PAIR.finditer(text), *FLOW_PAIR.finditer(text)]


# ``--key value`` / ``--key=value`` on a command line: a platform's option that chooses the engine
# it starts (ms-swift ``--infer_backend vllm``, Xinference ``--model-engine vLLM``), counted only
# for a key that chooses (``evidence._CHOOSING``: ``…backend``, ``…engine``).
OPTION_VALUE = lazy(
    r"""(?<![\w-])--([A-Za-z][\w-]{0,60})(?:[ \t]+|=)["']?([A-Za-z][\w.-]{0,40})["']?(?![\w./-])"""
)
# ``key=value`` among a command's arguments: a platform's override that chooses the engine
# (LLaMA-Factory ``llamafactory-cli api conf.yaml infer_backend=vllm``), counted like
# ``OPTION_VALUE`` only for a key that chooses.
ARG_KEY_VALUE = lazy(
    r"""(?<=[ \t])([A-Za-z_][\w.-]{0,60})=["']?([A-Za-z][\w.-]{0,40})["']?(?![\w./:-])"""
)


# The same ``key: value`` commented out (``#   engine: VLLM``): it selects nothing.
COMMENTED_KEY_VALUE = lazy(
    r"""^[ \t]*#+[ \t]*(?:-[ \t]+)?["']?([A-Za-z_][\w.-]{0,60})["']?[ \t]*[:=][ \t]*"""
    r"""["']?([A-Za-z][\w.-]{0,40})["']?[ \t]*,?[ \t]*$""",
    re.MULTILINE,
)
