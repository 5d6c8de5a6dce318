# containers/ai-lab-recipes#514: "ValueError: Total number of attention heads (32) must be divisible by tensor parallel size (3)." on a 3-GPU machine
python -m vllm.entrypoints.openai.api_server --model instructlab/merlinite-7b-lab --tensor-parallel-size 3
