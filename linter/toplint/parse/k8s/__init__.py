"""Kubernetes resources: the manifest reader, its pod walk and one module per wrapper kind."""
