"""Orchestration: runs the stages (discover -> parse -> hardware -> placement -> cost -> facts ->
rules -> report) over files, grouped by configuration and batched across workers."""
