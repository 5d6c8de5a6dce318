"""toplint.infra.runmemo: answers kept for one run, keyed by an owner's identity."""

from __future__ import annotations

from toplint.infra.runmemo import RunMemo


class Owner:
    """Equal to every other Owner: the table must still tell them apart by identity."""

    def __eq__(self, other: object) -> bool:
        return isinstance(other, Owner)

    def __hash__(self) -> int:
        return 0


def test_an_answer_is_found_for_the_same_owner_and_key_only() -> None:
    memo: RunMemo[str] = RunMemo(10)
    a, b = Owner(), Owner()
    assert memo.put(a, ("tp", 4), "nvlink") == "nvlink"
    assert memo.get(a, ("tp", 4)) == "nvlink"
    assert memo.get(a, ("tp", 2)) is None
    assert memo.get(b, ("tp", 4)) is None  # an equal owner is another owner


def test_the_owner_is_held_so_its_id_is_never_another_objects() -> None:
    memo: RunMemo[int] = RunMemo(10)
    memo.put(Owner(), "k", 1)  # no other reference to the owner
    others = [Owner() for _ in range(1000)]  # would reuse a freed id
    assert all(memo.get(o, "k") is None for o in others)


def test_the_table_starts_over_past_its_weight() -> None:
    memo: RunMemo[int] = RunMemo(5)
    owner = Owner()
    memo.put(owner, "big", 1, weight=4)
    memo.put(owner, "small", 2, weight=1)
    assert memo.get(owner, "big") == 1 and memo.get(owner, "small") == 2
    memo.put(owner, "more", 3, weight=2)  # 7 > 5: what was there is dropped
    assert memo.get(owner, "big") is None and memo.get(owner, "more") == 3


def test_recorded_options_note_what_is_read_by_name() -> None:
    from toplint.cost.enginecomm import option
    from toplint.infra.runmemo import RecordedOptions, agree

    seen = RecordedOptions({"max_model_len": "8192", "max_num_seqs": "64"})
    assert seen.get("kv_cache_dtype") is None and "gpu_ids" not in seen
    assert option(seen, "max-model-len") == "8192"
    assert not seen.everything
    # Options that agree on every read share the answer, whatever else they hold...
    assert agree(seen.reads, {"max_model_len": "8192", "max_num_seqs": "256"}, option)
    assert agree(seen.reads, {"MAX-MODEL-LEN": "8192"}, option)  # option() reads any spelling
    # ...and options that give any read another value do not.
    assert not agree(seen.reads, {"max_model_len": "4096"}, option)
    assert not agree(seen.reads, {"max_model_len": "8192", "kv_cache_dtype": "fp8"}, option)
    assert not agree(seen.reads, {"max_model_len": "8192", "gpu_ids": "0,1"}, option)


def test_walking_recorded_options_marks_everything_read() -> None:
    from toplint.infra.runmemo import RecordedOptions

    walks = {
        "list": list,
        "len": len,
        "dict": dict,
        "items": lambda o: list(o.items()),
        "==": lambda o: o == {"a": "1"},
        "bool": bool,
        "**": lambda o: {**o},
    }
    for name, walk in walks.items():
        seen = RecordedOptions({"a": "1"})
        walk(seen)
        assert seen.everything, name


def test_get_and_in_note_what_the_mapping_mixins_would() -> None:
    """``get`` and ``in`` skip Mapping's KeyError round trip; the reads, the answers and what
    a nested RecordedOptions (a what-if inside a what-if) notes stay as Mapping's would."""
    from collections.abc import Mapping

    from toplint.infra.runmemo import RecordedOptions

    class ByMixins(RecordedOptions):
        get = Mapping.get
        __contains__ = Mapping.__contains__

    inner = {"tp": "4", "empty": "", "none": None}
    fast_inner, slow_inner = RecordedOptions(inner), ByMixins(inner)  # type: ignore[arg-type]
    fast, slow = RecordedOptions(fast_inner), ByMixins(slow_inner)
    for key in ("tp", "empty", "none", "missing"):
        assert fast.get(key) == slow.get(key)
        assert fast.get(key, "d") == slow.get(key, "d")
        assert (key in fast) == (key in slow)
    assert fast.reads == slow.reads
    assert list(dict.fromkeys(fast_inner.reads)) == list(dict.fromkeys(slow_inner.reads))
    assert not fast.everything and not fast_inner.everything
