# vllm-project/vllm#16021: Phi-4 with tensor-parallel-size 4 -> "assert self.total_num_kv_heads % tp_size == 0"
vllm serve microsoft/phi-4 --tensor-parallel-size 4
