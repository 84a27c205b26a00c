from collections import defaultdict


def bag(arguments):
    table = defaultdict(str)
    table.update(arguments or {})
    return table
