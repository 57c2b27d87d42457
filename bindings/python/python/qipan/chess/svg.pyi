from qipan.svg import *
