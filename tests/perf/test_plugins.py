"""The plugin manager is built once; the entry-point scan is skipped only when it finds nothing;
without third-party plugins the built-in hooks answer directly, exactly as pluggy would."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path
from typing import Any

import pluggy
import pytest

from toplint import plugins


def _dist(site: Path, name: str, entry_points: str) -> None:
    info = site / f"{name}-1.0.dist-info"
    info.mkdir(parents=True)
    (info / "METADATA").write_text(f"Metadata-Version: 2.1\nName: {name}\nVersion: 1.0\n")
    (info / "entry_points.txt").write_text(entry_points)


def test_manager_is_built_once() -> None:
    assert plugins.plugin_manager() is plugins.plugin_manager()


def test_replaced_factory_builds_a_new_manager(monkeypatch: pytest.MonkeyPatch) -> None:
    first = plugins.plugin_manager()
    monkeypatch.setattr(plugins, "make_plugin_manager", lambda: pluggy.PluginManager("x"))
    assert plugins.plugin_manager() is not first


def test_other_groups_need_no_scan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _dist(tmp_path, "other", "[console_scripts]\nother = other:main\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert not plugins.may_have_entry_points()


def test_toplint_group_is_found(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _dist(tmp_path, "extra", "[console_scripts]\nx = y:z\n\n[ toplint ]\nextra = extra_plugin\n")
    monkeypatch.setattr(sys, "path", [str(tmp_path)])
    assert plugins.may_have_entry_points()


def test_zip_on_path_means_full_scan(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    archive = tmp_path / "lib.zip"
    archive.write_bytes(b"PK\x05\x06" + b"\0" * 18)
    monkeypatch.setattr(sys, "path", [str(archive)])
    assert plugins.may_have_entry_points()


def test_entry_point_plugin_still_loads(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    _dist(tmp_path, "extra", "[toplint]\nextra = toplint_extra_plugin\n")
    (tmp_path / "toplint_extra_plugin.py").write_text(
        "from toplint.plugins import hookimpl\n\n"
        "@hookimpl\ndef toplint_formatters():\n    return {'extra-format': object()}\n"
    )
    monkeypatch.syspath_prepend(str(tmp_path))
    pm = plugins.make_plugin_manager()
    assert pm.get_plugin("extra") is not None
    found = {k for group in pm.hook.toplint_formatters() for k in group}
    assert "extra-format" in found
    monkeypatch.delitem(sys.modules, "toplint_extra_plugin")


def _described(results: list[Any]) -> list[Any]:
    out: list[Any] = []
    for group in results:
        if isinstance(group, dict):
            out.append(sorted((k, type(v).__name__) for k, v in group.items()))
        else:
            out.append(
                [
                    getattr(x, "code", None) or getattr(x, "name", None) or type(x).__name__
                    for x in group
                ]
            )
    return out


@pytest.mark.parametrize(
    "hook", ["toplint_parsers", "toplint_rules", "toplint_formatters", "toplint_engines"]
)
def test_direct_calls_answer_as_pluggy_does(hook: str, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "_scan_says_entry_points", lambda: False)
    assert plugins.hook_owner() is None
    direct = plugins.call_hook(hook)
    via_pluggy = getattr(plugins.make_plugin_manager(entry_points=False).hook, hook)()
    assert direct and _described(direct) == _described(via_pluggy)


def test_an_entry_point_plugin_is_asked_through_pluggy(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(plugins, "_scan_says_entry_points", lambda: True)
    assert plugins.hook_owner() is plugins.plugin_manager()


def test_a_check_without_plugins_never_imports_pluggy(tmp_path: Path) -> None:
    target = tmp_path / "serve.sh"
    target.write_text("vllm serve m --tensor-parallel-size 2\n")
    code = (
        "import sys\n"
        "from toplint.cli import main\n"
        f"main(['check', {str(target)!r}, '--format', 'json'])\n"
        "print('pluggy' in sys.modules)\n"
    )
    done = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=False)
    assert done.stdout.strip().splitlines()[-1] == "False", done.stderr


def test_each_deferred_format_loads_the_format_it_names() -> None:
    from toplint.report.builtin import BUILTIN_FORMATS, toplint_formatters

    formats = toplint_formatters()
    assert sorted(formats) == sorted(BUILTIN_FORMATS)
    for name, deferred in formats.items():
        assert deferred.real().name == name  # type: ignore[attr-defined]
