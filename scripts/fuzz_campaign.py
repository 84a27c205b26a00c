"""A long fuzz campaign over ``lint_source``: the generators of ``tests/test_fuzz.py``, at scale.

Usage::

    python scripts/fuzz_campaign.py [--count 10000] [--seed 0] [--grammar-share 0.1]
                                    [--node-share 0.02] [--failures DIR]

Programs: a share from hypothesmith's grammar (``from_grammar``), a share from libcst nodes
(``from_node``, slow to generate), each embedded after MCP server boilerplate and in a
handler; the rest are random mutations (token deletion, swapped names, duplicated lines,
truncation, as text or as CRLF/CR/BOM bytes) of the shared examples and our fixtures,
drawn from ``random.Random(seed)``. One process, one program at a time.

Prints the number of programs and their outcomes: ``clean`` (no diagnostics),
``diagnostics`` (findings, none of the engine's error codes), ``MCP000`` (a syntax error
among them), ``MCP002`` (an internal error), ``malformed`` (an answer that fails the
test's well-formedness check) and ``crashes`` (an exception escaped). Every MCP002,
malformed answer and crash is written to ``--failures`` for reproduction. Exit 1 when
there was a crash or a malformed answer.
"""

from __future__ import annotations

import argparse
import random
import sys
import time
import traceback
import warnings
from collections import Counter
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT / "tests"))

import test_fuzz as fuzz  # noqa: E402 - the generators and checks live with the tests
from hypothesis import HealthCheck, given, seed, settings  # noqa: E402

from mcplint.engine import lint_source  # noqa: E402

MUTATIONS = (fuzz.delete_token, fuzz.swap_names, fuzz.duplicate_lines, fuzz.truncate)


class Campaign:
    """Lints programs one by one and tallies their outcomes."""

    def __init__(self, failures: Path) -> None:
        self.outcomes: Counter[str] = Counter()
        self.failures = failures
        self.programs = 0
        self.progress_every = 500

    def run(self, source: str | bytes, origin: str) -> None:
        """Lint one program and record its outcome (never raises)."""
        self.programs += 1
        if self.programs % self.progress_every == 0:
            counts = ", ".join(f"{key} {value}" for key, value in sorted(self.outcomes.items()))
            print(f"... {self.programs} programs: {counts}", flush=True)
        try:
            diagnostics = lint_source(source, "fuzzed.py", fuzz.SETTINGS)
        except BaseException as error:  # noqa: BLE001 - a crash is what we are looking for
            if isinstance(error, KeyboardInterrupt):
                raise
            self.outcomes["crashes"] += 1
            self.keep("crash", source, origin, traceback.format_exc())
            return
        problems = fuzz.well_formed_problems(source, diagnostics)
        codes = {d.code for d in diagnostics}
        if problems:
            self.outcomes["malformed"] += 1
            self.keep("malformed", source, origin, "\n".join(problems))
        elif "MCP002" in codes:
            self.outcomes["MCP002"] += 1
            self.keep("mcp002", source, origin, "\n".join(d.message for d in diagnostics if d.code == "MCP002"))
        elif "MCP000" in codes:
            self.outcomes["MCP000"] += 1
        elif diagnostics:
            self.outcomes["diagnostics"] += 1
        else:
            self.outcomes["clean"] += 1

    def keep(self, kind: str, source: str | bytes, origin: str, note: str) -> None:
        """Write a failing program and what went wrong to the failures directory."""
        self.failures.mkdir(parents=True, exist_ok=True)
        stem = self.failures / f"{kind}-{self.programs:06d}"
        data = source if isinstance(source, bytes) else source.encode("utf-8", "surrogatepass")
        stem.with_suffix(".py").write_bytes(data)
        stem.with_suffix(".txt").write_text(f"origin: {origin}\n{note}\n")


def hypothesmith_programs(campaign: Campaign, strategy, count: int, campaign_seed: int, label: str) -> None:
    """Lint ``count`` programs drawn from ``strategy``, each embedded twice (two programs)."""
    if count <= 0:
        return

    @seed(campaign_seed)
    @settings(max_examples=count, deadline=None, database=None, suppress_health_check=list(HealthCheck))
    @given(strategy)
    def lint_each(program: str) -> None:
        for source in fuzz.embed(program):
            campaign.run(source, label)

    lint_each()


def mutated_programs(campaign: Campaign, count: int, rng: random.Random) -> None:
    """Lint ``count`` random mutations of the corpus."""
    for _ in range(count):
        name, source = rng.choice(fuzz.CORPUS)
        steps = []
        for _ in range(rng.randint(1, 3)):
            mutation = rng.choice(MUTATIONS)
            arguments = (rng.random(),) if mutation is fuzz.truncate else (rng.randrange(10_000), rng.randrange(10_000))
            if mutation is fuzz.delete_token:
                arguments = arguments[:1]
            source = mutation(source, *arguments)
            steps.append(f"{mutation.__name__}{arguments}")
        origin = f"{name} after {', '.join(steps)}"
        if rng.random() < 0.2:
            ending, bom = rng.choice(["\r\n", "\r"]), rng.random() < 0.5
            data = (("\ufeff" if bom else "") + source.replace("\n", ending)).encode("utf-8", "surrogatepass")
            campaign.run(data, f"{origin}, as bytes with {ending!r} endings, bom={bom}")
        else:
            campaign.run(source, origin)


def main() -> int:
    """Run the campaign and print its counts; 1 if anything crashed or was malformed."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--count", type=int, default=10_000, help="programs to lint (default 10000)")
    parser.add_argument("--seed", type=int, default=0, help="random seed (default 0)")
    parser.add_argument("--grammar-share", type=float, default=0.1, help="share from from_grammar (0.1)")
    parser.add_argument("--node-share", type=float, default=0.02, help="share from from_node (0.02)")
    parser.add_argument("--failures", type=Path, default=Path("fuzz-failures"), help="where failures go")
    args = parser.parse_args()
    warnings.simplefilter("ignore", SyntaxWarning)  # hypothesmith compiles odd but valid programs

    campaign = Campaign(args.failures)
    started = time.monotonic()
    grammar = int(args.count * args.grammar_share) // 2  # each program is embedded twice
    node = int(args.count * args.node_share) // 2
    hypothesmith_programs(campaign, fuzz.grammar_programs(), grammar, args.seed, "from_grammar")
    hypothesmith_programs(campaign, fuzz.node_programs(), node, args.seed, "from_node")
    mutated_programs(campaign, max(args.count - campaign.programs, 0), random.Random(args.seed))

    print(f"programs: {campaign.programs} in {time.monotonic() - started:.0f} s (seed {args.seed})")
    for outcome in ("clean", "diagnostics", "MCP000", "MCP002", "malformed", "crashes"):
        print(f"  {outcome}: {campaign.outcomes[outcome]}")
    if campaign.outcomes["MCP002"] + campaign.outcomes["malformed"] + campaign.outcomes["crashes"]:
        print(f"failing programs written to {args.failures}/")
    return 1 if campaign.outcomes["crashes"] or campaign.outcomes["malformed"] else 0


if __name__ == "__main__":
    sys.exit(main())
