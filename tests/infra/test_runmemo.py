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
