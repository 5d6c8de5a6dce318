# vllm-project/vllm#8908: Llama 3.1 405B Instruct at TP 16 over 4 nodes x 4 A100 64 GB (Ray on all nodes);
# ran under vLLM 0.5.4, waits for a placement group under 0.6.2 (no cause established)
import ray
from vllm import LLM

ray.init()
llm = LLM(model="meta-llama/Llama-3.1-405B-Instruct", tensor_parallel_size=16)
