# https://blog.csdn.net/lzhcoder/article/details/146113069 '一键部署指南' / '分块量化部署(精度优先)' (head node, rank 0)
python3 -m sglang.launch_server \
--model meituan/DeepSeek-R1-Block-INT8 \
--tp 16 --dist-init-addr HEAD_IP:5000 \
--nnodes 2 --node-rank 0 \
--enable-torch-compile
