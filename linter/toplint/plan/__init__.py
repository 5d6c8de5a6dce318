"""toplint plan: enumerate, estimate and rank parallel layouts."""
