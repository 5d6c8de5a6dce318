# https://kenrollins.github.io/gemma-forge/journal/journey/10-the-parallelism-maze/ (parameters the page states)
# Gemma 4 31B NVFP4 at PP 2 on two L4: IntermediateTensors attribute error (vLLM 0.19.0)
vllm serve nvidia/Gemma-4-31B-IT-NVFP4 --pipeline-parallel-size 2
