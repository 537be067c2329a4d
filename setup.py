"""Packaging glue that pyproject.toml cannot express alone.

cards/ and templates/ stay at the repository top (the one source of truth) and ship inside the
wheel as `tabletop.data.cards` and `tabletop.data.templates`, so both commands work from any directory.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["tabletop", "tabletop.*", "pnp", "pnp.*", "companion", "companion.*"])
    + ["tabletop.data.cards", "tabletop.data.templates"],
    package_dir={"tabletop.data.cards": "cards", "tabletop.data.templates": "templates"},
    package_data={"tabletop.data.cards": ["*.toml"], "tabletop.data.templates": ["*.j2", "**/*.j2"]},
)
