"""Command line: `python -m ascend_interpolate demo`."""
import sys

from .demo import main

if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
