from qipan import *
