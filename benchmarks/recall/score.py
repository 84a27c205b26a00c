#!/usr/bin/env python3
"""Recall and false alarms of mcplint on the labelled development corpus.

usage: score.py SET OUT_DIR [--mcplint PATH]   (SET: real8, real9 or var7, a folder beside this
script holding labels.tsv; OUT_DIR as written by materialize.sh, or the var7 folder itself)

Runs `mcplint check --preview --output-format json OUT_DIR` and compares with labels.tsv:
a fault row (class A/B/C/D) is found when a finding of one of its class's codes lies within
2 lines in that file; a trap row (NOT-A...) is tripped when such a finding lies within 1 line.
An MCP102 whose related location is the labelled line also answers a class B row (one finding
for a misspelt read and its unread declaration). Prints every miss and tripped trap with the
label's note, then the summary. The hidden evaluation sets are scored the same way.
"""
import argparse, collections, csv, json, os, subprocess, sys

CODES = {"A": {"MCP101", "MCP304"}, "B": {"MCP102", "MCP103", "MCP105"}, "C": {"MCP301", "MCP302"},
         "D": {"MCP201", "MCP202", "MCP203", "MCP204", "MCP104", "MCP207"}}
here = os.path.dirname(os.path.abspath(__file__))
ap = argparse.ArgumentParser()
ap.add_argument("set")
ap.add_argument("out_dir")
ap.add_argument("--mcplint", default="mcplint")
a = ap.parse_args()
p = subprocess.run([a.mcplint, "check", "--preview", "--no-cache", "--output-format", "json", a.out_dir],
                   capture_output=True, text=True)
if p.returncode not in (0, 1):
    sys.exit(f"mcplint exited {p.returncode}: {p.stderr[-500:]}")
found = collections.defaultdict(list)
for d in json.loads(p.stdout or "[]"):
    rel = os.path.relpath(os.path.abspath(d["filename"]), os.path.abspath(a.out_dir))
    found[rel].append((d["location"]["row"], d["code"]))
    if d["code"] == "MCP102":
        for x in d.get("related") or []:
            if os.path.basename(x.get("filename", "")) == os.path.basename(rel):
                found[rel].append((x["location"]["row"], "MCP103"))
hit, tot, trap, trap_tot = collections.Counter(), collections.Counter(), collections.Counter(), collections.Counter()
rows = list(csv.DictReader(open(os.path.join(here, a.set, "labels.tsv")), delimiter="\t"))
faults = {(r["repo"], r["path"], r["class"], int(r["line"])) for r in rows if not r["class"].startswith("NOT-")}
for r in rows:
    rel = r["repo"].replace("/", "__") + "/" + r["path"]
    line, cls = int(r["line"]), r["class"]
    if cls.startswith("NOT-"):
        c = cls[4:]
        if any((r["repo"], r["path"], c, line + k) in faults for k in range(-2, 3)):
            continue  # a trap beside a real fault of its class cannot be told apart by line
        trap_tot[c] += 1
        if any(abs(l - line) <= 1 and code in CODES[c] for l, code in found.get(rel, [])):
            trap[c] += 1
            print(f"TRAP tripped {cls} {rel}:{line}  {r['note']}")
    else:
        tot[cls] += 1
        if any(abs(l - line) <= 2 and code in CODES[cls] for l, code in found.get(rel, [])):
            hit[cls] += 1
        else:
            print(f"MISS {cls} {r['kind']} {rel}:{line}  {r['note']}")
rec = sum(hit.values()) / max(1, sum(tot.values()))
print(f"recall {rec:.0%} ({' '.join(f'{c}:{hit[c]}/{tot[c]}' for c in 'ABCD')}); "
      f"traps tripped {sum(trap.values())}/{sum(trap_tot.values())}")
