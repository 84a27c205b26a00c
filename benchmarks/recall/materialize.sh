#!/usr/bin/env bash
# Extract the development corpus (repos.tsv) from fetched snapshots into OUT_DIR.
#
# usage: materialize.sh SET SNAPSHOTS_DIR OUT_DIR   (SET: a folder beside this script, e.g. real12)
#
# SNAPSHOTS_DIR is the folder that holds one <owner>+<name>/ folder per repository fetched
# with the search tool's `fetch` (fetch prints <SNAPSHOTS_DIR>/<owner>+<name>/repo). Fetch
# every repository of repos.tsv first. For each row this copies the *.py files under
# path_prefix at that commit (plus the repository's pyproject.toml / requirements*.txt,
# which hold the framework pins) into OUT_DIR/<owner>__<name>/<repo-relative path>.
# Never commit the extracted code. Exit 1 when a row could not be extracted.
set -euo pipefail
[[ $# -eq 3 ]] || { echo "usage: $0 SET SNAPSHOTS_DIR OUT_DIR" >&2; exit 2; }
set_dir=$1 snap=$2 out=$3
here=$(cd "$(dirname "${BASH_SOURCE[0]}")" && pwd)/$set_dir
mkdir -p "$out"
failed=0
while IFS=$'\t' read -r repo commit prefix style; do
  [[ $repo == repo || -z $repo ]] && continue
  base=$snap/${repo/\//+}/repo
  gd=$base; [[ -d $base/.git ]] && gd=$base/.git
  if [[ ! -d $gd ]]; then echo "missing snapshot: $repo (fetch github:$repo)" >&2; failed=1; continue; fi
  dest=$out/${repo/\//__}
  mkdir -p "$dest"
  if ! git --git-dir="$gd" cat-file -e "$commit^{commit}" 2>/dev/null; then
    echo "missing commit $commit in $repo" >&2; failed=1; continue
  fi
  git --git-dir="$gd" archive "$commit" -- "$prefix" | tar -x -C "$dest" --wildcards '*.py' \
    '*pyproject.toml' '*requirements*.txt' '*uv.lock' '*poetry.lock' 2>/dev/null || true
  d=$prefix; [[ $d == *.py ]] && d=$(dirname "$d")
  while :; do   # the pins a checkout has: in the server's folder and every folder above it
    for pin in pyproject.toml requirements.txt uv.lock poetry.lock; do
      rel=$pin; [[ $d != . && -n $d ]] && rel=$d/$pin
      if git --git-dir="$gd" cat-file -e "$commit:$rel" 2>/dev/null; then
        mkdir -p "$dest/$(dirname "$rel")" && git --git-dir="$gd" show "$commit:$rel" > "$dest/$rel"
      fi
    done
    [[ $d == . || -z $d ]] && break
    d=$(dirname "$d")
  done
done < "$here/repos.tsv"
echo "extracted into $out ($(find "$out" -name '*.py' | wc -l) .py files)"
exit $failed
