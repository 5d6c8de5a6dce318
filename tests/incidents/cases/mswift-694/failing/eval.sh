# modelscope/ms-swift#694: swift eval of qwen1half-14b-chat-int4 through vLLM at TP 4 runs out of memory
CUDA_VISIBLE_DEVICES=0,1,2,3 swift eval \
--model_type "qwen1half-14b-chat-int4" \
--infer_backend vllm \
--tensor_parallel_size 4
