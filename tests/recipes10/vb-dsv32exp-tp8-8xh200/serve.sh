# vllm-project/vllm-project.github.io@c3a01c4a _posts/2025-09-29-deepseek-v3-2.md line 34 (the launch line): copied as written
vllm serve deepseek-ai/DeepSeek-V3.2-Exp --tensor-parallel-size 8
