# NVIDIA/TensorRT-LLM#108: "I try to Build LLaMA 7B using 2-way tensor parallelism. But when I execute run.py I got this error"
python run.py
