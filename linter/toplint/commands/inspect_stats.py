"""``toplint inspect --stats``: how much of a tree toplint read (issue 14's yardstick).

Files read, deployments found, values written but unresolved (TL003's, each a place in a
file), the files that name an engine but yield no deployment (TL008: a command, ``python -m``
module or image toplint could not turn into a deployment), and how many deployments were
checked against hardware (from a manifest, or inferred from the files' own hints).
"""

from __future__ import annotations

from typing import Any

from toplint.model import NO_DEPLOYMENT_FOUND, UNPARSABLE_FILE


def stats(result: Any) -> dict[str, Any]:
    analyses = result.analyses
    unresolved = [u for a in analyses for u in a.deployment.unresolved]
    silent = sorted({f.path for f in result.findings if f.rule == NO_DEPLOYMENT_FOUND.code})
    unreadable = sorted({f.path for f in result.findings if f.rule == UNPARSABLE_FILE.code})
    checked = [a for a in analyses if a.unchecked is None]
    return {
        "files": result.files,
        "deployments": len(analyses),
        "unresolved_values": len(unresolved),
        "deployments_with_unresolved_values": sum(1 for a in analyses if a.deployment.unresolved),
        "files_naming_an_engine_without_deployment": len(silent),
        "unparsable_files": len(unreadable),
        "checked_against_hardware": len(checked),
        "checked_on_inferred_hardware": sum(1 for a in checked if a.inferred),
        "placed_on_inferred_hardware": sum(1 for a in analyses if a.inferred),
        "paths_naming_an_engine_without_deployment": silent,
    }


def render(totals: dict[str, Any]) -> str:
    from toplint.hardware.units import plural

    lines = [
        f"files read: {totals['files']}",
        f"deployments found: {totals['deployments']}",
        f"values unresolved: {totals['unresolved_values']} "
        f"(in {plural(totals['deployments_with_unresolved_values'], 'deployment')})",
        "files that name an engine but yield no deployment: "
        f"{totals['files_naming_an_engine_without_deployment']}",
        f"unparsable files (TL001): {totals['unparsable_files']}",
        f"checked against hardware: {totals['checked_against_hardware']} "
        f"({totals['checked_on_inferred_hardware']} on hardware inferred from the files' hints)",
        f"hardware inferred from the files' hints: {totals['placed_on_inferred_hardware']} "
        "deployments",
    ]
    lines += [f"  no deployment: {p}" for p in totals["paths_naming_an_engine_without_deployment"]]
    return "\n".join(lines) + "\n"
