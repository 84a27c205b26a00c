"""Compare two contracts (JSON objects as :func:`mcplint.contract.build_contract` writes them).

Breaking changes carry the code of the rule that reports them:

* MCP701 a prompt, tool, resource or template is gone (a removed name paired with an added
  one in the same section is one change, a likely rename, placed at the new name);
* MCP702 a prompt argument or tool property is gone (renames paired the same way; the added
  name then does not count as a new required argument);
* MCP703 an optional argument or property became required, or a new required one appeared;
* MCP704 a tool property's type narrowed, an enum value disappeared, or a value a completion
  handler advertised for a reference and argument that still have completion values is gone.

Everything else (a new optional argument, a new item, a description edit) is a compatible
change with ``code`` None. Where either side is unknown (``null``) nothing is compared.
"""

from __future__ import annotations

import difflib
from dataclasses import dataclass
from typing import Any, Iterator

_KINDS = {"prompts": "prompt", "tools": "tool", "resources": "resource", "resource_templates": "resource template"}
_NUMBER_TYPES = {"integer": {"integer"}, "number": {"integer", "number"}}


@dataclass(frozen=True)
class Change:
    """One difference. ``section``/``item``/``part`` name where it is in the new contract
    (``part`` an argument or property; for a removal with no rename, ``item``/``part`` name
    what was removed and ``removed`` is true); ``old_file`` is the module that declared a
    removed item."""

    code: str | None
    server: str
    section: str
    item: str
    part: str | None
    message: str
    removed: bool = False
    old_file: str | None = None

    @property
    def breaking(self) -> bool:
        """True for the changes a rule reports."""
        return self.code is not None


def completion_key(data: dict[str, Any]) -> str:
    """``prompt review language``: a completion entry's reference kind, name and argument."""
    return f"{data.get('ref')} {data.get('name')} {data.get('argument')}"


def item_key(item: dict[str, Any]) -> str:
    """How clients call an item: its name, a resource's URI, a template's URI template."""
    return str(item.get("uri", item.get("uri_template", item.get("name"))))


def server_label(server: dict[str, Any]) -> str:
    """``'name' (file)`` for messages."""
    return f"'{server.get('name') or '?'}' ({server.get('file')})"


def match_servers(old: list[dict[str, Any]], new: list[dict[str, Any]]) -> Iterator[tuple[dict | None, dict | None]]:
    """Pairs ``(old, new)`` of the same server: same constructing file and name, or the only
    server of that file on both sides. Unmatched servers come with None on the other side."""
    remaining = list(old)
    for server in new:
        same_file = [candidate for candidate in remaining if candidate.get("file") == server.get("file")]
        match = next((c for c in same_file if c.get("name") == server.get("name")), None)
        if match is None and len(same_file) == 1 and sum(s.get("file") == server.get("file") for s in new) == 1:
            match = same_file[0]
        if match is not None:
            remaining.remove(match)
        yield match, server
    for server in remaining:
        yield server, None


def diff_servers(old: dict[str, Any], new: dict[str, Any]) -> list[Change]:
    """Every change from ``old`` to ``new`` (the same server), breaking ones first."""
    changes: list[Change] = []
    label = server_label(new)
    for section in _KINDS:
        old_items, new_items = old.get(section), new.get(section)
        if old_items is None or new_items is None:
            continue
        changes.extend(_section_changes(label, section, old_items, new_items))
    changes.extend(_completion_changes(label, old.get("completions"), new.get("completions", [])))
    return sorted(changes, key=lambda change: (not change.breaking, change.code or "", change.item, change.part or ""))


def _section_changes(label: str, section: str, old_items: list, new_items: list) -> Iterator[Change]:
    kind = _KINDS[section]
    old_by = {item_key(item): item for item in old_items}
    new_by = {item_key(item): item for item in new_items}
    pairs, removed, added = _split_renames(old_by, new_by, lambda key: _shape(old_by[key]),
                                           lambda key: _shape(new_by[key]))
    for old_key, new_key in pairs:
        yield Change("MCP701", label, section, new_key, None,
                     f"{kind.capitalize()} '{old_key}' of server {label} was removed and '{new_key}' added: renamed? "
                     f"Clients that call '{old_key}' now get an error")
    for key in removed:
        yield Change("MCP701", label, section, key, None,
                     f"{kind.capitalize()} '{key}' of server {label} was removed; clients that call it now get an error",
                     removed=True, old_file=old_by[key].get("file"))
    for key in added:
        yield Change(None, label, section, key, None, f"{kind.capitalize()} '{key}' was added to server {label}")
    for key in old_by:
        if key in new_by:
            yield from _item_changes(label, section, key, old_by[key], new_by[key])


