# sgl-project/sglang#1739 (fixed by #1743): prefill OOM at three 13,647-token prompts; the stored
# command ends at "--max-total-", which is left out [M]
python -m sglang.launch_server --model-path meta-llama/Meta-Llama-3.1-8B-Instruct --port 30000
