"""The corpus verdict table: one row per corpus deployment, with the manifest it runs on.

``deployment`` is the name ``toplint inspect`` gives it ("" for the only deployment of a file,
"-" for a file that deploys nothing).  Expectations come from the verdict column of
``corpus/INDEX.md`` where it is definite, otherwise from reading the file; where toplint and
INDEX.md disagree the row says who is right and why (``xfail``: INDEX is right, toplint is not
yet).  Manifests are described in README.md.

Expectation syntax: ``"TL101:error"`` (that code at that severity), ``"TL003"`` (that code at any
severity), ``"TL104|TL110:error"`` (one of the codes at that severity).  ``worst`` is the highest
severity any finding of the deployment may have ("info" = the INDEX's "INFO fine").
"""

from __future__ import annotations

from dataclasses import dataclass

PS = "production-stack/"
KS = "kserve/llm-inference-service-dp-ep-deepseek-r1-"
H100 = "h100-hgx.yaml"


@dataclass(frozen=True)
class Row:
    file: str
    deployment: str
    manifest: str
    cluster: str | None = None
    expect: tuple[str, ...] = ()
    absent: tuple[str, ...] = ()
    worst: str = "error"
    xfail: str = ""


def fine(
    file: str,
    deployment: str,
    manifest: str = H100,
    cluster: str | None = "h100-tcp",
    absent: tuple[str, ...] = (),
) -> Row:
    """INDEX "INFO fine": nothing at warning or above."""
    return Row(file, deployment, manifest, cluster, absent=absent, worst="info")


