# vllm-project/vllm#2652: "I'm using wizardlm : https://huggingface.co/cognitivecomputations/WizardLM-33B-V1.0-Uncensored"
python -m vllm.entrypoints.openai.api_server --model cognitivecomputations/WizardLM-33B-V1.0-Uncensored --tensor-parallel-size 8
