"""An engine scope found in a tree (``toplint.parse.generic.scopes`` finds them,
``toplint.parse.generic.data`` reads each into a deployment), the tree they are found in, and
what both the search and the reading ask of a mapping: which engine it is a call of, and which
of its values are that engine's flags."""

from __future__ import annotations

from collections.abc import Mapping
from typing import Any, Protocol

from toplint.model import Position
from toplint.parse.generic import evidence as ev
from toplint.parse.generic.tree import CALL, Path, one_placeholder, token
from toplint.parse.infer import resources as rs
from toplint.parse.options import option_name
from toplint.record import record


class Tree(Protocol):
    """A document's data with the positions of its keys and values (``yamlsafe.Document``)."""

    @property
    def data(self) -> Any: ...

    def key_position(self, path: Path) -> Position: ...

    def value_position(self, path: Path) -> Position: ...


@record
class Scope:
    at: Path
    engine: str
    why: str
    owned: tuple[Path, ...] = ()  # options mappings read into it (``at`` first)
    # Admitted only for options making up half its keys (``scopes._has_content``): a deployment
    # only with a model or GPUs around it; ``vllm_cfg: {api_key: vllm}`` alone configures a
    # client.
    weak: bool = False
    # Options mappings of entries keyed by name one of which runs, chosen at run time (a preset
    # per model: ``scopes._choice``): their layout options leave the layout unresolved.
    choices: tuple[Path, ...] = ()


def imported_call(call: str, calls: Mapping[str, str]) -> str | None:
    """The engine whose imported name ``call`` is, or whose imported module it is an attribute
    of (``Engine`` after ``from sglang import Engine``; ``sgl.Engine`` after ``import sglang as
    sgl``)."""
    if not call:
        return None
    return calls.get(call.rsplit(".", 1)[-1]) or (
        calls.get(call.split(".", 1)[0]) if "." in call else None
    )


def engine_call(node: Mapping[Any, Any], calls: Mapping[str, str]) -> str | None:
    """The engine whose imported class or function this mapping is a call of."""
    call = node.get(CALL)
    return imported_call(call, calls) if isinstance(call, str) else None


# Keys of a mapping whose value is the engine's argument list (``args``, ``extraArgs``).
FLAG_KEYS = ("args", "extraargs", "flags", "cliargs", "engineargs", "serverargs", "arguments")


def placeholder_args(node: Mapping[Any, Any], key: Any) -> bool:
    """A container's whole argument list written as one placeholder that a template or a
    script fills before the file is used, beside its ``image`` (``args = ${VLLM_ARGS}``:
    ai4os/ai4-papi@6d25648d etc/tools/ai4os-llm/nomad.hcl, whose Python fills it from a table
    of models; ``args = ${jsonencode(args)}`` in a Nomad job Terraform's ``templatefile``
    renders): the image's engine runs with arguments not known here."""
    value = node.get(key)
    return (
        "image" in node
        and isinstance(key, str)
        and rs.norm(key) in FLAG_KEYS
        and isinstance(value, str)
        and one_placeholder(value)
        # a template's value, not an inline expression around written arguments
        # (``concat(["--model=${var.model}"], var.extra)``: those are not read yet)
        and value.count("${") == 1
        and "\n" not in value
    )


def flag_list(value: Any, spec: Any) -> list[Any] | None:
    """The tokens of a flag list or flag string holding at least one of ``spec``'s options."""
    if isinstance(value, str):
        if not value.lstrip().startswith("-") or len(value) > 4000:
            return None
        tokens: list[Any] = value.split()
    elif isinstance(value, list) and value and all(token(v) for v in value):
        tokens = list(value)
    else:
        return None
    known = [t for t in tokens if isinstance(t, str) and t.startswith("-")]
    names = [t.split("=", 1)[0] for t in known]
    # `--tensor_parallel_size`, and `--tp` as the engine's own parser reads it (a unique prefix)
    named = any(ev.canonical(n, spec) or option_name(spec, n) for n in names if n.startswith("--"))
    return tokens if named else None
