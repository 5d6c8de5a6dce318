"""Files grouped by the configuration that governs them (the nearest one above each file).

``check``, ``inspect`` and ``cost`` run each group with its own settings, so a nested
``toplint.yaml`` (another hardware manifest, other budgets) applies to exactly its subtree.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.config.load import ConfigFinder
from toplint.discover.files import STDIN, discover, is_unlisted_folder
from toplint.record import record


@record
class Batch:
    """Files that share one configuration (the nearest one above them)."""

    paths: tuple[str, ...]


def batches_by_config(
    paths: Sequence[str],
    config: str | None = None,
    exclude: Sequence[str] | None = None,
    finder: ConfigFinder | None = None,
) -> list[Batch]:
    """Group the files to check by their nearest configuration (``--config`` = one group).

    ``finder``: the run's (``groups_by_config`` hands the same one to the settings of each
    group, so a configuration file is read and validated once a run, not twice)."""
    if config:
        return [Batch(tuple(paths))]

    finder = finder if finder is not None else ConfigFinder()
    cli_exclude = tuple(exclude or ())
    groups: dict[str | None, list[str]] = {}
    for path in paths:
        if path == STDIN:
            groups.setdefault(finder.path_for("."), []).append(STDIN)
            continue
        top = finder.config_for(path)
        skip = cli_exclude + tuple(top.get("exclude") or ()) if top else cli_exclude
        found_any = False
        for found in discover([path], skip):
            nearest = finder.config_for(found, is_file=not is_unlisted_folder(found))
            if nearest is not None and nearest is not top:
                nested = cli_exclude + tuple(nearest.get("exclude") or ())
                if not discover([found], nested):
                    continue
            groups.setdefault(nearest.path if nearest else None, []).append(found)
            found_any = True
        if not found_any:
            # Kept so the pipeline can say "nothing was checked" there (TL008), with the
            # settings of the configuration that governs the folder.
            groups.setdefault(top.path if top else None, []).append(path)
    return [Batch(tuple(files)) for files in groups.values()]
