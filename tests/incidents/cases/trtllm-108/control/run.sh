# NVIDIA/TensorRT-LLM#108: byshiue - "You should use mpirun -n 2 python run.py"
mpirun -n 2 python run.py
