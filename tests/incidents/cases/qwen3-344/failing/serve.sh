# QwenLM/Qwen3#344: qwen1.5-32b-chat with --tensor-parallel-size 6 -> "Total number of attention heads (40) must be divisible by tensor parallel size (6)"
vllm serve Qwen/Qwen1.5-32B-Chat --tensor-parallel-size 6
