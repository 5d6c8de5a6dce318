"""SageMaker endpoints in CloudFormation, and AWS's SageMaker TGI image configured by its own
environment names (issue 14, gap 1).  The image's mapping is read from
huggingface/text-generation-inference sagemaker-entrypoint.sh @db931fc."""

from __future__ import annotations

import json

from tests.parse.helpers import only, parse_text

IMAGE = (
    "763104351884.dkr.ecr.us-east-1.amazonaws.com/huggingface-pytorch-tgi-inference:"
    "2.4.0-tgi3.0.1-gpu-py311-cu124-ubuntu22.04"
)

YAML = f"""\
AWSTemplateFormatVersion: '2010-09-09'
Parameters:
  InstanceType:
    Type: String
    Default: ml.g5.12xlarge
Resources:
  Model:
    Type: AWS::SageMaker::Model
    Properties:
      ExecutionRoleArn: !GetAtt Role.Arn
      PrimaryContainer:
        Image: {IMAGE}
        Environment:
          HF_MODEL_ID: meta-llama/Llama-3.1-8B-Instruct
          SM_NUM_GPUS: "4"
  EndpointConfig:
    Type: AWS::SageMaker::EndpointConfig
    Properties:
      ProductionVariants:
        - InitialInstanceCount: 2
          InstanceType: !Ref InstanceType
          ModelName: !GetAtt Model.ModelName
          VariantName: AllTraffic
"""


def test_sm_num_gpus_is_tgis_shard_count() -> None:
    dep = only("sm.yaml", YAML)
    assert (dep.engine, dep.model, dep.tp) == ("tgi", "meta-llama/Llama-3.1-8B-Instruct", 4)


def test_sm_num_gpus_is_positioned_at_its_value() -> None:
    pos = only("sm.yaml", YAML).position_of("tp")
    assert (pos.line, pos.column) == (15, 24)


def test_instance_type_parameter_default_is_the_hardware_hint() -> None:
    dep = only("sm.yaml", YAML)
    assert (dep.labels["node.kubernetes.io/instance-type"], dep.gpus_per_node) == ("g5.12xlarge", 4)


def test_initial_instance_count_is_replicas() -> None:
    assert only("sm.yaml", YAML).replicas == 2


def test_parameter_without_default_leaves_the_instance_unknown() -> None:
    dep = only("sm.yaml", YAML.replace("    Default: ml.g5.12xlarge\n", ""))
    assert dep.gpus_per_node is None and "node.kubernetes.io/instance-type" not in dep.labels


def test_find_in_map_shard_count_is_unresolved_not_guessed() -> None:
    text = YAML.replace('SM_NUM_GPUS: "4"', "SM_NUM_GPUS: !FindInMap [GPUs, !Ref InstanceType, n]")
    dep = only("sm.yaml", text)
    assert dep.tp is None and "tp" in {u.field for u in dep.unresolved}


def test_json_template_with_long_form_intrinsics() -> None:
    template = {
        "Parameters": {"Kind": {"Type": "String", "Default": "ml.p4d.24xlarge"}},
        "Resources": {
            "Llm": {
                "Type": "AWS::SageMaker::Model",
                "Properties": {
                    "PrimaryContainer": {
                        "Image": IMAGE,
                        "Environment": {"HF_MODEL_ID": "org/m", "SM_NUM_GPUS": "8"},
                    }
                },
            },
            "Config": {
                "Type": "AWS::SageMaker::EndpointConfig",
                "Properties": {
                    "ProductionVariants": [
                        {"InstanceType": {"Ref": "Kind"}, "ModelName": {"Ref": "Llm"}}
                    ]
                },
            },
        },
    }
    dep = only("stack.json", json.dumps(template, indent=2))
    assert (dep.tp, dep.gpus_per_node) == (8, 8)


def test_sagemaker_image_in_a_kubernetes_pod_reads_its_environment() -> None:
    text = f"""\
apiVersion: apps/v1
kind: Deployment
metadata: {{name: tgi}}
spec:
  template:
    spec:
      containers:
        - name: tgi
          image: {IMAGE}
          env:
            - {{name: HF_MODEL_ID, value: org/m}}
            - {{name: SM_NUM_GPUS, value: "2"}}
          resources: {{limits: {{nvidia.com/gpu: 2}}}}
"""
    assert only("d.yaml", text).tp == 2


def test_sm_num_gpus_means_nothing_to_the_plain_tgi_image() -> None:
    # Only the SageMaker image's entrypoint renames it; the launcher itself reads NUM_SHARD.
    text = """\
services:
  tgi:
    image: ghcr.io/huggingface/text-generation-inference:3.0.1
    environment: {MODEL_ID: org/m, SM_NUM_GPUS: "4"}
    deploy:
      resources:
        reservations:
          devices: [{driver: nvidia, count: 2, capabilities: [gpu]}]
"""
    dep = parse_text("compose.yaml", text).deployments[0]
    assert dep.tp == 2  # TGI shards over the visible GPUs (launcher find_num_shards)
