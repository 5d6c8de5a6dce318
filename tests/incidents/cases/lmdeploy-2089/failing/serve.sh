# InternLM/lmdeploy#2089: glm-4-9b-chat on TurboMind with --tp 4 -> floating point exception
lmdeploy serve api_server /home/mingqiang/model/model_file/origin_model/glm-4-9b-chat --backend turbomind --model-name chatglm4 --tp 4 --server-port 10000 --cache-max-entry-count 0.1
