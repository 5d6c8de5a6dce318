"""The engine arguments a scope's mappings write (``toplint.parse.generic.scope.Scope``): its
option keys as options, its flag lists and flag strings as flags, a file of options beside it as
``--config``, each placed where it is written and anchored at its key path."""

from __future__ import annotations

import os
from collections.abc import Mapping
from typing import Any

from toplint.model import Position
from toplint.parse.generic import evidence as ev
from toplint.parse.generic import pyimports
from toplint.parse.generic.models import MODEL_OPTIONS, model_in
from toplint.parse.generic.scope import (
    FLAG_KEYS,
    Scope,
    Tree,
    engine_call,
    flag_list,
    placeholder_args,
)
from toplint.parse.generic.tree import CALL, Path, get, is_ref, scalar_keys
from toplint.parse.infer import resources as rs
from toplint.parse.infer.scopevars import declared, interpolated, substitute
from toplint.parse.options import Arg
from toplint.parse.structured.anywhere import element
from toplint.record import record, replace


def owned_args(tree: Tree, scope: Scope, spec: Any) -> list[Arg]:
    """The options and flags of the mappings read into ``scope``, in the order they are owned."""
    args: list[Arg] = []
    for at in scope.owned:
        node = get(tree.data, at)
        args.extend(option_args(tree, at, node, spec))
        args.extend(_flags(tree, at, node, spec))
    return args


@record
class _Unknown:  # ``tree.is_ref`` knows it by this name
    """A value computed at run time (a call's result): unresolved, named by its text."""

    text: str

    @property
    def variables(self) -> tuple[str, ...]:
        return (self.text,)


def value_arg(tree: Tree, text: Any, pos: Position, anchor: str) -> Arg:
    if is_ref(text):
        return Arg(None, str(text.text), pos, tuple(text.variables), anchor)
    if isinstance(text, str) and text.startswith("${"):
        resolved = interpolated(tree.data, text)  # OmegaConf/Hydra ``${a.b}``
        text = resolved if resolved is not None else text
    return replace(element(str(text), pos, anchor), anchor=anchor)


def read_keys(tree: Tree, at: Path, node: Mapping[Any, Any], spec: Any) -> list[tuple[str, str]]:
    """(key, canonical option) for the keys of an owned mapping read as the engine's options;
    the short ones too in a call of the engine's own (``TurbomindEngineConfig(tp=2)``)."""
    calls = pyimports.imported(getattr(tree, "imports", {}))
    short = engine_call(node, calls) == spec.engine_name
    within = at[-1] if at else None
    return ev.option_keys(scalar_keys(node), spec, short, within, scoped=True)


def option_args(tree: Tree, at: Path, node: Mapping[Any, Any], spec: Any) -> list[Arg]:
    args: list[Arg] = []
    for key, canonical in read_keys(tree, at, node, spec):
        value = node[key]
        if _selects_engine(value, canonical, spec):
            continue
        where = rs.anchor((*at, key))
        name_pos = tree.key_position((*at, key))
        value_pos = tree.value_position((*at, key))
        takes = spec.options.get(canonical, False)
        if isinstance(value, bool):
            if value and not takes:
                args.append(Arg(f"--{canonical}", key, name_pos, (), where))
            elif takes or canonical in spec.negatable:
                word = f"--{canonical}" if takes else f"--no-{canonical}"
                args.append(Arg(word, key, name_pos, (), where))
                if takes:
                    args.append(Arg(str(value).lower(), str(value), value_pos, (), where))
            continue
        if isinstance(value, dict) and CALL in value:
            value = _Unknown(f"{value[CALL]}(...)")  # a value a call computes at run time
        elif isinstance(value, dict) and canonical in MODEL_OPTIONS:
            inner = model_in(value)  # `model: {id: org/m, revision: main}`
            if inner is None:
                continue
            value, value_pos = inner[1], tree.value_position((*at, key, inner[0]))
            where = rs.anchor((*at, key, inner[0]))
        elif isinstance(value, dict):
            import json  # only a mapping-valued option is written as JSON

            value = json.dumps({k: v for k, v in value.items() if k != CALL}, default=str)
        args.append(Arg(f"--{canonical}", key, name_pos, (), where))
        args.append(value_arg(tree, value, value_pos, where))
    return args


