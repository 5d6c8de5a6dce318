"""A model's config.json read where it is: beside a model path inside the repository, in the
local Hugging Face cache (HF_HUB_CACHE, HF_HOME/hub, ~/.cache/huggingface/hub), or named by
toplint.yaml's ``models:``.  ``inspect`` says which.  Read-only; nothing is downloaded."""

from __future__ import annotations

import json
import os
from pathlib import Path

import pytest

from toplint.cli import main
from toplint.hardware.models import lookup_model

TINY = {
    "model_type": "llama",
    "hidden_size": 1024,
    "num_hidden_layers": 4,
    "num_attention_heads": 12,
    "num_key_value_heads": 6,
    "intermediate_size": 4096,
    "vocab_size": 1000,
}


@pytest.fixture
def no_hf_cache(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Path:
    """Every cache location points into the test's tmp dir (empty until a test fills it)."""
    monkeypatch.delenv("HF_HUB_CACHE", raising=False)
    monkeypatch.setenv("HF_HOME", str(tmp_path / "hf-home"))
    monkeypatch.setenv("XDG_CACHE_HOME", str(tmp_path / "xdg"))
    return tmp_path


def _repo(tmp_path: Path, model_dir: str, script: str) -> Path:
    repo = tmp_path / "repo"
    (repo / ".git").mkdir(parents=True)
    (repo / model_dir).mkdir(parents=True)
    (repo / model_dir / "config.json").write_text(json.dumps(TINY))
    (repo / "serve.sh").write_text(script)
    return repo


def test_a_model_path_inside_the_repository_is_read_from_its_config_json(
    no_hf_cache: Path,
) -> None:
    repo = _repo(no_hf_cache, "models/tiny", "")
    spec = lookup_model("./models/tiny", referrer=str(repo / "serve.sh"))
    assert spec is not None and spec.origin == "repository"
    assert (spec.num_attention_heads, spec.num_kv_heads) == (12, 6)
    assert spec.source.endswith("(beside the model path)")


def test_a_model_path_outside_the_repository_is_not_read(no_hf_cache: Path) -> None:
    outside = no_hf_cache / "elsewhere"
    outside.mkdir()
    (outside / "config.json").write_text(json.dumps(TINY))
    repo = _repo(no_hf_cache, "models/tiny", "")
    referrer = str(repo / "serve.sh")
    assert lookup_model(str(outside), referrer=referrer) is None
    assert lookup_model("../elsewhere", referrer=referrer) is None


def test_a_container_path_absent_from_the_tree_falls_back_to_the_catalog(
    no_hf_cache: Path,
) -> None:
    repo = _repo(no_hf_cache, "models/tiny", "")
    spec = lookup_model("/models/Qwen3-8B", referrer=str(repo / "serve.sh"))
    assert spec is not None and spec.id == "Qwen/Qwen3-8B" and spec.origin == "catalog"


def test_check_uses_the_repository_config_and_inspect_says_so(
    no_hf_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    script = "vllm serve ./models/tiny --tensor-parallel-size 8\n"
    repo = _repo(no_hf_cache, "models/tiny", script)
    assert main(["inspect", str(repo), "--format", "json"]) == 0
    (dep,) = json.loads(capsys.readouterr().out)["deployments"]
    assert dep["model_spec"]["origin"] == "repository"
    assert dep["model_spec"]["source"].startswith(str(repo / "models" / "tiny" / "config.json"))
    main(["check", str(repo), "--format", "json"])
    rules = {f["rule"] for f in json.loads(capsys.readouterr().out)["findings"]}
    assert "TL004" not in rules
    assert "TL202" in rules  # 12 heads do not split over TP 8: checked with the read config


def test_a_repository_config_it_cannot_read_says_why(
    no_hf_cache: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    # LFM2 writes its short-convolution layers as a layer_types word the reader does not model:
    # the model stays unresolved, and TL004 says which file and why rather than "not in the
    # catalog" alone, and does not point at a config.json that is already there
    script = "vllm serve ./models/lfm2 --tensor-parallel-size 2\n"
    repo = _repo(no_hf_cache, "models/lfm2", script)
    lfm2 = TINY | {"model_type": "lfm2", "layer_types": ["conv", "full_attention"] * 2}
    (repo / "models" / "lfm2" / "config.json").write_text(json.dumps(lfm2))
    main(["check", str(repo), "--format", "json"])
    (found,) = [f for f in json.loads(capsys.readouterr().out)["findings"] if f["rule"] == "TL004"]
    config = str(repo / "models" / "lfm2" / "config.json")
    assert f"the config.json beside it cannot be read ({config}: layer_types" in found["message"]
    assert "path/to/config.json" not in found["fix"]["message"]


def _cache(hub: Path, repo: str, revision: str, config: dict[str, object]) -> Path:
    snapshot = hub / f"models--{repo.replace('/', '--')}" / "snapshots" / revision
    snapshot.mkdir(parents=True)
    (snapshot / "config.json").write_text(json.dumps(config))
    return snapshot


@pytest.mark.parametrize("where", ["HF_HUB_CACHE", "HF_HOME", "XDG_CACHE_HOME"])
def test_the_hf_cache_is_found_where_huggingface_hub_puts_it(
    no_hf_cache: Path, monkeypatch: pytest.MonkeyPatch, where: str
) -> None:
    hub = {
        "HF_HUB_CACHE": no_hf_cache / "hub-cache",
        "HF_HOME": no_hf_cache / "hf-home" / "hub",
        "XDG_CACHE_HOME": no_hf_cache / "xdg" / "huggingface" / "hub",
    }[where]
    if where == "HF_HUB_CACHE":
        monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    _cache(hub, "Acme/Tiny-7B", "0123", TINY)
    spec = lookup_model("acme/tiny-7b")
    assert spec is not None and spec.origin == "Hugging Face cache"
    assert spec.num_kv_heads == 6 and str(hub) in spec.source


def test_the_hf_cache_reads_the_revision_refs_main_names(
    no_hf_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = no_hf_cache / "hub-cache"
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    main_rev = _cache(hub, "Acme/Tiny-7B", "aaaa", TINY)
    newer = _cache(hub, "Acme/Tiny-7B", "bbbb", {**TINY, "num_key_value_heads": 3})
    os.utime(main_rev / "config.json", (1, 1))  # the main revision is the older snapshot
    os.utime(newer / "config.json", None)
    (hub / "models--Acme--Tiny-7B" / "refs").mkdir()
    (hub / "models--Acme--Tiny-7B" / "refs" / "main").write_text("aaaa")
    spec = lookup_model("Acme/Tiny-7B")
    assert spec is not None and spec.num_kv_heads == 6 and "/aaaa/" in spec.source


def test_toplint_yaml_models_names_its_origin(no_hf_cache: Path) -> None:
    (no_hf_cache / "cfg.json").write_text(json.dumps(TINY))
    by_path = lookup_model("acme/x", {"acme/x": "cfg.json"}, base_dir=str(no_hf_cache))
    by_name = lookup_model("acme/y", {"acme/y": "Qwen/Qwen3-8B"})
    inline = lookup_model("acme/z", {"acme/z": TINY})
    assert [s.origin if s else None for s in (by_path, by_name, inline)] == ["toplint.yaml"] * 3


def test_the_catalog_wins_over_the_cache_and_nothing_is_read_for_it(
    no_hf_cache: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    hub = no_hf_cache / "hub-cache"
    monkeypatch.setenv("HF_HUB_CACHE", str(hub))
    _cache(hub, "Qwen/Qwen3-8B", "0123", TINY)
    spec = lookup_model("Qwen/Qwen3-8B")
    assert spec is not None and spec.origin == "catalog" and spec.num_layers == 36
