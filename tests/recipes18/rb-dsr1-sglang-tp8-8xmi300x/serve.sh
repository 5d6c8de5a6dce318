# ROCm/rocm-blogs@01865a54831f blogs/artificial-intelligence/DeepSeekR1-Part2/README.md ('AMD Instinct MI300X GPU with SGLang' step 2, 'Start the SGLang server.'): copied as written
python3 -m sglang.launch_server \
    --model /model \
    --tp 8 \
    --trust-remote-code \
    --chunked-prefill-size 131072 \
    --enable-torch-compile \
    --torch-compile-max-bs 256 &
