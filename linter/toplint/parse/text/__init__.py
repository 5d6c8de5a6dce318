"""Text and shell: shell scripts, Dockerfiles, batch launchers."""
