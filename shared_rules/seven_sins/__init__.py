# 7: The Sins: rules.py (the engine), entry.py (its catalogue entry), bot.py (laptop-only)
