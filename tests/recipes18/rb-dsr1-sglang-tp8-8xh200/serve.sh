# ROCm/rocm-blogs@01865a54831f blogs/artificial-intelligence/DeepSeekR1-Part2/README.md ('NVIDIA H200 GPU with SGLang' step 2, 'Start the SGLang server.'): copied as written
export SGL_ENABLE_JIT_DEEPGEMM=1
python3 -m sglang.launch_server \
    --model /model \
    --trust-remote-code \
    --tp 8 \
    --mem-fraction-static 0.9 \
    --enable-torch-compile \
    --torch-compile-max-bs 256 \
    --chunked-prefill-size 131072 \
    --enable-flashinfer-mla &
