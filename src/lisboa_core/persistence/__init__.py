"""Saved states, views and game records as JSON, their schemas and the checks on load."""
