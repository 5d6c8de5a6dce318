# sgl-project/sglang#25453: GLM-5.1-FP8, TP8+DP8 with DP attention, --mem-fraction-static 0.9 on 8x B200 -> 6.38 GiB cuda-graph alloc OOMs at scheduler init
sglang serve --model-path zai-org/GLM-5.1-FP8 --tp 8 \
  --trust-remote-code --reasoning-parser=glm45 --tool-call-parser=glm47 \
  --mem-fraction-static=0.9 --enable-metrics \
  --dp=8 --enable-dp-attention
