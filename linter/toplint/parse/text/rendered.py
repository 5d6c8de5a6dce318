"""The values a script template is rendered with, from the playbook that renders it (issue 24,
point 3: variables from files of the repository, under the read policy).

An Ansible play writes a job script from a Jinja template (``template: {src:
templates/serve.sh.j2, dest: …}``) with the play's variables: its ``vars:`` and the files its
``vars_files:`` name, which take precedence over ``vars:`` (docs.ansible.com, "Understanding
variable precedence": play vars_files above play vars).  For a template in a ``templates/``
folder, the YAML files in the folder above it (where a playbook keeps its ``templates/``) are
looked at, a bounded number, each size-capped and inside the repository; a play that renders
this template (``src`` as written, or relative to ``templates/``, as Ansible looks it up) gives
its top-level scalar variables.  A name two plays set differently stays unresolved, and so does
everything that is not a plain ``{{ name }}`` (``{{ item.model_id }}``, filters, a loop's item).

A ``templates/`` folder inside a role (the folder above it holds ``defaults/`` or ``vars/``:
docs.ansible.com, "Roles", role directory structure) is rendered by the role's tasks with the
role's variables: ``defaults/main.yml`` ("default variables for the role ... the lowest priority
of any variables available") under a play's ``vars``, and ``vars/main.yml`` ("other variables
for the role") over them ("Understanding variable precedence": role defaults 2, play vars 12,
play vars_files 14, role vars 15).  The variables every host gets, ``group_vars/all.yml`` (or the
files of a ``group_vars/all/`` folder) beside the playbooks, set a role default again ("inventory
group_vars/all" 4, "playbook group_vars/all" 6) and are read; a narrower group's or a host's
(``group_vars/<group>``, ``host_vars/``) may set them once more for some hosts only and are not,
so a value here is what every host gets unless one says otherwise, as a shell's
``${VAR:-default}`` is its default.  The project root is the folder above ``roles/`` for a role's
template, else the folder above ``templates/``; a play in its ``playbooks/`` folder that renders
the template (``src: ../templates/x.j2``, resolved from the play's folder) counts as one beside it.

``substituted(text, path)`` puts ``${NAME}`` references of the same length in place of the
resolved ``{{ name }}`` (so every position stays) and returns their values, for the shell
interpreter's environment.
"""

from __future__ import annotations

import os
import posixpath
from collections.abc import Iterator, Mapping
from typing import Any

from toplint.errors import SourceError
from toplint.infra.patterns import lazy
from toplint.infra.readpolicy import ReadRefused, read_reference

_PLAIN = lazy(r"\{\{\s*([A-Za-z_][A-Za-z0-9_]*)\s*\}\}")
_MAX_PLAYBOOKS = 32
_MAX_BYTES = 256 * 1024
_TEMPLATE_KEYS = ("template", "ansible.builtin.template")


def substituted(text: str, path: str) -> tuple[str, dict[str, str]]:
    """``text`` with each resolved ``{{ name }}`` made a same-length ``${NAME}``, and the values
    of those names; ``text`` as it is when nothing renders it."""
    if "{{" not in text or path == "-":
        return text, {}
    values = variables(path)
    if not values:
        return text, {}
    env: dict[str, str] = {}

    def put(m: Any) -> str:
        value = values.get(m.group(1))
        name = f"_TPL{len(env)}"
        width = len(m.group(0)) - 3  # `${` and `}`
        if value is None or width < len(name):
            return str(m.group(0))
        name = name.ljust(width, "_")
        env[name] = value
        return "${" + name + "}"

    return _PLAIN.sub(put, text), env


def variables(path: str) -> dict[str, str]:
    """The plain values a template at ``path`` (in a ``templates/`` folder) is rendered with."""
    folder = os.path.dirname(path)
    if os.path.basename(folder) != "templates":
        return {}
    defaults, role_vars = (_role_file(path, part) for part in ("defaults", "vars"))
    return {**defaults, **_group_all(path), **_play_values(path, folder), **role_vars}


def _root_ref(path: str) -> str:
    """The project root relative to the template's folder: above ``roles/`` for a role's
    template (``roles/<role>/templates/x``), else the folder above ``templates/``."""
    role = os.path.dirname(os.path.dirname(path))
    return "../../.." if os.path.basename(os.path.dirname(role)) == "roles" else ".."


