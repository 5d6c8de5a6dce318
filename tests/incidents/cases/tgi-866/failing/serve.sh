# huggingface/text-generation-inference#866: Flan-UL2 on a 4 x V100 instance, CUDA OOM "15.77 GiB total capacity", Error: ShardCannotStart
text-generation-launcher --model-id google/flan-ul2
