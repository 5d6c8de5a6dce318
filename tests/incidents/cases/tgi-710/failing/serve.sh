# huggingface/text-generation-inference#710: Args { model_id: "/opt/ml/model", num_shard: Some(8), ... } on g5.48xlarge, Llama2-70b
text-generation-launcher --model-id /opt/ml/model --num-shard 8 --max-input-length 3072 --max-total-tokens 4096 --max-batch-prefill-tokens 4096 --max-batch-total-tokens 16000
