# sgl-project/sglang#25453: the same at --mem-fraction-static 0.85 on 8x B200 -> PASS, gsm8k 0.967
sglang serve --model-path zai-org/GLM-5.1-FP8 --tp 8 \
  --trust-remote-code --reasoning-parser=glm45 --tool-call-parser=glm47 \
  --mem-fraction-static=0.85 --enable-metrics \
  --dp=8 --enable-dp-attention
