"""pip packaging of the tfmlir python package.

The extension (tfmlir/_core*.so) is built by the project's CMake build
(TFMLIR_BUILD_PYTHON, on by default), which assembles the whole package in
<build>/python/tfmlir. This setup.py copies that folder into the wheel:

    scripts/build.sh tfmlir-python
    pip install --no-build-isolation ./python

The build folder is $TFMLIR_BUILD_DIR, else ../build next to this file.
"""

import os
import shutil

from setuptools import setup
from setuptools.command.build_py import build_py
from setuptools.dist import Distribution

HERE = os.path.dirname(os.path.abspath(__file__))
BUILD_DIR = os.environ.get("TFMLIR_BUILD_DIR", os.path.join(HERE, "..", "build"))
BUILT_PACKAGE = os.path.join(BUILD_DIR, "python", "tfmlir")


def _built_extension():
    if os.path.isdir(BUILT_PACKAGE):
        for name in os.listdir(BUILT_PACKAGE):
            if name.startswith("_core") and name.endswith(".so"):
                return os.path.join(BUILT_PACKAGE, name)
    return None


class BuildPyWithExtension(build_py):
    """Copies the pure-python sources, then the CMake-built extension."""

    def run(self):
        super().run()
        ext = _built_extension()
        if ext is None:
            raise SystemExit(
                "tfmlir: no built extension in %s; run `scripts/build.sh "
                "tfmlir-python` first (or set TFMLIR_BUILD_DIR)" % BUILT_PACKAGE)
        target = os.path.join(self.build_lib, "tfmlir")
        os.makedirs(target, exist_ok=True)
        shutil.copy2(ext, os.path.join(target, os.path.basename(ext)))


class BinaryDistribution(Distribution):
    """The wheel holds a compiled extension: tag it for this platform."""

    def has_ext_modules(self):
        return True


setup(
    name="tfmlir",
    version="0.1.0",
    description="TensorFlow's Python API names over tfmlir (MLIR): "
                "Session, saved_model, lite Interpreter and TFLiteConverter",
    packages=["tfmlir", "tfmlir.compat"],
    python_requires=">=3.9",
    install_requires=["numpy"],
    cmdclass={"build_py": BuildPyWithExtension},
    distclass=BinaryDistribution,
    zip_safe=False,
)
