from qipan.svg import *
from qipan.svg import __all__ as __all__
