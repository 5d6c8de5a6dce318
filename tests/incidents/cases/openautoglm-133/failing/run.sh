# zai-org/Open-AutoGLM#133: AutoGLM-Phone-9B on one RTX 4090 24G (WSL, Docker) with the README's --max-model-len 25480 -> GPU memory not enough
docker run --gpus all -d     -p 8000:8000     --ipc=host     --entrypoint /bin/bash     -v /mnt/y/models/AutoGLM-Phone-9B:/model     vllm/vllm-openai:v0.12.0     -c "rm -rf /dev/shm/VLLM_OBJECT_STORAGE_SHM_BUFFER && \
    pip install -U transformers --pre && \
    sed -i 's/raise ValueError.*temporal_factor.*/pass/' /usr/local/lib/python3.12/dist-packages/transformers/models/glm4v/image_processing_glm4v.py && \
    python3 -m vllm.entrypoints.openai.api_server \
        --served-model-name autoglm-phone-9b \
        --allowed-local-media-path / \
        --mm-encoder-tp-mode data \
        --mm_processor_cache_type shm \
        --mm_processor_kwargs '{\"max_pixels\":5000000}' \
        --max-model-len 25480 \
        --chat-template-content-format string \
        --limit-mm-per-prompt '{\"image\":10}' \
        --model /model \
        --port 8000 \
        --trust-remote-code"
