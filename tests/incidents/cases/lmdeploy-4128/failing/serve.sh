# InternLM/lmdeploy#4128: the reporter's command, with the tp=8 the maintainer's answer names
lmdeploy serve api_server OpenGVLab/InternVL3-8B --chat-template internvl2_5 --server-port 23333 --tp 8
