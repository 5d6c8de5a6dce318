# vllm-project/vllm#15983: Qwen2.5-VL-72B, TP 4 on 4 x A100 40GB PCIe with vLLM 0.8.0 -> OOM in torch.compile
VLLM_WORKER_MULTIPROC_METHOD=spawn python -m vllm.entrypoints.openai.api_server \
--dtype auto \
--port 8009 \
--trust-remote-code \
--served-model-name qwen2vl \
--model /home/ps/data/pretrained_model/Qwen/Qwen2.5-VL-72B-Instruct/ \
--tensor-parallel-size 4 \
--gpu_memory_utilization 0.95 \
--max_num_seqs 2 \
--max_model_len 8192 \
--mm_processor_kwargs '{"max_pixels":1280, "min_pixels":256}'
