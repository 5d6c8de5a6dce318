"""A third-party engine, as a plugin package would ship it (installed with an entry point in
the ``toplint`` group; see tests/engines/test_plugin_engine.py).  Nothing in toplint names it."""

from __future__ import annotations

from toplint.engines.types import Engine, EngineSpec, Launch, Layout, options
from toplint.plugins import hookimpl

CLI = EngineSpec(
    name="demo-serve",
    options=options("tp pp port", "verbose"),
    fields={"tp": "tp", "pp": "pp"},
    release="1.0.0",
)

ENGINE = Engine(
    name="demo-serve",
    title="Demo Serve",
    cli=CLI,
    allreduce="nccl",
    layout=Layout(tp="--tp", pp="--pp"),
    launches=(Launch(("demo-serve",), "demo-serve"),),
)


@hookimpl
def toplint_engines() -> list[Engine]:
    return [ENGINE]
