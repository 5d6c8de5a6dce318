# huggingface/text-generation-inference#792: lmsys/vicuna-13b-v1.5-16k on SageMaker ml.g5.48xlarge, SM_NUM_GPUS 2
# -> "Not enough memory to handle 16000 total tokens with 10000 prefill tokens"
text-generation-launcher --model-id lmsys/vicuna-13b-v1.5-16k --num-shard 2 --max-input-length 10000 --max-batch-prefill-tokens 10000 --max-total-tokens 15000 --max-batch-total-tokens 16000
