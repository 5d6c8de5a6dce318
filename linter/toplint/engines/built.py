"""How an engine that serves ahead-of-time-built engines fixes its parallel layout before it
serves: the commands of its offline pipeline, as data (``toplint.parse.builtengine`` reads a
file's pipeline with them; TL213 reports a serving size the built engine refuses)."""

from __future__ import annotations

from toplint.record import record

__all__ = ["BuildPipeline"]


@record
class BuildPipeline:
    """The offline pipeline of one engine.

    ``converters`` write a checkpoint, laid out for the sizes their flags give (``sizes``:
    Deployment field -> the flag's name without dashes, each 1 when not written), into their
    ``--output_dir``; ``builder`` builds an engine from a ``--checkpoint_dir`` into its
    ``--output_dir``; a server of either folder runs those sizes.  ``refusal`` is the engine's
    own words when the serving command asks for another size, with ``{flag}``, ``{written}``
    and ``{built}`` to fill; ``source`` where the pipeline was read.
    """

    converters: tuple[str, ...]
    builder: str
    sizes: tuple[tuple[str, str], ...]
    model_flag: str  # the converter's flag naming the checkpoint it converts
    refusal: str
    source: str
