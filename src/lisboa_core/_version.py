"""The package's version, in a module of its own so saves and records can stamp it without
importing the package's public face."""

__version__ = "0.2.0"
"""The package version (PEP 440); game records and saves store it."""
