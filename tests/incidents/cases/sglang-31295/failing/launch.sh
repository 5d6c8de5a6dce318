# sgl-project/sglang#31295: Qwen3.5-397B FP8 PD disaggregation over NIXL on 2 x 8 B200 (prefill attention TP 1 via DP attention, decode TP 4)
# -> NIXL_ERR_NOT_FOUND in prepXferDlist on the first request (engine bug, fixed in sgl-project/sglang#31968)
# prefill node: two workers of 4 GPUs
CUDA_VISIBLE_DEVICES=0,1,2,3 UCX_NET_DEVICES=mlx5_0:1 python -m sglang.launch_server --model-path Qwen/Qwen3.5-397B-A17B-FP8 --trust-remote-code --tp 4 --dp 4 --enable-dp-attention --disaggregation-mode prefill --host 0.0.0.0 --port 30000 --disaggregation-bootstrap-port 8998 --disaggregation-transfer-backend nixl
CUDA_VISIBLE_DEVICES=4,5,6,7 UCX_NET_DEVICES=mlx5_0:1 python -m sglang.launch_server --model-path Qwen/Qwen3.5-397B-A17B-FP8 --trust-remote-code --tp 4 --dp 4 --enable-dp-attention --disaggregation-mode prefill --host 0.0.0.0 --port 30001 --disaggregation-bootstrap-port 8999 --disaggregation-transfer-backend nixl
# decode node: two workers of 4 GPUs
CUDA_VISIBLE_DEVICES=0,1,2,3 UCX_NET_DEVICES=mlx5_0:1 python -m sglang.launch_server --model-path Qwen/Qwen3.5-397B-A17B-FP8 --trust-remote-code --tp 4 --disaggregation-mode decode --host 0.0.0.0 --port 30000 --disaggregation-transfer-backend nixl
CUDA_VISIBLE_DEVICES=4,5,6,7 UCX_NET_DEVICES=mlx5_0:1 python -m sglang.launch_server --model-path Qwen/Qwen3.5-397B-A17B-FP8 --trust-remote-code --tp 4 --disaggregation-mode decode --host 0.0.0.0 --port 30001 --disaggregation-transfer-backend nixl
