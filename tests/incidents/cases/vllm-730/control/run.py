# vllm-project/vllm#730: with dtype='half' ("直接...参数里加 dtype='half'即可")
from vllm import LLM

llm = LLM(model='baichuan-inc/Baichuan-13B-Chat', trust_remote_code=True, dtype='half')
output = llm.generate("Hello, my name is")
print(output)
