from __future__ import annotations

from toplint.cli import main

raise SystemExit(main())
