"""The pull-request comment renders: mermaid blocks through the real mermaid CLI, the page in
headless chromium, a screenshot taken (slow; skipped with the reason when the tools are
absent: ``scripts/install-render-deps`` installs them)."""

from __future__ import annotations

import os
import re
import subprocess
from pathlib import Path
from typing import Any

import pytest

from tests.changes import render
from tests.changes.repo import CONFIG, MANIFEST, check_in, commit, git, serve
from toplint.report.mermaid import label

HOSTILE = 'h100 "x"] <b>bold</b> `tick` @octocat #1 |pipe| {brace} & \u202e'

pytestmark = pytest.mark.slow


@pytest.fixture(scope="module")
def tools() -> tuple[str, str, Path]:
    found = render.tools()
    if isinstance(found, str):
        # .ci/run installs the tools and sets this: there, a missing renderer is a failure.
        if os.environ.get("TOPLINT_REQUIRE_RENDER"):
            pytest.fail(found)
        pytest.skip(found)
    return found


def _comment(root: Path, capsys: Any) -> str:
    code = check_in(root, ".", "--base", "HEAD~1", "--format", "markdown")
    # TP 16 over InfiniBand runs and nothing on its GPUs is clearly faster: info, which does
    # not fail (docs/severity.md); the comment still shows it as introduced.
    assert code == 0
    return str(capsys.readouterr().out)


def test_the_comment_renders_and_reads(
    tools: tuple[str, str, Path], tmp_path: Path, capsys: Any
) -> None:
    mmdc, chromium, modules = tools
    root = tmp_path / "repo"
    root.mkdir()
    git(root, "init", "-q")
    files = {
        "toplint.yaml": CONFIG.replace("cluster: h100", "cluster: " + _yaml(HOSTILE)),
        "hardware.yaml": MANIFEST.replace("name: h100", "name: " + _yaml(HOSTILE)),
        "deploy/serve.sh": serve("--tensor-parallel-size 8 --pipeline-parallel-size 2"),
    }
    commit(root, files, "base")
    commit(root, {"deploy/serve.sh": serve("--tensor-parallel-size 16")}, "TP 16")
    text = _comment(root, capsys)
    assert text.startswith("## ✅ toplint: 1 finding introduced (1 info), 0 resolved")
    assert "TP=8 PP=2 DP=1 → TP=16 PP=1 DP=1" in text
    assert "@octocat" not in text and "<b>" not in text  # no mention, no HTML from the tree
    work = tmp_path / "render"
    work.mkdir()
    (work / "comment.md").write_text(text, encoding="utf-8")
    done = render.mermaid(mmdc, work / "comment.md", work / "rendered.md", work)
    assert done.returncode == 0, done.stderr
    svgs = sorted(work.glob("rendered-*.svg"))
    assert len(svgs) == text.count("```mermaid") == 2
    before, after = (svg.read_text(encoding="utf-8") for svg in svgs)
    assert "Syntax error" not in before + after
    assert "GPU 7" in before and "stage 1" in before and "crossed by PP" in before
    assert "GPU 7" in after and "crossed by TP" in after and "stage" not in after
    render.html(modules, work / "rendered.md", work / "page.html")
    png = Path(os.environ.get("TOPLINT_RENDER_SHOT", work / "comment.png"))
    render.screenshot(chromium, work / "page.html", png, height=2600)
    assert png.stat().st_size > 20_000  # a page with tables and two pictures, not a blank


def _yaml(text: str) -> str:
    import json

    return json.dumps(text)  # JSON strings are YAML flow scalars


def test_hostile_labels_stay_text(tools: tuple[str, str, Path], tmp_path: Path) -> None:
    """Every character the label escapes comes out of the renderer as itself."""
    mmdc, _, _ = tools
    source = tmp_path / "x.mmd"
    source.write_text(f'flowchart LR\n  a["{label(HOSTILE)}"] ---|"{label("a|b")}"| b\n')
    done = render.mermaid(mmdc, source, tmp_path / "x.svg", tmp_path)
    assert done.returncode == 0, done.stderr
    svg = (tmp_path / "x.svg").read_text(encoding="utf-8")
    shown = re.sub(r"<[^>]+>", "", svg)
    for piece in ('"x"]', "`tick`", "@octocat", "|pipe|", "{brace}"):
        assert piece in shown.replace("&quot;", '"'), piece
    assert "<b>bold" not in svg  # the tag stayed text (&lt;b&gt;), not markup


def test_install_script_is_valid_bash() -> None:
    script = Path(__file__).resolve().parents[2] / "scripts" / "install-render-deps"
    subprocess.run(["bash", "-n", str(script)], check=True)
