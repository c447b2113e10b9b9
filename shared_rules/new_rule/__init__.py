# New Rule (Sin): rules.py (the engine), entry.py; bot.py and laptop.py (laptop-only)
