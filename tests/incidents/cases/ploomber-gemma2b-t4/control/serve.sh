# https://ploomber.io/blog/vllm-deploy/ (the page's command verbatim): "Changing the --dtype flag allows us
# to run the model on a T4"
python -m vllm.entrypoints.openai.api_server --model=google/gemma-2b --dtype=half
