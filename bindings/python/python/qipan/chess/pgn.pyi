from qipan.pgn import *
