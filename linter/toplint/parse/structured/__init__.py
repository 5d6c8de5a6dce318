"""Structured documents: compose, Helm values, CloudFormation, Ray Serve, SkyPilot, any
data file."""
