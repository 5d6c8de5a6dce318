"""Names vulture reports as unused that are used, each with the reason.

``tests/test_dead_code.py`` runs vulture over the package with this file: anything else it
reports is dead code to remove.  Vulture sees a name as used when it appears here.
"""

import shlex

from toplint.cost import network, uncertainty
from toplint.engines import registry as engines_registry
from toplint.engines.gpuneeds import MemoryAccounting
from toplint.engines.types import Engine
from toplint.hardware import linkkinds
from toplint.infra.runmemo import forget_all
from toplint.model import INTENT_KINDS, STAGE_RULES, Finding
from toplint.parse import builtin as parse_builtin
from toplint.parse.generic.notebook import NotebookParser
from toplint.parse.generic.pyparser import PythonParser
from toplint.parse.k8s.manifest import KubernetesParser
from toplint.parse.parallel import parse_file
from toplint.parse.structured.akash import AkashSdlParser
from toplint.parse.structured.cloudformation import CloudFormationParser
from toplint.parse.structured.compose import ComposeParser
from toplint.parse.structured.disagg import DisaggConfigParser
from toplint.parse.structured.helm import HelmValuesParser
from toplint.parse.structured.llamaswap import LlamaSwapParser
from toplint.parse.structured.rayserve import RayServeConfigParser
from toplint.parse.structured.skypilot import SkyPilotParser
from toplint.parse.structured.sparkrecipe import SparkRecipeParser
from toplint.parse.structured.triton import TritonModelParser
from toplint.parse.text.dockerfile import DockerfileParser
from toplint.parse.text.justfile import JustfileParser
from toplint.parse.text.makefile import MakefileParser
from toplint.parse.text.shellsrc import ShellParser
from toplint.parse.text.supervisord import SupervisordParser
from toplint.parse.text.systemd import SystemdUnitParser
from toplint.plugins import hookimpl, hookspecs
from toplint.report import builtin as report_builtin
from toplint.report.github import GithubFormatter
from toplint.report.gitlab import GitlabFormatter
from toplint.report.jsonfmt import JsonFormatter
from toplint.report.junit import JunitFormatter
from toplint.report.markdown import MarkdownFormatter
from toplint.report.sarif import SarifFormatter
from toplint.report.text import TextFormatter
from toplint.rulebook import builtin as rulebook_builtin
from toplint.rulebook import docs
from toplint.suppression import builtin as suppression_builtin
from toplint.testing import Case

USED = [
    # Hook specifications and implementations: pluggy calls them by name (toplint_*).
    hookspecs.toplint_parsers,
    hookspecs.toplint_rules,
    hookspecs.toplint_formatters,
    hookspecs.toplint_engines,
    parse_builtin.toplint_parsers,
    report_builtin.toplint_formatters,
    suppression_builtin.toplint_rules,
    rulebook_builtin.toplint_rules,
    engines_registry.toplint_engines,
    # The marker third-party plugins import (`from toplint.plugins import hookimpl`).
    hookimpl,
    # toplint.record._build assigns them to each record class (as attributes, not a setattr
    # loop: ~10k instructions a class): Python's data model reads the dunders, fields() and
    # replace() the __record_*__ ones.
    Finding.__record_fields__,
    Finding.__record_names__,
    Finding.__match_args__,
    Finding.__repr__,
    Finding.__setattr__,
    Finding.__delattr__,
    # Output formats are imported by name when used (report/builtin.py _FORMATS).
    TextFormatter,
    JsonFormatter,
    MarkdownFormatter,
    SarifFormatter,
    GithubFormatter,
    JunitFormatter,
    GitlabFormatter,
    # Parsers are imported by name when a file first reaches them (parse/builtin.py).
    AkashSdlParser,
    CloudFormationParser,
    ComposeParser,
    JustfileParser,
    MakefileParser,
    SystemdUnitParser,
    SupervisordParser,
    TritonModelParser,
    PythonParser,
    NotebookParser,
    DisaggConfigParser,
    DockerfileParser,
    HelmValuesParser,
    KubernetesParser,
    RayServeConfigParser,
    ShellParser,
    SkyPilotParser,
    SparkRecipeParser,
    LlamaSwapParser,
    # Public helpers of the rule-pack meta-tests (tests/rules/test_meta.py uses them; a
    # third-party rule pack checks its pages the same way).
    docs.missing_headings,
    # Reading and parsing one file, as the parser tests do (tests/parse, tests/fix).
    parse_file,
    docs.references_without_url,
    docs.local_paths,
    Case.passing,
    # The kernel family of a deployment's all-reduce (issue 13.1's interface): the cost model
    # resolves it in toplint.cost.kernels (issue 17); tests/engines/test_registry.py pins it.
    Engine.allreduce_of,
    # Tests that register a plugin engine reset the table (issue 13.1's third-party engine).
    engines_registry.reset,
    # The kinds of fix intent, named for readers of Intent; toplint.fix.resolve dispatches on
    # the same strings and raises on any other.
    INTENT_KINDS,
    # Every stage-raised rule's one constructor: tests/rules/test_stage_rules.py checks each
    # against its registered rule and that no other module spells its code or name.
    STAGE_RULES,
    # Link-kind rows cite their sources and the NCCL algorithms that run over them: read by
    # tests/hardware/test_linkkinds.py and by people, not by the cost code.
    linkkinds.LinkKind.bandwidth_source,
    linkkinds.LinkKind.latency_source,
    linkkinds.LinkKind.algorithms,
    # The source of an engine's pipeline-stage memory layout, cited beside the value (issue 25).
    MemoryAccounting.pp_tables_source,
    MemoryAccounting.profile_images_source,
    MemoryAccounting.language_only_source,
    # Tests that count what a run computes empty the run memos first.
    forget_all,
    # Vocabularies of the cost model (issue 17) that its comments and tests name.
    network.A2A_IMPLS,
    uncertainty.METHODS,
    uncertainty.CLASSES,
    # shlex reads the attributes its caller sets (Python docs, "shlex Objects"): the
    # supervisord reader splits an ``environment=`` value at commas only.
    shlex.shlex("").whitespace,
    shlex.shlex("").whitespace_split,
]
assert USED
