# NVIDIA/srt-slurm#218: the prefill (ctx) worker of recipes/DeepSeek-V4-Pro/disagg/trtllm_dynamo/gb300_mxfp4/ISL1K_OSL1K/MTP/ctx1dep4_gen1dep32_batch16_eplb384_mtp3.yaml
# before the fix (NVIDIA/srt-slurm@ab051b4e^), TP4/EP4 on one 4-GPU GB300 tray, EPLB with 384 slots
# -> prefill workers die with SIGBUS ("nonexistent physical address") in UCX while the load balancer stages the experts in /dev/shm
UCX_TLS=cuda_ipc,cuda_copy,sm,self,tcp \
MIMALLOC_PURGE_DELAY=0 \
PYTORCH_CUDA_ALLOC_CONF=expandable_segments:True \
TRTLLM_ENABLE_PDL=1 \
trtllm-serve deepseek-ai/DeepSeek-V4-Pro \
  --backend pytorch \
  --tp_size 4 \
  --ep_size 4 \
  --pp_size 1 \
  --max_batch_size 16 \
  --max_num_tokens 8192 \
  --max_seq_len 1064 \
  --trust_remote_code \
  --extra_llm_api_options prefill.yaml
