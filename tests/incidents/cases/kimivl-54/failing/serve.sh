# MoonshotAI/Kimi-VL#54: Kimi-VL-A3B-Thinking-2506, TP 8 on 8 x A100 -> tried to allocate 1029.51 GiB (fixed by installing flash_attn)
vllm serve /root/model/kimi --served-model-name kimi-vl-thinking-2506 --trust-remote-code --tensor-parallel-size 8 --max-num-batched-tokens 32768 --max-model-len 32768 --limit-mm-per-prompt image=64
