"""The engine registry: one record per engine, unknown names are errors."""

from __future__ import annotations

import pytest

from toplint.engines.registry import (
    ALLREDUCE_FAMILIES,
    UnknownEngine,
    all_engines,
    get_engine,
    get_spec,
)
from toplint.errors import ConfigError


def test_unknown_engine_is_an_error_not_a_fallback() -> None:
    with pytest.raises(UnknownEngine, match="no engine named 'nosuch'"):
        get_engine("nosuch")


def test_unknown_engine_exits_as_a_configuration_error() -> None:
    assert issubclass(UnknownEngine, ConfigError)


def test_unknown_vocabulary_is_an_error() -> None:
    with pytest.raises(UnknownEngine):
        get_spec("dynamo-nosuch")


def test_built_in_engines_are_registered() -> None:
    names = {e.name for e in all_engines()}
    assert {"vllm", "sglang", "trtllm", "tgi", "lmdeploy", "atom"} <= names


@pytest.mark.parametrize("engine", [e.name for e in all_engines()])
def test_every_engine_names_a_known_allreduce_family(engine: str) -> None:
    assert get_engine(engine).allreduce in ALLREDUCE_FAMILIES


@pytest.mark.parametrize("engine", [e.name for e in all_engines()])
def test_every_wrapper_vocabulary_reads_for_its_engine(engine: str) -> None:
    for spec in get_engine(engine).specs():
        assert get_spec(spec.name).engine_name == engine


@pytest.mark.parametrize("engine", [e.name for e in all_engines()])
def test_layout_spellings_are_options_the_engine_has(engine: str) -> None:
    record = get_engine(engine)
    longs = record.cli.long_options()
    for spelled in (record.layout.tp, record.layout.pp, record.layout.dp, record.layout.ep):
        if spelled:
            assert spelled[2:] in longs or spelled in record.cli.aliases


def test_disabling_the_custom_all_reduce_means_nccl() -> None:
    from tests.parse.helpers import only

    dep = only("a.sh", "vllm serve m -tp 4 --disable-custom-all-reduce\n")
    assert get_engine("vllm").allreduce_of(dep) == "nccl"


def test_the_default_all_reduce_without_options() -> None:
    from tests.parse.helpers import only

    dep = only("a.sh", "vllm serve m -tp 4\n")
    assert get_engine("vllm").allreduce_of(dep) == "vllm-custom"


def test_lmdeploy_cuda_ipc_communicator_is_its_own_kernel() -> None:
    from tests.parse.helpers import only

    dep = only("a.sh", "lmdeploy serve api_server m --tp 4 --communicator cuda-ipc\n")
    assert get_engine("lmdeploy").allreduce_of(dep) == "lmdeploy-custom"


def test_trtllm_grpc_subcommand_is_a_serving_instance_not_a_model_named_grpc() -> None:
    from tests.parse.helpers import only

    dep = only("a.sh", "trtllm-serve grpc m --tp_size 2\n")
    assert (dep.engine, dep.model, dep.tp) == ("trtllm", "m", 2)


def test_trtllm_custom_tokenizer_is_a_known_option() -> None:
    from tests.parse.helpers import parse_text

    text = "trtllm-serve m --custom_tokenizer deepseek_v32\n"
    assert [f.rule for f in parse_text("a.sh", text).findings] == []


def test_a_plugin_engine_with_an_unknown_ep_layout_is_refused() -> None:
    from toplint.engines.registry import _Table
    from toplint.record import replace

    bad = replace(get_engine("lmdeploy"), name="bad", ep_layout="diagonal")
    bad = replace(bad, cli=replace(bad.cli, name="bad"))
    with pytest.raises(ConfigError, match="ep_layout 'diagonal'"):
        _Table([bad])


def test_every_all_to_all_backend_table_is_complete() -> None:
    # the default, the suggested sparse backend and every wire model come from the record
    from toplint.engines.registry import get_engine
    from toplint.engines.types import WIRE

    for name in ("vllm", "sglang"):
        a2a = get_engine(name).all_to_all
        assert a2a is not None and a2a.backends_source
        assert a2a.default in a2a.backends and a2a.sparse in a2a.backends
        assert set(a2a.backends.values()) <= set(WIRE)


def test_an_engine_with_an_unknown_all_to_all_wire_model_is_refused() -> None:
    from toplint.engines.registry import _Table
    from toplint.engines.vllm import ENGINE
    from toplint.record import replace

    assert ENGINE.all_to_all is not None
    bad = replace(ENGINE, all_to_all=replace(ENGINE.all_to_all, backends={"x": "teleport"}))
    with pytest.raises(ConfigError, match="teleport"):
        _Table([bad])
