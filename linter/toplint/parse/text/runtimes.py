"""The container command-line tools that run an image with ``run`` (``docker run IMAGE …``), in
one place: ``toplint.parse.text.dockerrun`` reads their commands, and
``toplint.parse.text.wrapped`` counts them among those that run an image but decide no layout.
Podman's CLI takes docker's ``run`` options ("podman-run(1)"); ``nvidia-docker`` is docker with
the NVIDIA runtime.

``create`` takes ``run``'s options and makes the same container without starting it: "The docker
create command shares most of its options with the docker run command (which performs a docker
create before starting it)" (docs.docker.com, "docker container create"; podman-create(1) the
same for podman), for ``docker start`` to start later -- the deployment a script sets up for a
manager to start (unarmedpuppy/homelab-ai@97dbbf1c scripts/recreate-model-containers.sh)."""

from __future__ import annotations

__all__ = ["DOCKER", "RUN_VERBS"]

DOCKER = ("docker", "podman", "nvidia-docker")
# the subcommands that make a container from an image with ``run``'s options
RUN_VERBS = ("run", "create")
