"""Catalog data (YAML): GPUs, networks, instance types; read by toplint.hardware.catalog."""
