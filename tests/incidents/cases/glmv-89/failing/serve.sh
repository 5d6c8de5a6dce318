#!/bin/sh
# zai-org/GLM-V#89: the reporter's command as the thread shows it (GLM-4.1V on Tesla T4, vLLM 0.9.2).
vllm serve /mnt/vdb/project/glm4.1v-model --tensor-parallel-size=2 --served-model-name=ui-tars
