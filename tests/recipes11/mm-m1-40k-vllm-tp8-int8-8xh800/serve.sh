# MiniMax-AI/MiniMax-M1@2abb4f45 docs/vllm_deployment_guide.md lines 94-102: copied as written but for the placeholder named in recipe.yaml
export SAFETENSORS_FAST_GPU=1
export VLLM_USE_V1=0
python3 -m vllm.entrypoints.openai.api_server \
--model MiniMaxAI/MiniMax-M1-40k \
--tensor-parallel-size 8 \
--trust-remote-code \
--quantization experts_int8  \
--max_model_len 4096 \
--dtype bfloat16
