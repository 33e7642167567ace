"""Embedded configuration files."""
