"""The mappings of a tree that may hold an engine's options, in pre-order (issue 24): what
``toplint.parse.generic.scopes`` searches for engine scopes and the readers match on.  A
schema, labels and selectors, a table of flag names, a part switched off and a benchmark's
recorded results are skipped with all below them: none configures an engine.
"""

from __future__ import annotations

from collections.abc import Iterator, Mapping
from typing import Any

from toplint.infra.patterns import lazy
from toplint.parse.generic.tree import CALL, Path
from toplint.parse.options import OPTION_SPELLING

MAX_NODES = 20_000  # mappings looked at in one tree


def mappings(data: Any) -> Iterator[tuple[Path, dict[Any, Any]]]:
    stack: list[tuple[Path, Any]] = [((), data)]
    budget = MAX_NODES
    while stack and budget > 0:
        at, node = stack.pop()
        if isinstance(node, dict):
            budget -= 1
            if (
                _describes_values(node)
                or _sets_nothing(at, node)
                or _names_flags(node)
                or _records_results(node)
            ):
                continue  # a schema, labels, a flag table, a part switched off, a benchmark's
                # results: not options
            yield at, node
            stack.extend(((*at, k), v) for k, v in reversed(list(node.items())) if k != CALL)
        elif isinstance(node, list):
            stack.extend(((*at, i), v) for i, v in reversed(list(enumerate(node))))


def _describes_values(node: Mapping[Any, Any]) -> bool:
    """A JSON Schema (or a CRD's OpenAPI schema): ``{"$schema": ...}`` or an object type with
    ``properties``.  Its ``tensor_parallel_size: {type: integer}`` describes an option; reading
    it as a value gave TL010 errors on a repository's configuration schema."""
    properties = node.get("properties")
    return "$schema" in node or (node.get("type") == "object" and isinstance(properties, dict))


def _names_flags(node: Mapping[Any, Any]) -> bool:
    """A table of flag names: most of its values are themselves long options (``{"MODEL_NAME":
    "--model-path", "TENSOR_PARALLEL_SIZE": "--tensor-parallel-size"}``, the map a launcher
    turns environment variables into a command line with).  An option's value is never an
    option's name, so the keys name options it does not set."""
    flags = sum(1 for v in node.values() if isinstance(v, str) and OPTION_SPELLING.fullmatch(v))
    return flags >= 3 and 2 * flags >= len(node)


# A served workload's measured statistics, as vLLM's serving benchmark saves them
# (vllm-project/vllm@0049e29c41fd383bda519a3f250e3227713081ef benchmarks/benchmark_serving.py
# ``--save-result``: ``backend``, ``model_id`` and ``--metadata`` KEY=VALUE pairs beside
# ``request_throughput``, ``output_throughput``, ``mean_ttft_ms``, ``p99_itl_ms``, ...) and the
# harnesses that copy its names (SGLang's bench_serving: ``median_e2e_latency_ms``).
_RESULT = (
    r"(?:(?:mean|median|std|min|max|p\d{1,2}(?:\.\d+)?)_(?:ttft|tpot|itl|e2el|e2e|e2e_latency|"
    r"request_latency)(?:_server)?_ms)|(?:request|input|output|total|total_token)_throughput"
)
_RESULT_KEY = lazy(_RESULT)


def results_named(text: str) -> list[str]:
    """The first two measured statistics a file's text names as keys (``"mean_ttft_ms":``):
    two make it a benchmark's record (``_records_results``)."""
    found: list[str] = []
    for m in _RESULT_KEY_IN_TEXT.finditer(text):
        if m.group(1) not in found:
            found.append(m.group(1))
            if len(found) == 2:
                break
    return found


_RESULT_KEY_IN_TEXT = lazy(rf"[\"']?\b({_RESULT})[\"']?[ \t]*:")


def _records_results(node: Mapping[Any, Any]) -> bool:
    """A record of a benchmark run: two or more measured statistics of the served workload.  Its
    ``backend: vllm``, ``model_id`` and metadata say what was measured (simon-mo/vLLM-Benchmark
    @d538cdc9 saved-results/**/*.json: DeepSeek-R1 "at TP 1" was 40 TL205 errors); no
    configuration writes a measured latency."""
    hits = 0
    for key in node:
        if isinstance(key, str) and _RESULT_KEY.fullmatch(key):
            hits += 1
            if hits >= 2:
                return True
    return False


# Keys whose mapping only names or selects things: Kubernetes object labels and annotations
# ("identifying attributes of objects", kubernetes.io/docs/concepts/overview/working-with-objects/
# labels), the label selectors matching them (``matchLabels``, ``nodeSelector``) and a chart's
# ``podLabels``/``commonAnnotations``.  ``labels: {app: vllm, model: m}`` labels a pod; it
# starts no second vLLM beside the pod's container.
_NAMES_ONLY = ("labels", "annotations", "nodeselector")


def _sets_nothing(at: Path, node: Mapping[Any, Any]) -> bool:
    """Labels, annotations or a selector (``_NAMES_ONLY``), or a part switched off with
    ``enabled: false`` (the values convention a chart's ``{{- if .Values.x.enabled }}`` reads:
    what it configures is not rendered) or ``enable: false`` (langtech-bsc/magma@9cb03cf4
    config.yml: its workflow adds a service's launcher only when its ``enable`` is true)."""
    key = at[-1] if at else None
    return (
        node.get("enabled") is False
        or node.get("enable") is False
        or (isinstance(key, str) and key.lower().endswith(_NAMES_ONLY))
    )
