"""Packaging glue that pyproject.toml cannot express alone.

cards/ and templates/ stay at the repository top (the one source of truth) and ship inside the
wheel as `pnp.data.cards` and `pnp.data.templates`, so both commands work from any directory.
"""
from setuptools import find_packages, setup

setup(
    packages=find_packages(include=["pnp", "pnp.*", "companion", "companion.*"])
    + ["pnp.data.cards", "pnp.data.templates"],
    package_dir={"pnp.data.cards": "cards", "pnp.data.templates": "templates"},
    package_data={"pnp.data.cards": ["*.toml"], "pnp.data.templates": ["*.j2", "**/*.j2"]},
)
