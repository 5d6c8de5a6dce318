"""Engine releases: the one an option vocabulary was read from, the one an image tag names, and
whether a behaviour some releases have holds for a deployment.

An option toplint's vocabulary does not know is a typo on an image of the vocabulary's release
or older, but may be a real option on a newer one: then TL005 is info, not a warning (issue 14).

Every release-dependent check asks one rule, ``holds``: given the release the deployment pins
(``pinned``: the engine's image tag, else a package install's pin) and the releases a behaviour
holds in (``Releases``), the behaviour "applies", "does not apply", or - no release pinned - is
"unknown", judged as if it applies (the release that refuses, or fits worst) and said as a
doubt that names those releases and the pin that settles it (``Holds.doubt``).  A behaviour
read to end by a release but last read to hold in an earlier one (``Releases.read_until``) is
"unknown" at a release pinned in between: that band was not read, and is said so.  A check turns
"unknown" into a warning, never into a certain refusal: SGLang's fixed count of Qwen3-Next
state slots (``toplint.outcome.statesplit``), vLLM V0's one KV cache per pipeline stage
(``toplint.outcome.virtual``), TurboMind's power-of-two TP (``toplint.outcome.refusals``),
KV heads divided before an engine replicated them (``toplint.outcome.shards``), recurrent state
paged from a release on (``toplint.outcome.states``), vLLM's higher ModelOpt FP8 capability
floor of its earlier releases (``toplint.outcome.precision``).  ``holds_at`` asks it at a release
before any deployment is read (a switch some releases parsed with a value: ``parse.switchvalue``).
"""

from __future__ import annotations

import functools
from typing import Literal

from toplint.engines.registry import generation, get_engine, image_record
from toplint.engines.types import EngineSpec
from toplint.engines.versions import image_repository, image_tag, in_force, version
from toplint.model import Deployment, Dimension
from toplint.record import record

__all__ = [
    "Holds",
    "Releases",
    "dimensions",
    "holds",
    "holds_at",
    "image_release",
    "image_repository",
    "image_tag",
    "in_force",
    "newer_image",
    "pinned",
    "version",
]

Verdict = Literal["applies", "does not apply", "unknown"]


@record
class Releases:
    """The releases of an engine a behaviour holds in: from ``since`` (the first release that
    has it; "" the earliest) until ``until`` (the first that no longer has it; "" none yet)."""

    since: str = ""
    until: str = ""
    # the last release read to have it, where it is known to end by ``until`` but the releases
    # between were not read: a release after this one and before ``until`` is "unknown" ("" none)
    read_until: str = ""
    # the last release read not to have it, where it is known to begin by ``since`` but the
    # releases between were not read: one after this and before ``since`` is "unknown" ("" none)
    read_since: str = ""

    def cover(self, release: tuple[int, int, int]) -> bool:
        """Whether ``release`` is one of them."""
        first = version(self.since) if self.since else None
        after = version(self.until) if self.until else None
        return (first is None or release >= first) and (after is None or release < after)

    def unread(self, release: tuple[int, int, int]) -> bool:
        """Whether ``release`` is in a band that was not read: after ``read_until`` (and one of
        them), or after ``read_since`` and before ``since``."""
        last = version(self.read_until) if self.read_until else None
        if last is not None and release > last and self.cover(release):
            return True
        before, first = version(self.read_since) if self.read_since else None, version(self.since)
        return before is not None and first is not None and before < release < first


@record
class Holds:
    """Whether a behaviour (``Releases``) holds for a deployment: ``verdict`` "applies" (the
    release pinned has it), "does not apply" (the release pinned has not) or "unknown" (no
    release pinned: judged as if it applies, and said as a doubt)."""

    verdict: Verdict
    engine: str  # the engine's title ("LMDeploy")
    releases: Releases
    pin: tuple[int, int, int] | None  # the release the deployment pins
    settles: str = ""  # how a user pins one ("an image tag (…) or a pip pin (lmdeploy==…)")

    @property
    def judged(self) -> bool:
        """Judged as holding: it applies, or no release is pinned (the one that refuses, or
        fits worst, is assumed)."""
        return self.verdict != "does not apply"

    @property
    def certain(self) -> bool:
        return self.verdict == "applies"

    @property
    def unknown(self) -> bool:
        return self.verdict == "unknown"

    def span(self) -> str:
        """The releases it holds in, said: "LMDeploy before 0.6.0", "vLLM from 0.9.1", "SGLang
        from 0.5.2 until 0.5.4"."""
        since, until = self.releases.since, self.releases.until
        if since and until:
            return f"{self.engine} from {since} until {until}"
        if until:
            return f"{self.engine} before {until}"
        return f"{self.engine} from {since}" if since else f"every {self.engine} release"

    def others(self) -> str:
        """The releases it does not hold in, said: "LMDeploy 0.6.0 and later" ("" none)."""
        since, until = self.releases.since, self.releases.until
        parts = ([f"before {since}"] if since else []) + ([f"{until} and later"] if until else [])
        return f"{self.engine} {' or '.join(parts)}" if parts else ""

    def pinned_said(self) -> str:
        """The release pinned, said: "LMDeploy 0.5.3" ("" where none is)."""
        return f"{self.engine} {'.'.join(map(str, self.pin))}" if self.pin is not None else ""

    def doubt(self) -> str:
        """For "unknown": that it was judged as holding, in which releases, and the pin that
        settles it; for a release pinned in the unread band (``Releases.read_until``), that it
        was not read ("" where the pinned release's verdict is known)."""
        if not self.unknown:
            return ""
        if self.pin is not None and self.releases.read_since:
            before, since = self.releases.read_since, self.releases.since
            return (
                f"{self.pinned_said()} was not read: {self.engine} {before} is the last release "
                f"read without it, {since} the first read to have it"
            )
        if self.pin is not None:
            last, until = self.releases.read_until, self.releases.until
            return (
                f"{self.pinned_said()} was not read: {self.engine} {last} is the last release "
                f"read to have it, {until} the first read without it"
            )
        return f"no {self.engine} release is pinned: judged as {self.span()}" + (
            f"; {self.settles} settles it" if self.settles else ""
        )


