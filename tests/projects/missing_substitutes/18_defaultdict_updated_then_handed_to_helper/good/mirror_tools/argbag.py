from collections import defaultdict


def bag(arguments):
    table = {}
    table.update(arguments or {})
    return table
