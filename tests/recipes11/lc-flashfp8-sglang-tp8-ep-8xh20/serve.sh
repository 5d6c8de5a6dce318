# meituan-longcat/LongCat-Flash-Chat@87d1b71a docs/deployment_guide.md lines 14-19: copied as written
python3 -m sglang.launch_server \
    --model meituan-longcat/LongCat-Flash-Chat-FP8 \
    --trust-remote-code \
    --attention-backend flashinfer \
    --enable-ep-moe \
    --tp 8
