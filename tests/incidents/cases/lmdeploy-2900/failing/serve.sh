# InternLM/lmdeploy#2900: InternLM2.5-20b-chat at tp 4 on 4 x RTX 4090 with a 327,680-token session -> "Illegal instruction"
lmdeploy serve api_server /model-cache/internlm2_5-20b-chat --model-name internlm/internlm2_5-20b-chat \
                                             --server-port 80 --tp 4 --cache-max-entry-count 0.7 --session-len 327680 \
                                             --rope-scaling-factor 2.5 --max-batch-size 2 --log-level INFO
