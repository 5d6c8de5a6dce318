"""The keys stages write into ``Deployment.options``/``Deployment.sources`` (and one marker of
``Unresolved.variable``) for later stages and rules to read: each written once here, so the
reader that sets a key and the rule that reads it agree on its spelling."""

from __future__ import annotations

# ``Deployment.options`` keys of a deployment serving an engine its file builds
# (``toplint.parse.builtengine``): where its sizes were read, and each size the serving command
# wrote itself, by field (TL213 reports one the built engine refuses).
BUILT_FROM = "built.from"
BUILT_WRITTEN = {"tp": "built.written_tp", "pp": "built.written_pp"}
# What follows a shell variable's name in ``Unresolved.variable`` when the script sets it only
# where a test it does not decide chooses (``TP=8; [[ -n "$EXTRA" ]] && TP=16``:
# ``toplint.parse.text.arms``), then the line of that test: "$TP chosen at line 2".
CHOSEN_AT = " chosen at line "

# ``Deployment.options`` key of how a script started the deployment without waiting for it
# ("&", "-d": ``toplint.parse.text.together``): it runs beside what the script starts after it.
RUNS_DETACHED = "detached"
# ...and the line of the first command after it that stops processes (``kill``, ``docker stop``):
# it may not run beside what the script starts from there on.
DETACHED_UNTIL = "detached.until"
# ``Deployment.options`` key of a command written in a loop's body: run once per iteration, each
# with its own values (the devices it is given among them).
RUNS_IN_LOOP = "in_loop"
# ``Deployment.options`` key of a command in an ``if``/``case`` whose arm a script's values do not
# decide: whether it runs, and beside which commands of the other arms, is not known.
RUNS_UNDECIDED = "undecided"
# ``Deployment.options`` key of a compose service's ``profiles`` (comma-separated): compose starts
# it only when one of them is active ("Using profiles with Compose"), so services whose profiles
# share none are alternatives, never up together unless both are named.
COMPOSE_PROFILES = "compose.profiles"
# ``Deployment.options`` key of the host ports a compose service publishes (``ip:port/proto``,
# comma-separated; ``toplint.parse.structured.composekeys.host_ports``): two services that
# publish one are alternatives, since the second to start is refused the port.
COMPOSE_HOST_PORTS = "compose.host_ports"
# ``Deployment.options`` key of how many copies of the same server start, each given the same
# devices: a compose service's ``deploy.replicas`` (or ``scale``; ``count: N`` is devices 0 to N-1
# in every container), a supervisord program's ``numprocs``; and of the setting that says so.
COPIES = "copies"
COPIES_FROM = "copies.from"

# ``Deployment.options`` key of a deployment the parser put on a Ray cluster only because its
# engine's default executor is Ray once TP x PP exceeds the GPUs its process sees
# (``Engine.ray_executor``) while the executor is not written: the release it runs decides
# whether that default still holds (``Engine.ray_fallback_until``; TL201).
RAY_BY_DEFAULT = "executor.ray_by_default"

# ``Deployment.sources`` key of the GPU request of a group's worker pods where it is written
# apart from the leader's (a LeaderWorkerSet's workerTemplate; ``gpus_per_node`` is the
# leader's): a fix to the GPUs per pod writes both.
WORKERS_GPUS = "gpus_per_node.workers"

# ``Deployment.options`` keys of a server of a Dynamo SDK graph config that ``dynamo serve``
# starts with the graph's other services on one host, each worker given its own GPUs in turn
# (``toplint.parse.generic.dynamograph``): the GPUs the graph's workers ask for in all, what
# asks for them ("VllmDecodeWorker 1 × 1, ..."), and on the first such server only, that it
# is the one to report the sum on (TL211).
GRAPH_HOST_GPUS = "graph.host_gpus"
GRAPH_HOST_PARTS = "graph.host_gpus.parts"
GRAPH_HOST_REPORT = "graph.host_gpus.report"

# ``Deployment.options`` key of a deployment whose file installs the ``transformers`` package
# itself (``pip install -U transformers``: ``toplint.parse.pins``): the engine's own requirement
# then no longer bounds the transformers it runs with (TL213's Transformers fallback).
INSTALLS_TRANSFORMERS = "installs.transformers"
