"""Catalog data (YAML) for GPUs, networks and cloud instance types; read by toplint.hardware.catalog."""
