"""Stage 1, discover: which files a run reads (``files.discover``)."""
