"""The ``trigames`` command."""
