#!/bin/sh
# OpenGVLab/InternVL#465: the reporter's command as the thread states it (InternVL2-Llama3-76B in /root/InternVL/, one A100 40G).
lmdeploy chat /root/InternVL/ --cache-max-entry-count 0.01
