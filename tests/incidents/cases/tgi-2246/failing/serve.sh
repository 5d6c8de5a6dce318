# https://github.com/huggingface/text-generation-inference/issues/2246: small token limits -> CUDA out of memory at start-up
CUDA_VISIBLE_DEVICES=0,1,2,3 text-generation-launcher --port 6634 --model-id /models/ --max-concurrent-requests 128 --max-input-length 64 --max-total-tokens 128 --max-batch-prefill-tokens 128 --cuda-memory-fraction 0.95
