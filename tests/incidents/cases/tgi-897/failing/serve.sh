# huggingface/text-generation-inference#897: TGI 1.0.1, llama2 on 4 x V100 with --num-shard 4 -> "Sharded Llama requires Flash Attention enabled models"
docker run --gpus '"device=0,1,2,4"' --shm-size 1g -p 8080:80 -v /cloudgpfs/models:/data ghcr.io/huggingface/text-generation-inference:1.0.1 --model-id /data/llama2-own --num-shard 4
