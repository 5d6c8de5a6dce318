"""The names a model id is looked up under in the catalog: an id as written (``org/name``), a
Hugging Face cache folder (``models--ORG--NAME``), a folder named ``ORG--NAME``, a path's last
part."""

from __future__ import annotations

from collections.abc import Iterator

from toplint.hardware.modelcatalog import fold


def candidates(model_id: str) -> Iterator[str]:
    """Names to try for an id: as written (``org/name``), then the basename of a path."""
    text = model_id.strip().rstrip("/")
    parts = [p for p in text.split("/") if p]
    cache_dir = next((p for p in parts if p.startswith("models--")), None)
    if cache_dir is not None:  # a path inside a Hugging Face cache: models--ORG--NAME/...
        yield fold(cache_dir[len("models--") :].replace("--", "/", 1))
    if len(parts) == 2 and not text.startswith(("/", ".", "~")):
        yield fold(text)
    if parts and "--" in parts[-1] and not parts[-1].startswith("models--"):
        # A folder named ORG--NAME, as scripts name a download's --local-dir after the repo:
        # a Hub id cannot hold "--" (huggingface/huggingface_hub@b7f86ddc
        # src/huggingface_hub/utils/_validators.py validate_repo_id: "Cannot have -- or .. in
        # repo_id"), so it is the id's separator, as in the Hub cache's own folder names.
        org, _, name = parts[-1].partition("--")
        if org and name and "--" not in name:
            yield fold(f"{org}/{name}")
            yield fold(name)
    if parts:
        base = fold(parts[-1])
        yield base
        if base.startswith("meta-llama-"):  # "Meta-Llama-3.1-70B" is "Llama-3.1-70B"
            yield base[len("meta-") :]
