# modelscope/ms-swift#1866: swift deploy of InternVL2-26B-AWQ through LMDeploy at TP 2 on two RTX 3090 -> host memory grows until the process is killed
swift deploy --model_type internvl2-26b --model_id_or_path /xxx/models/InternVL2-26B-AWQ --tensor_parallel_size 2 --host 0.0.0.0 --port 7860 --infer_backend lmdeploy --tp 2 --dtype bf16 --cache_max_entry_count 0.5
