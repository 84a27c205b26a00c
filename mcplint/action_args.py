"""The arguments of the GitHub Action's SARIF run, taken from the user's ``args`` input.

``action.yml`` runs ``mcplint check $args --output-format github`` for annotations and, with
``sarif-file``, a second run that writes SARIF. The user's ``args`` may hold flags that
make no sense there (``--statistics``, ``--show-files``, ``--output-format concise``,
``--fix``, ``--diff``, ``-q``...): one would replace the SARIF report, another rewrite files.
So that run gets only the paths and the flags that choose what is linted and how rules are
selected (:data:`SELECTION_OPTIONS`); the rest are dropped, each with its value, which the
``check`` command's own option table tells apart from paths.

``python -m mcplint.action_args ARG...`` prints the kept arguments, each followed by a NUL
byte (for bash's ``mapfile -d ''``).
"""

from __future__ import annotations

import sys

import click

#: Parameter names (click's) of the ``check`` options the SARIF run keeps: paths, selection,
#: configuration and discovery. Names not (yet) defined by the command are ignored.
SELECTION_OPTIONS = frozenset({
    "select", "ignore", "extend_select", "preview", "config_values", "target_version", "force_exclude",
    "no_cache", "jobs", "exclude", "extend_exclude", "per_file_ignores", "extend_per_file_ignores",
    "respect_gitignore", "isolated", "cache_dir", "ignore_noqa", "config", "contract_base",
})


def sarif_arguments(args: list[str]) -> list[str]:
    """``args`` (as given to ``mcplint check``) without the options the SARIF run cannot take.

    Paths stay; an option of :data:`SELECTION_OPTIONS` stays with its value (``--select X``
    or ``--select=X``); any other option of ``check`` goes with its value; a token after
    ``--`` is a path. An unknown option goes alone (the annotation run reports it).
    """
    from mcplint.cli import check

    options = {name: param for param in check.params if isinstance(param, click.Option)
               for name in (*param.opts, *param.secondary_opts)}
    kept: list[str] = []
    tokens = iter(args)
    for token in tokens:
        if token == "--":
            kept.extend(["--", *tokens])
            break
        if not token.startswith("-") or token == "-":
            kept.append(token)
            continue
        name, has_value = token.split("=", 1)[0], "=" in token
        param = options.get(name)
        if param is None:
            continue
        # An option whose value is optional (`--add-noqa[=REASON]`) takes one only after `=`.
        takes_value = not param.is_flag and not param.count and not getattr(param, "_flag_needs_value", False)
        value = next(tokens, None) if takes_value and not has_value else None
        if param.name in SELECTION_OPTIONS:
            kept.append(token)
            if value is not None:
                kept.append(value)
    return kept


def main(argv: list[str] | None = None) -> None:
    """Print :func:`sarif_arguments` of ``argv`` (default: the command line), NUL-terminated."""
    for argument in sarif_arguments(list(sys.argv[1:] if argv is None else argv)):
        sys.stdout.write(argument + "\0")


if __name__ == "__main__":
    main()
