"""What a change does: the deployments at a base git revision against the work tree."""
