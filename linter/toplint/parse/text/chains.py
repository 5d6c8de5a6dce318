"""Which word of a shell command is a script it runs (issue 24, point 5): ``bash x.sh``,
``./x.sh``, ``nohup sh x.sh``, ``srun -N 2 bash x.sh``, ``mpiexec -n 8 ./x.sh``, ``sbatch -N 2
job.sh``, ``qsub -l select=2:ngpus=4 job.sh``.

``toplint.parse.text.shellrun`` reads such a script (inside the repository only) with the caller's
environment and arguments, and hands its commands the launcher words before it.
"""

from __future__ import annotations

from collections.abc import Sequence

from toplint.parse.text.shell import Word
from toplint.parse.text.shellwords import is_assignment

SHELLS = frozenset({"bash", "sh", "zsh", "dash"})
# Launchers and job submitters whose words before a script grant it an allocation: ``srun``,
# ``mpirun``/``mpiexec``, ``flux run``, and ``sbatch``/``qsub``/``bsub`` submitting it as a job.
SUBMITTERS = frozenset({"sbatch", "qsub", "bsub"})  # the script's own directives apply too
LAUNCHERS = frozenset({"srun", "mpirun", "mpiexec", "flux"}) | SUBMITTERS
_PREFIXES = frozenset({"nohup", "exec", "time", "setsid", "stdbuf", "env"}) | LAUNCHERS
_SCRIPT_SUFFIXES = (".sh", ".bash", ".zsh", ".slurm", ".sbatch")


def script_run(words: Sequence[Word], head: int) -> int | None:
    """Index of the script a command runs (``bash x.sh``, ``./x.sh``, ``srun -N 2 bash x.sh``,
    ``mpiexec -n 8 ./x.sh``), or None: after prefixes and launchers (skipping their options),
    an interpreter followed by its script, or a word that is a script path.  ``NAME=value``
    words before it are the script's environment (``USE_X=1 ./start.sh``)."""
    while head < len(words) and is_assignment(words[head].raw):
        head += 1
    i = head
    while i < len(words):
        value = _written(words[i])
        base = value.rsplit("/", 1)[-1]
        if base in SHELLS:
            rest = [k for k in range(i + 1, len(words)) if _written(words[k])[:1] != "-"]
            return rest[0] if rest and _written(words[rest[0]]).endswith(_SCRIPT_SUFFIXES) else None
        if value.endswith(_SCRIPT_SUFFIXES) and (i == head or words[head].value in _PREFIXES):
            return i
        if i == head and base not in _PREFIXES:
            return None
        i += 1
    return None


def _written(word: Word) -> str:
    """A word's value; for one not known here, as written without its quotes
    (``"${DIR}/start.sh"``): still a script run, of a script that cannot be read."""
    return word.value if word.value is not None else word.raw.strip("\"'")
