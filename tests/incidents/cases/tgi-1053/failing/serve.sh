# huggingface/text-generation-inference#1053: TGI 1.0.3, Baichuan2-7B GPTQ on a T4 -> "gptq quantization is not supported for AutoModel"
docker run --gpus all -p 8080:80 -v $PWD/data:/data ghcr.io/huggingface/text-generation-inference:1.0.3 --model-id csdc-atl/Baichuan2-7B-Chat-GPTQ-Int4 --trust-remote-code --quantize gptq
