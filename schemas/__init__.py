"""JSON Schemas shipped with toplint (hardware manifest, config, rules, JSON output)."""
