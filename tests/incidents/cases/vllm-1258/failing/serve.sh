# vllm-project/vllm#1258: "When i use ... TheBloke/WizardCoder-Python-7B-V1.0-AWQ model with TP4"
python -m vllm.entrypoints.api_server --model TheBloke/WizardCoder-Python-7B-V1.0-AWQ --quantization awq --tensor-parallel-size 4
