"""What keeps a finding from being reported: inline ``# toplint: ignore`` comments (``inline``)
and baselines of accepted findings (``baseline``)."""
