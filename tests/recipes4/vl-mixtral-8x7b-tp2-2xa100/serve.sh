# vllm-project/vllm#2134 (JoshuaFurman, 2023-12-15: 'Just confirmed this worked'): the reply's flag on the OpenAI server; entry point and model id filled in
python -m vllm.entrypoints.openai.api_server --model mistralai/Mixtral-8x7B-Instruct-v0.1 --tensor-parallel-size 2
