# NVIDIA/TensorRT-LLM#6717: gpt-oss-20b on an L4 -> "NotImplementedError: WFP4A16 MoE is unsupported on SM89."
# run inside: docker run --gpus all -it --rm -v $(pwd):/workspace nvcr.io/nvidia/tensorrt-llm/release:gpt-oss-dev
from tensorrt_llm import LLM, SamplingParams

if __name__ == "__main__":
    llm = LLM(model="openai/gpt-oss-20b")
    prompts = ["Hello, my name is", "The capital of France is"]
    sampling_params = SamplingParams(temperature=0.8, top_p=0.95)
    for output in llm.generate(prompts, sampling_params):
        ...  # the loop body is cut in the stored text
