# https://ploomber.io/blog/vllm-deploy/ (the page's command verbatim)
# google/gemma-2b (BF16 config) at --dtype=auto on a Tesla T4: "Bfloat16 is only supported on GPUs with
# compute capability of at least 8.0. Your Tesla T4 GPU has compute capability 7.5"
# --dtype=auto is the default value
python -m vllm.entrypoints.openai.api_server --model=google/gemma-2b --dtype=auto
