# OpenGVLab/InternVL#566: "现在5张卡 想要部署internvl 26b" (5 cards, InternVL 26B, LMDeploy)
lmdeploy serve api_server OpenGVLab/InternVL2-26B --tp 5