def _completion_changes(label: str, old: list | None, new: list | None) -> Iterator[Change]:
    """Values that disappeared from a (reference, argument) pair still completed with known
    values (a pair gone entirely is not compared: its prompt may be gone, or completed elsewhere)."""
    if not isinstance(old, list) or not isinstance(new, list):
        return
    new_by = {completion_key(entry): entry for entry in new}
    for entry in old:
        key = completion_key(entry)
        current = new_by.get(key)
        if current is None or not isinstance(entry.get("values"), list) or not isinstance(current.get("values"), list):
            continue
        gone = [value for value in entry["values"] if value not in current["values"]]
        if gone:
            argument = "any argument" if entry.get("argument") == "*" else f"argument '{entry.get('argument')}'"
            owner = "any reference" if entry.get("name") == "*" else \
                f"{_KINDS.get(entry.get('ref', '') + 's', 'reference')} '{entry.get('name')}'"
            yield Change("MCP704", label, "completions", key, None,
                         f"Completion value{'s' if len(gone) > 1 else ''} {', '.join(repr(v) for v in gone)} of "
                         f"{argument} of {owner} no longer advertised; clients that offered or saved "
                         f"{'them' if len(gone) > 1 else 'it'} now send a value the server does not suggest")


def _shape(item: dict[str, Any]) -> frozenset[str]:
    """The argument or property names of an item, to pair renamed items."""
    if isinstance(item.get("arguments"), list):
        return frozenset(argument.get("name") for argument in item["arguments"])
    schema = item.get("input_schema")
    if isinstance(schema, dict) and isinstance(schema.get("properties"), dict):
        return frozenset(schema["properties"])
    return frozenset()


def _split_renames(old: dict[str, Any], new: dict[str, Any], old_shape=None,
                   new_shape=None) -> tuple[list[tuple[str, str]], list[str], list[str]]:
    """``(renames, removed, added)`` between the names of ``old`` and ``new``: the likely
    renames (:func:`pair_renames`), then the names only one side has that no rename took."""
    removed = [name for name in old if name not in new]
    added = [name for name in new if name not in old]
    pairs = pair_renames(removed, added, old_shape, new_shape)
    paired_old = {old_name for old_name, _ in pairs}
    paired_new = {new_name for _, new_name in pairs}
    return pairs, [n for n in removed if n not in paired_old], [n for n in added if n not in paired_new]


def pair_renames(removed: list[str], added: list[str], old_shape=None, new_shape=None) -> list[tuple[str, str]]:
    """Likely renames among removed and added names: a lone removed name with a lone added
    one; otherwise pairs whose names are alike (difflib ratio >= 0.6) or whose shapes (the
    names inside them) are equal, non-empty and found once on each side, most alike first."""
    if len(removed) == 1 and len(added) == 1:
        return [(removed[0], added[0])]
    scored = []
    old_shapes = [old_shape(name) for name in removed] if old_shape is not None else []
    new_shapes = [new_shape(name) for name in added] if new_shape is not None else []
    for old in removed:
        for new in added:
            ratio = difflib.SequenceMatcher(None, old.lower(), new.lower()).ratio()
            # equal argument names pair only when no other removed or added item has them
            same_shape = old_shape is not None and bool(old_shape(old)) and old_shape(old) == new_shape(new) \
                and old_shapes.count(old_shape(old)) == 1 and new_shapes.count(new_shape(new)) == 1
            if ratio >= 0.6 or same_shape:
                scored.append((-(ratio + (1.0 if same_shape else 0.0)), old, new))
    pairs: list[tuple[str, str]] = []
    used_old: set[str] = set()
    used_new: set[str] = set()
    for _, old, new in sorted(scored):
        if old not in used_old and new not in used_new:
            pairs.append((old, new))
            used_old.add(old)
            used_new.add(new)
    return pairs


def _item_changes(label: str, section: str, key: str, old: dict, new: dict) -> Iterator[Change]:
    kind = _KINDS[section]
    for field_name in ("title", "description"):
        if field_name in old and old.get(field_name) != new.get(field_name) \
                and old.get(field_name) is not None and new.get(field_name) is not None:
            yield Change(None, label, section, key, None, f"The {field_name} of {kind} '{key}' changed")
    if section == "prompts":
        yield from _argument_changes(label, key, old.get("arguments"), new.get("arguments"))
    elif section == "tools":
        yield from _property_changes(label, key, old.get("input_schema"), new.get("input_schema"))


def _argument_changes(label: str, prompt: str, old: list | None, new: list | None) -> Iterator[Change]:
    if old is None or new is None:
        return
    old_by = {argument["name"]: argument for argument in old}
    new_by = {argument["name"]: argument for argument in new}
    yield from _member_changes(label, "prompts", prompt, "argument",
                               {name: argument.get("required") for name, argument in old_by.items()},
                               {name: argument.get("required") for name, argument in new_by.items()})
    for name in old_by.keys() & new_by.keys():
        if old_by[name].get("description") != new_by[name].get("description"):
            yield Change(None, label, "prompts", prompt, name,
                         f"The description of argument '{name}' of prompt '{prompt}' changed")


