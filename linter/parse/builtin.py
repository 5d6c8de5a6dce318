"""Built-in parsers, as a toplint plugin.  Order matters: the first parser that accepts wins.

The hooks are plain ``toplint_*`` functions: ``toplint.plugins`` marks them for pluggy when
pluggy is needed and calls them directly otherwise.
"""

from __future__ import annotations

from toplint.parse.base import Parser
from toplint.parse.cloudformation import CloudFormationParser
from toplint.parse.compose import ComposeParser
from toplint.parse.disagg import DisaggConfigParser
from toplint.parse.dockerfile import DockerfileParser
from toplint.parse.helm import HelmValuesParser
from toplint.parse.k8s import KubernetesParser
from toplint.parse.rayserve import RayServeConfigParser
from toplint.parse.shellsrc import ShellParser
from toplint.parse.skypilot import SkyPilotParser


def toplint_parsers() -> list[Parser]:
    return [
        DisaggConfigParser(),
        ComposeParser(),
        HelmValuesParser(),
        KubernetesParser(),
        RayServeConfigParser(),
        SkyPilotParser(),
        CloudFormationParser(),
        ShellParser(),
        DockerfileParser(),
    ]
