"""Bounds that keep hostile input cheap: every file is refused or read within these."""

#: larger files are refused before reading (a 50x50 scenario is about 4 KB, a long saved game
#: about 100 KB); the position-keeping reader is pure Python, ~20 s per MB of tiny nodes
MAX_FILE_BYTES = 1024 * 1024
#: YAML values (nodes) in one file, counted by libyaml before any pure-Python parsing: the
#: position-keeping reader costs ~0.3 ms a node, and a complete 30-turn 4-player game on a 50x50
#: map saves as about 2,100 nodes
MAX_NODES = 20_000
#: nesting deeper than this is refused (real content nests 4 levels)
MAX_DEPTH = 64
#: nodes after expanding aliases (an alias bomb expands to billions)
MAX_EXPANDED_NODES = 250_000
#: problems reported per file before the rest are summarised
MAX_PROBLEMS_PER_FILE = 200
