# vllm-project/vllm#2466: "try this export NCCL_P2P_DISABLE=1 - this woked for me" (two more commenters confirm)
export NCCL_P2P_DISABLE=1
python -u -m vllm.entrypoints.api_server --host 0.0.0.0 --model mistralai/Mistral-7B-Instruct-v0.2 --tensor-parallel-size 4
