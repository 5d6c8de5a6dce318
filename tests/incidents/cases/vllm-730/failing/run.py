# vllm-project/vllm#730: Baichuan-13B-Chat (bfloat16 checkpoint) on a V100-SXM2-32GB
from vllm import LLM

llm = LLM(model='baichuan-inc/Baichuan-13B-Chat', trust_remote_code=True)  # Name or path of your model
output = llm.generate("Hello, my name is")
print(output)
