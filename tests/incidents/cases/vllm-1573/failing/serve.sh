# vllm-project/vllm#1573: "TheBloke/deepseek-coder-33B-instruct-AWQ ... can not run on a dual-A100(40G) server.
# `--tensor-parallel-size 2` is configured"
python -m vllm.entrypoints.openai.api_server --model TheBloke/deepseek-coder-33B-instruct-AWQ --quantization awq --tensor-parallel-size 2
