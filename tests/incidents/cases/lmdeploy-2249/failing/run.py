# InternLM/lmdeploy#2249 (verbatim reproduction)
pipe = pipeline(model, chat_template_config=chat_template_config,
                backend_config=TurbomindEngineConfig(session_len=8192, tp=5))
