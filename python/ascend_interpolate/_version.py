"""The project's version: the one place it is written.

CMake's ``project(VERSION)`` (and so the CMake package config's version file) and the wheel's
metadata (``pyproject.toml``: scikit-build-core's regex provider) both read it from this file;
``tests/test_packaging.py`` checks that they agree.
"""
__version__ = "0.1.0"
