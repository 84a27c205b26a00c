"""Builds the brief text; kept apart from the prompt class so it can be unit-tested."""
from collections.abc import Mapping


def _feature(args: Mapping[str, str]) -> str:
    feature = args.get("feature", "").strip()
    if not feature:
        raise ValueError("feature is required")
    return feature


def _audience(args: Mapping[str, str]) -> str:
    return args.get("audience", "engineers")


def compose_brief(args: Mapping[str, str]) -> str:
    return f"Write a one-page design brief about {_feature(args)} for {_audience(args)}."
