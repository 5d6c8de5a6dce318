"""The facts a faithful reader extracts from each file of tests/data/corpus2 (see its INDEX.md).

One ``Row`` per file.  ``deployments`` lists what the file deploys, one dict per deployment, in any
order; each dict names only the facts INDEX.md states definitely (``None`` = written but
unresolved, so a reader must report it unresolved, not guess).  ``()`` means the file deploys
nothing.  ``family`` says which reader is responsible; a row whose reader has not landed yet is
``xfail(strict=True)`` with ``pending`` as the reason, so it flips to a failure (and the mark must
go) the day the reader reads it.
"""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

Facts = dict[str, Any]


@dataclass(frozen=True)
class Row:
    file: str
    family: str
    deployments: tuple[Facts, ...] = ()
    pending: str = ""  # xfail reason while the family's reader is missing
    hardware: str = ""  # catalog system the file's own hints select ("" = none inferable)
    notes: tuple[str, ...] = field(default_factory=tuple)


def pending(family: str) -> str:
    return f"issue 14: {family} not read yet"


VLLM = {"engine": "vllm"}
SGLANG = {"engine": "sglang"}
TGI = {"engine": "tgi"}
TRTLLM = {"engine": "trtllm"}

ROWS: list[Row] = [
    # --- KubeAI Model: spec.args, resourceProfile NAME:COUNT (COUNT x the profile's 1 GPU) ---
    Row(
        "kubeai/llama-3.1-405b-instruct-fp8-h100.yaml",
        "kubeai",
        (
            VLLM
            | dict(
                model="neuralmagic/Meta-Llama-3.1-405B-Instruct-FP8",
                tp=8,
                pp=1,
                gpus_per_node=8,
                nodes=1,
            ),
        ),
    ),
    Row(
        "kubeai/llama-3.1-70b-instruct-fp8-l4.yaml",
        "kubeai",
        (
            VLLM
            | dict(
                model="neuralmagic/Meta-Llama-3.1-70B-Instruct-FP8",
                tp=2,
                pp=4,
                gpus_per_node=8,
                nodes=1,
            ),
        ),
    ),
    Row(
        "kubeai/deepseek-r1-mi300x.yaml",
        "kubeai",
        (VLLM | dict(model="deepseek-ai/DeepSeek-R1", tp=8, gpus_per_node=8, nodes=1),),
    ),
    Row("kubeai/values.yaml", "kubeai"),
    Row("kubeai/values-gke.yaml", "kubeai"),
    Row("kubeai/values-eks.yaml", "kubeai"),
    # --- KAITO: TP = GPUs of the instance type, PP = node count (pkg/model/interface.go); the
    # node count is what KAITO's estimator computes (estimator.go), not `count` ---
    Row(
        "kaito/kaito_workspace_deepseek_r1.yaml",
        "kaito",
        (VLLM | dict(model="deepseek-ai/DeepSeek-R1-0528", tp=2, pp=5, nodes=5, gpus_per_node=2),),
        hardware="Standard_NC80adis_H100_v5",
    ),
    Row(
        "kaito/kaito_workspace_llama-3.3_70b_instruct.yaml",
        "kaito",
        (
            VLLM
            | dict(model="meta-llama/Llama-3.3-70B-Instruct", tp=2, pp=2, nodes=2, gpus_per_node=2),
        ),
        hardware="Standard_NC48ads_A100_v4",
    ),
    Row(
        "kaito/kaito_workspace_custom_config.yaml",
        "kaito",
        (
            VLLM
            | dict(
                model="deepseek-ai/DeepSeek-R1-Distill-Qwen-14B",
                tp=2,
                pp=1,
                nodes=1,
                gpus_per_node=1,
            ),
        ),
        hardware="Standard_NC24ads_A100_v4",
    ),
    Row(
        "kaito/kaito_workspace_mistral_large_3_675b_instruct.yaml",
        "kaito",
        (
            VLLM
            | dict(
                model="mistralai/Mistral-Large-3-675B-Instruct-2512",
                tp=2,
                pp=5,
                nodes=5,
                gpus_per_node=2,
            ),
        ),
        hardware="Standard_NC80adis_H100_v5",
    ),
    Row(
        "kaito/kaito_workspace_gpt_oss_120b.yaml",
        "kaito",
        (VLLM | dict(model="openai/gpt-oss-120b", tp=1, pp=3, nodes=3, gpus_per_node=1),),
        hardware="Standard_NC24ads_A100_v4",
    ),
    Row(
        "kaito/kaito_multiroleinference_deepseek-v3.yaml",
        "kaito",
        (
            # DeepSeek-V3 is not in KAITO's catalog: the estimator asks Hugging Face; unresolved
            VLLM
            | dict(name="prefill", model="deepseek-ai/DeepSeek-V3", gpus_per_node=1, nodes=None),
            VLLM
            | dict(name="decode", model="deepseek-ai/DeepSeek-V3", gpus_per_node=1, nodes=None),
        ),
        hardware="Standard_NC24ads_A100_v4",
    ),
    Row(
        "kaito/kaito_inferenceset_llama-3.1_8b_instruct.yaml",
        "kaito",
        (VLLM | dict(model="meta-llama/Llama-3.1-8B-Instruct", tp=1, gpus_per_node=1, replicas=2),),
        hardware="Standard_NC24ads_A100_v4",
    ),
    # --- llmaz ---
    Row(
        "llmaz/multi-nodes-service.yaml",
        "llmaz",
        (SGLANG | dict(tp=2, nodes=2, gpus_per_node=1, replicas=2),),
    ),
    Row(
        "llmaz/sglang-playground.yaml",
        "llmaz",
        (SGLANG | dict(model="Qwen/Qwen2-0.5B-Instruct", tp=1, gpus_per_node=1),),
    ),
    Row(
        "llmaz/tgi-playground.yaml",
        "llmaz",
        (TGI | dict(model="Qwen/Qwen2-0.5B-Instruct", tp=1, gpus_per_node=1),),
    ),
    # --- NVIDIA NIM: a deployment only where the environment states the backend; otherwise NIM
    # picks it on the GPU at start-up and toplint reads nothing rather than guess ---
    Row(
        "nim/multi-node-nimservice.yaml",
        "nim",
        (SGLANG | dict(tp=8, pp=2, nodes=2, gpus_per_node=8),),
    ),
    Row(
        "nim/multi-node-nimservice-rdma.yaml",
        "nim",
        (SGLANG | dict(tp=8, pp=2, nodes=2, gpus_per_node=8),),
    ),
    Row("nim/nim-gemma-deployment.yaml", "nim"),  # hints: a3-megagpu-8g, but no deployment
    Row("nim/nim-service-llama3-8b-instruct.yaml", "nim"),
    Row("nim/llama3-70b-instruct_4xh100_1.0.0.yaml", "nim"),
    # --- TGI configured by environment, on GCP's rebuilt TGI images ---
    Row(
        "tgi-env/llama3-70b-text-generation-inference.yaml",
        "tgi-env",
        (TGI | dict(model="meta-llama/Meta-Llama-3-70B-Instruct", tp=2, gpus_per_node=2),),
        hardware="g2-standard-24",
    ),
    Row(
        "tgi-env/tgi-7b-bitsandbytes-nf4.yaml",
        "tgi-env",
        (TGI | dict(model="google/gemma-7b", tp=2, gpus_per_node=2),),
        hardware="g2-standard-24",
    ),
    # --- GKE / EKS samples ---
    Row(
        "gke/vllm-llama3-405b-A3.yaml",
        "k8s-embedded",
        (
            VLLM
            | dict(
                model="meta-llama/Meta-Llama-3.1-405B-Instruct",
                tp=8,
                pp=2,
                nodes=2,
                gpus_per_node=8,
            ),
        ),
        hardware="a3-highgpu-8g",
    ),
    Row(
        "gke/vllm-deepseek-r1-A3.yaml",
        "k8s-embedded",
        (VLLM | dict(model="deepseek-ai/DeepSeek-R1", tp=8, pp=2, nodes=2, gpus_per_node=8),),
        hardware="a3-highgpu-8g",
    ),
    Row(
        "gke/vllm-2-27b-it.yaml",
        "k8s-embedded",
        (VLLM | dict(model="google/gemma-2-27b-it", tp=4, nodes=1, gpus_per_node=4),),
        hardware="g2-standard-48",
    ),
    Row(
        "gke/metaflow-vllm_deplyment.yaml",
        "k8s-embedded",
        (VLLM | dict(tp=2, nodes=1, gpus_per_node=2),),
        hardware="g2-standard-24",
    ),
    Row("gke/deploy-triton-server.yaml", "k8s-embedded"),
    Row("eks/llama3-405b-vllm-lws-deployment.yaml", "k8s-embedded"),
    # --- Ray Serve LLM ---
    Row(
        "ray-serve-llm/serve_my_llama_3_1_8B.yaml",
        "ray-serve-llm",
        (VLLM | dict(model="meta-llama/Llama-3.1-8B-Instruct", tp=1, pp=1, gpus_per_node=1),),
    ),
    Row(
        "ray-serve-llm/llm_config_example.yaml",
        "ray-serve-llm",
        (
            VLLM | dict(model="Qwen/Qwen2.5-0.5B-Instruct", tp=1),
            VLLM | dict(model="Qwen/Qwen2.5-1.5B-Instruct", tp=1),
        ),
    ),
    Row(
        "ray-serve-llm/ray-service.high-throughput-llm.yaml",
        "ray-serve-llm",
        (VLLM | dict(model="Qwen/Qwen3.5-4b", tp=1, replicas=4),),
    ),
    # --- SkyPilot ---
    Row(
        "skypilot/deepseek-r1-671B.yaml",
        "skypilot",
        (SGLANG | dict(model="deepseek-ai/DeepSeek-R1", tp=16, nodes=2, gpus_per_node=8),),
    ),
    Row(
        "skypilot/kimi-k2.sky.yaml",
        "skypilot",
        (VLLM | dict(model="moonshotai/Kimi-K2-Instruct", tp=8, pp=2, nodes=2, gpus_per_node=8),),
    ),
    Row(
        "skypilot/llama4.yaml",
        "skypilot",
        (
            VLLM
            | dict(
                model="meta-llama/Llama-4-Maverick-17B-128E-Instruct-FP8",
                tp=None,
                nodes=1,
                gpus_per_node=None,
            ),
        ),
    ),
    Row(
        "skypilot/mixtral-serve.yaml",
        "skypilot",
        (
            VLLM
            | dict(
                model="mistralai/Mixtral-8x7B-Instruct-v0.1", tp=None, nodes=1, gpus_per_node=None
            ),
        ),
    ),
    Row(
        "skypilot/qwen3-235b.yaml",
        "skypilot",
        (SGLANG | dict(model="Qwen/Qwen3-235B-A22B-FP8", tp=4, nodes=1, gpus_per_node=None),),
    ),
    Row(
        "skypilot/skypilot-dws-kueue-serve.yaml",
        "skypilot",
        (VLLM | dict(tp=1, nodes=1, gpus_per_node=1),),
    ),
    # --- Volcano kthena: role lists with entry + worker templates ---
    Row(
        "volcano/modelserving-multi-node.yaml",
        "k8s-embedded",
        (
            VLLM
            | dict(
                model="meta-llama/Llama-3.1-405B-Instruct",
                tp=8,
                pp=2,
                nodes=2,
                gpus_per_node=8,
                replicas=2,
            ),
        ),
    ),
    Row(
        "volcano/modelserving-gpu-pd-disaggregation.yaml",
        "k8s-embedded",
        (
            VLLM | dict(name="prefill", tp=1, nodes=1, gpus_per_node=1),
            VLLM | dict(name="decode", tp=1, nodes=1, gpus_per_node=1),
        ),
    ),
    Row("volcano/modelbooster-qwen25-coder-32b-ascend.yaml", "k8s-embedded"),
    # --- OpenShift AI Template embedding a ServingRuntime: read as KServe reads runtimes
    # (a runtime-template deployment; parallelism and GPUs come from each InferenceService) ---
    Row(
        "openshift-ai/vllm-cuda-template.yaml",
        "k8s-embedded",
        (VLLM | dict(tp=1, pp=1, gpus_per_node=None),),
    ),
    # --- Dynamo with a ConfigMap of TensorRT-LLM options the args do not reach ---
    Row(
        "dynamo/trtllm-disagg-multinode.yaml",
        "trtllm-options",
        (
            TRTLLM | dict(name="prefill", model="Qwen/Qwen3-0.6B", tp=None, nodes=2),
            TRTLLM | dict(name="decode", model="Qwen/Qwen3-0.6B", tp=None, nodes=2),
        ),
    ),
    # --- TensorRT-LLM options files: no deployment by themselves ---
    Row("trtllm-options/wide_ep_decode.yaml", "trtllm-options"),
    Row("trtllm-options/gpt_oss_prefill.yaml", "trtllm-options"),
    # --- Slurm ---
    Row(
        "slurm/open-r1-generate.slurm",
        "slurm",
        (VLLM | dict(model=None, tp=8, pp=2, nodes=2, gpus_per_node=8),),
    ),
    Row(
        "slurm/trtllm-simple/launch.slurm",
        "slurm",
        (
            TRTLLM
            | dict(model="TinyLlama/TinyLlama-1.1B-Chat-v1.0", tp=8, nodes=2, gpus_per_node=4),
            TRTLLM
            | dict(model="TinyLlama/TinyLlama-1.1B-Chat-v1.0", tp=4, nodes=1, gpus_per_node=4),
        ),
    ),
    Row("slurm/trtllm-simple/ctx_extra-llm-api-config.yaml", "trtllm-options"),
    Row("slurm/trtllm-simple/gen_extra-llm-api-config.yaml", "trtllm-options"),
    Row("slurm/trtllm-simple/disagg_config.yaml", "trtllm-options"),
    # --- GitHub Actions: a CI job that smoke-tests the engine is not a deployment ---
    Row("github-actions/lmdeploy-pr_ete_test.yml", "github-actions"),
    # --- OME (ome.io): runtimes carry the layout; PARALLELISM_SIZE = GPUs/pod x (1 + workers) ---
    Row(
        "ome/deepseek-rdma-rt.yaml",
        "ome",
        (SGLANG | dict(model=None, tp=16, nodes=2, gpus_per_node=8, gpus=16),),
    ),
    Row(
        "ome/kimi-k2-pd-rt.yaml",
        "ome",
        (
            SGLANG | dict(name="prefill", model=None, tp=32, nodes=4, gpus_per_node=8, gpus=32),
            SGLANG | dict(name="decode", model=None, tp=96, nodes=12, gpus_per_node=8, gpus=96),
        ),
    ),
    Row(
        "ome/llama-3-1-405b-instruct-fp8-rt.yaml",
        "ome",
        (VLLM | dict(model=None, tp=8, gpus_per_node=8),),
    ),
    Row(
        "ome/llama-3-1-8b-instruct-grpc-rt.yaml",
        "ome",
        (SGLANG | dict(model=None, tp=1, gpus_per_node=1),),
    ),
    Row(
        "ome/deepseek-v4-flash-rt.yaml",
        "ome",
        (VLLM | dict(model=None, tp=1, dp=4, gpus_per_node=4),),
    ),
    # An InferenceService that names only its BaseModel: OME picks the runtime (read above).
    Row("ome/Qwen2.5-72B-Instruct.yaml", "ome"),
    # --- An image's entrypoint script: `exec launcher $@` is not a deployment by itself ---
    Row("entrypoints/tgi-entrypoint.sh", "entrypoint"),
]
