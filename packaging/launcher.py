"""The frozen game's entry point: PyInstaller runs this file as ``__main__``.

It only hands over to :func:`game.__main__.main` (the ``shengji`` console script), so the
frozen executable takes exactly the same flags as ``python -m game``.
"""

import sys

from game.__main__ import main

if __name__ == "__main__":
    sys.exit(main())