def _selects_engine(value: Any, canonical: str, spec: Any) -> bool:
    """A key of the user's own code that picks the engine by name (``InferEngine(backend=
    "lmdeploy", lmdeploy_config=LmdeployConfig(backend="turbomind"))``,
    NagatoYuki0943/xlab-huanhuan@ce853e8 lmdeploy/infer_engine_test_lmdeploy_local.py): it
    names the engine, as a scope's ``type: vllm`` does, and is no option of it - no engine
    option takes the engine's own name (LMDeploy's ``--backend`` is turbomind or pytorch).  A
    name a model or a served model is given is kept."""
    if not isinstance(value, str) or canonical in MODEL_OPTIONS or "name" in canonical:
        return False
    return bool(value.strip().lower() == str(spec.engine_name))


def _flags(tree: Tree, at: Path, node: Mapping[Any, Any], spec: Any) -> list[Arg]:
    """The flags a mapping's flag list (or flag string) writes.  A list element's ``$(NAME)`` /
    ``${NAME}`` whose value the same mapping declares (``env: [{name: TP, value: "2"}]`` beside
    a container's ``command``: the kubelet expands ``$(NAME)`` in ``command``/``args`` from the
    container's ``env``, Kubernetes "Define a Command and Arguments for a Container", "Use
    environment variables to define arguments") is put in (``scopevars.substitute``); an
    unknown one stays unresolved."""
    args: list[Arg] = []
    env = declared(node)
    for key, value in node.items():
        if key == CALL:
            continue
        tokens = flag_list(value, spec)
        if tokens is None and placeholder_args(node, key):
            pos = tree.value_position((*at, key))  # ``args = ${VLLM_ARGS}`` beside ``image``
            args.append(Arg(None, value, pos, (value,), rs.anchor((*at, key))))
            continue
        if tokens is None or (isinstance(value, str) and rs.norm(key) not in FLAG_KEYS):
            continue
        where = rs.anchor((*at, key))
        if isinstance(value, str):
            pos = tree.value_position((*at, key))
            args.extend(Arg(t, t, pos, (), where) for t in tokens)
            continue
        for i, tok in enumerate(tokens):
            pos = tree.value_position((*at, key, i))
            known = substitute(tok, env) if env and isinstance(tok, str) else tok
            arg = value_arg(tree, known, pos, where)
            args.append(arg if known == tok else replace(arg, raw=str(tok)))
    return args


# Keys naming the file of the engine's options a launcher passes it (``configFile:
# serving-args.yaml`` beside ``framework: vllm``: AI-Hypercomputer/gpu-recipes@2e1fd5ef
# inference/*/recipe/values.yaml, whose launcher reads SERVER_ARGS_FILE into flags as vLLM's
# ``--config`` reads a YAML of options).
_CONFIG_KEYS = ("configfile", "argsfile", "serverargsfile", "engineargsfile", "configyaml")


def config_file(tree: Tree, path: str, scope: Scope, spec: Any) -> list[Arg] | None:
    """``--config FILE`` for a key of the scope naming a YAML file of the engine's options that
    exists beside the file (read through ``enginecfg``, inside the repository only); None when
    the engine takes no config file or no such file is there."""
    if not spec.config_options or path == "-":
        return None
    for at in scope.owned:
        node = get(tree.data, at)
        for key, value in node.items():
            if not (isinstance(key, str) and rs.norm(key) in _CONFIG_KEYS):
                continue
            if not (isinstance(value, str) and value.endswith((".yaml", ".yml"))):
                continue
            if value.startswith(("/", "~")) or ".." in value:
                continue
            if not os.path.isfile(os.path.join(os.path.dirname(path), value)):
                continue
            where = rs.anchor((*at, key))
            name = Arg(f"--{spec.config_options[0]}", key, tree.key_position((*at, key)), (), where)
            return [name, Arg(value, value, tree.value_position((*at, key)), (), where)]
    return None


def flag_args(tree: Tree, at: Path, value: Any) -> list[Arg]:
    """A flag list (each element placed) or flag string (split as words) as arguments."""
    where = rs.anchor(at)
    if isinstance(value, str):
        pos = tree.value_position(at)
        return [Arg(t, t, pos, (), where) for t in value.split()]
    if isinstance(value, list):
        return [
            value_arg(tree, v, tree.value_position((*at, i)), where) for i, v in enumerate(value)
        ]
    return []
