"""Player ratings: the Chinese levels-and-points method (级别、积分制, exact) and Elo.

>>> from qipan import rating
>>> rating.level_change(1500, 1580, "win")
Decimal('18')
>>> rating.level(1518)
16
"""

from qipan._qipan import rating as _rating

level_change = _rating.level_change
level = _rating.level
elo_change = _rating.elo_change
elo_expected = _rating.elo_expected
DEFAULT_K = _rating.DEFAULT_K

__all__ = ["DEFAULT_K", "elo_change", "elo_expected", "level", "level_change"]
