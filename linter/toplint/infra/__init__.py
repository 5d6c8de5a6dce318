"""Infrastructure every stage uses: what may be read and how much (``readpolicy``), safe YAML
with positions (``yamlsafe``), shipped package data (``pkgdata``), the data cache
(``datacache``) and the fast schema check (``schemafast``)."""
