from qipan.pgn import *
from qipan.pgn import __all__ as __all__
