# modelscope/ms-swift#3363: --device_map/--max_memory with --infer_backend vllm -> the model still loads on the first GPU only
swift deploy     --model models/deepseek-r1-emo-7b     --stream true     --infer_backend vllm --max_model_len  4096     --served_model_name DeepSeek-R1-Emo --quant_method bnb  --quant_bits 8 --torch_dtype float16 --device_map="auto" --max_memory '{0: "3GB", 1: "10GB"}'