def holds(dep: Deployment, releases: Releases) -> Holds:
    """Whether a behaviour of ``releases`` holds for ``dep``: at the release it pins, or -
    none pinned - "unknown", judged as holding (the one rule every release-dependent check
    asks)."""
    return holds_at(dep.engine, pinned(dep), releases)


def holds_at(engine_name: str, at: tuple[int, int, int] | None, releases: Releases) -> Holds:
    """``holds`` at the release ``at`` (None: none pinned), where no deployment is read yet
    (``toplint.parse.switchvalue`` knows only the image of the command it reads)."""
    verdict: Verdict = (
        "unknown"
        if at is None or releases.unread(at)
        else ("applies" if releases.cover(at) else "does not apply")
    )
    title = get_engine(engine_name).title
    return Holds(verdict, title, releases, at, _settles(engine_name, generation()))


@functools.lru_cache(maxsize=64)
def _settles(engine_name: str, _generation: int) -> str:
    """How a deployment of the engine pins a release: its image's tag, a pip install's pin."""
    engine = get_engine(engine_name)
    images = [i.repository for i in engine.images if i.release_tag][:1]
    ways = [f"an image tag ({images[0]}:<release>)"] if images else []
    ways += [f"a pip pin ({engine.packages[0]}==<release>)"] if engine.packages else []
    return " or ".join(ways)


def pinned(dep: Deployment) -> tuple[int, int, int] | None:
    """The engine release the deployment's image pins: the tag of the engine's own image
    (``Engine.images`` whose ``Image.release_tag``); None when not known - no image, ``latest``,
    a digest, or an image whose tag is not the engine's release (a base image such as
    ``nvidia/cuda:12.4.1-devel``, whose tag had been read as vLLM 12.4.1; KServe's
    huggingfaceserver, tagged with KServe's release).  Where no image pins one, the release a
    package install in the deployment's file pins (``toplint.parse.pins``)."""
    image = str(dep.options.get("image", ""))
    found = _pinned(dep.engine, image, generation()) if image else None
    installed = dep.options.get("engine_release")  # a package install's pin (parse.pins)
    if found is None and isinstance(installed, str):
        return version(installed)
    return found


@functools.lru_cache(maxsize=256)
def _pinned(engine_name: str, image: str, _generation: int) -> tuple[int, int, int] | None:
    known = image_record(image_repository(image))
    if known is None or known[0].name != engine_name or not known[1].release_tag:
        return None
    return version(image_tag(image))


def image_release(spec: EngineSpec, image: str) -> tuple[int, int, int] | None:
    """The release of the spec's engine the image pins (``pinned``'s rule), None when it pins
    none: no image, another image, a tag that is not the engine's release."""
    return _pinned(spec.engine_name, image, generation()) if image else None


def newer_image(spec: EngineSpec, image: str) -> str | None:
    """The image's tag when it pins a release of the spec's engine (``pinned``'s rule: the
    engine's own image, a tag that is its release) newer than the release its vocabulary was
    read from; None otherwise (no image, another image, no release known)."""
    if not image or not spec.release:
        return None
    theirs, ours = _pinned(spec.engine_name, image, generation()), version(spec.release)
    if theirs is None or ours is None or theirs <= ours:
        return None
    return image_tag(image)


def dimensions(dep: Deployment) -> frozenset[Dimension]:
    """What the deployment's engine can parallelise at the release its image pins: its
    ``Engine.dimensions`` but one whose ``dimensions_since`` is later than that release (every
    one when no release is pinned)."""
    engine = get_engine(dep.engine)
    if not engine.dimensions_since:
        return engine.dimensions
    release = pinned(dep)
    if release is None:
        return engine.dimensions
    since = engine.dimensions_since
    return frozenset(
        d
        for d in engine.dimensions
        if d not in since or release >= (version(since[d]) or (0, 0, 0))
    )
