"""Configuration: finding and loading ``toplint.yaml`` / ``[tool.toplint]`` (``load``) and
validating it (``validate``)."""
