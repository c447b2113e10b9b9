# 7 Pecados: rules.py (the engine), entry.py, data.py, end.py (the end of a game);
# bot.py and laptop.py (laptop-only)
