"""toplint: lint LLM-serving deployment configs against the GPU interconnect they run on."""

from __future__ import annotations

__version__ = "0.1.0"
