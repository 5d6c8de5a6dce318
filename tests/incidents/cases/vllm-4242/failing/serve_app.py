# vllm-project/vllm#4242: two Ray Serve applications of one vLLM deployment (num_gpus 0.4, gpu_memory_utilization 0.4)
# on one A10 (22 GB); the second fails at start-up (vLLM 0.3.0, Ray 2.9.2)
from ray import serve
from vllm.engine.arg_utils import AsyncEngineArgs
from vllm.engine.async_llm_engine import AsyncLLMEngine

model_path = "TinyLlama/TinyLlama-1.1B-Chat-v1.0"  # "two models (tinyllama 1b)"


@serve.deployment(ray_actor_options={"num_gpus": 0.4},)
class MyModel:
    def __init__(self):
        ENGINE_ARGS = AsyncEngineArgs(
            gpu_memory_utilization=0.4,
            model=model_path,
            max_model_len=128,
            enforce_eager=True,
        )
        self.engine = AsyncLLMEngine.from_engine_args(ENGINE_ARGS)


serve.run(MyModel.bind(), name="model1", route_prefix="/model1")
serve.run(MyModel.bind(), name="model2", route_prefix="/model2")
