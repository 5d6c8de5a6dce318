# https://airelien.dev/en/posts/qwen36-27b-blackwell-mobile: "vLLM v0.19.1 NVFP4 + MTP n=1 | RTX 5090M 24GB | OOM (model OK, MTP head 2.37 GiB doesn't fit)"
# "torch.OutOfMemoryError: Tried to allocate 2.37 GiB. GPU has 2.25 GiB free."
vllm serve sakamakismile/Qwen3.6-27B-Text-NVFP4-MTP \
  --speculative-config '{"method": "mtp", "num_speculative_tokens": 1}'
