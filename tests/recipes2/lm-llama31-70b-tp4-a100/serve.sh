# InternLM/lmdeploy@1263d5cd889b docs/en/llm/api_server_tools.md line 173: copied as written
lmdeploy serve api_server /the/path/of/Meta-Llama-3.1-70B-Instruct/model --tp 4
