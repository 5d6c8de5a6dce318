# huggingface/text-generation-inference#1338: Args { model_id: "TheBloke/Mistral-7B-Instruct-v0.1-AWQ", quantize: Some(Awq), max_input_length: 16000, max_total_tokens: 17000, max_batch_prefill_tokens: 17000, ... } on an A6000
text-generation-launcher --model-id TheBloke/Mistral-7B-Instruct-v0.1-AWQ --quantize awq --max-input-length 16000 --max-total-tokens 17000 --max-batch-prefill-tokens 17000
