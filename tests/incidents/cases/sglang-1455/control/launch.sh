# sgl-project/sglang#1455: merrymercy - "Method 2: enable cuda graph but limit the batch size.
# The final speed is 33.68 req/s on an H100" (verbatim)
python3 -m sglang.launch_server --model deepseek-ai/DeepSeek-Coder-V2-Lite-Instruct --trust-remote-code --max-running-request 2560
