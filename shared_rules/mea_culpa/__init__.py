# Mea Culpa: rules.py (the full engine, laptop-only), keeper.py (the device's keeper, with
# keeper_entry.py), the parts both share (codes, data, auction), board.py, bot.py and
# keeper_laptop.py (laptop-only)
