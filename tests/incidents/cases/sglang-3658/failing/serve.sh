# sgl-project/sglang#3658: yuqie - "I also have the same issue on a single server of 8*H200."
python3 -m sglang.launch_server --model-path /mnt/model/  --tensor-parallel-size 8 --trust-remote-code --enable-torch-compile  --disable-cuda-graph --enable-dp-attention
