# InternLM/lmdeploy#4128: the command as first shown ("--tp 1"), which ran
lmdeploy serve api_server OpenGVLab/InternVL3-8B --chat-template internvl2_5 --server-port 23333 --tp 1
