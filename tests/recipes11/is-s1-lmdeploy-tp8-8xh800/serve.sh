# InternLM/Intern-S1@b3885e44 docs/interns1_user_guide.md line 139: copied as written
lmdeploy serve api_server internlm/Intern-S1 --reasoning-parser intern-s1 --tool-call-parser intern-s1 --tp 8
