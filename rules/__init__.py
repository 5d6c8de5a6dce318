"""Built-in rules: declarative YAML files and small Python modules, loaded by toplint.rulebook."""
