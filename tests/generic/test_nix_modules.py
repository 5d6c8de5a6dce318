"""Nix expressions read as data with positions (toplint.parse.generic.nixexpr) and NixOS OCI
containers read by the shipped record (records/nixos-oci-containers.yaml; issue 24).  The module
is the shape of rajeeshckr/nix-config nixos/desktop/vllm.nix."""

from __future__ import annotations

from tests.parse.helpers import parse_text
from toplint.parse.generic.nixexpr import NixDocument

MODULE = """\
{ config
, lib
, pkgs
, ... }:
let
  cfg = {
    model = "NousResearch/Hermes-3-Llama-3.2-3B";  # ungated
    image = "vllm/vllm-openai:latest";
    port = 8000;
  };
in {
  hardware.nvidia-container-toolkit.enable = true;
  virtualisation.oci-containers.containers = {
    vllm = {
      autoStart = false;
      environment = { PYTORCH_CUDA_ALLOC_CONF = "expandable_segments:True"; };
      extraOptions = [
        "--ipc=host"
        "--device=nvidia.com/gpu=all"
      ];
      cmd = [
        "--model" cfg.model
        "--tensor-parallel-size" "2"
        /* a comment */ "--gpu-memory-utilization" "0.90"
      ];
      image = cfg.image;
      ports = ["${toString cfg.port}:8000"];
    };
  };
}
"""


def test_a_module_reads_as_nested_sets_with_bound_names_resolved() -> None:
    doc = NixDocument(MODULE, "vllm.nix")
    vllm = doc.data["virtualisation"]["oci-containers"]["containers"]["vllm"]
    assert vllm["image"] == "vllm/vllm-openai:latest"
    assert vllm["cmd"][:4] == [
        "--model",
        "NousResearch/Hermes-3-Llama-3.2-3B",
        "--tensor-parallel-size",
        "2",
    ]
    assert vllm["ports"] == ["${toString cfg.port}:8000"]  # computed: kept as written
    assert doc.data["hardware"]["nvidia-container-toolkit"]["enable"] is True
    at = ("virtualisation", "oci-containers", "containers", "vllm", "cmd", 1)
    assert (doc.value_position(at).line, doc.value_position(at).column) == (22, 19)


def test_what_is_computed_is_unresolved_text_and_broken_text_reads_nothing() -> None:
    doc = NixDocument("{ a = lib.mkIf x { b = 1; }; c = builtins.toString 3; d = y.z; }", "m.nix")
    assert doc.data == {
        "a": "${lib.mkIf x { b = 1; }}",
        "c": "${builtins.toString 3}",
        "d": "${y.z}",
    }
    assert NixDocument("{ a = 1; b = ", "m.nix").data is None
    # a function whose body is a set, a computed attribute name, a computed selection
    text = 'f: { a = f; "${f.n}" = {}; users.${f.n} = { x = 1; }; b = [ p.${f.s}.q ]; c = 2; }'
    assert NixDocument(text, "m.nix").data == {"a": "${f}", "b": ["${p.${f.s}.q}"], "c": 2}
    assert NixDocument("{" * 500 + "}" * 500, "m.nix").data is None


def test_the_nixos_record_reads_the_container_cmd_as_the_images_arguments() -> None:
    (dep,) = parse_text("vllm.nix", MODULE).deployments
    assert (dep.engine, dep.model, dep.tp) == ("vllm", "NousResearch/Hermes-3-Llama-3.2-3B", 2)
    assert "nixos-oci-containers" in dep.provenance["engine"]
    assert dep.flag("device") is None  # extraOptions are docker's, never the engine's


def test_a_commented_out_or_engineless_container_reads_nothing() -> None:
    commented = "".join(f"# {line}\n" for line in MODULE.splitlines())
    assert parse_text("vllm.nix", commented).deployments == ()
    other = MODULE.replace("cfg.image", '"ghcr.io/open-webui/open-webui:main"')
    other = other.replace('"--tensor-parallel-size" "2"', "").replace("--gpu-memory-", "--x-")
    assert parse_text("webui.nix", other).deployments == ()
