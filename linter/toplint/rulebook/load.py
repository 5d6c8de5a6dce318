"""Load rules: Python modules defining ``RULE`` and declarative YAML files, into one ``Rule`` type.

YAML rules are read with ``toplint.infra.yamlsafe`` (safe loader, positions) and validated against
``schemas/rule.schema.json``; a problem raises ``ConfigError`` naming file, line and column.
Python rules come only from installed packages (``toplint.rules`` or a plugin's own package),
never from the tree being linted.
"""

from __future__ import annotations

import importlib
import os
from collections.abc import Iterable
from typing import TYPE_CHECKING, Any

from toplint.errors import ConfigError, SourceError
from toplint.facts import registry
from toplint.infra import schemas
from toplint.infra.datacache import cached_data
from toplint.infra.pkgdata import package_folder, package_root
from toplint.infra.yamlsafe import one_document
from toplint.model import APPLICABILITIES, Applicability, Severity
from toplint.rulebook.declarative import Branch, Spec, make_check, references
from toplint.rulebook.messages import placeholders
from toplint.rulebook.types import Rule

if TYPE_CHECKING:
    from importlib.abc import Traversable
    from pathlib import Path

__all__ = ["load_python_rules", "load_yaml_rules", "rule_from_yaml_text"]


def load_python_rules(package: str = "toplint.rules") -> list[Rule]:
    """Every ``RULE`` defined by a module of ``package`` (sorted by module name)."""
    pkg = importlib.import_module(package)
    rules: list[Rule] = []
    for name in _module_names(list(pkg.__path__)):
        module = importlib.import_module(f"{package}.{name}")
        rule = getattr(module, "RULE", None)
        if isinstance(rule, Rule):
            rules.append(rule)
    return rules


def _module_names(folders: list[str]) -> list[str]:
    """The modules in a package's folders, sorted, as ``pkgutil.iter_modules`` names them.

    Listing the folders directly skips importing ``pkgutil`` (~4 ms); a package that is not
    plain folders (a zip, a namespace with odd finders) still goes through ``pkgutil``.
    """
    if not all(os.path.isdir(f) for f in folders):
        import pkgutil

        return sorted({i.name for i in pkgutil.iter_modules(folders)})
    from importlib.machinery import all_suffixes

    suffixes = sorted(all_suffixes(), key=len, reverse=True)
    names: set[str] = set()
    for folder in folders:
        for entry in os.listdir(folder):
            if os.path.isdir(os.path.join(folder, entry)):
                if entry.isidentifier() and os.path.isfile(
                    os.path.join(folder, entry, "__init__.py")
                ):
                    names.add(entry)
                continue
            stem = next((entry[: -len(s)] for s in suffixes if entry.endswith(s)), "")
            if stem.isidentifier() and stem != "__init__":
                names.add(stem)
    return sorted(names)


def load_yaml_rules(where: str | Path | Traversable = "toplint.rules") -> list[Rule]:
    """Every ``*.yaml`` rule in a package (dotted name) or a directory (a path)."""
    folder = package_folder(where) if isinstance(where, str) and _is_package(where) else None
    if folder is not None:  # plain file I/O: no pathlib at start-up
        names = sorted(n for n in os.listdir(folder) if n.endswith((".yaml", ".yml")))
        paths = [os.path.join(folder, n) for n in names]
        paths = [p for p in paths if os.path.isfile(p)]
        return [rule_from_yaml_text(_read(p), p) for p in paths]
    root = _root(where)
    files = sorted(
        (f for f in root.iterdir() if f.is_file() and f.name.endswith((".yaml", ".yml"))),
        key=lambda f: f.name,
    )
    return [rule_from_yaml_text(f.read_text(encoding="utf-8"), str(f)) for f in files]


def _is_package(where: str) -> bool:
    return not ("/" in where or "\\" in where or where.startswith("."))


def _read(path: str) -> str:
    with open(path, encoding="utf-8") as handle:
        return handle.read()


def _root(where: str | Path | Traversable) -> Traversable:
    if isinstance(where, str):
        if not _is_package(where):
            from pathlib import Path

            return Path(where)
        return package_root(where)
    return where


