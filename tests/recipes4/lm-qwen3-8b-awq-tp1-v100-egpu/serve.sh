# InternLM/lmdeploy#3825 comment by lingyezhixing (2025-08-22), 'Yes, it ran!': the .bat script's lmdeploy command; its other lines kept as comments
# @echo off
# chcp 65001
# set CUDA_VISIBLE_DEVICES=1
# cmd /k "conda activate lmdeploy-test && <the command below>"
CUDA_VISIBLE_DEVICES=1 lmdeploy serve api_server E:\models\LLM\Qwen3-8B-AWQ --server-name 0.0.0.0 --server-port 8080 --model-name Qwen3-8B-AWQ --backend turbomind --model-format awq --cache-max-entry-count 0.9 --session-len 32768 --chat-template D:\LLM\LLM-Manager\backend\Lmdeploy自定义聊天模板\Qwen3-NoCot-Chat-Template.json --log-level DEBUG
