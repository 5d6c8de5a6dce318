"""Vision encoders the engines' start-up profile runs push dummy images through.

The model catalog (``toplint.hardware.models``) describes language models; a vision-language
checkpoint also carries a vision encoder, which its catalog entry does not count.  For the
families here toplint knows the encoder's shape (its config.json ``vision_config``) and how
vLLM profiles it, so the start-up working memory and the weights can include it.

vLLM serves Llama 3.2 Vision (``mllama``) as an encoder-decoder model: its profile run builds
``max_num_seqs`` dummy sequence groups, each with one dummy image of the maximum size, and runs
them in one forward pass (vllm-project/vllm@01b9fe69 vllm/worker/enc_dec_model_runner.py
``profile_run``; ``dummy_image`` and ``dummy_encoder_seq_data`` in
vllm/model_executor/models/mllama.py).  Per image the vision encoder holds, at its peak
(vllm-project/vllm@6f0b37b8 vllm/model_executor/models/mllama.py ``MllamaVisionModel.forward``,
``_prepare_aspect_ratio_attention_mask``):

- a dense attention mask over all tiles' patches, ``(tiles × padded patches)²`` elements in the
  model dtype, built as a product then scaled (two such tensors while it is made; one held
  through both encoders): the patches of a tile, ``(image_size / patch_size)² + 1``, padded to a
  multiple of 8;
- the hidden states the encoder keeps for its output (``intermediate_layers_indices``);
- one layer's working set: the hidden state, its QKV projection, the attention output and the
  MLP's intermediate activation (hidden ×5 + intermediate, the QKV and MLP split over TP).

So the profile's vision memory grows with ``--max-num-seqs``: what vLLM's maintainers answer
("this model has a context length of 128k+ plus the additional block tables for cross-attention
layers, so the default setting `max_num_seqs=256` won't work", vllm-project/vllm#8879), and what
the reporters of vllm-project/vllm#9445 and #10569 fixed by lowering it.
"""

from __future__ import annotations

from toplint.catalog_types import ModelSpec
from toplint.record import record


@record
class VisionEncoder:
    family: str  # ModelSpec.family of the checkpoints that carry it
    params: float  # vision encoder and projector parameters (not in the language model's count)
    image_size: int  # pixels per tile side (vision_config.image_size)
    patch_size: int
    max_tiles: int  # tiles of one maximum-size image (vision_config.max_num_tiles)
    hidden: int  # vision_config.hidden_size
    intermediate: int  # vision_config.intermediate_size
    kept_states: int  # hidden states kept for the output (len(intermediate_layers_indices))
    # "max_num_seqs": the engine's profile runs one maximum-size dummy image per sequence of
    # ``--max-num-seqs`` in one forward pass (encoder-decoder models in vLLM)
    profile_images: str
    source: str

    @property
    def tokens(self) -> int:
        """Encoder tokens of one maximum-size image as the encoder pads them."""
        per_tile = (self.image_size // self.patch_size) ** 2 + 1
        return self.max_tiles * (per_tile + (8 - per_tile % 8) % 8)

    def image_bytes(self, dtype_bytes: float, tp: int) -> float:
        """Peak bytes one dummy image takes in the vision encoder on one GPU."""
        tokens = float(self.tokens)
        mask = tokens * tokens * dtype_bytes
        kept = self.kept_states * self.hidden * tokens * dtype_bytes
        split = (3 * self.hidden + self.intermediate) / max(tp, 1)  # QKV and MLP over TP
        layer = tokens * (2 * self.hidden + split) * dtype_bytes
        return max(2 * mask, mask + kept + layer)


ENCODERS: dict[str, VisionEncoder] = {
    e.family: e
    for e in (
        VisionEncoder(
            family="llama-3.2-vision",
            params=0.9e9,
            image_size=560,
            patch_size=14,
            max_tiles=4,
            hidden=1280,
            intermediate=5120,
            kept_states=5,
            profile_images="max_num_seqs",
            source="config.json vision_config of meta-llama/Llama-3.2-11B-Vision-Instruct "
            "(image_size 560, patch_size 14, max_num_tiles 4, hidden_size 1280, "
            "intermediate_size 5120, intermediate_layers_indices [3, 7, 15, 23, 30]) [M]; "
            "the same encoder in the 90B; 10.6B parameters in all, 9.8B of them the "
            "language model's (the catalog's count) [M]",
        ),
    )
}


def encoder_of(model: ModelSpec | None) -> VisionEncoder | None:
    """The vision encoder ``model`` carries, when toplint knows it."""
    return ENCODERS.get(model.family) if model is not None else None