def _group_all(path: str) -> dict[str, str]:
    """``group_vars/all.yml`` (``.yaml``) or the files of ``group_vars/all/`` at the root."""
    base = posixpath.join(_root_ref(path), "group_vars")
    local = os.path.normpath(os.path.join(os.path.dirname(path), base))
    out: dict[str, str] = {}
    for name in ("all.yml", "all.yaml"):
        if os.path.isfile(os.path.join(local, name)):
            out.update(_scalars(_load(path, posixpath.join(base, name))))
    try:
        names = sorted(e.name for e in os.scandir(os.path.join(local, "all")) if e.is_file())
    except OSError:
        names = []
    for name in names[:_MAX_PLAYBOOKS]:
        if name.endswith((".yml", ".yaml")):
            out.update(_scalars(_load(path, posixpath.join(base, "all", name))))
    return out


def _role_file(path: str, part: str) -> dict[str, str]:
    """The top-level scalars of the role's ``defaults/main.yml`` or ``vars/main.yml`` (Ansible
    looks for ``main.yml``, ``main.yaml`` or ``main`` there), {} outside a role."""
    for name in ("main.yml", "main.yaml", "main"):
        ref = posixpath.join("..", part, name)
        if os.path.isfile(os.path.join(os.path.dirname(os.path.dirname(path)), part, name)):
            return _scalars(_load(path, ref))
    return {}


def _playbooks(folder: str) -> list[str]:
    """The YAML files a play may be in, relative to the template's folder: beside ``templates/``
    and in a ``playbooks/`` folder there."""
    above = os.path.dirname(folder) or "."
    out: list[str] = []
    for sub in ("", "playbooks"):
        try:
            names = sorted(
                e.name
                for e in os.scandir(os.path.join(above, sub) if sub else above)
                if e.is_file(follow_symlinks=False) and e.name.endswith((".yml", ".yaml"))
            )
        except OSError:
            continue
        out += [posixpath.join("..", sub, name) for name in names]
    return out[:_MAX_PLAYBOOKS]


def _play_values(path: str, folder: str) -> dict[str, str]:
    wanted = os.path.basename(path)
    found: dict[str, str] = {}
    clashes: set[str] = set()
    for ref in _playbooks(folder):
        sub = posixpath.dirname(ref.removeprefix("../"))
        for play in _plays(path, ref):
            if not any(_renders(task, wanted, sub) for task in _tasks(play)):
                continue
            for key, value in _play_variables(path, ref, play).items():
                if found.get(key, value) != value:
                    clashes.add(key)
                found[key] = value
    return {k: v for k, v in found.items() if k not in clashes}


def _load(path: str, ref: str) -> Any:
    from toplint.infra.yamlsafe import load_documents

    try:
        _, text = read_reference(path, ref, _MAX_BYTES)
        docs = load_documents(text, ref)
    except (ReadRefused, OSError, ValueError, SourceError, RecursionError):
        return None
    return docs[0].data if len(docs) == 1 else None


def _plays(path: str, ref: str) -> Iterator[Mapping[str, Any]]:
    data = _load(path, ref)
    if isinstance(data, list):
        yield from (p for p in data if isinstance(p, Mapping) and "hosts" in p)


def _tasks(play: Mapping[str, Any]) -> Iterator[Mapping[str, Any]]:
    for key in ("pre_tasks", "tasks", "post_tasks", "handlers"):
        tasks = play.get(key)
        if isinstance(tasks, list):
            yield from (t for t in tasks if isinstance(t, Mapping))


def _renders(task: Mapping[str, Any], wanted: str, sub: str = "") -> bool:
    """The task renders the template: its ``src`` as written, or relative to ``templates/``, as
    Ansible looks it up from the play's folder ``sub`` (relative to the one above
    ``templates/``)."""
    for key in _TEMPLATE_KEYS:
        spec = task.get(key)
        src = spec.get("src") if isinstance(spec, Mapping) else None
        if not isinstance(src, str):
            continue
        if sub:
            if posixpath.normpath(posixpath.join(sub, src)) == f"templates/{wanted}":
                return True
        elif posixpath.normpath(src) in (wanted, f"templates/{wanted}"):
            return True
    return False


def _play_variables(path: str, ref: str, play: Mapping[str, Any]) -> dict[str, str]:
    out = _scalars(play.get("vars"))
    files = play.get("vars_files")
    for item in files if isinstance(files, list) else ():
        if isinstance(item, str) and "{{" not in item:
            out.update(_scalars(_load(path, posixpath.join(posixpath.dirname(ref), item))))
    return out


def _scalars(data: Any) -> dict[str, str]:
    if not isinstance(data, Mapping):
        return {}
    out: dict[str, str] = {}
    for key, value in data.items():
        if isinstance(value, bool):
            out[str(key)] = str(value)  # Jinja prints a boolean as True/False
        elif isinstance(value, (int, float, str)) and "{{" not in str(value):
            out[str(key)] = str(value)
    return out
