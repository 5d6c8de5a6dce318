"""Engine releases: the one an option vocabulary was read from, and the one an image tag names.

An option toplint's vocabulary does not know is a typo on an image of the vocabulary's release
or older, but may be a real option on a newer one: then TL005 is info, not a warning (issue 14).
"""

from __future__ import annotations

import functools

from toplint.engines.registry import generation, get_engine, image_record
from toplint.engines.types import EngineSpec
from toplint.engines.versions import image_repository, image_tag, in_force, version
from toplint.model import Deployment, Dimension

__all__ = [
    "dimensions",
    "image_repository",
    "image_tag",
    "in_force",
    "newer_image",
    "pinned",
    "version",
]


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
