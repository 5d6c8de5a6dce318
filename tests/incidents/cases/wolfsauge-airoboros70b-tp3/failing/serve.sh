# https://github.com/Wolfsauge/async_summarize#error-case (the page's command verbatim)
# airoboros-l2-70b-3.1.2 (Llama-2-70B, 64 heads) at --tensor-parallel-size 3 on 3 x A40:
# "Total number of attention heads (64) must be divisible by tensor parallel size (3)"
nohup python \
    -m vllm.entrypoints.openai.api_server \
    --model jondurbin_airoboros-l2-70b-3.1.2 \
    --tensor-parallel-size 3
