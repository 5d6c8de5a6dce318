# hiyouga/LlamaFactory#2798: LLaMA-Factory cli_demo with the vLLM backend on 2 x A100 (the model is a shell variable)
python src/cli_demo.py \
    --model_name_or_path $base_model_path \
    --template $template \
    --infer_backend vllm \
    --vllm_maxlen 1024
