"""Infrastructure every stage uses: safe YAML with positions (``yamlsafe``), shipped package data
(``pkgdata``), the data cache (``datacache``) and the fast schema check (``schemafast``)."""