ROWS: list[Row] = [
    # 1: the only modelSpec is `enabled: false`; INDEX: skip it.  The MIG manifest is what the file
    # would run on; nothing is placed on it.
    Row(PS + "values.yaml", "-", "mig-h200-4g71gb.yaml"),
    fine(PS + "values-example.yaml", ""),
    fine(PS + "values-02-basic-config.yaml", ""),
    fine(PS + "values-04-multiple-models.yaml", "llama3"),
    fine(PS + "values-04-multiple-models.yaml", "mistral"),
    fine(PS + "values-14-vllm-v1.yaml", ""),
    # 7/8: PP=2 over two 1-GPU Ray pods; INDEX: flag only on Ethernet without RDMA.  On the TCP
    # pool TL109 still flags it with its numbers (boundary 1.5 ms per prefill step, 111% of
    # distilgpt2's compute); on IB it stays clean.  Info, not warning (issue 25,
    # docs/severity.md): it runs, and no TP x PP split of the 2 GPUs is clearly faster (TP 2
    # would all-reduce over the same Ethernet).  INDEX's "WARN/INFO" allows it.  Two 1-GPU
    # replicas (DP 2) would be, but the outcome model does not weigh DP splits yet.
    Row(
        PS + "values-15-a-minimal-pipeline-parallel-example-raycluster.yaml",
        "",
        H100,
        "h100-tcp",
        expect=("TL109:info",),
        absent=("TL101",),
    ),
    Row(
        PS + "values-15-a-minimal-pipeline-parallel-example-raycluster.yaml",
        "",
        H100,
        "h100-ib",
        absent=("TL101", "TL109"),
        worst="info",
    ),
    Row(
        PS + "values-15-b-minimal-pipeline-parallel-example-multiple-modelspec.yaml",
        "distilgpt2-raycluster",
        H100,
        "h100-tcp",
        expect=("TL109:info",),
        absent=("TL101",),
    ),
    fine(
        PS + "values-15-b-minimal-pipeline-parallel-example-multiple-modelspec.yaml",
        "opt125m-deployment",
    ),
    # 9: requestGPU is commented out, so the chart renders no nvidia.com/gpu request and the pods
    # get GPUs only by leaking the node's (cudaVisibleDevices "0"/"1").  INDEX is right to warn:
    # it runs where the node's default runtime is NVIDIA's, unseen by the scheduler.
    *(
        Row(
            PS + "values-16-disagg-prefill.yaml",
            name,
            H100,
            "h100-tcp",
            expect=("TL201:warning",),
        )
        for name in ("llama-prefill", "llama-decode")
    ),
    # 10/11: the comments' NVLink layouts keep TP inside the NVLink domain -> fine.  The INDEX's
    # counterfactual (4 V100s linked only in pairs) must be flagged.
    fine(
        PS + "values-25-v100-multi-gpu-tp2.yaml",
        "",
        "v100-nv2-triangle.yaml",
        None,
        absent=("TL102", "TL108", "TL205"),
    ),
    fine(
        PS + "values-25-v100-multi-gpu-tp4.yaml",
        "",
        "v100-nvlink-mesh4.yaml",
        None,
        absent=("TL102", "TL108", "TL202", "TL205"),
    ),
    # INDEX: WARN when the 4 GPUs are not all-to-all NVLink.  TL108 still says the group
    # falls back to PCIe (15.75 against 50 GB/s inside the pair); info (docs/severity.md): it
    # runs, and no split with fewer TP ranks of these GPUs is clearly faster (vLLM v0.8.5 PP 2
    # would stream the 14B weights stage after stage).
    Row(
        PS + "values-25-v100-multi-gpu-tp4.yaml",
        "",
        "v100-nvlink-pairs.yaml",
        expect=("TL108:info",),
    ),
    fine(PS + "production-stack_v1alpha1_vllmruntime.yaml", ""),
    # 15: EP=32 over 4 nodes, one 100 Gb/s RoCE VF per 8-GPU pod: TL104 (1.56 GB/s per GPU).
    Row(
        KS + "gpu-deepep-ht.yaml",
        "",
        "h100-roce-1nic.yaml",
        expect=("TL104:warning",),
        absent=("TL101", "TL110", "TL207"),
    ),
    # 15, INDEX "ERROR if manifest says plain Ethernet/TCP": DeepEP's internode kernels need RDMA
    # (NVSHMEM IBGDA), so deepep_high_throughput cannot run over sockets at all.
    Row(
        KS + "gpu-deepep-ht.yaml",
        "",
        H100,
        "h100-tcp",
        expect=("TL110:error",),
    ),
    # 16: INDEX says RoCE and DeepSeek-R1, but the file's first line says GCP a3-highgpu-8g over
    # gVNIC TCP (NCCL_IB_DISABLE=1) and it serves DeepSeek-Coder-V2-Lite.  Verdicts agree: EP
    # over a slow link and the `naive` backend are warnings (naive runs over sockets).
    Row(
        KS + "gpu-naive.yaml",
        "",
        "gcp-a3-highgpu-gvnic-tcp.yaml",
        expect=("TL104:warning", "TL110:warning"),
        absent=("TL101", "TL207"),
    ),
    # 17: decode uses `pplx` (single-node backend) across 2 nodes; prefill deepep_high_throughput.
    Row(
        KS + "pd-gpu-p-deepep-ht-d-pplx.yaml",
        "deepseek-r1-0528-pd/decode",
        "h100-roce-1nic.yaml",
        expect=("TL110:warning", "TL104:warning"),
    ),
    Row(
        KS + "pd-gpu-p-deepep-ht-d-pplx.yaml",
        "deepseek-r1-0528-pd/prefill",
        "h100-roce-1nic.yaml",
        expect=("TL104:warning",),
        absent=("TL110",),
    ),
    Row("kserve/network-roce.yaml", "-", "h100-roce-1nic.yaml"),
    # 19: a runtime template; INDEX "cannot tell" -> TL003 for the unresolved TP and PP.
    Row(
        "kserve/kserve-huggingfaceserver-multinode.yaml",
        "",
        H100,
        "h100-tcp",
        expect=("TL003:info",),
        worst="info",
    ),
    # A KServe config template (Go templates in the vLLM command): INDEX "vocabulary", nothing
    # to check, and TL008 says so instead of a silent pass.
    Row(
        "kserve/config-llm-worker-data-parallel.yaml",
        "-",
        "h100-roce-1nic.yaml",
        expect=("TL008:warning",),
    ),
    fine("kserve/llm-inference-service-qwen2-7b-gpu.yaml", ""),
    fine("kserve/kserve-vllmserver.yaml", ""),
    # 23: TP=8 inside each 8-GPU pod, PP=2 across nodes.  On IB clean.  On Ethernet INDEX says
    # WARN; toplint says at most TL109 info: one 4096-token boundary (~31 ms over a shared
    # 100 GbE NIC) is a few % of Llama-405B's ~0.4-0.8 s prefill, under the 10% cost-model.md
    # §6.19 warns at.  toplint is right.  (`--pipeline_parallel_size` is valid vLLM: no TL005.)
    fine("lws/vllm-gpu-lws.yaml", "", cluster="h100-ib", absent=("TL101", "TL109")),
    fine("lws/vllm-gpu-lws.yaml", "", cluster="h100-tcp", absent=("TL101", "TL005")),
    # 24: TP=2 across two 1-GPU pods over the pod network.  INDEX says ERROR; issue 25's policy
    # (docs/severity.md) makes TL101 a warning, never an error: it runs, and the finding says
    # how much better the split is (TP 1 x PP 2: decode 10.9 -> 6.1 ms per token).
    Row("lws/sglang-lws.yaml", "", H100, "h100-tcp", expect=("TL101:warning",)),
    # 25: `python3 ./server.py --pp=8 --tp=2` is a custom Triton launcher; toplint does not read
    # an unknown program's options, and with no model stated no cost rule could speak anyway.
    Row("lws/tensorrt-llm-lws.yaml", "-", H100, "h100-tcp"),
    Row("lws/lws-exclusive-placement.yaml", "-", H100, "h100-tcp"),
    # 27: TP=8 inside the node, PP=2 over TCP: TL109 (13.8 ms per prefill step, ~18% of prefill
    # compute), no TL101.  INDEX "WARN ... works, slow"; info under docs/severity.md: it runs,
    # no budget is declared, and the only other split (TP 16) all-reduces over the TCP link.
    Row(
        "aibrix/deepseek-r1-tcp.yaml",
        "",
        H100,
        "h100-tcp",
        expect=("TL109:info",),
        absent=("TL101", "TL205"),
    ),
    # 28: INDEX ERROR TP=2 over the pod network; a warning under docs/severity.md (it runs;
    # the message says by how much TP 1 x PP 2 is better), as row 24.
    Row("aibrix/fleet-two-node.yaml", "", H100, "h100-tcp", expect=("TL101:warning",)),
    # 29: TP=2 across 2 pods even over RoCE (INDEX "WARN/ERROR").  TL101 still reports it with
    # its numbers; info under docs/severity.md: over 200 Gb/s RoCE the PP 2 split decodes
    # slower (4.4 -> 6.1 ms per token), so nothing on these GPUs is clearly better.
    *(
        Row(
            "aibrix/tp-1p1d.yaml",
            name,
            "volcengine-roce.yaml",
            expect=("TL101:info", "TL003:info"),
        )
        for name in ("prefill", "decode")
    ),
    fine("aibrix/docker-compose.yml", "vllm", absent=("TL201",)),
    # INDEX says fine; TL217 warns: `docker compose --profile pd up` starts the profile-less
    # `vllm` service too, on the same GPU 0 (VLLM_GPU and PREFILL_GPU both default to 0) at
    # 0.9 beside the prefill engine's 0.85.  On the pinned v0.6.6 each share limits the whole
    # GPU's use, so the prefill engine starts only if it is up first.
    Row(
        "aibrix/docker-compose.yml",
        "prefill-engine",
        H100,
        "h100-tcp",
        absent=("TL201",),
        expect=("TL217:warning",),
    ),
    fine("aibrix/docker-compose.yml", "decode-engine", absent=("TL201",)),
    fine(
        "aibrix/qwen3-8b-round-robin-4p4d-multinode.yaml",
        "VllmDecodeWorker",
        "volcengine-roce.yaml",
        None,
    ),
    fine(
        "aibrix/qwen3-8b-round-robin-4p4d-multinode.yaml",
        "VllmPrefillWorker",
        "volcengine-roce.yaml",
        None,
    ),
    # 32: TP=4 with one GPU in the pod.  toplint also places the 4 ranks on 4 nodes and reports
    # TL101 (INDEX's "if an external Ray cluster exists"); only the certain TL201 is asserted.
    Row("aibrix/deployment-tp.yaml", "", H100, "h100-tcp", expect=("TL201:error",)),
    # 33: INDEX "WARN PP=2 crosses nodes; link unknown".  On IB the boundary is negligible and
    # toplint stays quiet (right: cost-model.md §6.19 "PP across nodes is fine, but check it");
    # on Ethernet TL109 reports it (13.8 ms per prefill step, 18% of compute) as info under
    # docs/severity.md: it runs and the other split (TP 16) all-reduces over that Ethernet.
    Row(
        "kuberay/ray-service.deepseek.yaml",
        "",
        H100,
        "h100-ib",
        absent=("TL101", "TL109"),
        worst="info",
    ),
    Row(
        "kuberay/ray-service.deepseek.yaml",
        "",
        H100,
        "h100-tcp",
        expect=("TL109:info",),
        absent=("TL101",),
    ),
    fine(
        "kuberay/ray-service.high-throughput-gemma4.yaml",
        "",
        "b200-gke.yaml",
        None,
        absent=("TL201",),
    ),
    # 35: EP=16 over 2 nodes on IB with 8 x 400G: the layout the wide-EP guide intends; INDEX's
    # "WARN requires IB/RoCE" is met, so no TL104 (toplint right).  EPLB (256+32) % 16 = 0.
    fine("llm-d/wide-ep-lws-decode.yaml", "", cluster="h100-ib", absent=("TL104", "TL207")),
    Row(
        "llm-d/wide-ep-lws-decode.yaml",
        "",
        H100,
        "h100-tcp",
        expect=("TL110:error",),
    ),
    # 37: TP=4 over PCIe L40S.  INDEX says WARN (vLLM docs: without NVLink prefer PP); issue 6
    # made it an error, issue 25's policy (docs/severity.md) info: TL102 still reports the
    # ~1194 ms of all-reduce per prefill, but it runs and no split with fewer TP ranks of these
    # 4 GPUs is clearly faster at the default workload.
    *(
        Row(
            "llm-d-deployer/llama4-fp8.yaml",
            name,
            "l40s-g6e-12xlarge.yaml",
            expect=("TL102:info",),
            absent=("TL101", "TL205"),
        )
        for name in ("prefill", "decode")
    ),
    fine("llm-d-deployer/values.yaml", "prefill"),
    fine("llm-d-deployer/values.yaml", "decode"),
    fine("sglang/compose.yaml", ""),
    # 44: INDEX "cannot tell": local model path, `count: all` GPUs.
    Row(
        "compose-public/JinwangMok-InferencePack/docker-compose.vllm.yml",
        "",
        H100,
        "h100-tcp",
        expect=("TL004:info",),
        worst="info",
    ),
    # 47: INDEX "INFO fine", but Qwen3-Coder-30B-A3B-FP8 is ~30.5 GB of weights and TP=1 puts them
    # on one 24 GB RTX 3090 Ti: vLLM cannot load it.  INDEX is wrong; TL205 is right.
    Row(
        "compose-public/brianlechthaler-opencode-3090ti/docker-compose.vllm.yml",
        "",
        "rtx3090ti-single.yaml",
        expect=("TL205:error",),
        absent=("TL102", "TL103"),
    ),
    # 50: positional parameters -> "unresolved value", no guess.
    Row(
        "shell-public/vllm-ascend/run_dp_template.sh",
        "",
        H100,
        "h100-tcp",
        expect=("TL003:info",),
        worst="info",
    ),
    fine("shell-public/nichnikov-train-llm-tutorial/run_llm.bash", "", absent=("TL210",)),
]
