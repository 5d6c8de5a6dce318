# ROCm/rocm-blogs@4c8329a0204d blogs/artificial-intelligence/deployingGemma-vllm/README.md ('Step 4: Serve Gemma 3 via vLLM Server'): copied as written
vllm serve "google/gemma-3-27b-it"
