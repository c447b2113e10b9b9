# The laptop's part of the core, never on a board: the play driver and random bot (driver.py),
# what a search bot may know (infoset.py), the search guide, a log's full check (logcheck.py)
# and golden playthroughs
