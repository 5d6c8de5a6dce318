"""How SGLang picks ``--mem-fraction-static`` when none is written, by release
(``MemoryAccounting.picked``; computed by ``toplint.outcome.picked``).

Read from ``sglang/srt/server_args.py`` of the sglang wheels on PyPI (``unzip -p
sglang-X-py3-none-any.whl sglang/srt/server_args.py``; from 0.5.17 ``arg_groups/memory_hook.py``):
0.3.6.post3, 0.4.6.post5, 0.4.7, 0.4.8, 0.4.10.post2, 0.5.1.post3, 0.5.2, 0.5.3, 0.5.5.post3 and
0.5.23.  ``gpu_mem`` is the GPU's total memory in MiB (``get_device_memory_capacity``).

- up to 0.4.7 ("ranks"): by TP x PP ranks on GPUs up to 81920 MiB (0.79 from 16 ranks, 0.81
  from 8, 0.85 from 4, 0.87 from 2, 0.88 on one), 0.88 above; above 96 GiB ``min(f + 48 GiB x
  (1 - f) / gpu_mem, (gpu_mem - 18 GiB) / gpu_mem)``, above 180,000 MiB (CUDA) 0.79.  As read
  from 0.4.7; earlier releases differ in details (0.4.6.post5 has no 180,000 MiB branch,
  0.3.6.post3 counts TP alone with 0.82 from 8), and 0.4.7's speculative-decoding tweaks
  (x 0.95, or 20 GiB kept above 96 GiB) are not modelled.
- 0.4.8 to 0.5.2 ("tiers"): ``round((gpu_mem - reserved_mem) / gpu_mem, 3)`` with
  ``reserved_mem`` (2.8 + ranks / 10) GiB below 35 GiB, (9.5 + ranks / 2) GiB below 90 GiB,
  (12 + ranks / 2) GiB below 160 GiB, 32 GiB above; 2 GiB more with a speculative draft (6 GiB
  for 0.5.2's STANDALONE, not modelled), 4 GiB more with DP attention.
- 0.5.3 on ("headroom"): ``round((gpu_mem - reserved_mem) / gpu_mem, 3)`` with the estimate of
  what the server allocates outside the fraction (``MemoryAccounting.outside``: prefill
  activations, decode CUDA graphs, ranks, at least 10 GiB above 60 GiB, DeepEP's buffers;
  0.5.5.post3 also adds 2 GiB for a draft model, 6 GiB for STANDALONE, which 0.5.23's
  ``handle_gpu_memory_settings`` no longer does; not modelled).  A multimodal model's is then
  lowered by ``adjust_mem_fraction_for_vlm`` (x 0.95 x a factor of the vision tower's size,
  0.8-1.05), and 0.5.23's post-capture KV sizing keeps 1.5 GiB + ranks / 8 GiB instead: neither
  is modelled.
"""

from __future__ import annotations

from toplint.engines.gpuneeds import PickedFraction

_SERVER_ARGS = "sglang/srt/server_args.py ServerArgs.__post_init__"

PICKED = (
    PickedFraction(
        "",
        "ranks",
        table=((16, 0.79, 0), (8, 0.81, 0), (4, 0.85, 0), (2, 0.87, 0), (1, 0.88, 0)),
        up_to_mib=81920,
        otherwise=0.88,
        large_mib=96 * 1024,
        large_add_mib=48 * 1024,
        keep_mib=18 * 1024,
        largest_mib=180 * 1000,
        largest=0.79,
        source=f"sglang 0.4.7 {_SERVER_ARGS}",
    ),
    PickedFraction(
        "0.4.8",
        "tiers",
        table=(
            (35 * 1024, 2.8 * 1024, 1024 / 10),
            (90 * 1024, 9.5 * 1024, 1024 / 2),
            (160 * 1024, 12 * 1024, 1024 / 2),
            (float("inf"), 32 * 1024, 0),
        ),
        draft_mib=2 * 1024,
        dp_attention_mib=4 * 1024,
        digits=3,
        source=f"sglang 0.4.8 to 0.5.2 {_SERVER_ARGS}",
    ),
    PickedFraction(
        "0.5.3",
        "headroom",
        digits=3,
        source="sglang 0.5.3 to 0.5.5.post3 sglang/srt/server_args.py "
        "_handle_gpu_memory_settings; 0.5.23 sglang/srt/arg_groups/memory_hook.py "
        "handle_gpu_memory_settings",
    ),
)
