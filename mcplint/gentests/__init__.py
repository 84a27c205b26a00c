"""``mcplint gen-tests``: protocol-boundary pytest modules derived from a server's contract.

One module per server module, written from the source text alone: mcplint never imports or
runs the server; the user's pytest does, through the stack's in-memory client. The pieces:
:mod:`~mcplint.gentests.plan` (what a module covers), :mod:`~mcplint.gentests.expectations`
(which error and code each stack lets the author choose), :mod:`~mcplint.gentests.values`
(valid values solved from the code), :mod:`~mcplint.gentests.render` (the module text) and
:mod:`~mcplint.gentests.author` (the author's block, kept across re-runs).
"""
