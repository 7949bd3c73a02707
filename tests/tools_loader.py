"""Import a script from tools/ (a folder of scripts, not a package) by file name."""

import importlib.util
from pathlib import Path
import sys

TOOLS = Path(__file__).resolve().parent.parent / "tools"


def load_tool(name: str):
    """The module ``tools/<name>.py``, imported once."""
    key = f"_tools_{name}"
    if key not in sys.modules:
        spec = importlib.util.spec_from_file_location(key, TOOLS / f"{name}.py")
        module = importlib.util.module_from_spec(spec)
        sys.modules[key] = module
        spec.loader.exec_module(module)
    return sys.modules[key]
