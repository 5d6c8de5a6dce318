"""Formats nobody named (issue 24): options as data, Python read never run, declarative
readers and the platform records shipped in ``records/``."""
