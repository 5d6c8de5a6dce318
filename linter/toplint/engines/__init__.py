"""Serving engines as records: one module per engine, found through ``toplint.engines.registry``.

Each module (``vllm``, ``sglang``, ``trtllm``, ``tgi``, ``lmdeploy``, ``atom``) exports one
``ENGINE`` (``toplint.engines.types.Engine``) holding everything engine-specific: its command-line
vocabulary and the release it was read from, how it is started, its config files, derived
values, layout spellings, rank-order quirks and default all-reduce kernel.  Third-party
packages add engines through the ``toplint_engines`` hook.
"""
