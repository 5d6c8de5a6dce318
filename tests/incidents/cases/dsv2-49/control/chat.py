# deepseek-ai/DeepSeek-V2#49: the commenter's fix, max_memory 60GB per GPU (the shards spread over all eight A800).
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

model_name = "deepseek-ai/DeepSeek-V2-Chat"
tokenizer = AutoTokenizer.from_pretrained(model_name, trust_remote_code=True)
max_memory = {i: "60GB" for i in range(8)}
model = AutoModelForCausalLM.from_pretrained(
    model_name,
    trust_remote_code=True,
    device_map="sequential",
    torch_dtype=torch.bfloat16,
    max_memory=max_memory,
)
