"""The reader behind ``toplint.parse.structured.cloudformation``: SageMaker models, their
containers and the endpoint configs that host them (see that module for the semantics)."""

from __future__ import annotations

from typing import Any

from toplint.catalog_index import instance_gpus_per_node
from toplint.infra.patterns import lazy
from toplint.infra.yamlsafe import Document, Path, load_documents
from toplint.model import Deployment, Finding, ParseResult
from toplint.parse.argv import deployment_from_invocation
from toplint.parse.base import Source
from toplint.parse.invocation import image_invocation
from toplint.parse.options import Arg
from toplint.parse.textpos import offset_of
from toplint.record import replace

_MODEL = "AWS::SageMaker::Model"
_ENDPOINT_CONFIG = "AWS::SageMaker::EndpointConfig"
INSTANCE_LABEL = "node.kubernetes.io/instance-type"
_SUB_REF = lazy(r"\$\{([^}!]+)\}")


def parse(source: Source) -> ParseResult:
    out: list[Deployment] = []
    findings: list[Finding] = []
    for doc in load_documents(source.text, source.path):
        resources = doc.data.get("Resources") if isinstance(doc.data, dict) else None
        if isinstance(resources, dict):
            template = _Template(source, doc, resources)
            for name, body in resources.items():
                if isinstance(body, dict) and body.get("Type") == _MODEL:
                    deps, found = template.model(str(name))
                    out.extend(deps)
                    findings.extend(found)
    return ParseResult(source.path, tuple(out), tuple(findings))


