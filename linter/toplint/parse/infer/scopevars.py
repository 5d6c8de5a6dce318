"""Variables a structured document sets for the commands below it (issue 24, point 3).

Platforms declare a command's environment beside it in a few shapes, whatever they call it:

* a list of ``KEY=VALUE`` strings (``env: [MODEL_ID=meta-llama/..., HF_TOKEN]``: a bare name is
  passed through from outside, so it is not known here);
* a list of ``{name: KEY, value: VALUE}`` mappings (the Kubernetes shape), or ``{key: KEY,
  value: VALUE}`` (the same list as OCI AI Blueprints' ``recipe_container_env`` writes it);
* a mapping ``{KEY: VALUE}`` of scalars.

under a key named like an environment: ``env``, ``envs``, ``environment``,
``environment_variables``, ``env_vars``, ``variables``, or one that ends so (``extra_env``,
``container_env``, ``recipe_container_env``).  A value that refers to another variable keeps its
reference (the shell lexer expands ``${VAR:-default}`` as the shell would), so nothing is guessed;
``substitute`` puts known values into a platform's ``$(VAR)`` / ``${VAR}`` references.
``.env`` files are read by ``dotenv``; OmegaConf/Hydra
interpolations inside one document (``${model.tp}``, ``${oc.env:VAR,default}``) by
``interpolated``.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from toplint.infra.patterns import lazy
from toplint.parse.options import Arg

_ENV_KEYS = frozenset(
    {"env", "envs", "environment", "environmentvariables", "envvars", "extraenv", "variables"}
)
_ENV_ENDINGS = ("env", "envs", "environment", "envvars", "environmentvariables")
_NAME = lazy(r"^[A-Za-z_][A-Za-z0-9_]*$")
MAX_VARIABLES = 500


def _norm(key: object) -> str:
    return re.sub(r"[-_.\s]", "", str(key)).lower()


def _scalar(value: Any) -> str | None:
    if isinstance(value, bool):
        return "true" if value else "false"
    if isinstance(value, (str, int, float)):
        return str(value)
    return None


def declared(node: Mapping[Any, Any]) -> dict[str, str]:
    """The variables one mapping declares for what it runs (its env-like keys)."""
    out: dict[str, str] = {}
    for key, value in node.items():
        if not env_key(key):
            continue
        if isinstance(value, dict):
            items = list(value.items())
        elif isinstance(value, list):
            items = [_item(v) for v in value]
        else:
            continue
        for name, text in items[:MAX_VARIABLES]:
            if isinstance(name, str) and _NAME.match(name):
                got = _scalar(text) if text is not None else None
                if got is not None:
                    out[name] = got
    return out


def env_key(key: object) -> bool:
    """A key that holds a command's environment (``env``, ``extraEnv``,
    ``recipe_container_env``)."""
    norm = _norm(key)
    return norm in _ENV_KEYS or (len(norm) < 40 and norm.endswith(_ENV_ENDINGS))


def _item(value: Any) -> tuple[Any, Any]:
    if isinstance(value, str):
        name, eq, text = value.partition("=")
        return (name.strip(), text) if eq else (None, None)
    if isinstance(value, dict) and "value" in value and len(value) <= 4:
        key = value.get("name", value.get("key"))
        return (key, value["value"]) if key is not None else (None, None)
    return None, None


_REFERENCE = lazy(r"\$\(([A-Za-z_]\w*)\)|\$\{([A-Za-z_]\w*)\}")


def substitute(text: str, env: Mapping[str, str]) -> str:
    """``text`` with the ``$(VAR)`` (Kubernetes) and ``${VAR}`` references whose value ``env``
    knows put in, as the platform does before the engine starts; unknown ones stay."""
    if "$" not in text or not env:
        return text

    def known(m: re.Match[str]) -> str:
        value = env.get(m.group(1) or m.group(2))
        return value if value is not None else m.group(0)

    return _REFERENCE.sub(known, text)


# One ``KEY=VALUE`` line of an env file, optionally after ``export``.
_ENV_LINE = lazy(r"^[ \t]*(?:export[ \t]+)?([A-Za-z_][A-Za-z0-9_.-]*)[ \t]*=[ \t]*(.*?)[ \t]*$")


def dotenv(text: str, *, interpolate: bool = True) -> dict[str, str]:
    """The variables of a ``.env`` file (``dotenv_lines``), values only."""
    return {name: value for name, (value, _) in dotenv_lines(text, interpolate).items()}


def dotenv_lines(text: str, interpolate: bool = True) -> dict[str, tuple[str, int]]:
    """Each variable of a ``.env`` file with its value and the (1-based) line that sets it, as
    docker compose and python-dotenv read it (docs.docker.com, "Set, use, and manage variables
    in a Compose file with interpolation", "Env file syntax"; python-dotenv's README, "File
    format"): one ``KEY=VALUE`` per line, optionally after ``export``; a line starting with
    ``#`` and a blank line are skipped; a single-quoted value is literal, a double-quoted or
    unquoted one has the variables above it put in (``interpolate``; kustomize's env files,
    which put in none, are read with it off), an unquoted value's comment starts at `` #``.  A
    value not closed, or naming a variable the file does not set, is left out: that variable
    stays unresolved, never guessed."""
    found: dict[str, tuple[str, int]] = {}
    values: dict[str, str] = {}
    for n, line in enumerate(text.split("\n")[: MAX_VARIABLES * 4], 1):
        m = _ENV_LINE.match(line)
        if m is None or line.lstrip().startswith("#"):
            continue
        value = _env_value(m.group(2), values if interpolate else None)
        if value is not None:
            values[m.group(1)] = value
            found[m.group(1)] = (value, n)
    return found


def _env_value(raw: str, known: dict[str, str] | None) -> str | None:
    """One line's value; None when it is not closed or names an unknown variable."""
    if raw[:1] == "'":
        end = raw.find("'", 1)
        return raw[1:end] if end > 0 else None
    if raw[:1] == '"':
        end = raw.find('"', 1)
        return _env_expanded(raw[1:end], known) if end > 0 else None
    return _env_expanded(raw.split(" #", 1)[0].split("\t#", 1)[0].rstrip(), known)


def _env_expanded(text: str, known: dict[str, str] | None) -> str | None:
    if known is None or "$" not in text:
        return text
    from toplint.parse.text.expand import expand_text

    value, unresolved = expand_text(text, known)
    return value if not unresolved else None


_INTERPOLATION = lazy(r"^\$\{(?:oc\.env:([A-Za-z_]\w*)(?:,([^}]*))?|([A-Za-z_][\w.]*))\}$")


def interpolated(data: Any, text: str, depth: int = 0) -> str | None:
    """An OmegaConf/Hydra interpolation's value: ``${model.tp}`` (another key of the same
    document) or ``${oc.env:VAR,default}`` (the default); None when it cannot be known."""
    m = _INTERPOLATION.match(text.strip())
    if m is None or depth > 8:
        return None
    if m.group(1):
        return m.group(2).strip() if m.group(2) is not None else None
    node = data
    for step in m.group(3).split("."):
        if not isinstance(node, dict) or step not in node:
            return None
        node = node[step]
    if isinstance(node, str) and node.startswith("${"):
        return interpolated(data, node, depth + 1)
    return str(node) if isinstance(node, (str, int, float)) and not isinstance(node, bool) else None


def environment_above(doc: Any, at: tuple[str | int, ...]) -> dict[str, Arg]:
    """The variables the mappings above ``at`` (and their env-like keys beside it) declare for
    what runs there: its process environment, as a container's ``env`` is its process's
    (nearer mappings win).  ``doc``: a document with ``data`` and positions.  Read as the
    engine's environment, a device variable only one vendor's runtime reads (``HCCL_BUFFSIZE``
    beside vllm-ascend's test commands, vllm-project/vllm-ascend@182b75ea
    tests/e2e/nightly/multi_node/internal_dp/config/*.yaml) names that vendor's accelerator,
    ``CUDA_VISIBLE_DEVICES`` the GPUs it sees, and ``VLLM_ALLOW_LONG_MAX_MODEL_LEN`` in an
    ``env_vars`` block beside ``vllm_args`` lets vLLM take a longer context
    (tenstorrent/tt-inference-server@11ac526e release_model_spec.json)."""
    out: dict[str, Arg] = {}
    node = doc.data
    has_key = getattr(doc, "has_key", None)
    for n in range(len(at) + 1):
        here = at[:n]
        if n:
            node = _child(node, at[n - 1])
        if node is None:
            break
        if not isinstance(node, dict):
            continue
        for key, block in node.items():
            if not env_key(key) or not isinstance(block, (dict, list)):
                continue
            for name, value in declared({key: block}).items():
                named = (*here, key, name)
                exact = isinstance(block, dict) and (has_key is None or has_key(named))
                pos = doc.value_position(named) if exact else doc.key_position((*here, key))
                out[name] = Arg(value, f"{name}={value}", pos)
    return out


def _child(node: Any, step: str | int) -> Any:
    if isinstance(node, dict):
        return node.get(step)
    if isinstance(node, list) and isinstance(step, int) and 0 <= step < len(node):
        return node[step]
    return None
