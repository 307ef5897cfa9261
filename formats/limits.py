"""Bounds that keep hostile input cheap: every file is refused or read within these."""

#: larger files are refused before reading (a 50x50 scenario is about 4 KB)
MAX_FILE_BYTES = 2 * 1024 * 1024
#: nesting deeper than this is refused (real content nests 4 levels)
MAX_DEPTH = 64
#: nodes after expanding aliases (an alias bomb expands to billions)
MAX_EXPANDED_NODES = 250_000
#: problems reported per file before the rest are summarised
MAX_PROBLEMS_PER_FILE = 200