class _Template:
    def __init__(self, source: Source, doc: Document, resources: dict[Any, Any]) -> None:
        self.source = source
        self.doc = doc
        self.resources = resources
        params = doc.data.get("Parameters")
        self.params: dict[Any, Any] = params if isinstance(params, dict) else {}

    # -- one model resource ------------------------------------------------------------

    def model(self, name: str) -> tuple[list[Deployment], list[Finding]]:
        at: Path = ("Resources", name, "Properties")
        props = self.doc.data["Resources"][name].get("Properties")
        if not isinstance(props, dict):
            return [], []
        containers: list[Path] = []
        if isinstance(props.get("PrimaryContainer"), dict):
            containers.append((*at, "PrimaryContainer"))
        for i, item in enumerate(props.get("Containers") or []):
            if isinstance(item, dict):
                containers.append((*at, "Containers", i))
        base = self._hosted(name, self._base(name))
        out: list[Deployment] = []
        findings: list[Finding] = []
        for path in containers:
            found = self._container(path, base)
            if found is not None:
                out.append(found[0])
                findings.extend(found[1])
        return out, findings

    def _base(self, name: str) -> Deployment:
        pos = self.doc.key_position(("Resources", name))
        return Deployment(
            path=self.source.path,
            line=pos.line,
            column=pos.column,
            engine="",
            model=None,
            name=name,
            source_kind="cloudformation",
            nodes=1,
            pods_are_nodes=True,
        )

    def _container(
        self, path: Path, base: Deployment
    ) -> tuple[Deployment, tuple[Finding, ...]] | None:

        node = self._get(path)
        image = self.arg((*path, "Image"), node.get("Image"), keep_raw=True)
        env: dict[str, Arg] = {}
        variables = node.get("Environment")
        for key, value in (variables if isinstance(variables, dict) else {}).items():
            env[str(key)] = self.arg((*path, "Environment", key), value)
        inv = image_invocation(image, [], env)
        if inv is None:
            return None
        return deployment_from_invocation(
            inv, self.source.path, source_kind="cloudformation", base=base, env=env
        )

    # -- the endpoint that hosts it ----------------------------------------------------

    def _hosted(self, model: str, base: Deployment) -> Deployment:
        """Instance type and count of the production variant that names ``model``."""
        for name, body in self.resources.items():
            if not isinstance(body, dict) or body.get("Type") != _ENDPOINT_CONFIG:
                continue
            variants = (body.get("Properties") or {}).get("ProductionVariants") or []
            for i, variant in enumerate(variants if isinstance(variants, list) else []):
                if isinstance(variant, dict) and self._names(variant.get("ModelName"), model):
                    at: Path = ("Resources", name, "Properties", "ProductionVariants", i)
                    return self._on_instance(base, at, variant)
        note = "no EndpointConfig in this template hosts it: its instance type is not known"
        return replace(base, notes=(*base.notes, note))

    def _names(self, value: Any, model: str) -> bool:
        if isinstance(value, dict):  # JSON: {"Ref": M} or {"Fn::GetAtt": [M, "ModelName"]}
            ref = value.get("Ref") or (value.get("Fn::GetAtt") or [None])[0]
            return bool(ref == model)
        if not isinstance(value, str):
            return False
        props = self.resources[model].get("Properties") or {}
        # YAML `!Ref M` / `!GetAtt M.ModelName` load as their text; or the model's own name
        return value.split(".", 1)[0] == model or value == props.get("ModelName")

    def _on_instance(self, base: Deployment, at: Path, variant: dict[str, Any]) -> Deployment:
        kind = self.arg((*at, "InstanceType"), variant.get("InstanceType"))
        count = variant.get("InitialInstanceCount", 1)
        sources = {**base.sources, "replicas": self.doc.key_position((*at, "InitialInstanceCount"))}
        dep = replace(
            base, replicas=count if isinstance(count, int) and count > 0 else 1, sources=sources
        )
        if kind.value is None:
            note = f"instance type `{kind.raw}` is not resolved here (a template intrinsic)"
            return replace(dep, notes=(*dep.notes, note))
        ec2 = kind.value.removeprefix("ml.")
        gpus = instance_gpus_per_node(ec2)
        labels = {**dep.labels, INSTANCE_LABEL: ec2}
        if gpus is None:
            note = f"instance type {kind.value} is not in toplint's instance catalog: GPUs unknown"
            return replace(dep, labels=labels, notes=(*dep.notes, note))
        where = {"gpus_per_node": kind.position, "gpus": kind.position}
        return replace(
            dep,
            labels=labels,
            gpus_per_node=gpus,
            gpus=gpus,
            sources={**dep.sources, **where},
        )

    # -- values --------------------------------------------------------------------------

    def _get(self, path: Path) -> Any:
        node: Any = self.doc.data
        for step in path:
            node = node[step]
        return node

    def arg(self, path: Path, value: Any, *, keep_raw: bool = False) -> Arg:
        """A property value as a positioned word: literal, a parameter's default, or
        unresolved (the intrinsic named)."""
        pos = self.doc.value_position(path)
        tag = self._tag(pos.line, pos.column)
        if isinstance(value, dict) and len(value) == 1:
            ((tag, value),) = value.items()
            tag = {"Ref": "!Ref", "Fn::Sub": "!Sub"}.get(str(tag), str(tag))
        if tag == "!Ref" and isinstance(value, str):
            default = self._default(value)
            return Arg(default, f"!Ref {value}", pos, () if default else (f"!Ref {value}",))
        if tag == "!Sub" and isinstance(value, str):
            text = _SUB_REF.sub(lambda m: self._default(m.group(1)) or m.group(0), value)
            missing = tuple(f"${{{m}}}" for m in _SUB_REF.findall(text))
            if missing and not keep_raw:
                return Arg(None, value, pos, missing)
            return Arg(text, value, pos)
        if tag or not isinstance(value, (str, int, float)) or isinstance(value, bool):
            return Arg(None, str(value), pos, (f"{tag or 'intrinsic'} {value}".strip(),))
        return Arg(str(value), str(value), pos)

    def _tag(self, line: int, column: int) -> str:
        """The YAML short-form intrinsic (``!Ref``) written at a value's position, if any."""

        start = offset_of(self.source.text, line, column)
        if self.source.text.startswith("!", start):
            return self.source.text[start:].split(None, 1)[0]
        return ""

    def _default(self, name: str) -> str | None:
        param = self.params.get(name)
        default = param.get("Default") if isinstance(param, dict) else None
        return None if default is None or isinstance(default, (dict, list)) else str(default)
