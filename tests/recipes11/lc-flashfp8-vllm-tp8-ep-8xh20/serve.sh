# meituan-longcat/LongCat-Flash-Chat@87d1b71a docs/deployment_guide.md lines 60-63: copied as written
vllm serve meituan-longcat/LongCat-Flash-Chat-FP8 \
    --trust-remote-code \
    --enable-expert-parallel \
    --tensor-parallel-size 8
