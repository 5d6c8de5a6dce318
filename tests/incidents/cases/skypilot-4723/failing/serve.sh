# skypilot-org/skypilot#4723: run: of llm/deepseek-r1/deepseek-r1-671B.yaml on node rank 0, A100-80GB:8 x 2 nodes (TP = 8 GPUs x 2 nodes)
python -m sglang.launch_server --model deepseek-ai/DeepSeek-R1 --tp 16 --dist-init-addr 10.0.0.1:5000 --nnodes 2 --node-rank 0 --trust-remote-code --enable-dp-attention --enable-torch-compile --torch-compile-max-bs 8 --host 0.0.0.0 --port 30000
