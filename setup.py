"""Package layout (metadata lives in pyproject.toml): the fixed top-level folders formats/, engine/,
editor/ and content/ install under the one import name `gridsmith` (DESIGN.md), so a wheel never
puts a top-level `formats`, `engine` or `editor` module into site-packages."""
from setuptools import find_namespace_packages, find_packages, setup

LAYERS = ("formats", "engine", "editor")
packages = ["gridsmith"] + [f"gridsmith.{name}" for name in find_packages(include=[f"{layer}*" for layer in LAYERS])]
packages += ["gridsmith.content"] + [f"gridsmith.content.{name}" for name in find_namespace_packages(where="content")]

setup(
    packages=packages,
    package_dir={"gridsmith": "gridsmith", **{f"gridsmith.{layer}": layer for layer in LAYERS},
                 "gridsmith.content": "content"},
    package_data={"gridsmith.formats": ["schemas/*.json", "codes.json"], "gridsmith.content": ["**/*.yaml"]},
)
