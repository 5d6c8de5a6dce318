"""toplint check --fix: minimal text edits for the fixes rules attach."""
