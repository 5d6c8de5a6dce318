# sgl-project/sglang@0006053c1f74 benchmark/deepseek_v3/README.md section 'Example: Serving with two H20*8 nodes': copied as written
# node 2
python3 -m sglang.launch_server --model-path deepseek-ai/DeepSeek-V3 --tp 16 --dist-init-addr 10.0.0.1:5000 --nnodes 2 --node-rank 1 --trust-remote-code
