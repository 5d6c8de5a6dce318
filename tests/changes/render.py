"""Render a markdown comment as GitHub would show it: the real mermaid CLI (mmdc, with
Debian's chromium through puppeteer) turns each ```mermaid block into SVG, marked (mermaid's
own Markdown dependency) the rest into HTML, and headless chromium takes a screenshot.

``scripts/install-render-deps`` installs what this needs; without it the tests skip.
"""

from __future__ import annotations

import json
import os
import shutil
import subprocess
from pathlib import Path

PUPPETEER_ARGS = [
    "--no-sandbox",
    "--headless",
    "--disable-gpu",
    "--disable-background-networking",
    "--disable-component-update",
    "--disable-sync",
    "--no-first-run",
]


def prefix() -> Path:
    default = Path.home() / ".cache" / "toplint-render"
    return Path(os.environ.get("TOPLINT_RENDER_DEPS", default))


def tools() -> tuple[str, str, Path] | str:
    """(mmdc, chromium, node_modules) or why they are missing."""
    chromium = shutil.which("chromium")
    mmdc = shutil.which("mmdc") or str(prefix() / "node_modules" / ".bin" / "mmdc")
    modules = Path(mmdc).parent.parent  # node_modules/.bin/mmdc -> node_modules
    if chromium is None:
        return "chromium is not installed (scripts/install-render-deps installs it)"
    if not os.access(mmdc, os.X_OK):
        return "the mermaid CLI (mmdc) is not installed (scripts/install-render-deps)"
    if shutil.which("node") is None or not (modules / "marked").is_dir():
        return "node and marked (a dependency of the mermaid CLI) are needed"
    return mmdc, chromium, modules


def mermaid(mmdc: str, source: Path, out: Path, work: Path) -> subprocess.CompletedProcess[str]:
    config = work / "puppeteer.json"
    config.write_text(json.dumps({"executablePath": "/usr/bin/chromium", "args": PUPPETEER_ARGS}))
    return subprocess.run(
        [mmdc, "-q", "-p", str(config), "-i", str(source), "-o", str(out)],
        capture_output=True,
        text=True,
        timeout=180,
        cwd=work,
    )


_PAGE = """<!doctype html><html><head><meta charset="utf-8"><style>
body {{ font-family: sans-serif; margin: 24px; max-width: 1600px; }}
table {{ border-collapse: collapse; font-size: 13px; }}
td, th {{ border: 1px solid #999; padding: 4px 6px; }}
img {{ max-width: 1400px; border: 1px solid #ddd; }}
</style></head><body>{body}</body></html>"""


def html(modules: Path, markdown: Path, page: Path) -> None:
    """``markdown`` as an HTML page (marked, GitHub-flavoured: tables)."""
    script = (
        "const {marked} = require(process.argv[1]);"
        "const fs = require('fs');"
        "process.stdout.write(marked.parse(fs.readFileSync(process.argv[2], 'utf8'), {gfm: true}));"
    )
    body = subprocess.run(
        ["node", "-e", script, str(modules / "marked"), str(markdown)],
        capture_output=True,
        text=True,
        check=True,
        timeout=60,
    ).stdout
    page.write_text(_PAGE.format(body=body), encoding="utf-8")


def screenshot(chromium: str, page: Path, png: Path, height: int = 2400) -> None:
    subprocess.run(
        [
            chromium,
            *PUPPETEER_ARGS,
            "--hide-scrollbars",
            f"--screenshot={png}",
            f"--window-size=1500,{height}",
            page.as_uri(),
        ],
        capture_output=True,
        check=True,
        timeout=120,
    )
