# vllm-project/vllm-project.github.io@c3a01c4a _posts/2026-02-13-gb300-deepseek.md lines 78 and 86 (step 2's export and step 3's DeepSeek-V3.2 serve line): copied as written
export VLLM_USE_FLASHINFER_MOE_FP4=1
vllm serve nvidia/DeepSeek-V3.2-NVFP4    -tp 2
