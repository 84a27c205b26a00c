from .send import SendMail
from .search import SearchMail

ALL_TOOLS = (SendMail(), SearchMail())
