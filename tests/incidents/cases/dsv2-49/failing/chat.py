# deepseek-ai/DeepSeek-V2#49: the reporter's settings on an 8 x A800 machine -> GPU 7 left empty, OOM on longer contexts.
import torch
from transformers import AutoModelForCausalLM, AutoTokenizer

model_name = "deepseek-ai/DeepSeek-V2-Chat"
tokenizer = AutoTokenizer.from_pretrained(model_name, trust_remote_code=True)
max_memory = {i: "75GB" for i in range(8)}
model = AutoModelForCausalLM.from_pretrained(
    model_name,
    trust_remote_code=True,
    device_map="sequential",
    torch_dtype=torch.bfloat16,
    max_memory=max_memory,
)
