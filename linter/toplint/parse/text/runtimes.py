"""The container command-line tools that run an image with ``run`` (``docker run IMAGE …``), in
one place: ``toplint.parse.text.dockerrun`` reads their commands, and
``toplint.parse.text.wrapped`` counts them among those that run an image but decide no layout.
Podman's CLI takes docker's ``run`` options ("podman-run(1)"); ``nvidia-docker`` is docker with
the NVIDIA runtime."""

from __future__ import annotations

__all__ = ["DOCKER"]

DOCKER = ("docker", "podman", "nvidia-docker")
