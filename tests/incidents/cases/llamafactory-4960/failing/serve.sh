# hiyouga/LlamaFactory#4960: Llama-3-8B-Instruct on vLLM 0.4.3 (infer_backend vllm, vllm_enforce_eager) on a V100-SXM2-32GB
python -m vllm.entrypoints.openai.api_server --model Llama-3-8B-Instruct --enforce-eager
