# gpustack/gpustack#3777: GLM-4.5-Air scheduled on 6 Ascend 910B2 cards -> "151552 is not divisible by 6"
vllm serve /data/models/model_scope/ZhipuAI/GLM-4.5-Air --tensor-parallel-size 6
