"""AWS CloudFormation templates that host a model on SageMaker (YAML or JSON).

An ``AWS::SageMaker::Model`` names its container (``PrimaryContainer`` or ``Containers``:
``Image`` and ``Environment``); an ``AWS::SageMaker::EndpointConfig`` runs it on
``ProductionVariants[].InstanceType`` × ``InitialInstanceCount`` (the CloudFormation user guide,
AWS::SageMaker::Model ContainerDefinition and EndpointConfig ProductionVariant).  The engine is
found from the image like everywhere else (``Engine.images``): AWS's Hugging Face LLM image
runs TGI with SM_NUM_GPUS as its shard count (``toplint.engines.tgi``).  The instance type
(``ml.`` + an EC2 type) is the hardware hint, and the GPUs the container sees are the
instance's, from the instance catalog.

Intrinsics: ``Ref`` to a template parameter takes its ``Default`` (what deploys when the stack
is created without overriding it, as ``${VAR:-default}`` in a script); ``Fn::Sub`` with
parameters the same way; any other intrinsic (``Fn::FindInMap``, ``Fn::GetAtt``, a parameter
without a default, a pseudo parameter) is unresolved, never guessed.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from toplint.parse.base import Source

if TYPE_CHECKING:
    from toplint.model import ParseResult

_MODEL = "AWS::SageMaker::Model"


class CloudFormationParser:
    """Registered on every run, so only ``accepts`` is loaded up front (the reader is
    ``toplint.parse.structured.cfn_sagemaker``, imported when a template hosts a SageMaker
    model)."""

    name = "cloudformation"

    def accepts(self, source: Source) -> bool:
        named = source.yaml_named or source.name.endswith((".json", ".template"))
        return named and _MODEL in source.text

    def parse(self, source: Source) -> ParseResult:
        from toplint.parse.structured.cfn_sagemaker import parse

        return parse(source)
