"""``self_assignments``: the ``self.<attr>`` assignments of a method, found once per method (a
class of a few hundred methods asked once per attribute made each question a walk of them all)."""

from __future__ import annotations

import libcst as cst

from mcplint.model.instance_types import self_assignments

SOURCE = '''
def __init__(self, client: Client, name):
    self.client = client
    self.cache: dict = {}
    self.count += 1
    self.a, self.b = name, name
    other.client = None
    self.inner.x = 1
    def nested():
        self.hidden = 1
'''


def test_each_attribute_maps_to_its_assignments_in_order() -> None:
    method = cst.parse_module(SOURCE).body[0]
    found = self_assignments(method)
    assert sorted(found) == ["a", "b", "cache", "client", "count"]
    kinds = {attr: [type(node).__name__ for node, _ in entries] for attr, entries in found.items()}
    assert kinds == {"client": ["Assign"], "cache": ["AnnAssign"], "count": ["AugAssign"],
                     "a": ["Assign"], "b": ["Assign"]}
    assert isinstance(found["a"][0][1], cst.Tuple)  # the target holding it, for the tuple check


def test_the_answer_is_kept_per_method() -> None:
    method = cst.parse_module(SOURCE).body[0]
    assert self_assignments(method) is self_assignments(method)
