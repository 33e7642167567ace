"""``auto``'s rules: one module per kind of page part, each with its constants and functions.

The phase table (auto/phases.py) says when each rule runs and on what condition; a module here
knows what its part looks like and what to do with it.
"""
