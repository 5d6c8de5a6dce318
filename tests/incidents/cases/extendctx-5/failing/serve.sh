# awslabs/extending-the-context-length-of-open-source-llms#5: FalconLite (Falcon-40B GPTQ 4-bit) with the deploy notebook's
# SageMaker env and num_gpu = 1 on ml.g5.2xlarge (1 x A10G) -> OOM; custom image FROM text-generation-inference:0.9.2
GPTQ_BITS=4 GPTQ_GROUPSIZE=128 DNTK_ALPHA_SCALER=0.25 text-generation-launcher --model-id /opt/ml/model --num-shard 1 --max-input-length 12000 --max-total-tokens 12001 --max-batch-prefill-tokens 12001 --max-batch-total-tokens 12001 --quantize gptq --trust-remote-code
