"""JUnit XML: one test case per finding (failure), or one passing case for a clean run.

CI systems (GitLab ``artifacts:reports:junit``, Jenkins, Azure) show test cases per class; the
class is the file, so findings group by file.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toplint.model import Finding
from toplint.report.base import Report, display_path, printable, shown

if TYPE_CHECKING:  # imported when rendering: every run registers this format, few use it
    import xml.etree.ElementTree as ET


def _case(suite: ET.Element, f: Finding) -> None:
    import xml.etree.ElementTree as ET

    f = shown(f, printable)  # XML 1.0 cannot hold control characters
    case = ET.SubElement(
        suite,
        "testcase",
        classname=display_path(f.path),
        name=f"{f.rule} {f.name} at {f.line}:{f.column}",
        file=display_path(f.path),
        line=str(f.line),
    )
    failure = ET.SubElement(case, "failure", type=f.rule, message=f.message)
    body = f"{display_path(f.path)}:{f.line}:{f.column}: {f.rule} [{f.severity}] {f.message}"
    if f.fix is not None:
        body += f"\nfix: {f.fix.message}"
    failure.text = body


class JunitFormatter:
    name = "junit"

    def render(self, report: Report) -> str:
        import xml.etree.ElementTree as ET

        n = len(report.findings)
        root = ET.Element("testsuites", name="toplint", tests=str(max(n, 1)), failures=str(n))
        suite = ET.SubElement(
            root, "testsuite", name="toplint", tests=str(max(n, 1)), failures=str(n), errors="0"
        )
        for f in report.findings:
            _case(suite, f)
        if not n:
            ET.SubElement(suite, "testcase", classname="toplint", name="no findings")
        ET.indent(root)
        xml = ET.tostring(root, encoding="unicode")
        return '<?xml version="1.0" encoding="UTF-8"?>\n' + xml + "\n"
