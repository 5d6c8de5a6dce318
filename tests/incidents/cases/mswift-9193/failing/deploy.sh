# modelscope/ms-swift#9193: ms-swift 3.12.6 on Ascend NPUs, --vllm_data_parallel_size 3 -> only one NPU used (RANK=-1, world_size=1)
ASCEND_RT_VISIBLE_DEVICES=1,2,3 swift deploy \
    --model xxx\
    --infer_backend vllm \
    --vllm_data_parallel_size 3 \
    --max_new_tokens 20480
