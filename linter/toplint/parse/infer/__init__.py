"""What a reader infers around a command (issue 24): resources, variables, provenance."""
