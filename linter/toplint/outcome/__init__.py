"""Stage 5b: what one deployment will do — start, fit, and how fast (issue 25)."""
