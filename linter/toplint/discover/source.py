"""The text of one source file, as the discover stage reads it and every parser receives it."""

from __future__ import annotations

from toplint.record import record

# The suffixes a YAML file's template adds to its name (``rayservice.yaml.tpl``, rendered with
# ``envsubst < rayservice.yaml.tpl | kubectl apply -f -``; Terraform's ``templatefile``, whose
# documented naming pattern is ``*.tftpl``: developer.hashicorp.com/terraform/language/functions/
# templatefile; Go templates' ``.tmpl``): the file is YAML once its placeholders are filled, and
# is read as the YAML it renders, each placeholder an unresolved value (a Helm-style ``{{ }}``
# body is still a template no YAML reader reads: ``parse.base.is_template``).  Helm's
# ``_helpers.tpl`` is no YAML name and stays unread.  Ansible's ``template`` module renders a
# Jinja2 ``.j2`` file (``templates/compose.yaml.j2``), with the play's variables:
# ``parse.text.jinjayaml``.
YAML_TEMPLATE_SUFFIXES = (".tpl", ".tmpl", ".tftpl", ".j2")


def read_name(basename: str) -> str:
    """The lower-cased name a file is read by: a YAML template's (``x.yaml.tpl``) is the YAML
    name it renders to (``x.yaml``)."""
    low = basename.lower()
    for suffix in YAML_TEMPLATE_SUFFIXES:
        stem = low.removesuffix(suffix)
        if stem != low and stem.endswith((".yaml", ".yml")):
            return stem
    return low


@record
class Source:
    """One lint target, read once.  ``text`` is decoded UTF-8; ``path`` is as the user named it."""

    path: str
    text: str
    name: str  # basename, lower-cased; a YAML template's without its suffix (``read_name``)

    @property
    def yaml_named(self) -> bool:
        """Named like YAML, or stdin (whose name says nothing)."""
        return self.name.endswith((".yaml", ".yml")) or self.name in ("-", "<stdin>")

    @classmethod
    def from_text(cls, path: str, text: str) -> Source:
        return cls(path=path, text=text, name=read_name(path.replace("\\", "/").rsplit("/", 1)[-1]))