def _property_changes(label: str, tool: str, old: dict | None, new: dict | None) -> Iterator[Change]:
    if not isinstance(old, dict) or not isinstance(new, dict):
        return
    old_properties, new_properties = old.get("properties"), new.get("properties")
    if not isinstance(old_properties, dict) or not isinstance(new_properties, dict):
        return
    old_required, new_required = set(old.get("required") or ()), set(new.get("required") or ())
    yield from _member_changes(label, "tools", tool, "property",
                               {name: name in old_required for name in old_properties},
                               {name: name in new_required for name in new_properties})
    for name in old_properties.keys() & new_properties.keys():
        narrowed = narrowing(old_properties[name], new_properties[name])
        if narrowed:
            yield Change("MCP704", label, "tools", tool, name,
                         f"Property '{name}' of tool '{tool}' narrowed: {narrowed}; clients sending what the "
                         f"baseline allowed are now rejected")


def _member_changes(label: str, section: str, item: str, what: str, old: dict[str, Any],
                    new: dict[str, Any]) -> Iterator[Change]:
    """Removed, renamed, added and newly required arguments (or properties) of one item;
    ``old``/``new`` map each name to whether it is required (None: unknown)."""
    kind = _KINDS[section]
    pairs, removed, added = _split_renames(old, new)
    for old_name, new_name in pairs:
        yield Change("MCP702", label, section, item, new_name,
                     f"{what.capitalize()} '{old_name}' of {kind} '{item}' was removed and '{new_name}' added: "
                     f"renamed? Clients that send '{old_name}' are no longer understood")
    for name in removed:
        yield Change("MCP702", label, section, item, name,
                     f"{what.capitalize()} '{name}' of {kind} '{item}' was removed; clients that send it "
                     f"are no longer understood", removed=True)
    for name in added:
        if new[name] is True:
            yield Change("MCP703", label, section, item, name,
                         f"New required {what} '{name}' of {kind} '{item}': clients written against the baseline "
                         f"do not send it")
        else:
            yield Change(None, label, section, item, name, f"New optional {what} '{name}' of {kind} '{item}'")
    for name in old.keys() & new.keys():
        if old[name] is False and new[name] is True:
            yield Change("MCP703", label, section, item, name,
                         f"{what.capitalize()} '{name}' of {kind} '{item}' was optional and is now required")
        elif old[name] is True and new[name] is False:
            yield Change(None, label, section, item, name,
                         f"{what.capitalize()} '{name}' of {kind} '{item}' is now optional")


def _types(schema: Any) -> set[str] | None:
    """The JSON types a property schema accepts (None: any, or not stated)."""
    if not isinstance(schema, dict):
        return None
    if "anyOf" in schema and isinstance(schema["anyOf"], list):
        found: set[str] = set()
        for member in schema["anyOf"]:
            types = _types(member)
            if types is None:
                return None
            found |= types
        return found
    stated = schema.get("type")
    if isinstance(stated, str):
        return set(_NUMBER_TYPES.get(stated, {stated}))
    if isinstance(stated, list) and all(isinstance(t, str) for t in stated):
        return {kind for t in stated for kind in _NUMBER_TYPES.get(t, {t})}
    return None


def _values(schema: Any) -> list | None:
    """The values an enum or const allows (None: not restricted that way)."""
    if not isinstance(schema, dict):
        return None
    if isinstance(schema.get("enum"), list):
        return schema["enum"]
    if "const" in schema:
        return [schema["const"]]
    if isinstance(schema.get("anyOf"), list):
        values: list = []
        for member in schema["anyOf"]:
            member_values = _values(member)
            if member_values is None:
                if _types(member) == {"null"}:
                    values.append(None)
                    continue
                return None
            values.extend(member_values)
        return values
    return None


def narrowing(old: Any, new: Any) -> str | None:
    """How a property schema narrowed from ``old`` to ``new`` (None: it did not, or unknown)."""
    old_types, new_types = _types(old), _types(new)
    if old_types is not None and new_types is not None and old_types - new_types:
        return f"{_type_text(old)} -> {_type_text(new)}"
    old_values, new_values = _values(old), _values(new)
    if new_values is not None and old_values is None and old_types is not None:
        return f"it now accepts only {', '.join(repr(v) for v in new_values)}"
    if old_values is not None and new_values is not None:
        gone = [value for value in old_values if value not in new_values]
        if gone:
            return f"value{'s' if len(gone) > 1 else ''} {', '.join(repr(v) for v in gone)} no longer allowed"
    return None


def _type_text(schema: Any) -> str:
    """The types a schema states, as written (``integer``, ``string | null``)."""
    if isinstance(schema, dict) and isinstance(schema.get("anyOf"), list):
        return " | ".join(_type_text(member) for member in schema["anyOf"])
    stated = schema.get("type") if isinstance(schema, dict) else None
    if isinstance(stated, list):
        return " | ".join(str(t) for t in stated)
    return str(stated) if stated else "any"
