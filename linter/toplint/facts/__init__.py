"""Stage 6, facts: the named numbers declarative rules compare (``collect.collect``)."""
