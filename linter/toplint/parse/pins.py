"""The engine release a file's own package install pins (``pip install "sglang[all]==0.4.2"``).

An engine installed with pip in the file that runs it - a Dockerfile's ``RUN``, a SkyPilot
task's ``setup``, a script or a container command that installs and then serves - runs the
release the install pins.  Where no image pins one (``toplint.engines.release.pinned``), that
release is the deployment's: ``options["engine_release"]``, and the engine's release-dependent
values are derived again (``Engine.by_release``).  Read only from install commands (``pip
install``, ``pip3 install``, ``python -m pip install``, ``uv pip install``, their continued
lines), of the distributions the engine record names (``Engine.packages``), with ``==``; a
file that pins one engine at two releases pins neither.  An install of ``transformers`` itself,
pinned or not, is marked (``INSTALLS_TRANSFORMERS``): the engine's requirement then no longer
bounds the transformers it runs with.
"""

from __future__ import annotations

import functools
import re
from collections.abc import Sequence

from toplint.engines.registry import get_engine
from toplint.engines.release import pinned
from toplint.infra.patterns import lazy
from toplint.model import Deployment
from toplint.optionkeys import INSTALLS_TRANSFORMERS
from toplint.parse.flagfields import derive
from toplint.record import replace

RELEASE = "engine_release"  # the option that holds a release pinned by a package install
_INSTALL = lazy(r"\b(?:pip3?|python3?\s+-m\s+pip|uv\s+pip)\s+install\b")
_CONTINUED = lazy(r"\\\r?\n")
# the distribution, or its repository (git+https://github.com/huggingface/transformers.git); not
# sentence-transformers, not transformers_stream_generator
_TRANSFORMERS = lazy(r"(?<![\w.-])transformers(?![\w-])", re.IGNORECASE)


def with_pins(text: str, deployments: Sequence[Deployment]) -> tuple[Deployment, ...]:
    """``deployments`` with the release their file's package install pins, where no image
    pins one (the others unchanged), each marked where the file installs ``transformers``."""
    if "install" not in text:
        return tuple(deployments)
    installs = [line for line in _CONTINUED.sub(" ", text).splitlines() if _INSTALL.search(line)]
    if not installs:
        return tuple(deployments)
    transformers = any(_TRANSFORMERS.search(line) for line in installs)
    out = []
    for dep in deployments:
        packages = get_engine(dep.engine).packages
        pins = "==" in text and packages and pinned(dep) is None
        found = _pinned_by(installs, packages) if pins else None
        if found is not None and RELEASE not in dep.options:
            dep = derive(replace(dep, options={**dep.options, RELEASE: found}))
        if transformers and INSTALLS_TRANSFORMERS not in dep.options:
            dep = replace(dep, options={**dep.options, INSTALLS_TRANSFORMERS: "true"})
        out.append(dep)
    return tuple(out)


def _pinned_by(installs: Sequence[str], packages: tuple[str, ...]) -> str | None:
    """The one release the install lines pin any of ``packages`` at; None for none or two."""
    pattern = _pin_pattern(packages)
    found = {m.group(1).rstrip(".") for line in installs for m in pattern.finditer(line)}
    return found.pop() if len(found) == 1 else None


@functools.cache  # one per engine record
def _pin_pattern(packages: tuple[str, ...]) -> re.Pattern[str]:
    names = "|".join(re.escape(p) for p in packages)
    return re.compile(
        rf"(?<![\w.-])(?:{names})(?:\[[^\]\s]*\])?\s*==\s*([0-9][0-9A-Za-z.+!-]*)", re.IGNORECASE
    )
