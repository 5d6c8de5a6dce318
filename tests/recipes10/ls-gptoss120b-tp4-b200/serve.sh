# lm-sys/lm-sys.github.io@03d9c092 blog/2025-08-27-gpt-oss.md 'Get Started with SGLang' block, second line: copied as written
python3 -m sglang.launch_server --model-path openai/gpt-oss-120b --tp 4
