"""`python -m bot.i18n extract` writes the templates from the code and brings every
language's catalogue in step; `python -m bot.i18n check` lists what each still lacks."""

from __future__ import annotations

import sys

from bot.i18n.extract import found_all, missing, write_catalogues


def main(argv: list[str]) -> int:
    command = argv[0] if argv else ""
    if command == "extract":
        found = found_all()
        write_catalogues(found)
        print(f"{len(found)} message(s) written to the templates; catalogues brought in step.")
        return 0
    if command == "check":
        lacking = missing()
        for (domain, code), ids in sorted(lacking.items()):
            print(f"{domain} [{code}]: {len(ids)} untranslated")
        return 1 if lacking else 0
    print("usage: python -m bot.i18n extract|check", file=sys.stderr)
    return 2


if __name__ == "__main__":
    sys.exit(main(sys.argv[1:]))
