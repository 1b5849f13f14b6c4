"""``python -m aucbound``: the command line."""

from aucbound.cli import main

if __name__ == "__main__":
    main(prog_name="aucbound")