def rule_from_yaml_text(text: str, origin: str) -> Rule:
    """One declarative rule from YAML text (``origin`` names it in errors).

    The checked data is kept in the data cache (``toplint.infra.datacache``), so a rule file is
    parsed and validated once, not at every start-up.  Its entry depends on the text, the rule
    schema and the published facts: a tightened schema or a removed fact rejects a rule that
    an older check accepted.
    """

    depends = schemas.schema_text("rule") + "\0" + "\0".join(registry.FACTS)
    data = cached_data(text, _LOADER, lambda t: _checked_rule_data(t, origin), depends)
    return _rule(data, origin)


# The loader's name in the data cache; bump it when what it returns or checks changes.
_LOADER = "rule-yaml-v2"


def _checked_rule_data(text: str, origin: str) -> Any:

    try:
        doc = one_document(text, origin, "a rule file holds one YAML document", remember=False)
    except SourceError as exc:
        raise ConfigError(f"{origin}:{exc.line}:{exc.column}: {exc}") from None
    _validate(doc.data, origin, doc)
    return doc.data


def _validate(data: Any, origin: str, doc: Any) -> None:
    _check_schema(data, doc)
    fix = data.get("fix") or {}
    templates = [data["message"], fix.get("message", "")]
    templates += [v.get("message", "") for v in fix.get("variants", ())]
    templates += [b.get("message", "") for b in data.get("severities", ())]
    for template in templates:
        if any(not name for name in placeholders(str(template))):
            raise ConfigError(f"{origin}: empty placeholder '{{}}' in a message")
    _check_names(data, doc)


def _check_names(data: Any, doc: Any) -> None:
    """Every fact a rule reads is a published one and every option it reads is declared: a
    misspelled name would otherwise leave the rule silently never firing."""

    options = data.get("options") or {}
    for path, kind, name in references(data):
        known: Iterable[str] = registry.FACTS if kind == "fact" else options
        if name in known:
            continue
        where = ".".join(str(p) for p in path)
        if kind == "fact":
            hint = (
                _suggest(name, registry.FACTS) or " (`python -m toplint.facts.registry` lists them)"
            )
            message = f"unknown fact `{name}`{hint}"
        else:
            declared = ", ".join(map(str, options)) or "none"
            hint = _suggest(name, options) or f" (declared: {declared})"
            message = f"option `{name}` is not declared under `options:`{hint}"
        raise ConfigError(f"{doc.value_position(path)}: {where}: {message}")


def _suggest(name: str, known: Iterable[str]) -> str:
    import difflib

    close = difflib.get_close_matches(name, list(known), n=1, cutoff=0.6)
    return f"; did you mean `{close[0]}`?" if close else ""


def _check_schema(data: Any, doc: Any) -> None:

    errors = schemas.schema_errors(data, "rule", order=lambda e: list(map(str, e.absolute_path)))
    if errors:
        err = errors[0]
        path = tuple(err.absolute_path)
        pos = doc.value_position(path)
        where = ".".join(str(p) for p in path) or "(top level)"
        raise ConfigError(f"{pos}: {where}: {err.message}")


def _rule(data: dict[str, Any], origin: str) -> Rule:
    fix = data.get("fix") or {}
    spec = Spec(
        when=data["when"],
        message=str(data["message"]),
        at=_fields(data.get("at", "tp")),
        anchor=str(data.get("anchor", "")),
        branches=tuple(_branches(data.get("severities", ()))),
        fix_message=fix.get("message"),
        fix_applicability=_applicability(fix.get("applicability", "display")),
        fix_variants=tuple((v["when"], str(v["message"])) for v in fix.get("variants", ())),
    )
    return Rule(
        code=str(data["code"]),
        name=str(data["name"]),
        summary=str(data["summary"]),
        severity=Severity(data["severity"]),
        check=make_check(spec),
        options=dict(data.get("options") or {}),
        doc=str(data["doc"]),
        fix_safety=_applicability(fix.get("applicability")) if fix else "",
        origin=origin,
        accelerators="any" if data.get("accelerators") == "any" else "gpu",
    )


def _applicability(value: object) -> Applicability:
    """A fix's ``applicability`` (the schema's enum; checked again so the type says so)."""
    for known in APPLICABILITIES:
        if value == known:
            return known
    raise ConfigError(f"fix applicability {value!r} is not one of {', '.join(APPLICABILITIES)}")


def _branches(raw: Iterable[dict[str, Any]]) -> Iterable[Branch]:
    for entry in raw:
        yield Branch(entry["when"], Severity(entry["severity"]), entry.get("message"))


def _fields(value: str | list[str]) -> tuple[str, ...]:
    return (value,) if isinstance(value, str) else tuple(str(v) for v in value)
